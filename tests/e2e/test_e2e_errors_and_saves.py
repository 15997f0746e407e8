"""Illegal clicks explain themselves; save -> load round trip; corrupt saves are refused."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

import engine
from engine import bridge
from engine.core import IllegalActionError
from e2e_helpers import click_and_wait, motto_move, start, wait_idle

NAMES = ["Ada", "Bea", "Cy"]


def test_illegal_hand_card_click_shows_the_engines_reason(app):
    # Ada starts with two cards: no play of three can be built yet
    start(app, players=2, seats=["human", "random"], names=NAMES[:2], seed=5,
          options={"first_player": "1"})
    assert wait_idle(app) == "human"
    status = app.evaluate("window.__app.status")
    key = app.get_attribute("[data-testid=hand-card] >> nth=0", "data-card")
    state = engine.load(app.evaluate("window.__app.save()"))
    with pytest.raises(IllegalActionError) as exc:
        state.apply(f"select:{key}", seat=0)
    reason = engine.fill_names(str(exc.value), NAMES[:2])

    error = app.locator("[data-testid=error]")
    expect(error).to_be_hidden()
    click_and_wait(app, "[data-testid=hand-card] >> nth=0")
    expect(error).to_be_visible()
    expect(error).to_contain_text(reason)
    assert app.evaluate("window.__app.status") == status  # nothing changed

    # keyboard works too: focus the card and press Enter
    app.click("#message-close")
    expect(error).to_be_hidden()
    app.focus("[data-testid=hand-card] >> nth=0")
    app.keyboard.press("Enter")
    wait_idle(app)
    expect(error).to_contain_text(reason)

    # a legal move clears the message
    click_and_wait(app, "[data-testid=deck]")
    expect(error).to_be_hidden()


def test_save_load_round_trip_and_corrupt_files(app, tmp_path):
    start(app, players=3, seats=["human", "random", "greedy"], names=NAMES, seed=99)
    for _ in range(6):
        assert wait_idle(app) == "human"
        motto_move(app)
    assert wait_idle(app) == "human"
    before_status = app.evaluate("window.__app.status")
    before_hand = app.evaluate("window.__app.view.table.hand")

    with app.expect_download() as download:
        app.click("[data-testid=save-game]")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    saved = json.loads(path.read_text())
    assert saved["game"] == "motto" and saved["seed"] == 99
    assert [s["name"] for s in saved["seats"]] == NAMES
    assert len(engine.load(saved).history) == before_status["actions"]

    # play something else, then load the file: everything comes back
    app.click("[data-testid=new-game]")
    wait_idle(app)
    start(app, players=2, seats=["human", "random"], names=["Xavier", "Yan"], seed=1)
    app.set_input_files("[data-testid=load-file]", str(path))
    assert wait_idle(app) == "human"
    assert app.evaluate("window.__app.status") == before_status
    assert app.evaluate("window.__app.view.table.hand") == before_hand
    expect(app.locator("[data-testid=player-0]")).to_contain_text("Ada")
    expect(app.locator("[data-testid=player-2]")).to_contain_text("Cy")

    # corrupt files: the engine's message is shown and the game goes on untouched
    truncated = tmp_path / "truncated.json"
    truncated.write_text(path.read_text()[:40])
    # an old-format save (no stored position to go on from) whose actions do not replay
    broken = {key: value for key, value in saved.items() if key not in ("start", "state")}
    broken.update(format="moteplay-save-1", actions=saved["actions"][:2] + ["take:9"] + saved["actions"][3:])
    not_replaying = tmp_path / "not-replaying.json"
    not_replaying.write_text(json.dumps(broken))
    for bad in (truncated, not_replaying):
        expected = json.loads(bridge.load(bad.read_text()))
        assert expected["ok"] is False
        app.set_input_files("[data-testid=load-file]", str(bad))
        wait_idle(app)
        error = app.locator("[data-testid=error]")
        expect(error).to_be_visible()
        expect(error).to_contain_text(f"Could not load “{bad.name}”")
        expect(error).to_contain_text(expected["error"])
        assert app.evaluate("window.__app.status") == before_status
        assert app.evaluate("window.__app.view.table.hand") == before_hand
    assert motto_move(app) in ("human", "over")
    assert app.evaluate("window.__app.status.actions") > before_status["actions"]
