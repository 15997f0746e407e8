"""The rule cases: saved games that each reproduce one clarified ruling (RULINGS.md M4, N8, T8a,
T10a). Every file in ``tests/engine/cases/`` is a save with a ``note`` saying what must hold after
its last action; each has its own check below, and a case file without a check fails.

The files are kept exactly as received (they carry no ``format`` field), so they are turned into a
save here before :func:`engine.load` replays them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine.bots import make_bot
from engine.saves import OLD_SAVE_FORMATS
from engine.games.mottainai import cards as mottainai
from engine.rng import Rng

CASES = Path(__file__).with_name("cases")


def read_case(name: str) -> dict:
    return json.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))


def load_case(name: str, drop_last: int = 0) -> engine.State:
    """Replay a case file (without its last ``drop_last`` actions) with the engine."""
    case = read_case(name)
    actions = case["actions"][:len(case["actions"]) - drop_last]
    # a case is settings and actions: the older save format, which holds nothing else
    save = {"format": OLD_SAVE_FORMATS[0], "game": case["game"], "num_players": case["num_players"],
            "seed": case["seed"], "options": case["options"], "actions": actions}
    return engine.load(save)


def all_views(state) -> dict:
    return {seat: state.view(seat) for seat in [None, *range(state.num_players)]}


CHECKS = {}


def check(name: str):
    def register(fn):
        CHECKS[name] = fn
        return fn
    return register


# ---------------------------------------------------------------------- Motto, M4
@check("motto-pool-refill")
def motto_pool_refill():
    """The last action is a play with deck and pool empty: the three played cards are shuffled
    into a new deck and fill three slots at once (not left empty for the rest of the game)."""
    before = load_case("motto-pool-refill", drop_last=1)
    assert before.pool == [None] * 4 and before.deck == [] and before.discard == []
    assert before.selection and len(before.selection) == 3       # the play is being confirmed
    state = load_case("motto-pool-refill")
    played = state.last_play[1]
    assert state.pool.count(None) == 1                            # was: four empty slots
    assert sorted(c for c in state.pool if c) == sorted(played)
    assert state.deck == [] and state.discard == []
    assert "The deck is empty: the discard pile is shuffled into a new deck." == state.log[-1]
    assert all(a.id != "pass" for a in state.legal_actions())
    # the game goes on to its end, the pool short only while no card is left to show
    rng, bot = Rng(5), make_bot("motto", "random")
    while not state.is_over:
        state.apply(bot.choose(state, state.current_player, rng))
        if None in state.pool and not state.selection:
            assert state.deck == [] and state.discard == []


# ---------------------------------------------------------------------- Moteneba, N8
@check("moteneba-pending-event-count")
def moteneba_pending_event_count():
    """Seat 0 has started Return and can still cancel: nobody else sees any change, hand count
    included; after a cancel nothing at all has changed."""
    before = load_case("moteneba-pending-event-count", drop_last=1)
    state = load_case("moteneba-pending-event-count")
    assert state.history[-1] == "event:return" and state.current_player == 0
    assert state.pending == ("return", None) and "return" not in state.hands[0]
    for seat in (None, 1, 2):
        assert state.view(seat) == before.view(seat), seat
    assert state.view(1)["table"]["players"][0]["event_count"] == len(before.hands[0])   # was one less
    assert state.view(0)["table"]["pending"] == {"seat": 0, "kind": "return", "colour": None}
    state.apply("cancel")
    assert all_views(state) == all_views(before)


# ---------------------------------------------------------------------- Mottainai, T8a
@check("mottainai-kite-wing-end")
def mottainai_kite_wing_end():
    """The last action makes P0's Kite a copy of Go Set: P0's Gift Shop counts five works and the
    game ends right there."""
    before = load_case("mottainai-kite-wing-end", drop_last=1)
    assert not before.is_over
    assert max(len(before.wing_works(0, w)) for w in mottainai.WINGS) < before.works_to_end
    state = load_case("mottainai-kite-wing-end")
    kite = next(w for w in state.works(0) if state.copy_of(w) is not None)
    assert mottainai.kind_of(state.copy_of(kite)).key == "go-set"
    assert len(state.wing_works(0, "gift_shop")) == state.works_to_end == 5
    assert state.is_over and state.end_reason == "wing" and state.legal_actions() == []
    assert state.log[-4] == "{P0} has 5 works in one wing: the game ends at once."


# ---------------------------------------------------------------------- Mottainai, T10a
@check("mottainai-kite-double-bonus")
def mottainai_kite_double_bonus():
    """P0's Kite copies Lampshade, which P0 already has: the copy adds nothing (the tie backorder
    of the Bell in hand counted once, by the real Lampshade); the Kite scores as a Paper 1."""
    state = load_case("mottainai-kite-double-bonus")
    assert state.is_over
    kite = next(w for w in state.works(0) if state.copy_of(w) is not None)
    assert mottainai.kind_of(state.copy_of(kite)).key == "lampshade"
    assert any(mottainai.kind_of(w).key == "lampshade" for w in state.works(0))
    breakdown = state.score_breakdown(0)
    by_card = dict(breakdown["bonus_cards"])
    assert by_card["Lampshade"] == 3                      # the Bell (Metal 3) on a tie for sales
    assert by_card["Kite (as Lampshade)"] == 1 - 2        # only the value: Paper 1 instead of Cloth 2
    assert breakdown["total"] == 21 and state.scores()[0] == 21     # was 24
    assert state.winners() == [0]


# ---------------------------------------------------------------------- every case, its check
def case_names() -> list[str]:
    return sorted(p.stem for p in CASES.glob("*.json"))


def test_every_case_file_has_a_check():
    assert case_names() and set(case_names()) == set(CHECKS)


@pytest.mark.parametrize("name", case_names())
def test_case(name):
    case = read_case(name)
    assert case["note"]
    CHECKS[name]()
