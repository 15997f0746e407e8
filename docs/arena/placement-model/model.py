"""The placement model of the ninth look in docs/arena/moteneba-research.md: a learned judgement of Moteneba
positions inside a school year, and the expert that used it (not shipped: it won less).

The expert of the ninth look played its rollouts 4 steps (``EXPERT_DEPTH``) and then on to the
next position one of two learned models knows (:func:`moteneba_expert_roll`):

* **a placement turn** (a player about to choose a cube, anywhere in the year, the first turn
  after the draft included): the placement model (:class:`PlacementModel`, weights in
  ``placement-evaluation.json`` beside this file, fitted by ``fit.py``) judges it from each
  seat's :func:`placement_features`;
* **the start of a year** (the year before has just been scored): the shipped expert's
  year-end model (engine/games/moteneba/evaluation.py) judges it;
* the end of the game: its result.

The placement model reads each seat's year-end row (:func:`~engine.games.moteneba.evaluation.
moteneba_features`) and four more numbers: the cubes it has still to place, their topic values
(summed, divided by 5), whether it is the seat to move, and its *potential*: for each colour it
holds, the best gain the greedy rule sees for one cube of it (the rollouts'
:class:`~engine.games.moteneba.bots.Projection`), times the cubes of that colour it holds. Its
chances are a softmax over the seats of a linear score, with one set of weights per school year
and a second set multiplied by how far the year has gone (0 at its start, 1 at its end).

``ExpertP`` is that expert as a bot (registered as ``expertp`` by
docs/arena/budget-screening/variants.py, which imports this file).
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from engine.bots.expert import ExpertBot, learned_evaluator, load_evaluation
from engine.bots.search import outcome
from engine.games.moteneba.bots import Projection
from engine.games.moteneba.evaluation import FEATURE_NAMES, moteneba_features, progress
from engine.games.moteneba.rollout import moteneba_roll
from engine.games.moteneba.rules import NUM_COLOURS, PILE_SIZE, YEARS, MotenebaState, topic_values
from engine.rng import Rng

#: the placement model's features, in order: the year-end model's, then four more
PLACEMENT_FEATURE_NAMES = FEATURE_NAMES + ("cubes to place", "topic value of the cubes to place",
                                           "to move", "potential of the cubes to place")
#: rollout steps before the rollout goes on to a position the models judge
EXPERT_DEPTH = 4


def placement_features(state: MotenebaState) -> list[list[float]]:
    """The placement model's row for each seat: :func:`moteneba_features`' row, then the cubes
    the seat has to place, their topic values summed and divided by 5, 1 if it is to move (else
    0), and its potential (the best greedy gain of one cube of each colour it holds, times the
    cubes of that colour)."""
    rows, _ = moteneba_features(state)
    values = topic_values(state.ranking)
    mover = state.current_player
    for seat, row in enumerate(rows):
        cubes = state.unplaced[seat]
        held = [c for c in range(NUM_COLOURS) if cubes[c]]
        potential = 0.0
        if held:
            best: dict[int, float] = {}
            for gain, colour, _target in Projection(state, seat).placements(held):
                if gain > best.get(colour, -math.inf):
                    best[colour] = gain
            potential = sum(best[c] * cubes[c] for c in held)
        row += [float(sum(cubes)), sum(count * values[c] for c, count in enumerate(cubes)) / 5.0,
                1.0 if seat == mover else 0.0, potential]
    return rows


def softmax(scores: list[float]) -> list[float]:
    """Each seat's chance from its score: ``exp(score)`` over the sum of them all."""
    top = max(scores)
    powers = [math.exp(score - top) for score in scores]
    total = sum(powers)
    return [p / total for p in powers]


def year_progress(state: MotenebaState) -> float:
    """How far the current school year has gone, 0..1 (its share of :func:`progress`)."""
    return max(0.0, min(1.0, progress(state) * YEARS - (min(state.year, YEARS) - 1)))


