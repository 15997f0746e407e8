"""Settings (docs/web-guide.md, "Settings") and steps with one choice (docs/web-guide.md, "Steps with one
choice"): the panel from the top bar, remembered across a reload and honoured at once (speed,
theme, hints, one-choice steps); a step with one answer taken for the player, noted in view and in
this page's log only, asked when turned off, left to the player after an undo or a cancel, and
never shown to the next player of a hotseat. Positions come from saves (find_save)."""
from __future__ import annotations

import json

from playwright.sync_api import expect
from e2e_helpers import (BOOT_TIMEOUT_MS, ask_for_one_choice_steps, assert_no_axe_violations, click_and_wait, find_save, load_save,
                         wait_idle)

NAMES = ["Ada", "Bo", "Cy"]
NOTE = "[data-testid=one-choice-note]"
LOCAL = "[data-testid=log-local]"
SETTINGS_KEY = "moteplay.settings.v1"


def open_settings(page) -> None:
    if page.locator("[data-testid=menu]").is_visible():
        page.click("[data-testid=menu]")   # a phone's top bar keeps its buttons in a menu
    page.click("[data-testid=settings-open]")
    expect(page.locator("[data-testid=settings-dialog]")).to_be_visible()


def choose(page, setting: str, value) -> None:
    page.check(f"[data-testid=setting-{setting}-{json.dumps(value) if isinstance(value, bool) else value}]")


def close_settings(page) -> None:
    page.keyboard.press("Escape")
    expect(page.locator("[data-testid=settings-dialog]")).to_be_hidden()


def background(page) -> str:
    return page.evaluate("getComputedStyle(document.documentElement).backgroundColor")


