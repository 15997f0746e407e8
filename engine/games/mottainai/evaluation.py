"""The expert's learned evaluation for Mottainai: what it measures of a position.

Each seat's row: its score if the game ended now (works, covered sales, backorders, card
bonuses), its works in the Gallery and in the Gift Shop, its helpers, sales and craft bench,
its hand and waiting area, and whether it is to move. Progress is how near the game is to its
end: the fuller wing of the leading player against the works that end it, or the deck used
up, whichever is further. The weights, fitted by ``scripts/train mottainai``, are in
``evaluation.json`` beside this module.
"""

from __future__ import annotations

from .cards import KINDS_PER_DECK
from .rules import HAND_LIMIT, MottainaiState

#: the names of the features, in order (the weights file lists them too)
FEATURE_NAMES = ("score", "gallery", "gift shop", "helpers", "sales", "craft bench",
                 "hand and waiting", "to move")
#: rollout steps the expert plays before the evaluation judges the position
EXPERT_DEPTH = 10
DEALT = HAND_LIMIT + 2  # per seat at the start: a hand, a task and a card on the floor


def mottainai_features(state: MottainaiState) -> tuple[list[list[float]], float]:
    scores = state.scores()
    rows = []
    wings = 0
    for seat in range(state.num_players):
        gallery, gift_shop = len(state.gallery[seat]), len(state.gift_shop[seat])
        wings = max(wings, gallery, gift_shop)
        rows.append([float(scores[seat]), float(gallery), float(gift_shop), float(len(state.helpers[seat])),
                     float(len(state.sales[seat])), float(len(state.bench[seat])),
                     float(len(state.hands[seat]) + len(state.waiting[seat])),
                     1.0 if seat == state._current else 0.0])
    dealt = KINDS_PER_DECK * state.decks - DEALT * state.num_players
    deck = 1.0 - len(state.deck) / dealt
    return rows, max(wings / state.works_to_end, deck)
