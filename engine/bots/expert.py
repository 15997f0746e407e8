"""The expert bot: the hard bot's flat determinized search, made sharper by a learned evaluation.

* **Learned evaluation.** Each game's search hooks give ``features``: for a position, one row of
  numbers per seat (points, the best set in hand, cubes left...) and how far the game has gone
  (0 at the deal, 1 at the end). A seat's features are its row minus the best of the other rows,
  each also multiplied by the progress (so a lead can weigh more late in the game than early).
  A logistic model turns them into the seat's chance to win. The weights are plain JSON in the
  game's package (``evaluation.json``), fitted by ``scripts/train GAME`` on the outcomes of
  self-play games (Moteneba's on recorded games of hard bots: see docs/bots.md); inference is a
  dot product in pure Python.
* **Short rollouts.** The rollouts play the game's rollout policy (its greedy rule) for only a
  few steps (the ``expert_depth`` hook), then the evaluation judges the position: many more
  samples per second than the hard bot's long rollouts. A game without ``expert_depth``
  (Moteneba) has them stop at its ``horizon`` (a year's end), and the evaluation judges there.
* **Sequential halving.** The samples are not spread evenly: after each round the worse half
  of the options is dropped, so the close contenders get most of the samples.
* **Likely deals.** Where the game can tell how likely a deal of the unseen cards is from what
  the other seats did in public (its ``likelihood`` hook: in Moteneba, an event card held
  through many turns without being played is likelier a +3 Power), each world dealt as for the
  hard bot is kept with that chance, else dealt again (rejection sampling), so the worlds
  follow what the seat has seen happen.

It plays only from its own seat's view, exactly like the hard bot: every sample deals the
unseen cards again with :meth:`State.determinize`, and the likelihood reads only public play.
"""

from __future__ import annotations

import json
import math
from importlib import resources
from typing import TYPE_CHECKING, Callable

from ..core import State

from ..registry import game_spec
from ..rng import Rng
from .base import hooks_of
from .search import FlatSearch, SearchBot, outcome

if TYPE_CHECKING:
    from .hints import Tally

def seat_features(rows: list[list[float]], progress: float, seat: int) -> list[float]:
    """The model's input for ``seat``: its row minus the best other row, feature by feature,
    then the same multiplied by ``progress``, then ``progress`` itself."""
    mine = rows[seat]
    others = [row for s, row in enumerate(rows) if s != seat]
    lead = [mine[i] - max(row[i] for row in others) for i in range(len(mine))]
    return lead + [x * progress for x in lead] + [progress]


class Evaluation:
    """A logistic model: ``chance = 1 / (1 + exp(-(bias + weights . features)))``."""

    def __init__(self, weights: list[float], bias: float, meta: dict | None = None) -> None:
        self.weights = list(weights)
        self.bias = float(bias)
        self.meta = meta or {}

    @classmethod
    def from_json(cls, data: dict) -> "Evaluation":
        return cls(data["weights"], data["bias"], data)

    def chance(self, x: list[float]) -> float:
        z = self.bias
        for w, v in zip(self.weights, x):
            z += w * v
        if z < -30.0:
            return 1e-13
        return 1.0 / (1.0 + math.exp(-z))


_LOADED: dict[str, Evaluation | None] = {}


def evaluation_path(game: str):
    """The weights file of ``game`` inside the installed package (a ``Traversable``)."""
    return resources.files(f"engine.games.{game}").joinpath("evaluation.json")


def load_evaluation(game: str) -> Evaluation | None:
    """The game's shipped evaluation (read once), or ``None`` if the game has none."""
    if game not in _LOADED:
        path = evaluation_path(game)
        _LOADED[game] = Evaluation.from_json(json.loads(path.read_text())) if path.is_file() else None
    return _LOADED[game]


def learned_evaluator(game: str, model: Evaluation) -> Callable[[State], list[float]]:
    """``evaluate(state) -> chance to win per seat`` from ``model`` (a finished game: its outcome)."""
    features = game_spec(game).search.features

    def evaluate(state: State) -> list[float]:
        if state.is_over:
            return outcome(state)
        rows, progress = features(state)
        return [model.chance(seat_features(rows, progress, s)) for s in range(len(rows))]
    return evaluate