# ---------------------------------------------------------------- the panel and its settings
def test_settings_are_remembered_across_a_reload_and_honoured(screen, site_url):
    page = screen(viewport={"width": 1280, "height": 800}, color_scheme="light")
    # the address's ?pace= wins over the speed: the speed is read from a page without it
    page.goto(site_url)
    page.wait_for_function("window.__app && window.__app.ready", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__app.pace") == 700
    light = background(page)

    page.click("[data-testid=settings-open]")
    dialog = page.locator("[data-testid=settings-dialog]")
    expect(dialog).to_be_visible()
    assert_no_axe_violations(page, "the Settings panel")   # the system's light and dark themes
    choose(page, "speed", "slow")
    assert page.evaluate("window.__app.pace") == 1400      # live, without a reload
    choose(page, "theme", "dark")
    assert background(page) != light
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert_no_axe_violations(page, "the Settings panel, dark theme chosen")
    choose(page, "oneChoice", False)
    choose(page, "hints", False)
    close_settings(page)
    assert page.evaluate("document.activeElement.dataset.testid") == "settings-open"   # the focus comes back

    page.reload()
    page.wait_for_function("window.__app && window.__app.ready", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__app.pace") == 1400
    assert background(page) != light   # dark on a light system, from the first paint on
    open_settings(page)
    for setting, value in (("speed", "slow"), ("theme", "dark"), ("oneChoice", False), ("hints", False)):
        expect(page.locator(f"[data-testid=setting-{setting}-{json.dumps(value) if isinstance(value, bool) else value}]")
               ).to_be_checked()
    choose(page, "speed", "instant")
    assert page.evaluate("window.__app.pace") == 0
    close_settings(page)

    # hints off: a new game takes it, and no "Suggest a move"
    page.click("[data-testid=start]")
    wait_idle(page)
    assert page.evaluate("window.__app.setup.hints") is False
    expect(page.locator("[data-testid=hint]")).to_be_hidden()

    # a damaged value falls back to the defaults without breaking the page
    page.evaluate(f"localStorage.setItem('{SETTINGS_KEY}', '{{not json')")
    page.reload()
    page.wait_for_function("window.__app && window.__app.ready", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__app.pace") == 700 and background(page) == light


def test_light_theme_on_a_dark_system(screen):
    page = screen(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, color_scheme="dark")
    dark = background(page)
    open_settings(page)                     # through the phone's menu
    choose(page, "theme", "light")
    assert background(page) != dark
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") != "dark"
    assert_no_axe_violations(page, "the Settings panel on a phone, light theme chosen")
    close_settings(page)
    page.reload()
    page.wait_for_function("window.__app && window.__app.ready", timeout=BOOT_TIMEOUT_MS)
    assert background(page) != dark
    open_settings(page)
    choose(page, "theme", "system")
    assert background(page) == dark


def test_hints_off_mid_game_hide_the_button_at_once(app):
    app.click("[data-testid=start]")
    assert wait_idle(app) == "human"
    hint = app.locator("[data-testid=hint]")
    expect(hint).to_be_visible()
    open_settings(app)
    choose(app, "hints", False)
    expect(hint).to_be_hidden()
    choose(app, "hints", True)
    expect(hint).to_be_visible()      # the table allows hints: back at once
    close_settings(app)
    assert app.evaluate("window.__app.setup.hints") is True


# ---------------------------------------------------------------- steps with one choice
ONE_CHOICE = """async (id) => {
  const { oneChoice } = await import(new URL('js/one-choice.js', location.href).href);
  const module = await import(new URL('js/views/mottainai.js', location.href).href);
  const view = { game: 'mottainai', current_player: 0, is_over: false, legal_actions: [{ id, label: id }] };
  const taken = oneChoice(view, 0, { actions: 12345 }, module);
  return taken ? taken.id : null;
}"""


def test_a_single_answer_there_to_look_at_is_never_taken(app):
    """Mottainai's Fan with three equal cards has one answer ("top:<card>"), there for the player to
    see the top of the deck: the game's view module lists it in ``shownSteps``, so it is left to the
    player; any other single answer of the same game is taken."""
    assert app.evaluate(ONE_CHOICE, "top:kite") is None
    assert app.evaluate(ONE_CHOICE, "no_task") == "no_task"


def moteneba_draft(state) -> bool:
    """Ada's draft with one colour left in the pile: one answer."""
    return state.current_player == 0 and state.phase == "draft" and len(state.legal_actions()) == 1


def moteneba_one_cube(state) -> bool:
    """Ada's turn with cubes of one colour and nothing else to play: "Place a … cube", then where."""
    return (state.current_player == 0 and state.phase == "play" and state.pending is None
            and len(state.legal_actions()) == 1)


def test_a_step_with_one_choice_is_taken_and_noted_then_undo_and_cancel_leave_it_to_the_player(app, tmp_path):
    saved = find_save("moteneba", 3, moteneba_one_cube)
    load_save(app, tmp_path, saved, ["human", "greedy", "greedy"], NAMES)
    assert app.evaluate("window.__app.phase") == "human"
    view = app.evaluate("window.__app.view")
    ids = [a["id"] for a in view["legal_actions"]]
    assert "cancel" in ids and any(i.startswith("girl:") for i in ids), ids   # the cube was placed in hand: now where
    expect(app.locator(NOTE)).to_be_visible()
    expect(app.locator(NOTE)).to_contain_text("Only one choice: Place a")
    expect(app.locator(NOTE)).to_contain_text("taken for you")
    expect(app.locator(LOCAL)).to_have_count(1)
    expect(app.locator(LOCAL)).to_contain_text("Only one choice")
    expect(app.locator("[data-testid=announce]")).to_contain_text("Only one choice")
    # the note is this page's own: not in the engine's log nor in the save
    assert not any("Only one choice" in line for line in view["log"])
    assert "Only one choice" not in json.dumps(app.evaluate("window.__app.save()"))

    # Undo takes the step back and leaves it to the player (no taking it again)
    click_and_wait(app, "[data-testid=undo]")
    assert [a["id"] for a in app.evaluate("window.__app.view.legal_actions")] == [a.id for a in _legal(saved)]
    app.wait_for_timeout(300)
    assert app.evaluate("window.__app.idle") and len(app.evaluate("window.__app.view.legal_actions")) == 1
    expect(app.locator(LOCAL)).to_have_count(0)        # its line went with the move
    expect(app.locator(NOTE)).to_be_hidden()
    # the player's own click, then Cancel: back at the step, theirs again
    only_id = app.evaluate("window.__app.view.legal_actions[0].id")
    click_and_wait(app, f"#table [data-action='{only_id}']:visible >> nth=0")
    click_and_wait(app, "#table [data-action=cancel]:visible >> nth=0")
    app.wait_for_timeout(300)
    assert app.evaluate("window.__app.view.legal_actions.map(a => a.id)") == [only_id]


def _legal(saved):
    import engine
    return engine.load(saved).legal_actions()


def test_with_one_choice_steps_off_the_player_is_asked(app, tmp_path):
    ask_for_one_choice_steps(app)
    saved = find_save("moteneba", 3, moteneba_draft)
    load_save(app, tmp_path, saved, ["human", "greedy", "greedy"], NAMES)
    app.wait_for_timeout(300)
    legal = app.evaluate("window.__app.view.legal_actions")
    assert len(legal) == 1 and legal[0]["id"].startswith("draft:"), legal
    expect(app.locator(NOTE)).to_be_hidden()
    expect(app.locator(LOCAL)).to_have_count(0)


def test_hotseat_one_choice_is_taken_on_the_players_own_screen_and_not_shown_to_the_next(app, tmp_path):
    saved = find_save("moteneba", 3, moteneba_draft)
    assert load_save(app, tmp_path, saved, ["human", "human", "greedy"], NAMES) == "curtain"
    app.click("[data-testid=curtain-reveal]")            # Ada: her one choice is taken on her screen
    expect(app.locator(NOTE)).to_be_visible()
    expect(app.locator(LOCAL)).to_have_count(1)
    assert wait_idle(app) == "curtain"                   # then the device goes to Bo
    expect(app.locator(NOTE)).to_be_hidden()
    expect(app.locator(LOCAL)).to_have_count(0)          # not even behind the curtain
    log = app.locator("[data-testid=log] li").all_inner_texts()
    assert any(line.startswith("Ada takes a") for line in log), log   # the same words as a click
    assert click_and_wait(app, "[data-testid=curtain-reveal]") == "human"
    assert app.evaluate("window.__app.viewer") == 1 and len(app.evaluate("window.__app.view.legal_actions")) > 1
    expect(app.locator(LOCAL)).to_have_count(0)          # Ada's note is not on Bo's screen
    expect(app.locator(NOTE)).to_be_hidden()
