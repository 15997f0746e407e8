"""Hidden information never reaches another seat: a generic audit over random games.

For every game at every player count, random games are played to the end. At every step and for
every seat S, the game's own state fields tell which cards are hidden from S (other players'
hands, the deck, Mottainai waiting areas -- hidden even from their owner -- and face-down
starting tasks, Moteneba event cards in hand) and which cards S may see. A card *kind* is
**secret** from S when at least one copy is hidden from S and no copy is visible to S (duplicates
handled honestly: a kind with a public copy may be named, since S cannot tell which copy is meant).
The test then asserts:

* no secret kind is named (by key or by name) anywhere in ``view(S)`` apart from the log: table,
  prompt, legal actions, result;
* no log line *added by this step* names a kind that is secret from S both before and after the
  step (a line may name a card that the step itself made public, e.g. a task going to the floor).

Names are matched as whole words, keys as JSON strings or action-id parts; static reference text
(card rules texts, Moteneba's list of event cards) is left out of the search.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

import engine
from engine.games.moteneba import rules as NR
from engine.games.mottainai import cards as TC
from engine.games.motto import rules as MR


# ---------------------------------------------------------------------- what each seat may see
def _motto(state, seat):
    """(hidden, visible) Counters of Motto card kinds (cards) for ``seat``."""
    hidden, visible = Counter(state.deck), Counter(state.hands[seat])
    for other in range(state.num_players):
        if other != seat:
            unknown = Counter(state.hands[other])
            unknown.subtract(state.known[other])  # cards taken face up stay public
            hidden += unknown
            visible.update(state.known[other])
    visible.update(c for c in state.pool if c is not None)
    visible.update(state.discard)
    if state.last_play is not None:
        visible.update(state.last_play[1])
    return hidden, visible


def _moteneba(state, seat):
    hidden, visible = Counter(state.deck), Counter(state.hands[seat])
    for other in range(state.num_players):
        if other != seat:
            hidden.update(state.hands[other])
    visible.update(state.discard)
    if state.pending is not None and state.pending[0] in NR.EVENTS and state.pending[0] != "random":
        # an event card being played can still be taken back (cancel) until its effect is done:
        # until then it is part of the player's hand (Random cube is discarded at once)
        (visible if seat == state.current_player else hidden)[state.pending[0]] += 1
    return hidden, visible


def _mottainai(state, seat):
    bit = 1 << seat
    hidden, visible = Counter(), Counter()

    def sort(cards, public):
        for card in cards:
            if public or state.known.get(card, 0) & bit:
                visible[card % TC.KINDS_PER_DECK] += 1
            else:
                hidden[card % TC.KINDS_PER_DECK] += 1

    sort(state.deck, False)
    for s in range(state.num_players):
        sort(state.hands[s], s == seat or state.is_over)
        sort(state.waiting[s], False)  # hidden even from the owner until night
        for zone in (state.helpers, state.bench, state.sales, state.gallery, state.gift_shop):
            sort(zone[s], True)
        if state.tasks[s] is not None:
            sort([state.tasks[s]], not state.task_face_down[s])
    sort(state.floor, True)
    return hidden, visible


class Names:
    """Finds the card kinds a text names: by key (a JSON string value or part of an action id,
    not a dict key) or by one of the phrases that name a kind (whole words)."""

    def __init__(self, keys: dict, phrases: dict) -> None:
        self.keys, self.phrases = keys, phrases
        self.key_re = re.compile(r"""(?<=["':])([A-Za-z0-9+-]+)(?=:|"(?!:))""")
        alternatives = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
        self.phrase_re = re.compile(r"(?<![A-Za-z0-9])(" + alternatives + r")(?![A-Za-z0-9])")

    def __call__(self, text: str) -> set:
        found = {self.keys[k] for k in self.key_re.findall(text) if k in self.keys}
        found.update(self.phrases[p] for p in self.phrase_re.findall(text))
        return found


MOTTO_NAMES = Names({c.key: c for c in MR.ALL_KINDS}, {c.label: c for c in MR.ALL_KINDS})
# "power" is also a phase and a field name, so Moteneba's event cards are found by the phrases
# that name them: "kind": "KIND" (a card in a list), event:KIND (an action), "plays TITLE" (log)
MOTENEBA_NAMES = Names({}, {phrase: k for k, e in NR.EVENTS.items()
                            for phrase in (f'"kind": "{k}"', f"event:{k}", "plays " + e["title"])})
MOTTAINAI_NAMES = Names({k.key: k.index for k in TC.KINDS}, {k.name: k.index for k in TC.KINDS})

# per game: player counts, the hidden/visible function, the name finder, random games per count
GAMES = {
    "motto": ((2, 3, 4), _motto, MOTTO_NAMES, 4),
    "moteneba": ((3, 4, 5), _moteneba, MOTENEBA_NAMES, 2),
    "mottainai": ((2, 3, 4, 5), _mottainai, MOTTAINAI_NAMES, 2),
}


QUOTED = re.compile("\u201c[^\u201d]*\u201d")


def _strip_reference(value):
    """The view without static reference text: card rules texts (also those a Mottainai prompt
    quotes, “Doll: … Not in the same turn as Sketch.”, always of a face-up work), Moteneba's
    event card list."""
    if isinstance(value, dict):
        return {k: _strip_reference(v) for k, v in value.items() if k not in ("text", "event_cards")}
    if isinstance(value, list):
        return [_strip_reference(v) for v in value]
    if isinstance(value, str):
        return QUOTED.sub("", value)
    return value


def _secret(hidden: Counter, visible: Counter) -> set:
    return {kind for kind, n in hidden.items() if n > 0 and visible[kind] == 0}


def _check_game(name, n, seed, sides, names):
    state = engine.new_game(name, n, seed=seed)
    rng = random.Random(seed * 31 + n)
    before = [_secret(*sides(state, s)) for s in range(n)]
    log_seen = 0
    for step in range(5000):
        for seat in range(n):
            now = _secret(*sides(state, seat))
            view = state.view(seat)
            new_lines = view["log"][log_seen:]
            view["log"] = []
            body = json.dumps(_strip_reference(view))
            leaked = sorted(map(str, names(body) & now))
            assert not leaked, (f"{name} {n}p seed {seed} step {step}: view of seat {seat} names "
                                f"hidden {leaked}: {body}")
            for line in new_lines:
                leaked = sorted(map(str, names(line) & now & before[seat]))
                assert not leaked, (f"{name} {n}p seed {seed} step {step}: log line {line!r} names "
                                    f"{leaked}, hidden from seat {seat}")
            before[seat] = now
        log_seen = len(state.log)
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"{name} {n}p seed {seed} did not end")  # pragma: no cover


@pytest.mark.parametrize("name,n", [(g, n) if n <= 3 else pytest.param(g, n, marks=pytest.mark.slow)
                                    for g, spec in GAMES.items() for n in spec[0]])  # 4-5 seats: slow
def test_no_hidden_card_reaches_another_seat(name, n):
    _, sides, names, games = GAMES[name]
    for seed in range(games):
        _check_game(name, n, seed, sides, names)


def test_the_audit_catches_a_leak(monkeypatch):
    """The check itself works: a view that shows the next deck card is caught."""
    table = MR.MottoState._table

    def leaky(self, seat):
        result = table(self, seat)
        result["peek"] = self.deck[-1].label if self.deck else None
        return result

    monkeypatch.setattr(MR.MottoState, "_table", leaky)
    with pytest.raises(AssertionError, match="names hidden"):
        _check_game("motto", 2, 0, _motto, MOTTO_NAMES)
