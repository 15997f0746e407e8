"""Computer players, behind one small interface.

A bot is an object with ``name``, ``title`` and ``choose(state, seat, rng) -> action id``. It is
asked only when ``seat`` is to move. **Honesty rule:** a bot may use only what that seat could
know at the table: ``state.view(seat)``, ``state.legal_actions()`` (the seat's own options) and
``state.determinize(seat, rng)`` (a copy with every unseen card re-dealt at random). It never reads
another seat's hand, the deck order or any other hidden field of ``state``; the honesty tests
check this by reshuffling what the seat cannot see and asserting the choice does not change.

A game's own bots are listed in its spec (``Game.bots``, see :mod:`engine.spec`); the generic ones
(``random``, and ``hard`` from :mod:`.search`) serve every game and are registered here with
:func:`register_bot`. ``available(game)`` lists them for the lobby, ``make_bot(game, name)``
builds one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..core import State, game_spec
from ..rng import Rng

#: Action ids that only undo part of a compound decision; random play never picks them.
RETREAT_IDS = frozenset({"cancel"})


class Bot:
    """Base class. Subclasses set ``name`` and ``title`` and implement :meth:`choose`."""

    name = "bot"
    title = "Computer"

    def choose(self, state: State, seat: int, rng: Rng) -> str:
        raise NotImplementedError

    def suggest(self, state: State, seat: int, rng: Rng, seconds: float | None = None,
                iterations: int | None = None) -> "Suggestion":
        """A move to suggest to ``seat`` (to move in ``state``) with one short reason, under the
        same honesty rule as :meth:`choose`. ``state`` is left as it was. The default asks
        :meth:`choose` and gives a plain reason; the hard bot says what its search found."""
        action = self.choose(state.clone(), seat, rng)
        reason = only_choice_reason(state) or "This is the move the computer would make."
        return Suggestion(action, reason, (action,))

    def __repr__(self) -> str:
        return f"<bot {self.name}>"


@dataclass(frozen=True)
class Suggestion:
    """A suggested move for the seat to move: the first ``action`` id to take, the whole
    ``line`` of that seat's actions it belongs to (select, select, select, confirm), and a short
    plain-English ``reason`` (may contain ``{P0}``-style seat names; never hidden information)."""

    action: str
    reason: str
    line: tuple[str, ...] = ()


def only_choice_reason(state: State) -> str | None:
    """The reason to give when the seat has a single legal action, else ``None``."""
    return "It is your only choice." if len(state.legal_actions()) == 1 else None


def random_action(state: State, rng: Rng) -> str:
    """A uniformly random legal action id for the player to move (never a mere "cancel" when
    anything else exists). Shared by the easy bot, random rollouts and the benchmarks."""
    actions = state.legal_actions()
    forward = [a for a in actions if a.id not in RETREAT_IDS] or actions
    return forward[rng.below(len(forward))].id


class RandomBot(Bot):
    """Picks uniformly among the legal actions (never a mere "cancel" when anything else exists)."""

    name = "random"
    title = "Easy (random moves)"

    def choose(self, state: State, seat: int, rng: Rng) -> str:
        return random_action(state, rng)


#: the bots that serve every game, by name (a game's own bots are in its spec)
_GENERIC: dict[str, Callable[[], Bot]] = {"random": RandomBot}


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


from . import search  # noqa: E402,F401 - last, as it needs this module: registers the hard bot for every game
from . import expert  # noqa: E402,F401 - registers the expert bot for every game
