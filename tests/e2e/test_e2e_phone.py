"""A table a player can follow on a phone (390×844, touch), and a message box that covers nothing.

* A whole game of each game against two computers, and a Mottainai hire from a floor of ten
  different cards (loaded as a save): at every decision at least eight of its options (all, when fewer)
  are whole on screen, the rest one scroll away inside the table's area or the hand's rows
  (never in a row that scrolls sideways), the hand's first row whole and not pushed below the
  choices, the question (the turn line) on screen, every label on a card at least 12 px.
* At 1280×800, 1366×768, 768×1024 and 390×844: the ten-card floor's hire shows eight or more
  options whole, and the message box (an error, a notice) never covers the hand, the
  decision's controls or the opponents' panels; axe finds nothing on the table with the
  message, in the light and the dark theme.
"""
from __future__ import annotations

from playwright.sync_api import expect

from e2e_helpers import (settle, assert_no_axe_violations, continue_past_screens, find_save, load_save, open_phone, open_screen, start,
                         wait_idle)
from e2e.test_e2e_layout import next_move
from phone_check import DECISION, followable_problems

SIZES = [(1280, 800), (1366, 768), (768, 1024), (390, 844)]


def floor_hire(state) -> bool:
    """Seat 1 (index 0) hires from a floor of ten or more different cards."""
    return state.current_player == 0 and sum(a.id.startswith("hire:") for a in state.legal_actions()) >= 10


def assert_followable(page, label: str) -> dict:
    """The decision on screen as a player on a phone needs it (see phone_check)."""
    d = page.evaluate(DECISION)
    found = followable_problems(d)
    assert not found, f"{label}: " + "; ".join(found)
    return d


def test_mottainai_on_a_phone_a_ten_card_floor_and_a_whole_game(browser, site_url, problems, tmp_path):
    page = open_phone(browser, site_url, problems, pace=50)
    # a hire from a floor of ten different cards: eight or more whole at once
    load_save(page, tmp_path, find_save("mottainai", 2, floor_hire), ["human", "greedy"], ["Ada", "Bea"])
    settle(page)   # the page's own scrolling into view done
    hires = [a["id"] for a in page.evaluate("window.__app.view.legal_actions") if a["id"].startswith("hire:")]
    assert len(hires) >= 10
    d = assert_followable(page, "the hire from a ten-card floor")
    assert d["options"] >= 11 and d["whole"] >= 8, d
    page.screenshot(path="/tmp/phone-mottainai-floor.png")
    assert_no_axe_violations(page, "a hire from a ten-card floor on a phone")

    assert walk_a_whole_game(page, "mottainai", seed=7) >= 20
    page.context.close()


def test_motto_and_moteneba_whole_games_on_a_phone(browser, site_url, problems):
    page = open_phone(browser, site_url, problems, pace=50)
    assert walk_a_whole_game(page, "motto", seed=4) >= 20
    assert walk_a_whole_game(page, "moteneba", seed=2) >= 20
    page.context.close()


def walk_a_whole_game(page, game: str, *, seed: int) -> int:
    """Play a whole game of ``game`` from the lobby (one person tapping, two computers),
    checking every decision; returns how many there were."""
    if page.evaluate("window.__app.phase") != "lobby":
        page.click("[data-testid=menu]")
        page.click("[data-testid=new-game]")
    page.check(f"[data-testid=game-{game}]")
    start(page, players=3, seats=["human", "greedy", "greedy"], names=["Ada", "Bea", "Cy"], seed=seed)
    for step in range(1000):
        if continue_past_screens(page) == "over":  # a year scored: its screen, then Continue
            return step
        settle(page)   # the page's own scrolling into view done
        assert_followable(page, f"{game} decision {step + 1}")
        page.tap(next_move(game, page.evaluate("window.__app.view"), step))
    raise AssertionError(f"{game}: the game did not end")


# The visible part of each thing the message box must not cover (clipped by the boxes that
# scroll), and the box itself.
COVERED = r"""() => {
  const msg = document.querySelector("[data-testid=error]").getBoundingClientRect();
  const clip = (el) => {
    let r = el.getBoundingClientRect();
    r = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflow === "visible") continue;
      const b = p.getBoundingClientRect();
      r = { left: Math.max(r.left, b.left), top: Math.max(r.top, b.top),
            right: Math.min(r.right, b.right), bottom: Math.min(r.bottom, b.bottom) };
    }
    return r;
  };
  const things = [...document.querySelectorAll(
    "#table [data-testid=hand], #table [data-action], #table .opponent, #table [data-testid^=player-]")]
    .filter((el) => el.getClientRects().length);
  return { things: things.length, msgHeight: msg.height,
           over: things.filter((el) => { const r = clip(el);
             return r.right > r.left && r.bottom > r.top && r.left < msg.right && r.right > msg.left
                    && r.top < msg.bottom && r.bottom > msg.top; })
                 .map((el) => el.dataset.testid ?? el.dataset.action ?? el.className) };
}"""


def test_the_message_box_covers_no_hand_control_or_opponent(browser, site_url, problems, tmp_path):
    page = open_screen(browser, site_url, problems, pace=50, viewport={"width": 1280, "height": 800})
    load_save(page, tmp_path, find_save("mottainai", 3, floor_hire), ["human", "greedy", "greedy"],
              ["Ada", "Bea", "Cy"])
    error = page.locator("[data-testid=error]")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        # the hire from a ten-card floor: eight or more options whole, no row scrolls sideways
        settle(page)
        d = page.evaluate(DECISION)
        assert d["options"] >= 11 and d["whole"] >= 8 and not d["strips"], (width, height, d)
        closed = page.locator("#table details.opponent:not([open]) > summary")
        while closed.count():
            closed.first.click()                                 # the opponents' panels open, at their largest
        # an error: a hand card that cannot be used now says why
        card = page.locator("#table [data-testid=hand-card][aria-disabled=true]").first
        card.click(force=True)   # aria-disabled: not playable, yet it answers why
        wait_idle(page)
        expect(error).to_be_visible()
        expect(error).to_contain_text("Not allowed")
        found = page.evaluate(COVERED)
        assert found["things"] >= 12 and found["msgHeight"] > 0, found
        assert not found["over"], f"the error covers {found['over']} at {width}x{height}"
        # the question stays on screen above it
        turn, msg = page.locator("#turn").bounding_box(), error.bounding_box()
        assert turn["y"] >= 0 and turn["y"] + turn["height"] <= msg["y"], (turn, msg)
        page.screenshot(path=f"/tmp/phone-message-{width}x{height}.png")
        assert_no_axe_violations(page, f"the table with an error at {width}x{height}")
        # a notice, in the same place
        page.evaluate("async () => (await import('./js/toast.js')).showNotice("
                      "'This game was saved by an earlier version of Moteplay; it goes on here.')")
        expect(error).to_have_class("message message--notice")
        found = page.evaluate(COVERED)
        assert not found["over"], f"the notice covers {found['over']} at {width}x{height}"
        page.click("#message-close")
        expect(error).to_be_hidden()
    page.context.close()
