"""Undo: a seat may take back its own decisions until something new was revealed.

The property tests play seeded random games of every game and, after every action, decide
independently of the engine's bookkeeping whether the action told the acting seat anything new:
the state before the action is re-dealt (``determinize``: everything that seat cannot see, and
the random generator) and the same action applied; if the seat's view afterwards can differ
from the real one, the action revealed something, and undo must be refused. Whenever undo is
offered, taking it back must give exactly the earlier view and state.
"""

from __future__ import annotations

import json

import pytest

import engine
from engine import bridge
from engine.core import IllegalActionError
from engine.rng import Rng
from registry_cases import smallest_plain_and_largest_with_house_rules



def call(fn, *args):
    return json.loads(fn(*[a if isinstance(a, str) or a is None else json.dumps(a) for a in args]))

#: every registered game at its smallest player count, and at its largest with its house rules on
GAMES = smallest_plain_and_largest_with_house_rules()


def revealed_to(before, action_id: str, seat: int, after_view: dict, tries: int = 2) -> bool:
    """Whether applying ``action_id`` to ``before`` can show ``seat`` something it did not know:
    some re-deal of what ``seat`` cannot see (and of the random generator) gives another view."""
    for k in range(tries):
        other = before.determinize(seat, Rng(1000 + k))
        other.apply(action_id)
        if other.view(seat) != after_view:
            return True
    return False


def play(name: str, n: int, options: dict, seed: int, limit: int):
    """Seeded random play (cancel-like steps included); yields after every action
    ``(state, before, action_id, actor, view_before)``."""
    state = engine.new_game(name, n, seed=seed, options=options)
    rng = Rng(seed)
    while not state.is_over and len(state.history) < limit:
        actor = state.current_player
        before = state.clone()
        view_before = state.view(actor)
        action_id = rng.choice(state.legal_actions()).id
        state.apply(action_id)
        yield state, before, action_id, actor, view_before


@pytest.mark.parametrize("name,n,options", GAMES)
def test_undo_never_shows_anything_new_and_restores_exactly(name, n, options):
    offered = refused_after_reveal = 0
    for seed in (1, 2):
        for state, before, action_id, actor, view_before in play(name, n, options, seed, 300):
            after_view = state.view(actor)
            chance = state.rng.state != before.rng.state
            leak = chance or revealed_to(before, action_id, actor, after_view)
            if state.can_undo(actor):
                assert not leak, f"undo offered after {action_id!r}, which showed {actor} something new"
                offered += 1
                if offered % 4 == 1:          # a replay per check: sample them to stay fast
                    again = state.clone()
                    assert again.undo(actor) == action_id
                    assert again.view(actor) == view_before
                    assert again.save() == before.save()
                    assert again.can_undo(actor) == before.can_undo(actor)
                    again.apply(action_id)     # and redoing gives the same state again
                    assert again.view(actor) == after_view
            elif leak and not state.is_over and state.current_player == actor:
                refused_after_reveal += 1
                with pytest.raises(IllegalActionError, match="undo is not possible once"):
                    state.clone().undo(actor)
            # a seat that is not to move can never undo
            for seat in range(n):
                if seat != state.current_player:
                    assert not state.can_undo(seat)
    assert offered > 0  # the test saw undos offered, so it checks something


def walk_back(state, seat: int) -> list[str]:
    """Undo as far as allowed; the ids taken back, last first."""
    undone = []
    while state.can_undo(seat):
        undone.append(state.undo(seat))
    return undone


def test_motto_selection_steps_are_undone_one_at_a_time():
    state = engine.new_game("motto", 2, seed=5, options={"first_player": "1"})
    assert not state.can_undo(0)
    with pytest.raises(IllegalActionError, match="nothing has been done yet"):
        state.undo(0)
    # play until seat 0 holds a hand with a play: select steps are own decisions
    rng = Rng(3)
    while not any(a.id.startswith("select:") for a in state.legal_actions()) or state.current_player != 0:
        state.apply(rng.choice([a for a in state.legal_actions() if a.id != "cancel"]).id)
    views = [state.view(0)]
    saves = [state.save()]
    for _ in range(2):
        select = next(a.id for a in state.legal_actions() if a.id.startswith("select:"))
        state.apply(select, seat=0)
        views.append(state.view(0))
        saves.append(state.save())
    assert state.can_undo(0) and not state.can_undo(1)
    with pytest.raises(IllegalActionError, match="not your turn"):
        state.undo(1)
    state.undo(0)
    assert state.view(0) == views[1] and state.save() == saves[1]
    state.undo(0)
    assert state.view(0) == views[0] and state.save() == saves[0]
    assert not state.can_undo(0)  # the opponent's turn came before: nothing older is ours
    with pytest.raises(IllegalActionError, match="no decision since"):
        state.undo(0)
    assert state.save() == saves[0]


def test_motto_draw_and_take_close_the_window():
    for first in ("draw", "take:0"):
        state = engine.new_game("motto", 2, seed=8, options={"first_player": "1"})
        state.apply(first)
        # the turn has passed: the drawer is not to move, the next seat has done nothing
        assert not state.can_undo(0) and not state.can_undo(1)
        assert state._undo_floor == 1


