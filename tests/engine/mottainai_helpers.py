"""Shared helpers for the Mottainai engine tests (test_mottainai*.py): build test states by
starting a real game and then moving cards by hand with :class:`Table` (every physical card stays
in exactly one place, so the deck stays consistent)."""

from __future__ import annotations

import engine
from engine.games.mottainai import cards as C

ZONES = ("hands", "waiting", "helpers", "bench", "sales", "gallery", "gift_shop")


class Table:
    """A real game whose cards a test moves around by hand.

    Subclasses may change the class defaults: ``seed`` (the game's seed when none is given) and
    ``empty`` (start with no tasks, an empty floor and empty hands: every card in the deck)."""

    seed = 1
    empty = False

    def __init__(self, n: int = 2, seed: int | None = None, **options) -> None:
        self.s = engine.new_game("mottainai", n, seed=self.seed if seed is None else seed, options=options)
        self.placed: set[int] = set()
        if self.empty:
            self.no_tasks()
            self.clear("floor")
            for p in range(n):
                self.clear("hands", p)

    def card(self, key: str) -> int:
        """A physical copy of ``key`` not yet placed by this test."""
        for copy in range(self.s.decks):
            c = C.KIND_BY_KEY[key].index + C.KINDS_PER_DECK * copy
            if c not in self.placed:
                self.placed.add(c)
                return c
        return C.KIND_BY_KEY[key].index     # placed before: the test moves it again

    def take_out(self, card: int) -> None:
        s = self.s
        for cards in [s.deck, s.floor] + [getattr(s, z)[p] for z in ZONES for p in range(s.num_players)]:
            if card in cards:
                cards.remove(card)
                return
        for p, task in enumerate(s.tasks):
            if task == card:
                s.tasks[p] = None
                return
        raise AssertionError(f"card {card} is nowhere")

    def put(self, zone: str, seat: int | None, *keys: str) -> list[int]:
        """Move a copy of each card ``key`` into ``zone`` ("floor", "deck_top", "deck_bottom",
        "task" or one of ZONES) of ``seat``. A card placed by hand is nobody's knowledge yet."""
        ids = []
        for k in keys:
            c = self.card(k)
            self.take_out(c)
            s = self.s
            s.known.pop(c, None)
            if zone == "floor":
                s.floor.append(c)
            elif zone == "deck_top":
                s.deck.append(c)
            elif zone == "deck_bottom":
                s.deck.insert(0, c)
            elif zone == "task":
                if s.tasks[seat] is not None:
                    s.deck.insert(0, s.tasks[seat])
                s.tasks[seat] = c
                s.task_face_down[seat] = False
            else:
                getattr(s, zone)[seat].append(c)
            ids.append(c)
        self.s._forget_legal()
        return ids

    def clear(self, zone: str, seat: int | None = None) -> None:
        """Put every card of a zone back under the deck."""
        s = self.s
        cards = s.floor if zone == "floor" else getattr(s, zone)[seat]
        for c in list(cards):
            cards.remove(c)
            s.deck.insert(0, c)
            s.known.pop(c, None)
        s._forget_legal()

    def set_hand(self, seat: int, *keys: str) -> list[int]:
        self.clear("hands", seat)
        return self.put("hands", seat, *keys)

    def no_tasks(self) -> None:
        s = self.s
        for p in range(s.num_players):
            if s.tasks[p] is not None:
                s.deck.insert(0, s.tasks[p])
                s.tasks[p] = None
            s.task_face_down[p] = False

    def go(self, seat: int, phase: str) -> None:
        """Jump to ``phase`` of ``seat``'s turn and run to the first decision."""
        s = self.s
        s._current = seat
        s.phase = phase
        s.decision = None
        s.queue = []
        s._forget_legal()
        s._advance()

    def noon(self, seat: int = 0) -> None:
        self.go(seat, "noon")

    def ids(self) -> list[str]:
        return [a.id for a in self.s.legal_actions()]

    def labels(self) -> dict[str, str]:
        return {a.id: a.label for a in self.s.legal_actions()}

    def play(self, *action_ids: str) -> None:
        for a in action_ids:
            self.s.apply(a)


def key(card: int) -> str:
    return C.kind_of(card).key


def keys(cards) -> list[str]:
    return sorted(key(c) for c in cards)


def all_cards(s) -> list[int]:
    cards = list(s.deck) + list(s.floor) + [t for t in s.tasks if t is not None]
    for z in ZONES:
        for p in range(s.num_players):
            cards += getattr(s, z)[p]
    return cards


def consistent(s) -> None:
    """Every physical card is in exactly one place."""
    assert sorted(all_cards(s)) == list(range(C.KINDS_PER_DECK * s.decks))


def log_has(s, text: str) -> bool:
    return any(text in line for line in s.log)


def bonus(s, seat: int) -> int:
    return s.score_breakdown(seat)["card_bonuses"]
