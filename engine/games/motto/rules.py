"""Motto (Reiner Knizia), for 2-4 players, with the rulings M1-M8 of docs/rules/motto.md.

The table: 54 cards, each a symbol (love, passion, money), a number of symbols (1-3) and a colour
for a stage of life (purple youth, red adulthood, blue old age), every combination twice. Nine
token stacks, one per value, each a large (3), medium (2) and small (1) token.

A turn is one of:

* ``take:I`` — take the face-up card in pool slot ``I`` (0-3);
* ``draw`` — take the top card of the deck (unseen by the others);
* a play of three hand cards that share one or two values, built in atomic steps:
  ``select:KEY`` three times (``cancel`` drops the selection), then ``confirm``; the player takes
  the top token of each shared value's stack;
* ``pass`` — only when none of the above is possible (ruling M5).

At the end of every turn each empty pool slot is refilled from the deck, the discard pile being
shuffled into a new deck first when the deck is empty (M4): a slot stays empty only while the deck
and the discard pile are both empty. When the last large or medium token is taken, every other
player has exactly one more turn.
"""

from __future__ import annotations

from ... import snapshot as snap
from ...core import Action, GameInfo, State, seat_option
from ...fields import Field, Fields, dict_lists, lists, same
from ...rng import Rng

SYMBOLS = ("love", "passion", "money")
COUNTS = (1, 2, 3)
COLOURS = ("purple", "red", "blue")
STAGES = {"purple": "youth", "red": "adulthood", "blue": "old age"}
SYMBOL_NAMES = {"love": "Love", "passion": "Passion", "money": "Money"}
NUMBER_NAMES = {1: "One", 2: "Two", 3: "Three"}
TOKEN_SIZES = (3, 2, 1)  # large, medium, small: top of each stack first
SIZE_NAMES = {3: "large", 2: "medium", 1: "small"}


class Card(tuple):
    """A card as ``(symbol, count, colour)``; ``key`` is its stable id, e.g. ``love-2-red``."""

    __slots__ = ()

    def __new__(cls, symbol: str, count: int, colour: str):
        return tuple.__new__(cls, (symbol, count, colour))

    symbol = property(lambda self: self[0])
    count = property(lambda self: self[1])
    colour = property(lambda self: self[2])

    @property
    def key(self) -> str:
        return f"{self[0]}-{self[1]}-{self[2]}"

    @property
    def label(self) -> str:
        return f"{self[1]} {SYMBOL_NAMES[self[0]]}, {self[2]} ({STAGES[self[2]]})"

    def to_json(self) -> dict:
        return {"key": self.key, "symbol": self[0], "count": self[1], "colour": self[2],
                "stage": STAGES[self[2]], "label": self.label}


ALL_KINDS = tuple(Card(s, n, c) for s in SYMBOLS for n in COUNTS for c in COLOURS)
CARD_BY_KEY = {card.key: card for card in ALL_KINDS}
COPIES = 2  # ruling M1


def build_deck() -> list[Card]:
    """The 54-card deck, unshuffled: every combination twice."""
    return [card for card in ALL_KINDS for _ in range(COPIES)]


# The nine stacks, keyed by value: a symbol name, a count as a string, or a colour name.
STACK_KEYS = SYMBOLS + tuple(str(n) for n in COUNTS) + COLOURS


def stack_kind(key: str) -> str:
    return "symbol" if key in SYMBOLS else "colour" if key in COLOURS else "number"


def stack_label(key: str) -> str:
    if key in SYMBOLS:
        return SYMBOL_NAMES[key]
    if key in COLOURS:
        return key.capitalize()
    return NUMBER_NAMES[int(key)]


def shared_values(cards) -> list[str]:
    """The stack keys the given cards all share (symbol, number, colour, in that order)."""
    first = cards[0]
    shared = []
    if all(c[0] == first[0] for c in cards):
        shared.append(first[0])
    if all(c[1] == first[1] for c in cards):
        shared.append(str(first[1]))
    if all(c[2] == first[2] for c in cards):
        shared.append(first[2])
    return shared


def is_legal_play(cards) -> bool:
    """Three cards share one or two values (ruling M2; never three, by M1)."""
    return len(cards) == 3 and 1 <= len(shared_values(cards)) <= 2


