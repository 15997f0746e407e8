"""Hints: the hard bot's suggestion for the seat to move (``Bot.suggest``, bridge ``hint``).

A suggestion is a legal action with a short plain reason; asking for one changes nothing in the
game; it is refused when the game is over or the seat is not to move; and it is honest: two
states that differ only in what the seat cannot see get the same suggestion and reason.
"""

from __future__ import annotations

import json
import re

import pytest

import engine
from engine import bridge
from engine.bots import Suggestion, make_bot
from engine.core import game_class, game_names
from engine.rng import Rng

#: a small fixed budget: repeatable and quick
BUDGET = {"iterations": 12}


def hard(game):
    return make_bot(game, "hard", max_rollout=40)


def fingerprint(state) -> str:
    views = [state.view(seat) for seat in range(state.num_players)] + [state.view(None)]
    return json.dumps([state.save(), views, state.rng.state, state.history], sort_keys=True)


def positions(game, n, seed, every=3, limit=8):
    """Positions of a game played with random moves: every ``every``-th one, at most ``limit``."""
    state = engine.new_game(game, n, seed=seed)
    mover, rng, step, found = make_bot(game, "random"), Rng(seed), 0, 0
    while not state.is_over and found < limit:
        if step % every == 0:
            found += 1
            yield state
        state.apply(mover.choose(state, state.current_player, rng))
        step += 1


PLAYER_COUNTS = [(game, n) for game in game_names()
                 for n in sorted({game_class(game).info.min_players, game_class(game).info.max_players})]


@pytest.mark.parametrize("game,n", PLAYER_COUNTS)
def test_suggestion_is_a_legal_action_with_a_plain_reason_and_changes_nothing(game, n):
    for state in positions(game, n, seed=31 + n):
        seat = state.current_player
        before = fingerprint(state)
        suggestion = hard(game).suggest(state, seat, Rng(7), **BUDGET)
        assert fingerprint(state) == before
        assert isinstance(suggestion, Suggestion)
        assert suggestion.action in {a.id for a in state.legal_actions()}
        assert suggestion.line and suggestion.line[0] == suggestion.action
        reason = suggestion.reason
        assert reason and reason.endswith(".") and len(reason) < 300
        # plain words: no action ids or internal names, only {P0}-style seat names in braces
        assert not re.search(r"\w+:\w+|_|\{(?!P\d\})", reason), reason


@pytest.mark.parametrize("game,n", PLAYER_COUNTS)
def test_suggestion_is_honest_reshuffling_unseen_cards_never_changes_it(game, n):
    """Same seat, same bot seed and budget: a state re-dealt in everything the seat cannot see
    gets the same action and the same reason (so the reason cannot name a hidden card)."""
    checked = 0
    for state in positions(game, n, seed=41 + n, every=4, limit=8):
        seat = state.current_player
        expected = hard(game).suggest(state, seat, Rng(99), **BUDGET)
        for k in range(2):
            redealt = state.determinize(seat, Rng(k))
            assert hard(game).suggest(redealt, seat, Rng(99), **BUDGET) == expected
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("game", game_names())
def test_reasons_speak_of_the_game_and_of_the_simulated_plays(game):
    reasons = [hard(game).suggest(state, state.current_player, Rng(3), **BUDGET).reason
               for state in positions(game, game_class(game).info.min_players, seed=5, every=2, limit=20)]
    assert any("simulated" in r for r in reasons)
    words = {"motto": r"(With your hand|^Play) .*token|^No card on the table", "mottainai": r"points|ahead",
             "moteneba": r"hearts|ahead"}[game]
    assert any(re.search(words, r) for r in reasons), reasons


def test_a_single_legal_action_is_suggested_as_the_only_choice():
    for state in positions("mottainai", 2, seed=8, every=1, limit=200):
        if len(state.legal_actions()) == 1:
            suggestion = hard("mottainai").suggest(state, state.current_player, Rng(1), **BUDGET)
            assert suggestion.action == state.legal_actions()[0].id
            assert suggestion.reason == "It is your only choice."
            return
    pytest.fail("no position with a single legal action")


@pytest.mark.parametrize("game", game_names())
def test_other_bots_suggest_their_own_choice(game):
    state = next(positions(game, game_class(game).info.min_players, seed=2, limit=1))
    greedy = make_bot(game, "greedy")
    suggestion = greedy.suggest(state, state.current_player, Rng(4))
    assert suggestion.action == make_bot(game, "greedy").choose(state, state.current_player, Rng(4))
    assert suggestion.reason


