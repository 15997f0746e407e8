"""Hidden information never reaches another seat: a generic audit over random games.

For every game at every player count, random games are played to the end. At every step and for
every seat S, the game's hidden-information model (its spec's ``hidden``, :mod:`engine.hidden`;
the fuzz suite reads the same one) tells from the state's own fields which cards are hidden from
S (other players' hands, the deck, Mottainai waiting areas -- hidden even from their owner -- and
face-down starting tasks, Moteneba event cards in hand) and which cards S may see. The table
screen (a spectator, ``view(None)``) is audited too: it sees only the public places. A card *kind*
is **secret** from S when at least one copy is hidden from S and no copy is visible to S
(duplicates handled honestly: a kind with a public copy may be named, since S cannot tell which
copy is meant). The test then asserts:

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

import pytest

import engine
from engine.registry import game_names, game_spec
from engine.games.motto import rules as MR


#: random games audited per player count (a game not named here: two)
GAMES_PER_COUNT = {"motto": 4}
#: every game at every player count; 4 and 5 seats only in the whole run (slow)
CASES = [(name, n) if n <= 3 else pytest.param(name, n, marks=pytest.mark.slow)
         for name in game_names()
         for n in range(game_spec(name).info.min_players, game_spec(name).info.max_players + 1)]


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


def _check_game(name, n, seed):
    model = game_spec(name).hidden
    state = engine.new_game(name, n, seed=seed)
    rng = random.Random(seed * 31 + n)
    seats = list(range(n)) + [None]   # None: the table screen, a spectator
    before = {s: model.secret(state, s) for s in seats}
    log_seen = 0
    for step in range(5000):
        for seat in seats:
            now = model.secret(state, seat)
            view = state.view(seat)
            new_lines = view["log"][log_seen:]
            view["log"] = []
            body = json.dumps(_strip_reference(view))
            leaked = sorted(map(str, model.named(body) & now))
            assert not leaked, (f"{name} {n}p seed {seed} step {step}: view of seat {seat} names "
                                f"hidden {leaked}: {body}")
            for line in new_lines:
                leaked = sorted(map(str, model.named(line) & now & before[seat]))
                assert not leaked, (f"{name} {n}p seed {seed} step {step}: log line {line!r} names "
                                    f"{leaked}, hidden from seat {seat}")
            before[seat] = now
        log_seen = len(state.log)
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"{name} {n}p seed {seed} did not end")  # pragma: no cover


@pytest.mark.parametrize("name,n", CASES)
def test_no_hidden_card_reaches_another_seat(name, n):
    for seed in range(GAMES_PER_COUNT.get(name, 2)):
        _check_game(name, n, seed)


def test_the_audit_catches_a_leak(monkeypatch):
    """The check itself works: a view that shows the next deck card is caught."""
    table = MR.MottoState._table

    def leaky(self, seat):
        result = table(self, seat)
        result["peek"] = self.deck[-1].label if self.deck else None
        return result

    monkeypatch.setattr(MR.MottoState, "_table", leaky)
    with pytest.raises(AssertionError, match="names hidden"):
        _check_game("motto", 2, 0)


@pytest.mark.parametrize("name", game_names())
def test_the_table_screen_sees_only_the_public_places(name):
    """What every seat sees includes the public places; whatever is secret from a seat is secret
    from the table screen too, and so is each seat's own hand (unless a copy is public)."""
    model = game_spec(name).hidden
    state = engine.new_game(name, game_spec(name).info.min_players, seed=3)
    rng = random.Random(3)
    for _ in range(400):
        public = model.public(state)
        spectator = model.secret(state, None)
        assert spectator == model.spectator_secret(state)
        for seat in range(state.num_players):
            assert not public - model.visible(state, seat), f"seat {seat} cannot see a public card"
            assert model.secret(state, seat) <= spectator
            if not state.is_over:
                own = {model.kind(card) for card in state.hands[seat]}
                assert {kind for kind in own if not public[kind]} <= spectator
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))


def test_a_kind_in_both_hands_is_secret_from_the_table_screen_only():
    """Two players each holding a copy: neither seat learns anything from its name (each sees a
    copy), but the table screen, which sees neither hand, does."""
    model = game_spec("motto").hidden
    state = engine.new_game("motto", 2, seed=0)
    card = next(c for c in state.hands[0] if not model.public(state)[c])
    state.hands[1][0] = card
    assert card not in model.secret(state, 0) and card not in model.secret(state, 1)
    assert card in model.secret(state, None)