KIND_INDEX = {card: i for i, card in enumerate(ALL_KINDS)}
# LEGAL[a][b][c]: do kinds a, b, c form a legal play? (27**3 booleans, computed once)
LEGAL = [[[is_legal_play((a, b, c)) for c in ALL_KINDS] for b in ALL_KINDS] for a in ALL_KINDS]
# SHARED_KEYS[a][b][c]: the stack keys kinds a, b, c all share
SHARED_KEYS = [[[tuple(shared_values((a, b, c))) for c in ALL_KINDS] for b in ALL_KINDS] for a in ALL_KINDS]
# SHARES[a][b]: do kinds a and b share at least one value?
SHARES = [[bool(shared_values((a, b))) for b in ALL_KINDS] for a in ALL_KINDS]


def _completing_kinds(chosen: list[int], counts: list[int]) -> set[int]:
    """Kinds with ``counts[k] > 0`` that extend ``chosen`` (0-2 kind indexes) towards a legal
    play completable from ``counts`` (the rest of the hand, by kind)."""
    present = [k for k, n in enumerate(counts) if n]
    found = set()
    if len(chosen) == 2:
        a, b = chosen
        return {c for c in present if LEGAL[a][b][c]}
    if len(chosen) == 1:
        a = chosen[0]
        for b in present:
            if SHARES[a][b] and any(LEGAL[a][b][c] and (c != b or counts[b] > 1) for c in present):
                found.add(b)
        return found
    for i, a in enumerate(present):
        for b in present[i:]:
            if b == a and counts[a] < 2:
                continue
            if not SHARES[a][b]:
                continue
            for c in present:
                if c < b or (c == b and counts[b] < (3 if a == b else 2)):
                    continue
                if LEGAL[a][b][c]:
                    found.update((a, b, c))
    return found


#: (sorted hand kinds, sorted selected kinds) -> the sorted kinds that can be selected next
_PLAYABLE: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}

# The actions whose id and label depend only on a card and a slot, made once (an Action is a
# frozen value, so every list of legal actions can share them).
_TAKE = [[Action(f"take:{slot}", f"Take {card.label} from the table") for card in ALL_KINDS] for slot in range(4)]
_SLOTS = {str(slot): slot for slot in range(4)}  # "take:<slot>"
_SELECT = [Action(f"select:{card.key}", f"Choose {card.label} to play") for card in ALL_KINDS]
_DRAW = Action("draw", "Draw the top card of the deck")
_CANCEL = Action("cancel", "Choose different cards")
_PASS = Action("pass", "Pass (no card to take and no play possible)")


def token_json(key: str, size: int) -> dict:
    return {"key": key, "kind": stack_kind(key), "label": stack_label(key), "size": size}


