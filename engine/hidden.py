"""What each seat must never see: a game's hidden-information model, the tests' oracle.

Each game says once, in its package's ``hidden.py`` (a :class:`HiddenInfo` in its spec), which
cards are hidden from each seat, which it can see, and how a text names a card. The engine's
hidden-information test (``tests/engine/test_hidden_info.py``: nothing secret is named in a view
or a new log line) and the fuzz suite (``tests/fuzz/checks.py``: re-dealing the hidden cards
leaves a seat's view alone; no log line names a card the seat has never seen) both read it. It
is written from the game's state fields independently of :meth:`~engine.core.State.determinize`
and of the views, so it can catch either; the engine and the bots never use it.

The table screen (a spectator, seat ``None``) sees only the public places: a kind is secret from
it when some copy is anywhere else -- hidden from a seat, or seen by some seats only (a hand is
seen by its owner) -- and no copy is public (:meth:`HiddenInfo.public`).

A *slot* is ``(list, index)``: one place holding one card in the state. A card's *kind* is what a
text can tell apart (a Motto card is its own kind; a Mottainai card's kind is its design).
"""

from __future__ import annotations

import random
import re
from collections import Counter

Slot = tuple[list, int]

#: a card key as a JSON string value or as part of an action id (``"key"``, ``take:key``), not a dict key
_KEY = re.compile(r"""(?<=["':])([A-Za-z0-9+-]+)(?=:|"(?!:))""")


class HiddenInfo:
    """A game's hidden-information model. Subclasses implement :meth:`hidden` and :meth:`visible`
    (and :meth:`pinned`, :meth:`held` or :meth:`kind` where the game needs them).

    ``keys`` maps each card key (as views and action ids write it) to its kind; ``phrases`` maps
    each phrase that names a kind in a text (a label, a name; matched as whole words) to it."""

    def __init__(self, keys: dict[str, object], phrases: dict[str, object]) -> None:
        self.keys = keys
        self.phrases = phrases
        alternatives = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
        self._phrase = re.compile(r"(?<![A-Za-z0-9])(" + alternatives + r")(?![A-Za-z0-9])")

    # ------------------------------------------------------------------ the model
    def hidden(self, state, seat: int) -> list[Slot]:
        """Every slot whose card ``seat`` cannot see now."""
        raise NotImplementedError

    def pinned(self, state, seat: int) -> list[Slot]:
        """Hidden slots whose card must stay where it is when the test re-deals: a choice the
        player to move is making (its cards are hidden, but the state points at them)."""
        return []

    def held(self, state, seat: int) -> list:
        """Hidden cards in no slot (a card being played, held aside until its effect is done)."""
        return []

    def visible(self, state, seat: int) -> Counter:
        """The kinds ``seat`` can see now (public places, its own cards, the cards it knows)."""
        raise NotImplementedError

    def public(self, state) -> Counter:
        """The kinds in the public places: what every seat and the table screen see (face-up
        cards on the table, discards; not a card some seats know and others do not)."""
        raise NotImplementedError

    def kind(self, card) -> object:
        """The kind of a card as the state holds it (by default the card itself)."""
        return card

    # ------------------------------------------------------------------ what the tests ask
    def unseen(self, state, seat: int) -> Counter:
        """The kinds of the cards hidden from ``seat``, counted."""
        counts = Counter(self.kind(place[i]) for place, i in self.hidden(state, seat))
        counts.update(self.kind(card) for card in self.held(state, seat))
        return counts

    def secret(self, state, seat: int | None) -> set:
        """The kinds ``seat`` must not see named: a copy is hidden from it and none is visible
        (a kind with a visible copy may be named: the seat cannot tell which copy is meant).
        ``None``: the table screen, see :meth:`spectator_secret`."""
        if seat is None:
            return self.spectator_secret(state)
        visible = self.visible(state, seat)
        return {kind for kind, count in self.unseen(state, seat).items() if count > 0 and not visible[kind]}

    def spectator_secret(self, state) -> set:
        """The kinds the table screen (a spectator) must not see named: every kind in the game
        outside the public places (hidden from some seat, or visible to some seats only: their
        own hands, the cards they know), unless a copy is public."""
        present = Counter()
        for seat in range(state.num_players):
            present.update(self.unseen(state, seat))
            present.update(self.visible(state, seat))
        public = self.public(state)
        return {kind for kind, count in present.items() if count > 0 and not public[kind]}

    def named(self, text: str) -> set:
        """The kinds a text names, by key or by phrase."""
        found = {self.keys[k] for k in _KEY.findall(text) if k in self.keys}
        found.update(self.phrases[p] for p in self._phrase.findall(text))
        return found

    def redeal(self, state, seat: int, rnd: random.Random):
        """A clone of ``state`` with the cards hidden from ``seat`` (but not pinned) shuffled
        among their slots: ``seat``'s view must not change."""
        other = state.clone()
        pinned = {(id(place), i) for place, i in self.pinned(other, seat)}
        slots = [(place, i) for place, i in self.hidden(other, seat) if (id(place), i) not in pinned]
        cards = [place[i] for place, i in slots]
        rnd.shuffle(cards)
        for (place, i), card in zip(slots, cards):
            place[i] = card
        other._forget_legal()
        return other


def every_slot(cards: list) -> list[Slot]:
    """All the slots of a list of cards."""
    return [(cards, i) for i in range(len(cards))]


def slots_except(cards: list, shown) -> list[Slot]:
    """The slots of ``cards`` left once one copy of each card in ``shown`` is set aside."""
    shown = list(shown)
    slots = []
    for i, card in enumerate(cards):
        if card in shown:
            shown.remove(card)
        else:
            slots.append((cards, i))
    return slots
