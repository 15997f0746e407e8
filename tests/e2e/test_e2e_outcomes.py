"""Outcomes in view (web/js/moments.js): the public events a player should notice are shown where
they are looking, not only in the log.

* Moteneba: the player places the last cube of year 1 against two computer players; the year's
  scoring screen comes up inside the window, holds the table (the computer to move next does not
  move) until Continue, keeps its row of player names in sight while its content scrolls, and
  axe finds nothing on it, light and dark, at 1280×800, 1366×768, 768×1024 and 390×844.
* Motto: the player's play takes the last large token: "Last round" shows in the turn line's
  row, then the computer's last turn ends the game: "Game over" with the winner.
* Mottainai: the computer completes a work: a banner tells the player.
* Hotseat: the year's screen on the shared screen, over the spectator's table, then the curtain.
* A screen not yet continued comes back after a reload, and not once continued.
"""
from __future__ import annotations

import os

import pytest

import engine
from e2e_helpers import assert_no_axe_violations, find_save, load_save, wait_idle
from engine.bots import make_bot
from engine.rng import Rng

SIZES = {
    "1280x800": dict(viewport={"width": 1280, "height": 800}),
    "1366x768": dict(viewport={"width": 1366, "height": 768}),
    "768x1024-touch": dict(viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True),
    "390x844-touch": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True),
}
SHOTS = os.environ.get("OUTCOME_SHOTS")  # a folder: screenshots of the scoring screen


def after_the_last_cube_of_year_one(state):
    """The position after seat 0 places the year's last cube (nobody holding an event card, so
    no +3 Power step) and the year is scored, or None when ``state`` is not that moment."""
    if not (state.phase == "play" and state.year == 1 and state.current_player == 0 and state.pending is None
            and sum(map(sum, state.unplaced)) == 1 and not any(state.hands)):
        return None
    after = state.clone()
    for action in last_placement(state):
        after.apply(action)
    return after if after.year == 2 else None


def last_cube_of_year_one(state) -> bool:
    """Seat 0 places the year's last cube, nobody holds an event card (no +3 Power step), and a
    computer seat moves first in year 2."""
    after = after_the_last_cube_of_year_one(state)
    return after is not None and after.current_player != 0


def last_placement(state) -> list[str]:
    colour = next(a.id for a in state.legal_actions() if a.id.startswith("cube:"))
    after = state.clone()
    after.apply(colour)
    return [colour, next(a.id for a in after.legal_actions() if a.id.startswith("girl:"))]


@pytest.fixture(scope="module")
def year_end():
    return find_save("moteneba", 3, last_cube_of_year_one)


# the screen's box, the window's, and whether the row of names is in sight inside the screen's
# scrolling body after it was scrolled to its end
GEOMETRY = """() => {
  const dialog = document.querySelector("[data-testid=moment-screen]");
  const body = dialog.querySelector("[data-testid=moment-body]");
  const r = dialog.getBoundingClientRect();
  body.scrollTop = body.scrollHeight;
  const b = body.getBoundingClientRect();
  const names = [...dialog.querySelectorAll("thead th[data-seat]")].map((th) => {
    const n = th.getBoundingClientRect();
    return { name: th.textContent, top: n.top, bottom: n.bottom, inBody: n.top >= b.top - 1 && n.bottom <= b.bottom + 1 };
  });
  return { box: [r.left, r.top, r.right, r.bottom], window: [innerWidth, innerHeight], scrolled: body.scrollTop,
           scrolls: body.scrollHeight > body.clientHeight, names, modal: dialog.matches(":modal"),
           focus: document.activeElement?.dataset?.testid ?? null };
}"""


