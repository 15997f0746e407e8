"""What every bot builds on: the :class:`Bot` interface, a :class:`Suggestion`, random play
and the game's search hooks (:func:`hooks_of`). The bot registry is in :mod:`engine.bots`."""

from __future__ import annotations

from dataclasses import dataclass

from ..core import State

from ..registry import game_spec
from ..rng import Rng
from ..spec import SearchHooks

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


def hooks_of(state: State) -> SearchHooks:
    """The game's search hooks (its spec's :class:`~engine.spec.SearchHooks`; ``None``: the default)."""
    return game_spec(state.info.name).search
