"""What each Mottainai seat must never see (the tests' oracle, see :mod:`engine.hidden`).

Hidden from a seat, except the cards it knows (``known``): the deck, the other hands (public once
the game is over), every waiting area (its own too, until night) and face-down starting tasks.
Public: the floor, the helpers, craft benches, sales, galleries and gift shops, face-up tasks, and
the cards shown to every seat.
The work and supports the player to move is choosing stay hidden, and stay where they are when
the tests re-deal. A card's kind is its design (card % 54).
"""

from __future__ import annotations

from collections import Counter

from ...hidden import HiddenInfo
from .cards import KINDS, KINDS_PER_DECK

_PUBLIC_ZONES = ("helpers", "bench", "sales", "gallery", "gift_shop")


class MottainaiHidden(HiddenInfo):
    def __init__(self) -> None:
        super().__init__({k.key: k.index for k in KINDS}, {k.name: k.index for k in KINDS})

    def kind(self, card):
        return card % KINDS_PER_DECK

    def hidden(self, state, seat):
        bit = 1 << seat

        def unknown(cards):
            return [(cards, i) for i, c in enumerate(cards) if not state.known.get(c, 0) & bit]

        slots = unknown(state.deck)
        for s in range(state.num_players):
            if s != seat and not state.is_over:
                slots += unknown(state.hands[s])
            slots += unknown(state.waiting[s])
            card = state.tasks[s]
            if card is not None and state.task_face_down[s] and not state.known.get(card, 0) & bit:
                slots.append((state.tasks, s))
        return slots

    def pinned(self, state, seat):
        if state.current_player == seat or state.is_over:
            return []
        chosen = set(state.supports)
        if state.work is not None:
            chosen.add(state.work)
        return [(place, i) for place, i in self.hidden(state, seat) if place[i] in chosen]

    def public(self, state):
        seen = Counter(self.kind(c) for c in state.floor)
        for s in range(state.num_players):
            for zone in _PUBLIC_ZONES:
                seen.update(self.kind(c) for c in getattr(state, zone)[s])
            if state.tasks[s] is not None and not state.task_face_down[s]:
                seen[self.kind(state.tasks[s])] += 1
            if state.is_over:
                seen.update(self.kind(c) for c in state.hands[s])
        everyone = (1 << state.num_players) - 1   # a card shown to every seat (a support shown from hand)
        seen.update(self.kind(card) for card, bits in state.known.items() if bits & everyone == everyone)
        return seen

    def visible(self, state, seat):
        seen = self.public(state)
        if not state.is_over:
            seen.update(self.kind(c) for c in state.hands[seat])
        bit, everyone = 1 << seat, (1 << state.num_players) - 1
        seen.update(self.kind(card) for card, bits in state.known.items() if bits & bit and bits & everyone != everyone)
        return seen