class MottoState(State):
    """A game of Motto. See the module docstring for the actions."""

    info = GameInfo(
        name="motto", title="Motto", min_players=2, max_players=4,
        options=(seat_option(4),),
        blurb="Collect sets of three life cards that share a symbol, a number or a stage of life "
              "and take the matching tokens before they run out.",
    )

    # -------------------------------------------------------------- setup
    def _setup(self) -> None:
        self.deck: list[Card] = build_deck()
        self.rng.shuffle(self.deck)
        self.hands: list[list[Card]] = [[self.deck.pop() for _ in range(2)] for _ in range(self.num_players)]
        self.pool: list[Card | None] = [self.deck.pop() for _ in range(4)]
        self.discard: list[Card] = []
        self.stacks: dict[str, list[int]] = {key: list(TOKEN_SIZES) for key in STACK_KEYS}
        self.tokens: list[list[tuple[str, int]]] = [[] for _ in range(self.num_players)]
        # cards each player took face up and still holds: public knowledge (for bots' honesty)
        self.known: list[list[Card]] = [[] for _ in range(self.num_players)]
        self.selection: list[Card] = []
        self.final_turns: int | None = None  # turns left once the end is triggered
        self.last_play: tuple[int, list[Card], list[tuple[str, int]]] | None = None
        self._current = self._first_player()
        self._say("The cards are dealt: two to each player, four face up. {P%d} starts." % self._current)

    # -------------------------------------------------------------- saved positions
    def _read_state(self, r: snap.Reader, schema: int) -> None:
        super()._read_state(r, schema)
        # the selection must be one the player could have made, card by card
        chosen, self.selection = self.selection, []
        snap.within(chosen, self.hands[self._current], r.name("selection"), "the hand of the seat to move")
        for card in chosen:
            if card.key not in self.playable_keys():
                raise ValueError(f"{r.name('selection')} is not a play the seat to move can make")
            self.selection.append(card)

    # -------------------------------------------------------------- deck
    def _can_draw(self) -> bool:
        return bool(self.deck) or bool(self.discard)

    def _draw_card(self) -> Card | None:
        """The top card of the deck, reshuffling the discard pile first if the deck is empty (M4)."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self._say("The deck is empty: the discard pile is shuffled into a new deck.", "reshuffle")
        self._reveal()  # a card from the deck is seen (by the drawer, or by all in the pool)
        return self.deck.pop()

    # -------------------------------------------------------------- plays
    def playable_keys(self) -> list[str]:
        """Keys of hand cards that can be selected next (sorted, each kind once): the cards that,
        with the selection so far, can still be completed to a legal play from this hand."""
        return [ALL_KINDS[k].key for k in self._playable_kinds()]

    def _playable_kinds(self) -> tuple[int, ...]:
        """The kind indexes of :meth:`playable_keys`, sorted (kept per hand and selection:
        they depend on nothing else)."""
        hand = tuple(sorted([KIND_INDEX[card] for card in self.hands[self._current]]))
        chosen = tuple(sorted([KIND_INDEX[card] for card in self.selection]))
        found = _PLAYABLE.get((hand, chosen))
        if found is None:
            counts = [0] * len(ALL_KINDS)
            for k in hand:
                counts[k] += 1
            for k in chosen:
                counts[k] -= 1
            found = tuple(sorted(_completing_kinds(list(chosen), counts)))
            if len(_PLAYABLE) > 20_000:  # a bound on the memory it holds
                _PLAYABLE.clear()
            _PLAYABLE[(hand, chosen)] = found
        return found

    def _payout(self, cards) -> list[tuple[str, int]]:
        """The tokens a play of these cards would take now (top of each shared stack, if any)."""
        return [(key, self.stacks[key][0]) for key in shared_values(cards) if self.stacks[key]]

    def _legal(self) -> list[Action]:
        actions: list[Action] = []
        if len(self.selection) == 3:
            tokens = self._payout(self.selection)
            actions.append(Action("confirm", "Play these three cards for " + _tokens_text(tokens)))
            actions.append(_CANCEL)
            return actions
        if not self.selection:
            for slot, card in enumerate(self.pool):
                if card is not None:
                    actions.append(_TAKE[slot][KIND_INDEX[card]])
            if self._can_draw():
                actions.append(_DRAW)
        for kind in self._playable_kinds():
            actions.append(_SELECT[kind])
        if self.selection:
            actions.append(_CANCEL)
        if not actions:
            actions.append(_PASS)
        return actions

    def _legal_action(self, action_id: str) -> Action | None:
        """The legal action with id ``action_id`` (or ``None``), decided as :meth:`_legal`
        decides but without listing the others."""
        selection = self.selection
        if len(selection) == 3:
            if action_id == "confirm":
                return self._legal()[0]
            return _CANCEL if action_id == "cancel" else None
        verb, _, arg = action_id.partition(":")
        if verb == "select":
            card = CARD_BY_KEY.get(arg)
            if card is None or KIND_INDEX[card] not in self._playable_kinds():
                return None
            return _SELECT[KIND_INDEX[card]]
        if selection:
            return _CANCEL if action_id == "cancel" else None
        if verb == "take":
            slot = _SLOTS.get(arg)
            card = None if slot is None else self.pool[slot]
            return None if card is None else _TAKE[slot][KIND_INDEX[card]]
        if action_id == "draw":
            return _DRAW if self._can_draw() else None
        if action_id == "pass":
            nothing = all(card is None for card in self.pool) and not self._can_draw() and not self._playable_kinds()
            return _PASS if nothing else None
        return None

    def _why_illegal(self, action_id: str) -> str | None:
        verb, _, arg = action_id.partition(":")
        if verb == "select":
            card = CARD_BY_KEY.get(arg)
            if card is None:
                return f"there is no card {arg!r} in Motto"
            rest = list(self.hands[self._current])
            for chosen in self.selection:
                rest.remove(chosen)
            if card not in rest:
                return ("you have no other copy of that card in your hand" if card in self.selection
                        else "that card is not in your hand")
            if len(self.selection) == 3:
                return "three cards are already chosen: play them or choose different cards"
            rest.remove(card)
            chosen = self.selection + [card]
            if len(chosen) == 3:
                return "these three cards share no symbol, number or colour, so they cannot be played"
            if len(chosen) == 2 and not shared_values(chosen):
                return ("these two cards share no symbol, number or colour: "
                        "no third card could make a play of them")
            if len(chosen) == 2:
                return ("no play includes these two cards: no other card in your hand has the symbol, "
                        "number or colour they share")
            return ("no play includes this card: it shares no symbol, number or colour with two "
                    "other cards in your hand")
        if verb in ("take", "draw") and self.selection:
            return "you are choosing cards to play: play them, or choose different cards first"
        if verb == "take":
            if not arg.isdigit() or int(arg) > 3:
                return "the table has face-up slots 0 to 3 only"
            return "that face-up slot is empty"
        if verb == "draw":
            return "the deck and the discard pile are both empty"
        if verb == "confirm":
            return "choose three cards from your hand first"
        if verb == "cancel":
            return "no cards are chosen"
        if verb == "pass":
            return "you can only pass when there is nothing else to do"
        return None

    def _apply(self, action: Action) -> None:
        seat = self._current
        verb, _, arg = action.id.partition(":")
        if verb == "select":
            self.selection.append(CARD_BY_KEY[arg])
            return
        if verb == "cancel":
            self.selection = []
            return
        if verb == "take":
            slot = int(arg)
            card = self.pool[slot]
            self.hands[seat].append(card)
            self.known[seat].append(card)
            self.pool[slot] = None
            self._say("{P%d} takes %s from the table." % (seat, card.label))
        elif verb == "draw":
            self.hands[seat].append(self._draw_card())
            self._say("{P%d} draws a card from the deck." % seat)
        elif verb == "confirm":
            self._play(seat)
        elif verb == "pass":
            self._say("{P%d} cannot do anything and passes." % seat)
        self._refill_pool()
        self._end_turn(seat)

    def _refill_pool(self) -> None:
        """Fill every empty face-up slot, in slot order, reshuffling the discard pile into a new
        deck when the deck runs out (M4). Slots stay empty only when no card is left to draw."""
        for slot, card in enumerate(self.pool):
            if card is None:
                card = self._draw_card()
                if card is None:
                    return
                self.pool[slot] = card

    def _play(self, seat: int) -> None:
        cards = self.selection
        self.selection = []
        tokens = self._payout(cards)
        for card in cards:
            self.hands[seat].remove(card)
            if card in self.known[seat]:
                self.known[seat].remove(card)
            self.discard.append(card)
        for key, size in tokens:
            self.stacks[key].pop(0)
            self.tokens[seat].append((key, size))
        self.last_play = (seat, list(cards), tokens)
        self._say("{P%d} plays %s and takes %s." % (seat, "; ".join(c.label for c in cards), _tokens_text(tokens)))
        if self.final_turns is None and tokens and not any(
                size >= 2 for stack in self.stacks.values() for size in stack):
            self.final_turns = self.num_players  # this turn's end counts one off
            self._say("{P%d} took the last large or medium token: every other player has one more turn."
                      % seat, "last_round", [seat])

    def _end_turn(self, seat: int) -> None:
        if self.final_turns is not None:
            self.final_turns -= 1
            if self.final_turns == 0:
                self._end_game()
                scores = self._scores()
                best = max(scores)
                won = [s for s in range(self.num_players) if scores[s] == best]
                self._say("The game is over. " + " and ".join("{P%d}" % s for s in won)
                          + (" share the win" if len(won) > 1 else " wins") + f" with {best} points.")
                return
        self._current = self._next_seat(seat)

    # -------------------------------------------------------------- results
    def _scores(self) -> list[int]:
        return [sum(size for _, size in tokens) for tokens in self.tokens]

    def _result_table(self):
        columns = ["Large (3)", "Medium (2)", "Small (1)", "Tokens"]
        rows = []
        for tokens in self.tokens:
            sizes = [size for _, size in tokens]
            rows.append([sizes.count(3), sizes.count(2), sizes.count(1), len(tokens)])
        return columns, rows

    # -------------------------------------------------------------- views
    def _prompt(self, seat: int | None) -> str:
        if self._over:
            return "The game is over."
        if seat != self._current:
            return "Waiting for {P%d} to take their turn." % self._current
        n = len(self.selection)
        if n == 3:
            return "Play these three cards, or choose different ones."
        if n:
            return f"Choose {3 - n} more card{'s' if n < 2 else ''} to play, or start again."
        if self.final_turns is not None:
            return "Your last turn: take a card, or play three cards that share a value."
        return "Take a face-up card or the top card of the deck, or play three cards that share a value."

    def _table(self, seat: int | None) -> dict:
        table = {
            "pool": [card.to_json() if card else None for card in self.pool],
            "deck_count": len(self.deck),
            "discard_count": len(self.discard),
            "last_play": None,
            "stacks": [{"key": k, "kind": stack_kind(k), "label": stack_label(k), "remaining": list(v)}
                       for k, v in self.stacks.items()],
            "players": [{"seat": s, "hand_count": len(self.hands[s]),
                         "tokens": [token_json(k, size) for k, size in self.tokens[s]],
                         "score": sum(size for _, size in self.tokens[s])}
                        for s in range(self.num_players)],
            "final_turns": self.final_turns,
        }
        if self.last_play is not None:
            who, cards, tokens = self.last_play
            table["last_play"] = {"seat": who, "cards": [c.to_json() for c in cards],
                                  "tokens": [token_json(k, s) for k, s in tokens]}
        if seat is not None:
            table["hand"] = [card.to_json() for card in sorted(self.hands[seat])]
            mine = seat == self._current and not self._over
            selection = self.selection if mine else []
            table["selection"] = [card.to_json() for card in selection]
            table["preview"] = None
            if len(selection) == 3:
                tokens = self._payout(selection)
                table["preview"] = {"tokens": [token_json(k, s) for k, s in tokens],
                                    "text": _tokens_text(tokens)}
        return table

    def _holdings(self, seat: int) -> dict:
        """For open hands: the seat's hand (sorted, as in its own view)."""
        return {"hand": [card.to_json() for card in sorted(self.hands[seat])]}

    # -------------------------------------------------------------- hidden information
    def _determinize(self, seat: int, rng: Rng) -> None:
        """Re-deal the deck and the other players' unknown hand cards.

        Cards a player took face up are public until played, so they stay where they are; the
        player to move keeps a selection in progress (it is part of their own turn).
        """
        unseen = list(self.deck)
        keep: dict[int, list[Card]] = {}
        for other in range(self.num_players):
            if other == seat:
                continue
            hand = list(self.hands[other])
            fixed = list(self.known[other])
            if other == self._current:
                for card in self.selection:
                    if self.selection.count(card) > fixed.count(card):
                        fixed.append(card)
            for card in fixed:
                hand.remove(card)
            unseen += hand
            keep[other] = fixed
        unseen.sort()  # the result must depend only on what ``seat`` knows, not on the true deal
        rng.shuffle(unseen)
        for other, fixed in keep.items():
            size = len(self.hands[other]) - len(fixed)
            self.hands[other] = fixed + [unseen.pop() for _ in range(size)]
        self.deck = unseen