def test_a_time_budget_still_searches_at_least_once():
    state = engine.new_game("motto", 2, seed=3)
    bot = hard("motto")
    suggestion = bot.suggest(state, state.current_player, Rng(1), seconds=0.001)
    assert suggestion.action in {a.id for a in state.legal_actions()}
    assert bot.last_iterations >= 1


# ---------------------------------------------------------------------- the bridge


def ok(reply: str) -> dict:
    data = json.loads(reply)
    assert data["ok"], data
    return data


def refused(reply: str) -> str:
    data = json.loads(reply)
    assert data["ok"] is False
    return data["error"]


@pytest.mark.parametrize("game", game_names())
def test_bridge_hint_leaves_the_game_exactly_as_it_was(game):
    n = game_class(game).info.min_players
    ok(bridge.new_game(json.dumps({"game": game, "num_players": n, "seed": 12})))
    for _ in range(5):
        seat = ok(bridge.view("null"))["view"]["current_player"]
        saved, rng, history = bridge.save(), bridge._game.rng.state, list(bridge._game.history)
        views = [bridge.view(json.dumps(s)) for s in range(n)]
        reply = ok(bridge.hint(json.dumps({"seat": seat, "iterations": 10})))
        assert bridge.save() == saved and bridge._game.rng.state == rng and bridge._game.history == history
        assert [bridge.view(json.dumps(s)) for s in range(n)] == views
        legal = {a["id"]: a["label"] for a in ok(bridge.view(json.dumps(seat)))["view"]["legal_actions"]}
        assert reply["label"] == legal[reply["action"]]
        assert reply["line"][0] == reply["action"] and reply["reason"]
        # the same position and budget: the same hint
        assert ok(bridge.hint(json.dumps({"seat": seat, "iterations": 10}))) == reply
        ok(bridge.bot_turn(json.dumps({"seat": seat, "bot": "random", "seed": 1})))


def test_bridge_hint_is_refused_when_it_is_not_your_turn_or_the_game_is_over():
    ok(bridge.new_game(json.dumps({"game": "motto", "num_players": 2, "seed": 1})))
    seat = ok(bridge.view("null"))["view"]["current_player"]
    saved = bridge.save()
    error = refused(bridge.hint(json.dumps({"seat": 1 - seat})))
    assert error == f"there is no move to suggest: it is {{P{seat}}}'s turn, not {{P{1 - seat}}}'s"
    assert "seconds must be a number above 0 and at most 2" in refused(bridge.hint(json.dumps({"seat": seat, "seconds": 9})))
    assert "seconds" in refused(bridge.hint(json.dumps({"seat": seat, "seconds": 0})))
    assert "iterations" in refused(bridge.hint(json.dumps({"seat": seat, "iterations": 10**6})))
    assert "the seat" in refused(bridge.hint(json.dumps({"seat": 5})))
    assert "hint's argument must be a JSON object" in refused(bridge.hint("[1]"))
    assert bridge.save() == saved
    while not ok(bridge.view("null"))["view"]["is_over"]:
        current = ok(bridge.view("null"))["view"]["current_player"]
        ok(bridge.bot_turn(json.dumps({"seat": current, "bot": "random", "seed": 2})))
    assert refused(bridge.hint(json.dumps({"seat": 0}))) == "the game is over: there is no move to suggest"


def test_the_page_can_call_hint_and_the_contract_lists_it():
    """The worker only forwards the bridge functions it lists; the contract documents them."""
    import importlib.util
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("engine_worker", root / "web" / "py" / "engine_worker.py")
    worker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(worker)
    ok(bridge.new_game(json.dumps({"game": "motto", "num_players": 2, "seed": 4})))
    seat = ok(bridge.view("null"))["view"]["current_player"]
    assert ok(worker.call("hint", json.dumps({"seat": seat, "iterations": 8})))["action"]
    contract = (root / "docs" / "bridge-contract.md").read_text(encoding="utf-8")
    assert "| `hint(spec)` |" in contract
    assert f"`0 < seconds <= {bridge.MAX_HINT_SECONDS:g}`" in contract
    assert f"`1..{bridge.MAX_HINT_ITERATIONS}`" in contract
