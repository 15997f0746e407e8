"""The expert's learned evaluation for Moteneba: what it measures of a position.

The expert's rollouts play a few steps (``EXPERT_DEPTH``) and then on to the next position one
of its two learned models knows (:func:`moteneba_expert_roll`):

* **a placement turn** (a player about to put a cube, anywhere in the year, the first turn
  after the draft included): the placement model (:class:`PlacementModel`, weights in
  ``placement-evaluation.json``) judges it from each seat's :func:`placement_features`;
* **the start of a year** (the year before has just been scored; rollouts that begin late in a
  year reach it first): the year-end model (the expert's logistic model, weights in
  ``evaluation.json``) judges it from :func:`moteneba_features`;
* the end of the game: its result.

Both models were fitted on recorded games of four hard bots (``docs/arena/hard-bot-games/``),
so they say how a position turns out when hard bots play on, not the rollout policy: see
docs/bots.md for how much better they predict than rolling the greedy rule to the year's end.

The year-end model's row for each seat:

* its hearts so far;
* the hearts the board would pay it next year, as the cubes and the ranking stand (with the
  year's heart values: the third year pays only the first heart);
* the same for the years after next (the third year's, after the first year; else 0);
* the part of next year's hearts that would survive every opponent putting one more cube of the
  top colour by each girl (a majority won by a wide margin is worth more than a close one);
* its event cards, and of them its +3 Power cards;
* whether it starts the next year (it drafts first and places first).

Progress is the school year (0 at the start of the first, 1 at the end of the third), counted on
by the cubes drafted and placed this year. Its weights are fitted by
``scripts/train moteneba --records ...`` on the positions just after each year's scoring.

The placement model reads the same row and four more numbers per seat: the cubes it has still
to place, their topic values (summed, divided by 5), whether it is the seat to move, and its
*potential*: for each colour it holds, the best gain the greedy rule sees for one cube of it
(the rollouts' :class:`~.bots.Projection`), times the cubes of that colour it holds. Its
chances are a softmax over the seats of a linear score, with one set of weights per school year
and a second set multiplied by how far the year has gone (0 at its start, 1 at its end), so the
same lead can count differently early and late in a year. Its weights are fitted by
``docs/arena/hard-bot-games/placement.py`` on the placement turns of the recorded games.
"""

from __future__ import annotations

import json
import math
from importlib import resources

from ...rng import Rng
from .bots import Projection, influences, received_hearts
from .rollout import moteneba_roll
from .rules import GIRLS, NUM_COLOURS, PILE_SIZE, YEARS, MotenebaState, topic_values, year_hearts

#: the names of the features, in order (the weights file lists them too)
FEATURE_NAMES = ("hearts", "hearts next year", "hearts later years", "secure hearts next year",
                 "event cards", "+3 Power cards", "starts the year")
#: the placement model's features, in order: the year-end model's, then four more
PLACEMENT_FEATURE_NAMES = FEATURE_NAMES + ("cubes to place", "topic value of the cubes to place",
                                           "to move", "potential of the cubes to place")
#: rollout steps the expert plays before it goes on to a position its models judge
EXPERT_DEPTH = 4
#: influence one more cube of the top colour gives (the top value card)
ONE_CUBE = 5


def moteneba_features(state: MotenebaState) -> tuple[list[list[float]], float]:
    n = state.num_players
    year = min(state.year, YEARS)
    rows = [[float(state.hearts[s]), 0.0, 0.0, 0.0, float(len(state.hands[s])),
             float(state.hands[s].count("power")), 1.0 if s == state.start else 0.0] for s in range(n)]
    for pos, infl in enumerate(influences(state, topic_values(state.ranking))):
        printed = GIRLS[state.girls[pos]]["hearts"]
        hearts = year_hearts(printed, n, year)
        received = received_hearts(infl, hearts)
        for later in range(year + 1, YEARS + 1):
            for s, got in enumerate(received_hearts(infl, year_hearts(printed, n, later))):
                rows[s][2] += got
        for s in range(n):
            rows[s][1] += received[s]
            if received[s]:
                pressed = [v if o == s else v + ONE_CUBE for o, v in enumerate(infl)]
                rows[s][3] += received_hearts(pressed, hearts)[s]
    return rows, progress(state)


def progress(state: MotenebaState) -> float:
    """How far the game has gone, 0..1: the years done and the share of this year's cubes
    drafted and placed."""
    if state.is_over:
        return 1.0
    n = state.num_players
    per_year = PILE_SIZE[n] * n
    left = sum(sum(cubes) for cubes in state.unplaced) + sum(state.pile)
    if state.phase == "draft":
        left += (n - 1 - state.draft_round) * PILE_SIZE[n]
    elif state.phase == "pick":
        left = per_year
    done = max(0.0, min(1.0, 1.0 - left / per_year))
    return (min(state.year, YEARS) - 1 + done) / YEARS


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
        scores = [sum(row[i] * (base[i] + within * slope[i]) for i in range(len(row))) for row in rows]
        top = max(scores)
        powers = [math.exp(score - top) for score in scores]
        total = sum(powers)
        return [p / total for p in powers]

    def judge(self, state: MotenebaState) -> list[float]:
        return self.chances(placement_features(state), state.year, year_progress(state))


_PLACEMENT: list[PlacementModel] = []


def placement_model() -> PlacementModel:
    """The shipped placement model (read once from ``placement-evaluation.json``)."""
    if not _PLACEMENT:
        path = resources.files(__package__).joinpath("placement-evaluation.json")
        _PLACEMENT.append(PlacementModel.from_json(json.loads(path.read_text())))
    return _PLACEMENT[0]


def at_placement_turn(state: MotenebaState) -> bool:
    """A player is about to choose a cube to place (or an event card, or a removal)."""
    return state.phase == "play" and state.pending is None and not state.is_over


def at_year_start(state: MotenebaState) -> bool:
    """A school year has just begun: nobody has drafted a cube of it yet."""
    return (state.phase == "draft" and state.draft_round == 0
            and not any(sum(cubes) for cubes in state.unplaced))


def moteneba_expert_judge(state: MotenebaState) -> list[float] | None:
    """The placement model's chances at a placement turn; ``None`` elsewhere (the year-end
    model, or the result, judges there)."""
    if at_placement_turn(state):
        return placement_model().judge(state)
    return None


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
