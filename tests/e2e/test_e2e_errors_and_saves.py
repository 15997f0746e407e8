"""Illegal clicks explain themselves; save -> load round trip; corrupt saves are refused."""
from __future__ import annotations

import codecs
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


def test_a_save_written_as_utf8_with_a_byte_order_mark_loads_and_utf16_is_explained(app, tmp_path):
    """Windows Notepad's "UTF-8" puts a byte-order mark first: the file loads, seat names and
    all. Its "Unicode" is UTF-16: the page says to save the file as UTF-8 instead."""
    state = engine.new_game("motto", 2, seed=21)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    seats = [{"name": "Noor", "kind": "human"}, {"name": "Olek", "kind": "human"}]
    text = json.dumps({**state.save(), "seats": seats}, indent=2).replace("\n", "\r\n")
    with_mark = tmp_path / "notepad-utf8.json"
    with_mark.write_bytes(codecs.BOM_UTF8 + text.encode("utf-8"))
    app.set_input_files("[data-testid=load-file]", str(with_mark))
    wait_idle(app)
    expect(app.locator("[data-testid=error]")).to_be_hidden()
    status = app.evaluate("window.__app.status")
    assert status["game"] == "motto" and status["seed"] == 21 and status["actions"] == 4, status
    assert app.evaluate("window.__app.setup.seats.map((seat) => seat.name)") == ["Noor", "Olek"]
    expect(app.get_by_role("dialog")).to_contain_text("Pass to Olek")  # hotseat: the curtain is up

    utf16 = tmp_path / "notepad-unicode.json"
    utf16.write_bytes(codecs.BOM_UTF16_LE + text.encode("utf-16-le"))
    app.set_input_files("[data-testid=load-file]", str(utf16))
    wait_idle(app)
    error = app.locator("[data-testid=error]")
    expect(error).to_be_visible()
    expect(error).to_contain_text("Could not load “notepad-unicode.json”")
    expect(error).to_contain_text("is in UTF-16, not UTF-8: save the file as UTF-8")
    assert app.evaluate("window.__app.status") == status  # the loaded game goes on untouched