@pytest.mark.parametrize("size", SIZES)
def test_the_year_scored_holds_the_table_in_view_until_continue(screen, year_end, tmp_path, size):
    page = screen(**SIZES[size])
    names = ["Ada", "Bea (computer)", "Cy (computer)"]
    assert load_save(page, tmp_path, year_end, ["human", "greedy", "greedy"], names) == "human"
    before = engine.load(year_end)
    cube, girl = last_placement(before)
    page.click(f"[data-testid=mn-cube-{cube.split(':')[1]}]")
    wait_idle(page)
    page.click(f"[data-testid=mn-girl-{girl.split(':')[1]}] button")
    assert wait_idle(page) == "moment"
    screen_ = page.locator("[data-testid=moment-screen]")
    assert screen_.is_visible() and screen_.get_attribute("data-kind") == "year_scored"
    status = page.evaluate("window.__app.status")
    assert status["current_player"] != 0 and status["turn"] >= 1
    actions = status["actions"]

    # what it says: every girl, the year's hearts and totals (the engine's), who starts year 2
    state = engine.load(page.evaluate("window.__app.save()"))
    scoring = state.scorings[0]
    text = screen_.inner_text()
    assert "Year 1 scored" in text
    for girl_ in scoring["girls"]:
        assert girl_["name"] in text
    for seat in range(3):
        assert page.inner_text(f"[data-testid=moment-screen] [data-testid=mn-total-{seat}]") == str(scoring["totals_after"][seat])
    assert f"{names[scoring['next_start']]} has the most hearts and starts year 2" in text

    # in the window, modal, the focus on Continue; the names stay in sight as the content scrolls
    found = page.evaluate(GEOMETRY)
    left, top, right, bottom = found["box"]
    width, height = found["window"]
    assert left >= 0 and top >= 0 and right <= width and bottom <= height, found
    assert found["modal"] and found["focus"] == "moment-continue", found
    assert [n["name"] for n in found["names"]] == names and all(n["inBody"] for n in found["names"]), found
    if size.startswith("390"):
        assert found["scrolls"] and found["scrolled"] > 0, found   # a phone scrolls it inside

    # the table waits: the computer to move does not move while the screen is up
    page.wait_for_timeout(1500)
    assert page.evaluate("window.__app.status.actions") == actions
    assert page.evaluate("window.__app.phase") == "moment" and screen_.is_visible()

    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        if SHOTS:
            os.makedirs(SHOTS, exist_ok=True)
            page.evaluate("document.querySelector('[data-testid=moment-body]').scrollTop = 0")
            page.screenshot(path=f"{SHOTS}/moteneba-year-{size}-{scheme}.png")
    assert_no_axe_violations(page, f"the year's scoring screen at {size}")
    page.emulate_media(color_scheme="light")

    # Continue (Enter on a big screen, Escape on a touch one: both continue); then the table goes on
    page.keyboard.press("Escape" if "touch" in size else "Enter")
    page.wait_for_function("window.__app.phase !== 'moment'")
    assert not screen_.count()
    assert wait_idle(page) == "human"
    assert page.evaluate("window.__app.status.actions") > actions
    assert page.evaluate("window.__app.view.table.year") == 2
    # shown once: a redraw does not bring it back
    page.wait_for_timeout(300)
    assert page.locator("[data-testid=moment-screen]").count() == 0


def motto_last_round(state) -> bool:
    """Seat 0 begins a turn whose greedy play takes the last large or medium token."""
    if state.current_player != 0 or state.final_turns is not None or getattr(state, "selection", None):
        return False
    return bool(greedy_turn(state))


def greedy_turn(state) -> list[str]:
    """The actions of seat 0's greedy turn if it starts the last round, else []."""
    after, bot, rng, ids = state.clone(), make_bot("motto", "greedy"), Rng(1), []
    while after.current_player == 0 and not after.is_over and len(ids) < 6:
        action = bot.choose(after, 0, rng)
        ids.append(action.id if hasattr(action, "id") else action)
        after.apply(action)
    return ids if after.final_turns is not None else []


def test_motto_last_round_and_game_over_show_in_the_turn_line(app, tmp_path):
    saved = find_save("motto", 2, motto_last_round)
    ids = greedy_turn(engine.load(saved))
    assert load_save(app, tmp_path, saved, ["human", "greedy"], ["Ada", "Bea (computer)"]) == "human"
    banner = app.locator("[data-testid=moment-banner]")
    assert not banner.is_visible()
    for action in ids:
        verb, _, arg = action.partition(":")
        if verb == "select":
            app.click(f"[data-testid=hand-card][data-card='{arg}'][data-selected=false] >> nth=0")
        elif verb == "take":
            app.click(f"[data-testid=pool-{arg}]")
        else:
            app.click(f"[data-testid={'deck' if verb == 'draw' else verb}]")
        phase = wait_idle(app)
    assert phase == "over", app.evaluate("window.__app.lastError")
    text = banner.inner_text()
    state = engine.load(app.evaluate("window.__app.save()"))
    winner = ["Ada", "Bea (computer)"][state.winners()[0]]
    assert "Last round: Ada took the last large or medium token" in text, text
    assert f"Game over: {winner} wins with {max(state.scores())} points" in text, text
    # in the turn line's row: above the table, not over it
    box, table = banner.bounding_box(), app.locator("[data-testid=table]").bounding_box()
    assert box["y"] + box["height"] <= table["y"] + 1
    said = app.inner_text("[data-testid=announce]")
    assert "Last round." in said and "Game over:" in said
    # a few seconds later it is gone; the log still has the lines
    app.wait_for_function("document.querySelector('[data-testid=moment-banner]').hidden", timeout=15_000)
    assert "took the last large or medium token" in app.inner_text("[data-testid=log]")