def _keys(cards) -> list[str]:
    return [card.key for card in cards]


def _card(value, what: str) -> Card:
    """A card of a saved position, from its key."""
    card = CARD_BY_KEY.get(value) if isinstance(value, str) else None
    if card is None:
        raise ValueError(f"{what} is not a Motto card: {snap.quote(value)}")
    return card


def _token(value, what: str) -> tuple[str, int]:
    pair = snap.list_of(value, what, length=2)
    return snap.one_of(pair[0], what, STACK_KEYS), snap.whole(pair[1], what, 1, 4)


# ---------------------------------------------------------------------- the state's fields
# Each field of MottoState's own, once: how a clone copies it, how a save writes it and how a
# saved position reads it back (in this order; each check runs once its field is read).

def _read_cards(r: snap.Reader, name: str, state: "MottoState") -> list[Card]:
    return r.get(name, snap.list_of, _card)


def _check_cards(r: snap.Reader, state: "MottoState") -> None:
    snap.check_cards(state.deck + [c for h in state.hands for c in h] + [c for c in state.pool if c]
                     + state.discard, build_deck(), r.name("cards"))
    if None in state.pool and (state.deck or state.discard):
        raise ValueError(f"{r.name('pool')} has an empty slot while cards are left to draw")


def _read_stacks(r: snap.Reader, name: str, state: "MottoState") -> dict[str, list[int]]:
    stacks = r.sub(name)
    if sorted(stacks.data) != sorted(STACK_KEYS):
        raise ValueError(f"{r.name(name)} must be the nine stacks {', '.join(STACK_KEYS)}")
    result = {}
    for key in STACK_KEYS:
        stack = stacks.get(key, snap.list_of, snap.whole, 1, 4)
        if stack != list(TOKEN_SIZES[len(TOKEN_SIZES) - len(stack):]):
            raise ValueError(f"{stacks.name(key)} must be the last tokens of large, medium, small")
        result[key] = stack
    return result


