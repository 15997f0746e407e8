"""Replays through the bridge (engine/replay.py): the position at every step of a recorded game.

A replay view of a seat at step k must be exactly the view that seat had at step k while the game
was played (so it never shows more than the seat saw); all hands are shown only once the game is
over; the log lines and the seats that acted line up with the steps. A step is a decision as the
log tells it (an action that adds a log line), captioned with its lines.
"""

from __future__ import annotations

import json

import pytest

import engine
from engine import bridge, replay
from engine.bots import make_bot
from engine.registry import game_class, game_names
from engine.rng import Rng


def call(fn, arg=None):
    reply = json.loads(fn() if arg is None else fn(json.dumps(arg)))
    return reply


def ok(fn, arg=None):
    reply = call(fn, arg)
    assert reply["ok"], reply
    return reply


def played(name: str, num_players: int, seed: int, stop: int | None = None):
    """A game played by greedy bots, with every seat's and the spectator's view at each step."""
    state = engine.new_game(name, num_players, seed=seed)
    bot, rng = make_bot(name, "greedy"), Rng(seed)
    seen = []   # seen[k][seat] (seat num_players: the spectator) = the live view at step k
    while True:
        seen.append([state.view(s) for s in range(num_players)] + [state.view(None)])
        if state.is_over or len(state.history) == stop:
            return state, seen
        state.apply(bot.choose(state, state.current_player, rng))


def replay_view(step, seat, open_hands=False):
    return ok(bridge.replay_view, {"step": step, "seat": seat, "open": open_hands})["view"]


GAMES = [(name, n) for name in game_names()
         for n in sorted({game_class(name).info.min_players, game_class(name).info.max_players})]


@pytest.mark.parametrize("name,num_players", [(g, n) if n < 5 else pytest.param(g, n, marks=pytest.mark.slow)
                                              for g, n in GAMES],  # 5 seats: slow
                         ids=[f"{g}-{n}p" for g, n in GAMES])
def test_every_step_shows_the_view_each_seat_had_then(name, num_players):
    state, seen = played(name, num_players, seed=num_players * 11 + 1)
    ok(bridge.load, state.save())
    info = ok(bridge.replay_info)["replay"]
    steps, at = info["steps"], info["actions"]
    assert info["is_over"] is True and info["log"] == state.log
    assert at[0] == 0 and at[-1] == len(state.history) and at == sorted(set(at)) and len(at) == steps + 1
    # forwards, backwards, and in jumps (checkpoints and the cursor both get used)
    order = (list(range(steps + 1)) + list(range(steps, -1, -1))
             + [(k * 37) % (steps + 1) for k in range(steps + 1)])
    for k in order:
        for seat in list(range(num_players)) + [None]:
            view = replay_view(k, seat)
            assert view.pop("step") == k
            assert view == seen[at[k]][num_players if seat is None else seat], f"step {k}, seat {seat}"


@pytest.mark.parametrize("name", game_names())
def test_log_lines_and_actors_line_up_with_the_steps(name):
    num_players = game_class(name).info.min_players
    state, seen = played(name, num_players, seed=5)
    ok(bridge.load, state.save())
    info = ok(bridge.replay_info)["replay"]
    log_steps = info["log_steps"]
    assert len(log_steps) == len(info["log"]) and log_steps == sorted(log_steps)
    assert log_steps[0] == 0 or seen[0][-1]["log"] == []
    at = info["actions"]
    for k in range(info["steps"] + 1):
        shown = [line for line, step in zip(info["log"], log_steps) if step <= k]
        assert seen[at[k]][-1]["log"] == shown, f"the log at step {k}"
        if k < info["steps"]:
            assert info["actors"][k] == seen[at[k + 1] - 1][-1]["current_player"]
    # every step is one decision with its caption in the game's words: the log lines it added
    assert all(info["captions"][k] for k in range(1, info["steps"] + 1))
    assert sum(info["captions"], []) == info["log"]


def test_a_motto_play_is_one_step_with_its_caption():
    state, _ = played("motto", 2, seed=5)
    ok(bridge.load, state.save())
    info = ok(bridge.replay_info)["replay"]
    assert info["steps"] < len(state.history)         # choosing three cards is part of the play
    k = next(k for k in range(1, info["steps"] + 1) if state.history[info["actions"][k] - 1] == "confirm")
    assert info["actions"][k] - info["actions"][k - 1] == 4      # select, select, select, confirm
    assert " plays " in info["captions"][k][0]


@pytest.mark.parametrize("name", game_names())
def test_open_hands_only_once_the_game_is_over(name):
    num_players = game_class(name).info.max_players
    state, _ = played(name, num_players, seed=8, stop=40)
    ok(bridge.load, state.save())
    for seat in (None, 0):
        reply = call(bridge.replay_view, {"step": 10, "seat": seat, "open": True})
        assert reply == {"ok": False, "error": "all hands can be shown only once the game is over"}
    assert "open_hands" not in replay_view(10, None)

    state, seen = played(name, num_players, seed=8)
    ok(bridge.load, state.save())
    at = ok(bridge.replay_info)["replay"]["actions"]
    for step in (0, 7, len(at) - 1):
        k = at[step]
        view = replay_view(step, None, open_hands=True)
        hands = view["open_hands"]
        assert [h["seat"] for h in hands] == list(range(num_players))
        for seat, holding in enumerate(hands):
            own = seen[k][seat]["table"]
            if name == "moteneba":
                assert holding["events"] == own["events"]
            else:
                assert holding["hand"] == own["hand"]   # the same card shapes as the seat's own view
        assert json.dumps(hands).count("deck_order") == 0


