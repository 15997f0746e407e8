"""Replay in the page (js/replay.js): step through a game, by mouse and by keyboard.

Finished games come from saves the engine writes in this process (bots play them out), loaded
through the page's "Load game" input, so no test plays a long game in the browser.
"""
from __future__ import annotations

import json

import pytest

import engine
from engine.bots import make_bot
from engine.replay import Replay
from engine.rng import Rng

from e2e.e2e_helpers import assert_no_axe_violations, wait_idle

NAMES = ["Alice", "Bob", "Cleo", "Dan"]


def finished(game: str, players: int, seed: int, stop: int | None = None) -> dict:
    """The save of a game played by greedy bots (to the end, or ``stop`` actions)."""
    state, bot, rng = engine.new_game(game, players, seed=seed), make_bot(game, "greedy"), Rng(seed)
    while not state.is_over and len(state.history) != stop:
        state.apply(bot.choose(state, state.current_player, rng))
    return state.save()


def load(page, tmp_path, saved: dict, kinds: list[str]) -> str:
    seats = [{"kind": "human", "bot": None, "name": NAMES[i]} if k == "human"
             else {"kind": "bot", "bot": k, "name": NAMES[i]} for i, k in enumerate(kinds)]
    path = tmp_path / f"{saved['game']}-{len(saved['actions'])}.json"
    path.write_text(json.dumps({**saved, "seats": seats}))
    page.set_input_files("[data-testid=load-file]", str(path))
    return wait_idle(page)


def at_step(saved: dict, step: int):
    """The game at replay step ``step`` (a step is a decision: it may hold several actions)."""
    state = engine.new_game(saved["game"], saved["num_players"], seed=saved["seed"], options=saved["options"])
    for action_id in saved["actions"][:stops(saved)[step]]:
        state.apply(action_id)
    return state


def stops(saved: dict) -> list[int]:
    """For each replay step, the number of actions before it."""
    return Replay(engine.load(saved)).info()["actions"]


def step_shown(page) -> int:
    return int(page.get_attribute("[data-testid=replay]", "data-step"))


def go(page, selector: str, step: int) -> None:
    page.click(selector)
    page.wait_for_function(f"document.querySelector('[data-testid=replay]').dataset.step === '{step}'")


def viewer_labels(page) -> list[str]:
    return page.eval_on_selector_all("[data-testid=replay-viewer] option", "els => els.map(e => e.textContent)")


