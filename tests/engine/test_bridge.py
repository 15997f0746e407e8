"""The JSON bridge the browser worker calls: strings in, strings out, errors as messages."""

from __future__ import annotations

import json

import pytest

from engine import bridge


def call(fn, *args):
    return json.loads(fn(*[a if isinstance(a, str) or a is None else json.dumps(a) for a in args]))


def test_a_whole_game_through_the_bridge():
    games = call(bridge.list_games)
    assert games["ok"] and "motto" in [g["name"] for g in games["games"]]
    motto = next(g for g in games["games"] if g["name"] == "motto")
    assert {"random", "greedy"} <= {b["name"] for b in motto["bots"]}
    status = call(bridge.new_game, {"game": "motto", "num_players": 3, "seed": 9, "options": {}})["status"]
    assert status["current_player"] in (0, 1, 2) and not status["is_over"]
    first = status["current_player"]
    view = call(bridge.view, first)["view"]
    assert view["legal_actions"] and "hand" in view["table"]
    reply = call(bridge.apply, {"seat": first, "action": "draw"})
    assert reply["ok"] and reply["status"]["current_player"] == (first + 1) % 3
    status = reply["status"]
    for _ in range(500):
        if status["is_over"]:
            break
        turn = call(bridge.bot_turn, {"seat": status["current_player"], "bot": "greedy", "seed": 1})
        assert turn["ok"] and turn["actions"]
        status = turn["status"]
    assert status["is_over"] and status["winners"] and len(status["scores"]) == 3
    saved = call(bridge.save)["save"]
    assert call(bridge.load, saved)["status"]["scores"] == status["scores"]
    assert call(bridge.view, "null")["view"]["result"]["winners"] == status["winners"]


def test_errors_are_messages_and_change_nothing():
    call(bridge.new_game, {"game": "motto", "num_players": 2, "seed": 3})
    before = call(bridge.save)["save"]
    seat = call(bridge.view, "null")["view"]["current_player"]
    for bad in ({"seat": 1 - seat, "action": "draw"}, {"seat": seat, "action": "fly"}):
        reply = call(bridge.apply, bad)
        assert reply["ok"] is False and reply["error"]
    assert "not your turn" in call(bridge.apply, {"seat": 1 - seat, "action": "draw"})["error"]
    assert call(bridge.load, "{not json")["ok"] is False
    assert "unknown game" in call(bridge.load, {**before, "game": "chess"})["error"]
    assert call(bridge.new_game, {"game": "motto", "num_players": 7})["ok"] is False
    assert call(bridge.bot_turn, {"seat": 1 - seat, "bot": "greedy"})["ok"] is False
    assert call(bridge.save)["save"] == before


def test_a_bug_is_reported_as_internal_with_its_traceback(monkeypatch):
    """An exception that is not a refusal (a bug in the rules) is never dressed as "not allowed":
    the reply is flagged internal and carries the traceback, which the page shows as a bug."""
    from engine.games.motto.rules import MottoState

    status = call(bridge.new_game, {"game": "motto", "num_players": 2, "seed": 3})["status"]
    seat = status["current_player"]

    def broken_apply(self, action):
        raise KeyError("card")

    def broken_table(self, seat):
        raise TypeError("unsupported operand type(s) for +: 'int' and 'str'")

    monkeypatch.setattr(MottoState, "_apply", broken_apply)
    monkeypatch.setattr(MottoState, "_table", broken_table)
    for reply, kind, where in ((call(bridge.apply, {"seat": seat, "action": "draw"}), "KeyError", "broken_apply"),
                               (call(bridge.view, seat), "TypeError", "broken_table"),
                               (call(bridge.bot_turn, {"seat": seat, "bot": "random"}), "KeyError", "broken_apply")):
        assert reply["ok"] is False and reply["internal"] is True, reply
        assert reply["error"].startswith(f"Internal engine error: {kind}")
        assert reply["traceback"].startswith("Traceback (most recent call last)")
        assert f"in {where}" in reply["traceback"] and kind in reply["traceback"]
    # a damaged save is still a refusal, and a bug while loading a sound one is internal
    saved = call(bridge.save)["save"]
    refused = call(bridge.load, {**saved, "game": "chess"})
    assert refused["ok"] is False and "internal" not in refused and "unknown game" in refused["error"]
    def broken_setup(self):
        raise IndexError("list index out of range")

    monkeypatch.setattr(MottoState, "_setup", broken_setup)
    loaded = call(bridge.load, saved)
    assert loaded["ok"] is False and loaded["internal"] is True, loaded
    assert "IndexError" in loaded["error"] and "in broken_setup" in loaded["traceback"]


