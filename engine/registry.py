"""The registry of games: each game's spec under its name (``engine/games/__init__.py`` registers
every game with one line). The engine, the bots, the terminal, the tests and the site's build look
games up here by name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .inputs import quote
from .spec import Game

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from .core import State

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make a game available under its name (``engine/games/__init__.py`` registers each one)."""
    if not isinstance(game, Game):
        raise TypeError(f"register() takes a game's spec (engine.spec.Game), not {game!r}")
    if game.name in _GAMES:
        raise ValueError(f"a game named {game.name!r} is registered already")
    _GAMES[game.name] = game
    return game


def game_spec(name: str) -> Game:
    """The spec of a registered game (:class:`engine.spec.Game`); a clear error for unknown names."""
    if not isinstance(name, str) or name not in _GAMES:
        raise ValueError(f"unknown game {quote(name)}; games: {', '.join(sorted(_GAMES))}")
    return _GAMES[name]


def game_class(name: str) -> type[State]:
    """The State class of a registered game."""
    return game_spec(name).state


def game_names() -> list[str]:
    """The registered games' names, in the order they were registered."""
    return list(_GAMES)