def _check_tokens(r: snap.Reader, state: "MottoState") -> None:
    taken = {key: sorted(size for t in state.tokens for k, size in t if k == key) for key in STACK_KEYS}
    for key in STACK_KEYS:
        if sorted(taken[key] + state.stacks[key]) != sorted(TOKEN_SIZES):
            raise ValueError(f"{r.name('tokens')} and its stacks do not add up for {key!r}")


def _check_known(r: snap.Reader, state: "MottoState") -> None:
    for seat in range(state.num_players):
        snap.within(state.known[seat], state.hands[seat], r.name("known"), "that hand")


def _check_final_turns(r: snap.Reader, state: "MottoState") -> None:
    if (state.final_turns == 0) != state._over or (state._over and state.selection):
        raise ValueError(f"{r.name('final_turns')} does not match whether the game is over")


def _write_last_play(last) -> dict | None:
    if last is None:
        return None
    who, cards, tokens = last
    return {"seat": who, "cards": _keys(cards), "tokens": [[k, size] for k, size in tokens]}


def _read_last_play(r: snap.Reader, name: str, state: "MottoState"):
    last = r.get(name, snap.optional(snap.Reader))
    if last is None:
        return None
    n = state.num_players
    return (last.get("seat", snap.seat, n), last.get("cards", snap.list_of, _card, length=3),
            last.get("tokens", snap.list_of, _token, most=2))