def hotseat_year_end(state) -> bool:
    """As last_cube_of_year_one, but another seat (a person, in hotseat) moves first in year 2."""
    return after_the_last_cube_of_year_one(state) is not None


def test_hotseat_shows_the_year_on_the_shared_screen_before_the_curtain(app, tmp_path):
    saved = find_save("moteneba", 3, hotseat_year_end)
    names = ["Ada", "Bea", "Cy"]
    phase = load_save(app, tmp_path, saved, ["human", "human", "human"], names)
    if phase == "curtain":
        app.click("[data-testid=curtain-reveal]")
        wait_idle(app)
    cube, girl = last_placement(engine.load(saved))
    app.click(f"[data-testid=mn-cube-{cube.split(':')[1]}]")
    wait_idle(app)
    app.click(f"[data-testid=mn-girl-{girl.split(':')[1]}] button")
    assert wait_idle(app) == "moment"
    assert app.locator("[data-testid=moment-screen]").is_visible()
    # public: the curtain is down, and the table behind is the spectator's (no hand in the page)
    assert app.locator("[data-testid=curtain]").is_hidden()
    assert app.evaluate("window.__app.viewer") is None
    assert app.locator("#table [data-testid=hand]").count() == 0
    app.click("[data-testid=moment-continue]")
    next_player = engine.load(app.evaluate("window.__app.save()")).current_player
    if next_player == 0:    # Ada starts year 2 herself: her table again, no curtain
        assert wait_idle(app) == "human" and app.evaluate("window.__app.viewer") == 0
    else:                   # then the curtain for the next person
        assert wait_idle(app) == "curtain"
        assert app.inner_text("[data-testid=curtain-title]") == f"Pass to {names[next_player]}"
        assert app.locator("#table [data-testid=hand]").count() == 0


def computer_completes_a_work(state) -> bool:
    """Seat 1 begins a turn in which the page's greedy computer (bridge.bot_turn: its random
    generator seeded with the game's seed and the actions so far) completes a work."""
    if state.current_player != 1 or state._last_actor != 0:
        return False
    after, bot, rng = state.clone(), make_bot("mottainai", "greedy"), Rng(state.seed + len(state.history))
    lines = len(after.log)
    while after.current_player == 1 and not after.is_over:
        after.apply(bot.choose(after, 1, rng))
    return any(m[1] == "work" and m[0] >= lines for m in after.moments) and not after.is_over


def test_mottainai_an_opponents_completed_work_shows_in_the_turn_line(app, tmp_path):
    saved = find_save("mottainai", 2, computer_completes_a_work)
    assert load_save(app, tmp_path, saved, ["human", "greedy"], ["Ada", "Bea (computer)"]) == "human"
    text = app.inner_text("[data-testid=moment-banner]")
    assert "Bea (computer) completed a work: Bea (computer) completes" in text, text
    assert "completed a work." in app.inner_text("[data-testid=announce]")


def test_a_screen_not_yet_continued_comes_back_after_a_reload(app, tmp_path, year_end):
    assert load_save(app, tmp_path, year_end, ["human", "greedy", "greedy"], ["Ada", "Bea", "Cy"]) == "human"
    cube, girl = last_placement(engine.load(year_end))
    app.click(f"[data-testid=mn-cube-{cube.split(':')[1]}]")
    wait_idle(app)
    app.click(f"[data-testid=mn-girl-{girl.split(':')[1]}] button")
    assert wait_idle(app) == "moment"
    actions = app.evaluate("window.__app.status.actions")
    app.wait_for_function("window.__app.autosaved >= 3")   # the load, the cube, the girl
    app.reload()
    app.wait_for_function("window.__app && window.__app.ready", timeout=90_000)
    app.click("[data-testid=resume]")
    assert wait_idle(app) == "moment"
    assert app.locator("[data-testid=moment-screen]").get_attribute("data-kind") == "year_scored"
    assert app.evaluate("window.__app.status.actions") == actions   # the computer still waits
    app.click("[data-testid=moment-continue]")
    assert wait_idle(app) == "human"
    # continued: not again after another reload
    app.reload()
    app.wait_for_function("window.__app && window.__app.ready", timeout=90_000)
    app.click("[data-testid=resume]")
    assert wait_idle(app) == "human"