def test_refusals_are_not_internal():
    call(bridge.new_game, {"game": "motto", "num_players": 2, "seed": 3})
    seat = call(bridge.view, "null")["view"]["current_player"]
    for reply in (call(bridge.apply, {"seat": 1 - seat, "action": "draw"}),
                  call(bridge.apply, {"seat": seat, "action": "fly"}),
                  call(bridge.view, 5), call(bridge.load, "{not json"),
                  call(bridge.new_game, {"game": "chess"}),
                  call(bridge.undo, {"seat": seat}),
                  call(bridge.hint, {"seat": 1 - seat}),
                  call(bridge.replay_view, {"step": -1})):
        assert reply["ok"] is False and reply["error"] and "internal" not in reply, reply


def test_a_computer_turn_gives_each_search_decision_its_own_budget(monkeypatch):
    """``bot_turn`` paces a search bot's turn by a budget per decision (the first at most
    ``DECISION_SECONDS``, each later one at most half of what is left of ``TURN_SECONDS``),
    passed to ``choose``; the bot's own settings are left as they were."""
    from engine.bots.search import SearchBot
    asked = []
    choose = SearchBot.choose

    def recording(self, state, seat, rng, seconds=None):
        asked.append((seconds, self.seconds))
        return choose(self, state, seat, rng, seconds=0.001)   # quick, whatever it was given

    monkeypatch.setattr(SearchBot, "choose", recording)
    for level in ("hard", "expert"):
        asked.clear()
        status = json.loads(bridge.new_game(json.dumps({"game": "mottainai", "num_players": 2, "seed": 3})))["status"]
        reply = json.loads(bridge.bot_turn(json.dumps({"seat": status["current_player"], "bot": level, "seed": 1})))
        assert reply["ok"] and reply["actions"] == len(asked) >= 1
        first = min(bridge.DECISION_SECONDS, 0.5 * bridge.TURN_SECONDS)
        assert first - 0.01 < asked[0][0] <= first
        assert all(0 < seconds <= bridge.DECISION_SECONDS and own == 1.0 for seconds, own in asked), asked


@pytest.mark.parametrize("game", ["motto", "mottainai", "moteneba"])
def test_bot_choose_finds_the_turn_bot_turn_plays_and_changes_nothing(game):
    """bot_choose searches on a copy: the game is untouched, and applying its actions one by
    one gives the very game bot_turn gives with the same bot and seed."""
    status = call(bridge.new_game, {"game": game, "num_players": 3, "seed": 5})["status"]
    for _ in range(12):
        if status["is_over"]:
            break
        seat, at = status["current_player"], status["actions"]
        before = call(bridge.save)["save"]
        chosen = call(bridge.bot_choose, {"seat": seat, "bot": "greedy", "seed": 4, "at": at})
        assert chosen["ok"] and chosen["at"] == at and chosen["actions"]
        assert call(bridge.save)["save"] == before
        turn = call(bridge.bot_turn, {"seat": seat, "bot": "greedy", "seed": 4})
        after = call(bridge.save)["save"]
        call(bridge.load, before)
        for action in chosen["actions"]:
            status = call(bridge.apply, {"seat": seat, "action": action})["status"]
        assert call(bridge.save)["save"] == after and status == turn["status"]


def test_bot_choose_is_refused_at_another_step():
    status = call(bridge.new_game, {"game": "motto", "num_players": 2, "seed": 3})["status"]
    seat = status["current_player"]
    reply = call(bridge.bot_choose, {"seat": seat, "bot": "greedy", "seed": 1, "at": status["actions"] + 1})
    assert reply["ok"] is False and "step" in reply["error"]
    assert call(bridge.bot_choose, {"seat": 1 - seat, "bot": "greedy", "seed": 1, "at": 0})["ok"] is False
    assert call(bridge.bot_choose, {"seat": seat, "bot": "greedy", "seed": 1})["ok"] is False
