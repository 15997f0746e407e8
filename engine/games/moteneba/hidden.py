"""What each Moteneba seat must never see (the tests' oracle, see :mod:`engine.hidden`).

Hidden from a seat: the event deck and the other players' event cards, also an event card the
player to move is playing (it can still be taken back until its effect is done, so until then it
is part of that hand). Public: the discard pile, and the +3 Power cards played on the girls this
year. A card's kind is its event (``trade``, ``power``...).
"""

from __future__ import annotations

from collections import Counter

from ...hidden import HiddenInfo, every_slot
from .board import EVENTS


class MotenebaHidden(HiddenInfo):
    def __init__(self) -> None:
        # "power" is also a phase and a field name, so event cards are found by the phrases that
        # name them: "kind": "KIND" (a card in a list), event:KIND (an action), "plays TITLE" (log)
        super().__init__({}, {phrase: k for k, e in EVENTS.items()
                              for phrase in (f'"kind": "{k}"', f"event:{k}", "plays " + e["title"])})

    def _playing(self, state):
        """The event card the player to move is playing, if any (the Random cube is not one)."""
        pending = state.pending
        return pending[0] if pending is not None and pending[0] in EVENTS and pending[0] != "random" else None

    def hidden(self, state, seat):
        slots = every_slot(state.deck)
        for other in range(state.num_players):
            if other != seat:
                slots += every_slot(state.hands[other])
        return slots

    def held(self, state, seat):
        playing = self._playing(state)
        return [playing] if playing is not None and seat != state.current_player else []

    def public(self, state):
        seen = Counter(state.discard)
        if any(any(row) for row in state.power):
            seen["power"] += 1  # +3 Power cards played on the girls this year
        return seen

    def visible(self, state, seat):
        seen = Counter(state.hands[seat])
        seen.update(self.public(state))
        playing = self._playing(state)
        if playing is not None and seat == state.current_player:
            seen[playing] += 1
        return seen