def test_replay_a_finished_game(app, tmp_path):
    saved = finished("motto", 2, seed=4)
    steps = len(stops(saved)) - 1
    assert steps < len(saved["actions"])          # a play of three cards is one step
    assert load(app, tmp_path, saved, ["human", "greedy"]) == "over"
    app.click("[data-testid=result-replay]")
    wait_idle(app)
    assert app.evaluate("window.__app.phase") == "replay"
    assert app.is_hidden("[data-testid=result]")
    assert app.inner_text("[data-testid=replay-step]") == f"Step {steps} of {steps}"

    # after the end: everyone's hands, or any seat
    assert viewer_labels(app) == ["Everyone — all hands", "Alice", "Bob"]
    hands = at_step(saved, steps).open_hands()
    for seat in (0, 1):
        shown = app.eval_on_selector_all(f"[data-testid=open-hand][data-seat='{seat}'] [data-testid=open-hand-card]",
                                         "els => els.map(e => e.dataset.card)")
        assert shown == [c["key"] for c in hands[seat]["hand"]]
    assert app.locator("[data-testid=table] [data-testid=hand]").count() == 0   # the spectator's table
    assert_no_axe_violations(app, "replay with all hands open")

    # buttons: first, next, previous, last
    go(app, "[data-testid=replay-first]", 0)
    assert app.inner_text("[data-testid=replay-step]") == f"Step 0 of {steps}"
    assert app.get_attribute("[data-testid=replay-prev]", "aria-disabled") == "true"
    go(app, "[data-testid=replay-next]", 1)
    go(app, "[data-testid=replay-next]", 2)
    go(app, "[data-testid=replay-prev]", 1)
    go(app, "[data-testid=replay-last]", steps)
    assert app.get_attribute("[data-testid=replay-next]", "aria-disabled") == "true"

    # the log: lines after the step are dimmed, this step's lines marked; a click jumps there
    lines = app.locator("[data-testid=replay-log-line]")
    assert lines.count() == len(at_step(saved, steps).log)
    target = lines.nth(lines.count() // 2)
    jump = int(target.get_attribute("data-step"))
    assert 0 < jump < steps
    go(app, f"[data-testid=replay-log-line] >> nth={lines.count() // 2}", jump)
    assert target.get_attribute("aria-current") == "step"
    log_at_jump = at_step(saved, jump).log
    assert app.locator("[data-testid=log] li:not(.is-future)").count() == len(log_at_jump)
    # the step's caption: what happened, in the game's words (its log lines, names filled in)
    said = [line for line, at in zip(Replay(engine.load(saved)).info()["log"],
                                     Replay(engine.load(saved)).info()["log_steps"]) if at == jump]
    caption = app.inner_text("[data-testid=replay-turn]")
    assert said and caption == " ".join(engine.core.fill_names(line, NAMES[:2]) for line in said)
    assert "acted" not in caption

    # view as Alice: her own hand at that step, and no one else's
    app.select_option("[data-testid=replay-viewer]", label="Alice")
    app.wait_for_selector("[data-testid=table] [data-testid=hand]")
    assert app.locator("[data-testid=open-hands]").count() == 0
    shown = app.eval_on_selector_all("[data-testid=hand-card]", "els => els.map(e => e.dataset.card)")
    assert shown == [c["key"] for c in at_step(saved, jump).view(0)["table"]["hand"]]
    assert app.locator("[data-testid=table] button:not([disabled])").count() == 0   # nothing to click

    # keyboard, with the focus on the bar
    app.focus("[data-testid=replay-next]")
    app.keyboard.press("ArrowRight")
    app.wait_for_function(f"document.querySelector('[data-testid=replay]').dataset.step === '{jump + 1}'")
    app.keyboard.press("Home")
    app.wait_for_function("document.querySelector('[data-testid=replay]').dataset.step === '0'")
    for _ in range(3):   # quick presses each count, even before the engine has answered
        app.keyboard.press("ArrowRight")
    app.wait_for_function("document.querySelector('[data-testid=replay]').dataset.step === '3'")
    app.wait_for_timeout(200)
    assert step_shown(app) == 3
    app.keyboard.press("End")
    app.wait_for_function(f"document.querySelector('[data-testid=replay]').dataset.step === '{steps}'")
    app.keyboard.press("ArrowLeft")
    app.wait_for_function(f"document.querySelector('[data-testid=replay]').dataset.step === '{steps - 1}'")
    assert app.evaluate("document.activeElement.dataset.testid") == "replay-next"

    # play from the start, then pause
    go(app, "[data-testid=replay-first]", 0)
    app.click("[data-testid=replay-play]")
    assert app.get_attribute("[data-testid=replay-play]", "aria-label") == "Pause"
    app.wait_for_function("Number(document.querySelector('[data-testid=replay]').dataset.step) >= 3")
    app.click("[data-testid=replay-play]")
    assert app.get_attribute("[data-testid=replay-play]", "aria-label") == "Play"
    paused = step_shown(app)
    app.wait_for_timeout(300)
    assert step_shown(app) == paused and 3 <= paused < steps

    # exit: back to the result box
    app.click("[data-testid=replay-exit]")
    assert wait_idle(app) == "over"
    assert app.is_visible("[data-testid=result]") and app.is_hidden("[data-testid=replay]")
    assert app.locator("[data-testid=log] li").count() == len(saved_log := at_step(saved, steps).log) and saved_log


def test_replay_in_the_middle_of_a_hotseat_game_shows_no_hand(app, tmp_path):
    saved = finished("motto", 2, seed=6, stop=30)
    assert load(app, tmp_path, saved, ["human", "human"]) == "curtain"
    app.click("[data-testid=curtain-reveal]")
    assert wait_idle(app) == "human"
    app.click("[data-testid=replay-open]")
    wait_idle(app)
    assert viewer_labels(app) == ["Spectator — no hands"]
    assert app.locator("[data-testid=hand], [data-testid=hand-card], [data-testid=open-hands]").count() == 0
    for selector, step in (("[data-testid=replay-first]", 0), ("[data-testid=replay-next]", 1),
                           ("[data-testid=replay-last]", len(stops(saved)) - 1)):
        go(app, selector, step)
        assert app.locator("[data-testid=hand], [data-testid=hand-card], [data-testid=open-hands]").count() == 0
    reply = app.evaluate("""async () => {
        const { call } = await import('./js/engine-client.js');
        return call('replay_view', { step: 3, seat: null, open: true });
    }""")
    assert reply == {"ok": False, "error": "all hands can be shown only once the game is over"}
    assert_no_axe_violations(app, "replay during a hotseat game")
    # leaving the replay brings the curtain back: the next player's hand is not shown to whoever holds the device
    app.click("[data-testid=replay-exit]")
    assert wait_idle(app) == "curtain"


def test_who_may_be_watched(app):
    """replayViewers: the one place that decides whose view a replay may show."""
    cases = app.evaluate("""async () => {
        const { replayViewers } = await import('./js/replay.js');
        const names = ['Alice', 'Bob', 'Cleo'];
        const keys = (o) => replayViewers({ ...o, names }).map((v) => `${v.seat}:${v.open}`);
        return {
          overHotseat: keys({ isOver: true, humans: [0, 1] }),
          overSolo: keys({ isOver: true, humans: [1] }),
          midSolo: keys({ isOver: false, humans: [1] }),
          midHotseat: keys({ isOver: false, humans: [0, 2] }),
          midBots: keys({ isOver: false, humans: [] }),
        };
    }""")
    assert cases["overHotseat"] == cases["overSolo"] == ["null:true", "0:false", "1:false", "2:false"]
    assert cases["midSolo"] == ["1:false", "null:false"]
    assert cases["midHotseat"] == cases["midBots"] == ["null:false"]


@pytest.mark.parametrize("game,players", [("mottainai", 3), ("moteneba", 3)])
def test_open_hands_use_the_games_own_cards(app, tmp_path, game, players):
    saved = finished(game, players, seed=2)
    info = Replay(engine.load(saved)).info()

    def count(holding):
        return (len(holding["events"]) if game == "moteneba"
                else len(holding["hand"]) + len(holding["waiting"]) + (holding["face_down_task"] is not None))

    # the first log line after which some hidden card is held
    line = next(i for i, step in enumerate(info["log_steps"])
                if step and sum(count(h) for h in at_step(saved, step).open_hands()))
    step = info["log_steps"][line]
    assert load(app, tmp_path, saved, ["human"] + ["greedy"] * (players - 1)) == "over"
    app.click("[data-testid=result-replay]")
    wait_idle(app)
    go(app, f"[data-testid=replay-log-line] >> nth={line}", step)
    for holding in at_step(saved, step).open_hands():
        cards = app.locator(f"[data-testid=open-hand][data-seat='{holding['seat']}'] [data-testid=open-hand-card]")
        assert cards.count() == count(holding)
    assert_no_axe_violations(app, f"{game} replay with all hands open")


def test_replay_during_a_game_against_the_computer_and_after_continue(app, tmp_path):
    """One person against the computer: mid-game, their own seat or the spectator; the game waits
    and goes on after Exit. A finished game kept in the browser offers Replay after Continue."""
    saved = finished("motto", 2, seed=8, stop=20)
    assert load(app, tmp_path, saved, ["greedy", "human"]) == "human"
    saved = app.evaluate("window.__app.save()")   # the computer may have moved since the load
    turn = len(saved["actions"])
    last = len(stops(saved)) - 1
    app.click("[data-testid=replay-open]")
    wait_idle(app)
    assert viewer_labels(app) == ["Bob", "Spectator — no hands"]
    shown = app.eval_on_selector_all("[data-testid=hand-card]", "els => els.map(e => e.dataset.card)")
    assert shown == [c["key"] for c in at_step(saved, last).view(1)["table"]["hand"]]
    app.select_option("[data-testid=replay-viewer]", label="Spectator — no hands")
    app.wait_for_selector("[data-testid=hand]", state="detached")
    assert app.locator("[data-testid=replay-log-line]").count() == len(at_step(saved, last).log)
    app.click("[data-testid=replay-exit]")
    assert wait_idle(app) == "human" and app.evaluate("window.__app.status.actions") == turn
    assert app.locator("[data-testid=log] li button").count() == 0   # the live log again

    done = finished("motto", 2, seed=8)
    load(app, tmp_path, done, ["greedy", "human"])
    app.wait_for_function("window.__app.phase === 'over' && window.__app.idle")
    app.click("[data-testid=result-new-game]")
    wait_idle(app)
    app.click("[data-testid=resume]")
    assert wait_idle(app) == "over"
    app.click("[data-testid=result-replay]")
    wait_idle(app)
    assert viewer_labels(app) == ["Everyone — all hands", "Alice", "Bob"]
