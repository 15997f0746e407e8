"""Computer players, behind one small interface.

A bot is an object with ``name``, ``title`` and ``choose(state, seat, rng) -> action id``. It is
asked only when ``seat`` is to move. **Honesty rule:** a bot may use only what that seat could
know at the table: ``state.view(seat)``, ``state.legal_actions()`` (the seat's own options) and
``state.determinize(seat, rng)`` (a copy with every unseen card re-dealt at random). It never reads
another seat's hand, the deck order or any other hidden field of ``state``; the honesty tests
check this by reshuffling what the seat cannot see and asserting the choice does not change.

A game's own bots are listed in its spec (``Game.bots``, see :mod:`engine.spec`); the generic ones
(``random`` from :mod:`.base`, ``hard`` from :mod:`.search`, ``expert`` from :mod:`.expert`) serve
every game and are listed here (:func:`register_bot` adds another). ``available(game)`` lists them
for the lobby, ``make_bot(game, name)`` builds one. The bots' modules build on :mod:`.base` and
never import this package, so nothing imports back up.
"""

from __future__ import annotations

from typing import Callable

from ..core import State

from ..registry import game_spec
from ..rng import Rng
from .base import RETREAT_IDS, Bot, RandomBot, Suggestion, hooks_of, only_choice_reason, random_action
from .expert import ExpertBot
from .search import SearchBot

__all__ = ["RETREAT_IDS", "Bot", "RandomBot", "Suggestion", "hooks_of", "only_choice_reason", "random_action",
           "LEVELS", "available", "make_bot", "play_out", "register_bot"]

#: the bots that serve every game, by name (a game's own bots are in its spec)
_GENERIC: dict[str, Callable[[], Bot]] = {cls.name: cls for cls in (RandomBot, SearchBot, ExpertBot)}


def register_bot(game: str = "*"):
    """Class decorator: register a bot class that serves every game (``"*"``). A game's own
    bots are not registered: they are listed in its spec (``Game.bots``)."""
    if game != "*":
        raise ValueError(f"a bot for one game ({game!r}) belongs in that game's spec (Game.bots), "
                         "not in register_bot")

    def decorate(cls):
        _GENERIC[cls.name] = cls
        return cls
    return decorate


def _bots(game: str) -> dict[str, Callable[[], Bot]]:
    """The game's bots: easy, medium and hard levels first, then any others."""
    merged = dict(_GENERIC)
    merged.update({cls.name: cls for cls in game_spec(game).bots})  # raises a clear error for unknown games
    order = list(LEVELS.values())
    return dict(sorted(merged.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))


def available(game: str) -> list[dict]:
    """The bots for a game, weakest first: ``[{name, title}]`` (random, greedy, hard, ...)."""
    return [{"name": name, "title": cls.title} for name, cls in _bots(game).items()]


#: the lobby's level names
LEVELS = {"easy": "random", "medium": "greedy", "hard": "hard", "expert": "expert"}


def make_bot(game: str, name: str, **settings) -> Bot:
    """Build bot ``name`` (or a level: easy, medium, hard) for ``game``; ``settings`` go to its
    constructor (e.g. ``seconds=0.2`` or ``iterations=100`` for the hard bot)."""
    bots = _bots(game)
    name = LEVELS.get(name, name)
    if name not in bots:
        raise ValueError(f"no bot {name!r} for {game}; bots: {', '.join(bots)}")
    return bots[name](**settings)


def play_out(state: State, bots: list[Bot], rng: Rng, max_actions: int = 100_000) -> State:
    """Let the given bots (one per seat) play ``state`` to the end, in place; returns it."""
    for _ in range(max_actions):
        if state.is_over:
            return state
        seat = state.current_player
        state.apply(bots[seat].choose(state, seat, rng))
    raise RuntimeError(f"the game did not end within {max_actions} actions")

