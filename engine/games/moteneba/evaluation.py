"""The expert's learned evaluation for Moteneba: what it measures of a position.

The expert's rollouts play to the end of the school year (like the hard bot's), so the
evaluation judges positions just after a year has been scored, when the cubes on the board (they
stay all game) are what will be fought over next. Each seat's row:

* its hearts so far;
* the hearts the board would pay it next year, as the cubes and the ranking stand (with the
  year's heart values: the third year pays only the first heart);
* the same for the years after next (the third year's, after the first year; else 0);
* the part of next year's hearts that would survive every opponent putting one more cube of the
  top colour by each girl (a majority won by a wide margin is worth more than a close one);
* its event cards, and of them its +3 Power cards;
* whether it starts the next year (it drafts first and places first).

Progress is the school year (0 at the start of the first, 1 at the end of the third), counted on
by the cubes drafted and placed this year. The weights are in ``evaluation.json`` beside this
module: a logistic model fitted by ``scripts/train moteneba --records ...`` on the positions the
rollouts stop at, in recorded games of hard bots and then of the expert's own seat against hard
bots, so they say how a year's end turns out when the expert plays its seat on against hard
bots. docs/bots.md ("Training") gives the commands and the games.
"""

from __future__ import annotations

from .bots import influences, received_hearts
from .board import GIRLS, PILE_SIZE, YEARS
from .rules import MotenebaState
from .scoring import topic_values, year_hearts

#: the names of the features, in order (the weights file lists them too)
FEATURE_NAMES = ("hearts", "hearts next year", "hearts later years", "secure hearts next year",
                 "event cards", "+3 Power cards", "starts the year")
#: rollout steps the expert plays before the evaluation judges the position: ``None``, to the
#: end of the school year (the search's ``horizon`` hook)
EXPERT_DEPTH = None
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
