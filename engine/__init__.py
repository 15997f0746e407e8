"""Rules engine for Motto, Mottainai and Moteneba.

Quick start::

    >>> import engine
    >>> state = engine.new_game("motto", 3, seed=7)
    >>> state.current_player in (0, 1, 2)
    True
    >>> action = state.legal_actions()[0]
    >>> state.apply(action)
    >>> engine.load(state.save()).history == state.history
    True

See ``docs/engine-api.md`` for the whole contract.
"""

from __future__ import annotations

from .version import __version__
from .core import Action, GameInfo, IllegalActionError, Option, State, fill_names
from .registry import game_class
from .saves import SaveError, load, load_save
from . import games  # noqa: F401 - imported to register every game

__all__ = ["Action", "GameInfo", "IllegalActionError", "Option", "SaveError", "State",
           "fill_names", "list_games", "load", "load_save", "new_game", "__version__"]


def list_games() -> list[dict]:
    """Every game: ``name``, ``title``, ``min_players``, ``max_players``, ``options``, ``blurb``."""
    from .registry import game_names
    return [game_class(name).info.to_json() for name in game_names()]


def new_game(name: str, num_players: int, *, seed: int = 0, options: dict | None = None) -> State:
    """Start a new game. Raises ``ValueError`` with a clear message for bad settings."""
    return game_class(name)(num_players, seed=seed, options=options)
