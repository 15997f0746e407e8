"""Forced steps: a step with one possible answer that shows the player nothing is taken for them
by the engine and logged (Moteneba's +3 Power step for a player holding no +3 Power card). It is
no decision: not in the history, the save, undo or a replay. Saves made before the engine took
such steps (their actions include the answer) still load to the same position and play on."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine.bots import make_bot
from engine.rng import Rng

SAVES = Path(__file__).with_name("saves")
DONE_LINE = "{P%d} is done with +3 Power."


def play(state, rng, until=None):
    bot = make_bot(state.info.name, "greedy")
    while not state.is_over and not (until and until(state)):
        assert not (state.phase == "power" and "power" not in state.hands[state.current_player]), \
            "a player without a +3 Power card was asked to say done"
        state.apply(bot.choose(state, state.current_player, rng))
    return state


@pytest.mark.parametrize("seed", [0, 2, 5])
def test_the_engine_says_done_for_a_player_without_power_and_logs_it(seed):
    state = play(engine.new_game("moteneba", 3, seed=seed), Rng(seed))
    forced = sum(line == DONE_LINE % seat for line in state.log for seat in range(3))
    said = state.history.count("done")
    assert forced > said, "no forced +3 Power step in this game"   # some "done"s were the engine's
    again = engine.load(state.save())
    assert again.log == state.log and again.history == state.history and again.scores() == state.scores()


def test_a_forced_step_is_not_in_the_history():
    def before_a_forced_step(st):
        return (st.phase == "power" and "power" in st.hands[st.current_player]
                and any("power" not in st.hands[seat] for seat in st.power_queue))

    for seed in range(40):
        state = play(engine.new_game("moteneba", 3, seed=seed), Rng(seed), until=before_a_forced_step)
        if not state.is_over:
            break
    before = state.save()
    lines = len(state.log)
    state.apply("done")
    # this player said done; the engine said it for the next ones (no +3 Power card), then scored
    done = [line for line in state.log[lines:] if line.endswith("is done with +3 Power.")]
    assert len(done) >= 2 and state.phase != "power"
    assert state.save()["actions"] == before["actions"] + ["done"]


@pytest.mark.parametrize("name", ["moteneba-before-forced-steps", "moteneba-asked-to-say-done"])
def test_saves_from_before_forced_steps_still_load_and_play_on(name):
    saved = json.loads((SAVES / name).with_suffix(".json").read_text())
    assert "forced_steps" not in saved                                  # as the old engine wrote it
    state = engine.load(saved)
    expect = saved["expect"]
    assert state.log[:len(expect["log"])] == expect["log"]        # the same game, line for line
    if "view_seat0" in expect:
        view = {k: v for k, v in state.view(0).items() if k != "moments"}   # the marks came later
        assert view == expect["view_seat0"] and state.current_player == expect["current_player"]
        assert len(state.history) < len(saved["actions"])      # the forced answers are left out
    else:   # saved when the player was asked "Say done": the engine said it on loading
        assert expect["prompt"].endswith("you have no +3 Power card to play. Say done.")
        assert state.log[len(expect["log"])] == DONE_LINE % expect["current_player"]
    resaved = state.save()
    assert resaved["format"] == "moteplay-save-2" and engine.load(resaved).view(0) == state.view(0)
    play(state, Rng(1))
    assert state.is_over and engine.load(state.save()).scores() == state.scores()
