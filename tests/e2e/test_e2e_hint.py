"""Hints in the browser: "Suggest a move" shows its progress, can be cancelled (button, Escape)
leaving the game as it was, then rings the suggested control and says why (each game); Settings
can turn hints off (remembered; a new table keeps them off, also in its save); the H key; hotseat."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e.test_e2e_a11y import find_save, load_save
from engine.registry import game_class, game_names
from e2e_helpers import WAIT_MS, assert_no_axe_violations, start, wait_idle

#: the table each game is played at (a game not named here: its fewest seats)
PLAYERS = {"motto": 2, "mottainai": 2, "moteneba": 3}
GAMES = {game: PLAYERS.get(game, game_class(game).info.min_players) for game in game_names()}
HINT_LINE = "[data-testid=hint-line]"
RINGED = "#table .is-hinted"
PROGRESS = "[data-testid=hint-progress]"
CANCEL = "[data-testid=hint-cancel]"


def ask_hint(page, *, key: bool = False) -> dict:
    """Ask for a hint (button or H key) and wait for the answer; returns what the page shows."""
    if key:
        page.keyboard.press("h")
    else:
        page.click("[data-testid=hint]")
    # the computer thinks (up to the page's budget): the button says so and does nothing, and
    # the line under the turn shows the progress and Cancel
    button = page.locator("[data-testid=hint]")
    assert button.get_attribute("aria-disabled") == "true"
    assert button.inner_text() == "Thinking about a move…"
    assert page.locator(PROGRESS).get_attribute("role") == "progressbar"
    page.wait_for_function("document.body.dataset.hint !== undefined", timeout=WAIT_MS)
    assert page.locator(PROGRESS).count() == 0 and page.locator(CANCEL).count() == 0
    expect(page.locator("[data-testid=hint]")).to_have_text("Suggest a move")
    return page.evaluate("""() => ({
        action: document.body.dataset.hint,
        line: document.querySelector('[data-testid=hint-line]').textContent,
        ringed: [...document.querySelectorAll('#table .is-hinted')].map((e) => e.dataset.action),
        announced: document.getElementById('announce').textContent,
    })""")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_hint_rings_a_legal_choice_with_a_reason_and_changes_nothing(app, game):
    page = app
    page.click(f"[data-testid=game-{game}]")
    start(page, players=GAMES[game], seats=["human"] + ["greedy"] * (GAMES[game] - 1), seed=7)
    assert page.evaluate("window.__app.phase") == "human"
    expect(page.locator("[data-testid=hint]")).to_be_visible()
    before = page.evaluate("window.__app.save()")
    shown = ask_hint(page)
    legal = {a["id"]: a["label"] for a in page.evaluate("window.__app.view")["legal_actions"]}
    assert shown["action"] in legal
    assert shown["action"] in shown["ringed"]
    assert shown["line"].startswith("Suggested: ") and len(shown["line"]) > 40
    assert "Suggested move:" in shown["announced"]
    assert page.evaluate("window.__app.save()") == before
    suggested = page.locator(f"{RINGED}[data-action='{shown['action']}']").first
    box = suggested.bounding_box()
    assert box and box["width"] > 10
    assert_no_axe_violations(page, f"{game} with a hint shown")
    # playing the suggestion clears the hint
    suggested.click()
    wait_idle(page)
    expect(page.locator(HINT_LINE)).to_be_hidden()
    assert page.locator(RINGED).count() == 0


def test_hints_off_in_settings_hide_the_button_and_the_table_keeps_them_off(app):
    page = app
    page.click("[data-testid=settings-open]")
    page.check("[data-testid=setting-hints-false]")
    page.keyboard.press("Escape")
    page.click("[data-testid=game-motto]")
    start(page, players=2, seats=["human", "greedy"], seed=3)
    assert page.evaluate("window.__app.phase") == "human"
    expect(page.locator("[data-testid=hint]")).to_be_hidden()
    page.keyboard.press("h")
    page.wait_for_timeout(300)
    expect(page.locator(HINT_LINE)).to_be_hidden()
    assert page.evaluate("window.__app.save()")["hints"] is False
    # kept with the game (autosave) and in the settings
    page.reload()
    page.wait_for_function("window.__app && window.__app.ready", timeout=WAIT_MS)
    page.click("[data-testid=resume]")
    wait_idle(page)
    expect(page.locator("[data-testid=hint]")).to_be_hidden()
    assert page.evaluate("window.__app.setup.hints") is False
    # hints on again in Settings: this table was started without them, so still none here
    page.click("[data-testid=settings-open]")
    expect(page.locator("[data-testid=setting-hints-false]")).to_be_checked()
    page.check("[data-testid=setting-hints-true]")
    page.keyboard.press("Escape")
    expect(page.locator("[data-testid=hint]")).to_be_hidden()


def test_the_h_key_asks_for_a_hint_and_enter_plays_it(app):
    page = app
    page.click("[data-testid=game-motto]")
    start(page, players=2, seats=["human", "greedy"], seed=11)
    turn = page.evaluate("window.__app.status.actions")
    shown = ask_hint(page, key=True)
    focused = page.evaluate("document.activeElement.dataset.action")
    assert focused == shown["action"]
    page.keyboard.press("Enter")
    wait_idle(page)
    assert page.evaluate("window.__app.status.actions") > turn
    expect(page.locator(HINT_LINE)).to_be_hidden()


def test_hotseat_a_hint_is_for_the_seat_on_screen_and_gone_behind_the_curtain(app):
    page = app
    page.click("[data-testid=game-motto]")
    start(page, players=2, seats=["human", "human"], seed=5)
    page.click("[data-testid=curtain-reveal]")
    wait_idle(page)
    while page.evaluate("window.__app.phase") == "human":  # a set of three takes several clicks
        shown = ask_hint(page)
        page.locator(f"{RINGED}[data-action='{shown['action']}']").first.click()
        wait_idle(page)
    assert page.evaluate("window.__app.phase") == "curtain"
    expect(page.locator(HINT_LINE)).to_be_hidden()
    expect(page.locator("[data-testid=hint]")).to_be_hidden()
    assert page.locator(RINGED).count() == 0


def test_a_moteneba_placement_rings_the_cube_and_the_girl_then_plays_them(app, tmp_path):
    """A whole decision of two steps: the cube to place and the girl it goes to are both ringed;
    clicking them in turn plays the suggestion."""
    # a position where every legal action is a placement, so the suggestion is one
    saved = find_save("moteneba", 3, lambda s: s.phase == "play" and s.pending is None and s.current_player == 0
                      and all(a.id.startswith("cube:") for a in s.legal_actions()))
    load_save(app, tmp_path, saved, ["human", "greedy", "greedy"])
    page = app
    shown = ask_hint(page)
    turn = page.evaluate("window.__app.status.actions")
    assert shown["action"].startswith("cube:"), shown
    girl = next(a for a in shown["ringed"] if a.startswith("girl:"))
    assert "Place a" in shown["line"] and " cube by " in shown["line"]
    page.click(f"{RINGED}[data-action='{shown['action']}']")
    wait_idle(page)
    page.click(f"#table [data-action='{girl}']")
    wait_idle(page)
    assert page.evaluate("window.__app.status.actions") >= turn + 2
    assert not page.evaluate("window.__app.lastError")


def progress_values(page, until: str, timeout_ms: int = WAIT_MS) -> list[int]:
    """The progress bar's aria-valuenow, sampled every animation frame (at least once) until
    ``until`` (a JS expression) holds."""
    return page.evaluate("""async ([until, timeout]) => {
        const seen = [];
        const end = performance.now() + timeout;
        for (;;) {
            const bar = document.querySelector('[data-testid=hint-progress]');
            if (bar) seen.push(Number(bar.getAttribute('aria-valuenow')));
            if (eval(until) || performance.now() > end) break;
            await new Promise((r) => requestAnimationFrame(r));
        }
        return seen;
    }""", [until, timeout_ms])


@pytest.mark.parametrize("how", ["click", "keyboard", "escape"])
def test_cancel_stops_the_search_and_leaves_the_game_as_it_was(app, how):
    page = app
    page.click("[data-testid=game-moteneba]")   # its searches are the slowest: time to cancel
    start(page, players=3, seats=["human", "greedy", "greedy"], seed=4)
    before = page.evaluate("window.__app.save()")
    if how == "keyboard":
        page.focus("[data-testid=hint]")
        page.keyboard.press("Enter")
        # the focus went to Cancel: Enter stops
        page.wait_for_function("document.activeElement?.dataset.testid === 'hint-cancel'", timeout=WAIT_MS)
    else:
        page.click("[data-testid=hint]")
    bar = page.locator(PROGRESS)
    expect(bar).to_be_visible()
    assert bar.get_attribute("aria-valuemin") == "0" and bar.get_attribute("aria-valuemax") == "100"
    assert page.locator(HINT_LINE).inner_text().startswith("Looking for a move")
    assert "Thinking about a move" in page.evaluate("document.getElementById('announce').textContent")
    # let it search a slice or two, then stop it
    values = progress_values(page, "Number(document.querySelector('[data-testid=hint-progress]')"
                                   "?.getAttribute('aria-valuenow')) > 0")
    assert values and values == sorted(values)
    if how == "click":
        page.click(CANCEL)
    elif how == "keyboard":
        page.keyboard.press("Enter")
    else:
        page.keyboard.press("Escape")
    expect(page.locator(HINT_LINE)).to_be_hidden()
    assert page.locator(PROGRESS).count() == 0
    expect(page.locator("[data-testid=hint]")).to_have_text("Suggest a move")
    assert page.locator("[data-testid=hint]").get_attribute("aria-disabled") == "false"
    assert "Suggestion cancelled." in page.evaluate("document.getElementById('announce').textContent")
    if how == "keyboard":  # the focus is back on the button
        assert page.evaluate("document.activeElement.dataset.testid") == "hint"
    # no late answer turns up, and the game is exactly as it was
    page.wait_for_timeout(3500)
    expect(page.locator(HINT_LINE)).to_be_hidden()
    assert page.evaluate("document.body.dataset.hint") is None
    assert page.evaluate("window.__app.save()") == before
    assert page.evaluate("window.__app.phase") == "human" and not page.evaluate("window.__app.lastError")
    # and a new hint still works from there
    shown = ask_hint(page)
    assert shown["action"] in {a["id"] for a in page.evaluate("window.__app.view")["legal_actions"]}


#: the expert's reasons: its rollouts look a few turns ahead, or in Moteneba to the school
#: year's end (simulated "deals"), never whole games
EXPERT_NUMBERS = (r"Looking (a few turns ahead|ahead to the end of this school year) in (\d+) simulated deals"
                  r"(, .*your chance to win after it is (about \d+|above 99|below 1)%\.$"
                  # ...or of two moves, the one passed over (or a close one) and the suggestion
                  r"| of each, your chance to win is (about \d+|above 99|below 1)% after .+ and "
                  r"(about \d+|above 99|below 1)% after .+: (about the same|better|probably better)\.$)")
EXPERT_WORDS = r"in the deals there was time to simulate\.|In the simulated deals it did better than your other choices\.|only choice"


@pytest.mark.parametrize("game", list(GAMES))
def test_a_finished_hint_shows_its_progress_then_the_experts_reason_in_the_games_words(app, game):
    page = app
    page.click(f"[data-testid=game-{game}]")
    start(page, players=GAMES[game], seats=["human"] + ["greedy"] * (GAMES[game] - 1), seed=7)
    page.click("[data-testid=hint]")
    values = progress_values(page, "document.body.dataset.hint !== undefined")
    assert values and values == sorted(values) and values[0] < 100
    line = page.locator(HINT_LINE).inner_text()
    plays = int(page.evaluate("document.body.dataset.hintPlays"))
    assert line.startswith("Suggested: ")
    # the expert's words: a chance to win where its rollouts stop, from at least 100 simulated deals
    # of the move (the number the engine counted), else words without a number
    assert not re.search(r"simulated games|won \d+%|by the end of this year", line), line
    if plays >= 100:
        assert [int(n) for n in re.findall(r"(\d+) simulated", line)] == [plays], line
        assert re.search(EXPERT_NUMBERS, line), line
    else:
        assert "%" not in line and re.search(EXPERT_WORDS, line), (plays, line)
    assert "Suggested move:" in page.evaluate("document.getElementById('announce').textContent")


def test_a_move_while_the_hint_searches_stops_it(app):
    """Playing a card while the engine still searches: the search stops, no stale answer."""
    page = app
    page.click("[data-testid=game-moteneba]")
    start(page, players=3, seats=["human", "greedy", "greedy"], seed=4)
    turn = page.evaluate("window.__app.status.actions")
    page.click("[data-testid=hint]")
    expect(page.locator(PROGRESS)).to_be_visible()
    legal = ", ".join(f"#table [data-action='{a['id']}']:visible" for a in page.evaluate("window.__app.view")["legal_actions"])
    page.locator(legal).first.click()
    wait_idle(page)
    assert page.evaluate("window.__app.status.actions") > turn
    page.wait_for_timeout(3500)
    assert page.locator(PROGRESS).count() == 0
    assert page.evaluate("document.body.dataset.hint") is None
    assert not page.evaluate("window.__app.lastError")


def passes_over_a_set(state) -> bool:
    """The seat to move holds a Motto set worth 5 or more now, and the page's hint (the bridge's
    search from the same seed, to its 100 plays) suggests something else, clearly better."""
    from engine import bridge
    from engine.bots import make_bot
    from engine.bots.hints import BETTER, HintSearch
    from engine.games.motto.bots import best_play
    from engine.rng import Rng
    seat = state.current_player
    best = None if state.selection else best_play(state.stacks, state.hands[seat])
    if not best or best[0] < 5:
        return False
    search = HintSearch(make_bot("motto", bridge.HINT_LEVEL), state, seat,
                        Rng(bridge.HINT_SEED + len(state.history)), iterations=20_000)
    search.run()
    _, found = search.found()
    return found.passed_over and found.verdict == BETTER


def test_a_hint_reason_names_the_passed_over_move(app, tmp_path):
    """A suggestion that passes over a set scoring more now says so: the set's cards, the points
    it scores now, and (from 100 simulated deals of each) both chances; the set's cards get the
    lighter dashed mark beside the ring on the suggested control."""
    saved = find_save("motto", 2, lambda s: s.current_player == 0 and passes_over_a_set(s))
    load_save(app, tmp_path, saved, ["human", "greedy"])
    page = app
    shown = ask_hint(page)
    assert not shown["action"].startswith("select:"), shown
    line = shown["line"]
    match = re.search(r"(p|P)laying ((\d \w+ \(\w+\), ){2}\d \w+ \(\w+\))(, which)? scores (\d+) points now", line)
    assert match, line
    points = int(match.group(5))
    assert points >= 5
    # the passed-over set is named beside the suggestion, with a word on how they compare
    assert re.search(r": better\.$| did better in the deals there was time to simulate\.$", line), line
    other = page.evaluate("document.body.dataset.hintOther")
    assert other and other.startswith("select:")
    marked = page.evaluate("[...document.querySelectorAll('#table .is-hint-other')].map((e) => e.dataset.action)")
    assert other in marked and all(a.startswith("select:") or a == "confirm" for a in marked), marked
    assert shown["action"] in shown["ringed"] and not set(marked) & set(shown["ringed"])
    assert "scores" in shown["announced"]
    assert_no_axe_violations(page, "Motto with a hint that passes over a set")


def test_a_suggestion_never_stays_over_a_replayed_step(app):
    """The live position's suggestion goes when the replay opens: the step shown there is
    another position, and a ringed card or a "Suggested: …" line would point at the wrong one."""
    page = app
    page.click("[data-testid=game-motto]")
    start(page, players=2, seats=["human", "greedy"], seed=7)
    for _ in range(2):  # a few steps to replay
        page.locator("#table [data-action=draw]").click()
        wait_idle(page)
    ask_hint(page)
    expect(page.locator(HINT_LINE)).to_be_visible()
    page.click("[data-testid=replay-open]")
    page.wait_for_function("window.__app.phase === 'replay' && window.__app.idle", timeout=WAIT_MS)
    page.click("[data-testid=replay-first]")
    expect(page.locator("[data-testid=replay-step]")).to_contain_text("Step 0 of")
    expect(page.locator(HINT_LINE)).to_be_hidden()
    assert page.locator(RINGED).count() == 0
    expect(page.locator("[data-testid=hint]")).to_be_hidden()