class ExpertSearch(FlatSearch):
    """:class:`FlatSearch` with sequential halving: the options still in the running are played
    in every sampled world (common random numbers), and after each round the worse half is
    dropped (never below two). ``round_samples`` is the number of worlds per round; the
    search can still be run a slice at a time (``sample()``, ``run()``, ``best()``)."""

    def __init__(self, bot: "ExpertBot", state: State, seat: int, rng: Rng,
                 options: list[list[str]], tally: "Tally | None" = None,
                 round_samples: int | None = None) -> None:
        super().__init__(bot, state, seat, rng, options, tally)
        self.active = list(range(len(options)))
        self.round_samples = round_samples or bot.round_samples(len(options))
        self._in_round = 0

    def playing(self) -> list[int]:
        return self.active

    def after_sample(self) -> None:
        """At the end of a round, drop the worse half of the options still in the running."""
        self._in_round += 1
        if self._in_round >= self.round_samples and len(self.active) > 2:
            self._in_round = 0
            keep = max(2, (len(self.active) + 1) // 2)
            ranked = sorted(self.active, key=lambda i: (-self.totals[i] / self.plays[i], i))
            self.active = sorted(ranked[:keep])

    def best(self) -> list[str]:
        """The option still in the running with the best mean reward (the first of equals)."""
        def mean(i: int) -> float:
            return self.totals[i] / self.plays[i] if self.plays[i] else float("-inf")
        return self.options[max(self.active, key=lambda i: (mean(i), -i))]


class ExpertBot(SearchBot):
    """Expert: the hard bot's determinized flat search with short rollouts judged by the game's
    learned evaluation, and sequential halving over the options. Without an evaluation for a
    game (or an option list) it plays like the hard bot."""

    name = "expert"
    title = "Expert (learned evaluation)"

    search_class = ExpertSearch

    def __init__(self, seconds: float = 1.0, iterations: int | None = None,
                 exploration: float = 0.7, max_rollout: int | None = None,
                 model: Evaluation | None = None) -> None:
        super().__init__(seconds=seconds, iterations=iterations, exploration=exploration,
                         max_rollout=max_rollout)
        self.model = model

    def evaluator(self, game: str) -> Callable[[State], list[float]]:
        model = self.model or load_evaluation(game)
        if model is None or game_spec(game).search.features is None:
            return super().evaluator(game)
        return learned_evaluator(game, model)

    #: deals tried for one world before the last is kept whatever its likelihood
    DEAL_TRIES = 200

    def dealer(self, state: State, seat: int) -> Callable[[Rng], State]:
        """Deals for ``seat`` in proportion to their likelihood (the game's ``likelihood`` hook):
        each world dealt by :meth:`State.determinize` is kept with its chance, else another is
        dealt (after :attr:`DEAL_TRIES`, the last). Without the hook, as the hard bot deals."""
        likelihood = hooks_of(state).likelihood
        if likelihood is None:
            return super().dealer(state, seat)
        chance = likelihood(state, seat)

        def deal(rng: Rng) -> State:
            for _ in range(self.DEAL_TRIES):
                world = state.determinize(seat, rng)
                if rng.random() < chance(world):
                    break
            return world
        return deal

    def rollout_depth(self, game: str) -> int:
        if self.max_rollout:
            return self.max_rollout
        depth = game_spec(game).search.expert_depth
        if depth is not None and (self.model or load_evaluation(game)) is not None:
            return depth
        return super().rollout_depth(game)

    def round_samples(self, options: int) -> int:
        """Worlds per halving round: with a fixed budget, the budget spread over the rounds
        halving needs; with a time budget, 8."""
        if self.iterations is None or options <= 2:
            return 8
        rounds = max(1, math.ceil(math.log2(options)) - 1) + 1
        return max(2, self.iterations // (rounds * options))
