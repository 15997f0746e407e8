"""What each Motto seat must never see (the tests' oracle, see :mod:`engine.hidden`).

Hidden from a seat: the deck and the other hands, except the cards taken face up from the pool
(public until played). The cards the player to move has selected for a play stay hidden, and
stay where they are when the tests re-deal. A card is its own kind (symbol, count, colour).
"""

from __future__ import annotations

from collections import Counter

from ...hidden import HiddenInfo, every_slot, slots_except
from .rules import ALL_KINDS


class MottoHidden(HiddenInfo):
    def __init__(self) -> None:
        super().__init__({c.key: c for c in ALL_KINDS}, {c.label: c for c in ALL_KINDS})

    def hidden(self, state, seat):
        slots = every_slot(state.deck)
        for other in range(state.num_players):
            if other != seat:
                slots += slots_except(state.hands[other], state.known[other])
        return slots

    def pinned(self, state, seat):
        mover = state.current_player
        if mover is None or mover == seat or not state.selection:
            return []
        free = {i for _, i in slots_except(state.hands[mover], state.known[mover] + state.selection)}
        return [(cards, i) for cards, i in slots_except(state.hands[mover], state.known[mover]) if i not in free]

    def public(self, state):
        seen = Counter(c for known in state.known for c in known)
        seen.update(c for c in state.pool if c is not None)
        seen.update(state.discard)
        if state.last_play is not None:
            seen.update(state.last_play[1])
        return seen

    def visible(self, state, seat):
        seen = self.public(state) - Counter(state.known[seat])  # its own known cards are in its hand
        seen.update(state.hands[seat])
        return seen
