"""The expert's learned evaluation for Moteneba: what it measures of a position.

Each seat's row: its hearts so far, the hearts the board would pay it if this year were scored
now, its cubes not yet placed, its event cards and whether it is to move. Progress is the
school year (0 at the start of the first, 1 at the end of the third), counted on by the cubes
already placed this year. The weights, fitted by ``scripts/train moteneba``, are in
``evaluation.json`` beside this module.
"""

from __future__ import annotations

from .bots import projected_hearts
from .rules import YEARS, MotenebaState

#: the names of the features, in order (the weights file lists them too)
FEATURE_NAMES = ("hearts", "hearts this year", "cubes to place", "event cards", "to move")
#: rollout steps the expert plays before the evaluation judges the position
EXPERT_DEPTH = 12


def moteneba_features(state: MotenebaState) -> tuple[list[list[float]], float]:
    projected = projected_hearts(state)
    placed = sum(state.topic) + sum(sum(sum(cubes) for cubes in girl) for girl in state.on_girl)
    held = sum(sum(cubes) for cubes in state.unplaced) + sum(state.pile)
    year_done = placed / (placed + held) if placed + held else 0.0
    rows = [[float(state.hearts[seat]), projected[seat], float(sum(state.unplaced[seat])),
             float(len(state.hands[seat])), 1.0 if seat == state._current else 0.0]
            for seat in range(state.num_players)]
    return rows, min(1.0, (min(state.year, YEARS) - 1 + year_done) / YEARS)