def test_a_draw_in_mottainai_closes_the_window_within_the_turn():
    """Mottainai: a choice that shows nothing (the task's action) can be taken back; a draw
    (Tailor's "done", a Prayer with actions left...) cannot, though the turn goes on."""
    seen_choice = seen_draw = False
    for seed in range(30):
        state, rng = engine.new_game("mottainai", 2, seed=seed), Rng(seed)
        while not state.is_over and not (seen_choice and seen_draw):
            seat = state.current_player
            for action in state.legal_actions():
                after = state.clone()
                after.apply(action.id)
                if after.current_player != seat:
                    continue
                if not seen_choice and action.id in ("clerk", "monk", "tailor", "potter", "smith"):
                    assert after.can_undo(seat)
                    assert after.undo(seat) == action.id and after.save() == state.save()
                    seen_choice = True
                elif not seen_draw and after.view(seat)["table"]["deck_count"] < state.view(seat)["table"]["deck_count"]:
                    assert not after.can_undo(seat)
                    with pytest.raises(IllegalActionError, match="undo is not possible once a new card was seen"):
                        after.undo(seat)
                    assert after.save()["actions"] == state.save()["actions"] + [action.id]
                    seen_draw = True
            state.apply(rng.choice([a for a in state.legal_actions() if a.id != "cancel"]).id)
        if seen_choice and seen_draw:
            return
    pytest.fail(f"not found: an undoable choice {seen_choice}, a draw within a turn {seen_draw}")


def test_moteneba_draft_is_chance_and_the_game_end_blocks_undo():
    state = engine.new_game("moteneba", 3, seed=4)
    # the draft pile was drawn at random before any decision; drafting is a decision
    seat = state.current_player
    view0 = state.view(seat)
    state.apply(state.legal_actions()[0].id)
    if state.current_player == seat:
        assert state.can_undo(seat)
    else:
        assert not state.can_undo(seat) and not state.can_undo(state.current_player)
    rng = Rng(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()).id)
    assert not any(state.can_undo(s) for s in range(3))
    with pytest.raises(IllegalActionError, match="game is over"):
        state.undo(0)
    del view0


def test_bad_seats_are_refused_with_a_sentence():
    state = engine.new_game("motto", 3, seed=1)
    for bad in (-1, 3, True, "0", None, 1.0):
        with pytest.raises(IllegalActionError, match="seat must be a whole number"):
            state.undo(bad)
        assert not state.can_undo(bad)


def test_bridge_undo_and_status():
    status = call(bridge.new_game, {"game": "motto", "num_players": 2, "seed": 5,
                                    "options": {"first_player": "1"}})["status"]
    assert status["can_undo"] is False
    refused = bridge.undo('{"seat": 0}')
    assert '"ok": false' in refused and "nothing has been done yet" in refused
    rng = Rng(3)
    view = call(bridge.view, "0")["view"]
    while not any(a["id"].startswith("select:") for a in view["legal_actions"]):
        seat = call(bridge.view, "null")["view"]["current_player"]
        choices = [a["id"] for a in call(bridge.view, str(seat))["view"]["legal_actions"] if a["id"] != "cancel"]
        call(bridge.apply, {"seat": seat, "action": rng.choice(choices)})
        view = call(bridge.view, "0")["view"]
    select = next(a for a in view["legal_actions"] if a["id"].startswith("select:"))
    status = call(bridge.apply, {"seat": 0, "action": select["id"]})["status"]
    assert status["can_undo"] is True
    assert '"ok": false' in bridge.undo('{"seat": 1}')
    assert '"ok": false' in bridge.undo('{"seat": "x"}')
    assert '"ok": false' in bridge.undo("[]")
    reply = call(bridge.undo, {"seat": 0})
    assert reply["undone"] == {"id": select["id"], "label": select["label"]}
    assert reply["status"]["actions"] == status["actions"] - 1 and reply["status"]["can_undo"] is False
    assert call(bridge.view, "0")["view"] == view


@pytest.mark.parametrize("card,use,seen", [("dice", "use:dice", True), ("fan", "use:fan", True),
                                           ("puppet", "use:puppet:1", False)])
def test_mottainai_effects_that_look_at_hidden_cards_close_the_window(card, use, seen):
    """Dice turns up the top card, Fan looks at the top three, Puppet swaps hands (the
    opponent's hand goes face down into the waiting area: seen at night, but an opponent's
    secret hand changed places, so it is final too): before the effect the Tailor choice can be
    taken back, after it nothing can."""
    from mottainai_helpers import Table
    t = Table()
    s = t.s
    t.no_tasks()
    t.put("gallery", 0, card)
    t.put("task", 1, "robe")                        # Tailor
    t.put("task", 0, "tower")
    t.set_hand(0, "scroll", "crane")
    t.set_hand(1, "bell", "kite")
    t.noon(0)
    t.play("tailor")
    assert s.current_player == 0 and s.can_undo(0)
    assert use in t.ids()
    before = s.clone()
    t.play(use)
    assert revealed_to(before, use, 0, s.view(0)) == seen   # seat 0's view depends on hidden cards
    assert s.current_player == 0 and not s.can_undo(0)
    with pytest.raises(IllegalActionError, match="undo is not possible once a new card was seen"):
        s.clone().undo(0)