FIELDS = Fields(
    Field("deck", list, _keys, _read_cards),
    Field("hands", lists, lambda hands: [_keys(h) for h in hands],
          lambda r, name, state: r.get(name, snap.per_seat, state.num_players, snap.list_of, _card)),
    Field("pool", list, lambda pool: [c.key if c is not None else None for c in pool],
          lambda r, name, state: r.get(name, snap.list_of, snap.optional(_card), length=4)),
    Field("discard", list, _keys, _read_cards, _check_cards),
    Field("stacks", dict_lists, dict_lists, _read_stacks),
    Field("tokens", lists, lambda tokens: [[[k, size] for k, size in t] for t in tokens],
          lambda r, name, state: r.get(name, snap.per_seat, state.num_players, snap.list_of, _token),
          _check_tokens),
    Field("known", lists, lambda known: [_keys(k) for k in known],
          lambda r, name, state: r.get(name, snap.per_seat, state.num_players, snap.list_of, _card),
          _check_known),
    Field("selection", list, _keys, lambda r, name, state: r.get(name, snap.list_of, _card, most=3)),
    Field("final_turns", same, same,
          lambda r, name, state: r.get(name, snap.optional(snap.whole), 0, state.num_players + 1),
          _check_final_turns),
    Field("last_play", same, _write_last_play, _read_last_play),  # a tuple, never changed in place
)
MottoState.fields = FIELDS  # (declared after the class: the readers above use its helpers)


def _tokens_text(tokens) -> str:
    if not tokens:
        return "no tokens (those stacks are empty)"
    return " and ".join(f"the {SIZE_NAMES[size]} {stack_label(key)} token ({size})" for key, size in tokens)
