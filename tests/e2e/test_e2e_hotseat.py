"""Hotseat: two humans share the screen; a curtain hides every hand between them."""
from __future__ import annotations

from playwright.sync_api import expect

from e2e_helpers import click_and_wait, start, wait_idle

NAMES = ["Alice", "Bob", "Carl"]


def test_curtain_between_humans_hides_hands(app):
    start(app, players=3, seats=["human", "human", "random"], names=NAMES, seed=77)
    curtains = 0
    for _ in range(8):
        phase = wait_idle(app)
        seat = app.evaluate("window.__app.status.current_player")
        if phase == "curtain":
            curtains += 1
            curtain = app.locator("[data-testid=curtain]")
            expect(curtain).to_be_visible()
            expect(app.locator("[data-testid=curtain-title]")).to_have_text(f"Pass to {NAMES[seat]}")
            # nothing private is in the page behind it, not even hidden
            assert app.locator("[data-testid=hand-card]").count() == 0
            assert app.locator("[data-testid=hand]").count() == 0
            assert app.evaluate("window.__app.view") is None
            # and it covers the whole window
            box = curtain.bounding_box()
            assert box["width"] >= 1280 and box["height"] >= 900
            phase = click_and_wait(app, "[data-testid=curtain-reveal]")
            expect(curtain).to_be_hidden()
        assert phase == "human"
        # only the seat to move is shown, with its own hand
        assert app.evaluate("window.__app.viewer") == seat
        view = app.evaluate("window.__app.view")
        assert view["seat"] == seat
        assert app.locator("[data-testid=hand-card]").count() == view["table"]["players"][seat]["hand_count"]
        expect(app.locator("[data-testid=hand]")).to_contain_text(f"{NAMES[seat]}'s hand")
        hand = [c["key"] for c in view["table"]["hand"]]
        phase = click_and_wait(app, "[data-testid=deck]")  # drawing ends the turn
        if NAMES[(seat + 1) % 3] != "Carl":
            # the next seat is a person: the drawer first sees the card drawn, then "Done"
            assert phase == "drawn"
            now = app.evaluate("window.__app.view")
            assert now["seat"] == seat and len(now["table"]["hand"]) == len(hand) + 1
            drawn = next(c for c in now["table"]["hand"] if hand.count(c["key"]) < [x["key"] for x in now["table"]["hand"]].count(c["key"]))
            expect(app.locator("[data-testid=drawn]")).to_have_text(f"{NAMES[seat]}, you drew {drawn['label']}.")
            expect(app.locator("[data-testid=drawn-done]")).to_be_focused()
            click_and_wait(app, "[data-testid=drawn-done]")
    # Alice, Bob, then the bot: every human turn follows the other human's screen
    assert curtains == 8

    # the lobby remembers the players after a reload
    app.reload()
    app.wait_for_function("window.__app && window.__app.ready", timeout=90_000)
    expect(app.locator("[data-testid=seat-name-1]")).to_have_value("Bob")
    expect(app.locator("[data-testid=seat-kind-1]")).to_have_value("human")