def test_mottainai_open_hands_show_the_waiting_area_and_face_down_tasks():
    state = engine.new_game("mottainai", 3, seed=2)
    hands = state.open_hands()
    # the starting cards (face down) of the seats whose first morning has not come yet
    assert [h["face_down_task"] is not None for h in hands] == [s != state.current_player for s in range(3)]
    assert all(h["waiting"] == [] and len(h["hand"]) == 5 for h in hands)
    assert all(p["task"] is None for p in state.view(None)["table"]["players"])


def test_bad_steps_seats_and_settings_are_refused_clearly():
    state, _ = played("motto", 2, seed=3)
    ok(bridge.load, state.save())
    steps = ok(bridge.replay_info)["replay"]["steps"]
    before = ok(bridge.save)["save"]
    bad = {
        json.dumps({"step": steps + 1, "seat": 0}): f"the step must be a whole number from 0 to {steps}",
        json.dumps({"step": -1}): "the step must be a whole number",
        json.dumps({"step": "3"}): "the step must be a whole number",
        json.dumps({"step": True}): "the step must be a whole number",
        json.dumps({"seat": 0}): f"replay_view needs a step, 0..{steps}",
        json.dumps({"step": 1, "seat": 2}): "the seat must be a whole number from 0 to 1",
        json.dumps({"step": 1, "seat": 1.0}): "the seat must be a whole number",
        json.dumps({"step": 1, "open": "yes"}): "open must be true or false",
        json.dumps({"step": 1, "hands": True}): "replay_view has no setting 'hands'",
        json.dumps([1]): "replay_view's argument must be a JSON object",
        "{not json": "",
    }
    for arg, message in bad.items():
        reply = json.loads(bridge.replay_view(arg))
        assert reply["ok"] is False and message in reply["error"], (arg, reply)
    assert ok(bridge.save)["save"] == before


def test_the_replay_follows_the_game_as_it_goes_on():
    ok(bridge.new_game, {"game": "motto", "num_players": 2, "seed": 4})
    assert ok(bridge.replay_info)["replay"]["steps"] == 0
    seat = ok(bridge.view, 0)["view"]["current_player"]
    ok(bridge.apply, {"seat": seat, "action": "draw"})
    info = ok(bridge.replay_info)["replay"]
    assert info["steps"] == 1 and info["actors"] == [seat] and info["is_over"] is False
    assert replay_view(1, None) == {**json.loads(bridge.view("null"))["view"], "step": 1}
    ok(bridge.new_game, {"game": "moteneba", "num_players": 3, "seed": 4})
    assert replay_view(0, 1)["game"] == "moteneba"


def test_a_long_mottainai_game_steps_without_replaying_from_the_start(monkeypatch):
    """Stepping costs one action forwards and at most CHECKPOINT_EVERY actions backwards."""
    state, _ = played("mottainai", 4, seed=1)
    ok(bridge.load, state.save())
    steps = ok(bridge.replay_info)["replay"]["steps"]
    assert steps > 4 * replay.CHECKPOINT_EVERY
    applied = {"count": 0}
    original = engine.core.State.apply

    def counting(self, *args, **kwargs):
        applied["count"] += 1
        return original(self, *args, **kwargs)

    monkeypatch.setattr(engine.core.State, "apply", counting)
    replay_view(0, None)
    for k in range(1, steps + 1):
        replay_view(k, None)
    assert applied["count"] == len(state.history)     # "next" all the way: each action once
    applied["count"] = 0
    for k in range(steps, -1, -1):
        replay_view(k, None)
    assert applied["count"] <= (steps + 1) * replay.CHECKPOINT_EVERY


@pytest.mark.parametrize("name", game_names())
def test_open_hands_are_new_data_on_every_call(name):
    state, _ = played(name, game_class(name).info.min_players, seed=9, stop=60)
    before = json.dumps(state.open_hands())
    hands = state.open_hands()
    for holding in hands:
        for value in holding.values():
            if isinstance(value, list):
                for item in value:
                    item.clear() if isinstance(item, dict) else None
                value.clear()
            elif isinstance(value, dict):
                value.clear()
        holding.clear()
    assert json.dumps(state.open_hands()) == before


def test_replay_view_after_a_number_of_actions_is_the_view_the_seat_had_then():
    """``replay_view`` with ``after``: the view after any number of actions, in the middle of a
    decision too (a Motto play being built), exactly as the seat saw it then."""
    import json

    from engine import bridge

    assert json.loads(bridge.new_game(json.dumps({"game": "motto", "num_players": 3, "seed": 11})))["ok"]
    seen = {}
    for _ in range(60):
        status = json.loads(bridge.view("0"))["status"]
        if status["is_over"]:
            break
        for seat in range(3):
            seen[(status["actions"], seat)] = json.loads(bridge.view(str(seat)))["view"]
        cp = status["current_player"]
        ids = [a["id"] for a in json.loads(bridge.view(str(cp)))["view"]["legal_actions"]]
        # build plays where possible, so positions in the middle of a decision are seen too
        choice = next((i for i in ids if i.startswith(("select:", "confirm"))), ids[0])
        assert json.loads(bridge.apply(json.dumps({"seat": cp, "action": choice})))["ok"]
    assert any(v["table"].get("selection") for v in seen.values()), "no play was built"
    for (after, seat), view in seen.items():
        reply = json.loads(bridge.replay_view(json.dumps({"after": after, "seat": seat})))
        assert reply["ok"], reply
        got = reply["view"]
        assert got.pop("after") == after
        assert got == view, (after, seat)
    refused = json.loads(bridge.replay_view(json.dumps({"after": 1, "step": 1, "seat": 0})))
    assert not refused["ok"] and "needs a step" in refused["error"]
    refused = json.loads(bridge.replay_view(json.dumps({"after": 10_000, "seat": 0})))
    assert not refused["ok"]