class PlacementModel:
    """Each seat's chance to win at a placement turn: a softmax over the seats of
    ``base[year] . row + year_progress * by_progress[year] . row`` (``row`` from
    :func:`placement_features`)."""

    def __init__(self, years: list[dict], meta: dict | None = None) -> None:
        if len(years) != YEARS or any(len(y[k]) != len(PLACEMENT_FEATURE_NAMES)
                                      for y in years for k in ("base", "by progress")):
            raise ValueError("a placement model has base and by-progress weights for each of "
                             f"the {YEARS} years, one per feature")
        self.years = years
        self.meta = meta or {}

    @classmethod
    def from_json(cls, data: dict) -> "PlacementModel":
        return cls(data["years"], data)

    def chances(self, rows: list[list[float]], year: int, within: float) -> list[float]:
        weights = self.years[min(year, YEARS) - 1]
        base, slope = weights["base"], weights["by progress"]
        return softmax([sum(row[i] * (base[i] + within * slope[i]) for i in range(len(row))) for row in rows])

    def judge(self, state: MotenebaState) -> list[float]:
        return self.chances(placement_features(state), state.year, year_progress(state))


_PLACEMENT: list[PlacementModel] = []


def placement_model() -> PlacementModel:
    """The fitted placement model (read once from ``placement-evaluation.json`` beside this file)."""
    if not _PLACEMENT:
        path = Path(__file__).with_name("placement-evaluation.json")
        _PLACEMENT.append(PlacementModel.from_json(json.loads(path.read_text())))
    return _PLACEMENT[0]


def at_placement_turn(state: MotenebaState) -> bool:
    """A player is about to choose a cube to place (or an event card, or a removal)."""
    return state.phase == "play" and state.pending is None and not state.is_over


def at_year_start(state: MotenebaState) -> bool:
    """A school year has just begun: nobody has drafted a cube of it yet."""
    return (state.phase == "draft" and state.draft_round == 0
            and not any(sum(cubes) for cubes in state.unplaced))


def expert_evaluator(placement: PlacementModel, year_end):
    """How the ninth look's expert judges where its rollouts stop: the result at the end of the
    game, ``placement`` at a placement turn, ``year_end`` (``evaluate(state)``) elsewhere (the
    start of a year)."""
    def evaluate(state: MotenebaState) -> list[float]:
        if state.is_over:
            return outcome(state)
        return placement.judge(state) if at_placement_turn(state) else year_end(state)
    return evaluate


def moteneba_settled(state: MotenebaState) -> bool:
    """Where the expert's rollouts may stop to be judged: the end of the game, a placement
    turn, or the start of a year."""
    return state.is_over or at_placement_turn(state) or at_year_start(state)


def moteneba_expert_roll(state: MotenebaState, rng: Rng, limit: int) -> MotenebaState:
    """The expert's rollout: ``limit`` steps of :func:`~.rollout.moteneba_roll` (or to the
    year's end, if that comes first), then on to where :func:`moteneba_settled` (a draft on to
    its first placement turn in one call, so its gains are worked out once). The state itself is
    played on and returned."""
    moteneba_roll(state, rng, limit)
    while not moteneba_settled(state):
        if state.phase == "draft":       # the picks left: this pile, then the later rounds' piles
            n = state.num_players
            moteneba_roll(state, rng, sum(state.pile) + (n - 1 - state.draft_round) * PILE_SIZE[n])
        else:
            moteneba_roll(state, rng, 1)
    return state


class ExpertP(ExpertBot):
    """The expert of the ninth look: the shipped expert's options and sequential halving, its
    rollouts :func:`moteneba_expert_roll`, judged by the placement model at a placement turn
    and by the year-end model at a year's start."""

    def evaluator(self, game: str):
        return expert_evaluator(placement_model(), learned_evaluator(game, self.model or load_evaluation(game)))

    def rollout_depth(self, game: str) -> int:
        return EXPERT_DEPTH

    def _roll(self, world, rollout, rng):
        return moteneba_expert_roll(world, rng, EXPERT_DEPTH)
