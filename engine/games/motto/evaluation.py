"""The expert's learned evaluation for Motto: what it measures of a position.

Each seat's row: the points of its tokens, what the best set in its hand would take now, the
number of cards in its hand, and whether it is to move. Progress is the share of the tokens'
points already taken (the game ends when the large and medium tokens run out). The weights,
fitted by ``scripts/train motto``, are in ``evaluation.json`` beside this module.
"""

from __future__ import annotations

from .bots import fast_best_play
from .rules import STACK_KEYS, TOKEN_SIZES, MottoState

ALL_POINTS = len(STACK_KEYS) * sum(TOKEN_SIZES)
#: the names of the features, in order (the weights file lists them too)
FEATURE_NAMES = ("points", "best set", "hand", "to move")
#: rollout steps the expert plays before the evaluation judges the position
EXPERT_DEPTH = 8


def motto_features(state: MottoState) -> tuple[list[list[float]], float]:
    stacks = state.stacks
    left = sum(sum(stack) for stack in stacks.values())
    rows = []
    for seat in range(state.num_players):
        hand = state.hands[seat]
        best = fast_best_play(stacks, hand)
        rows.append([float(sum(size for _, size in state.tokens[seat])), float(best[0] if best else 0),
                     float(len(hand)), 1.0 if seat == state._current else 0.0])
    return rows, 1.0 - left / ALL_POINTS
