"""Undo in the page: the Undo button and Ctrl+Z take back the player's own last decision, and
are not offered after a draw or after a computer moved (docs/web-guide.md, "Undo"). Each test starts
from a save found with the engine in CPython, so it is short."""
from __future__ import annotations

import engine
from playwright.sync_api import expect
from e2e_helpers import (assert_focus_on_a_choice, assert_no_axe_violations, click_and_wait, find_save, load_save,
                         wait_idle)

NAMES = ["Ada", "Bo"]
UNDO = "[data-testid=undo]"


def load(page, tmp_path, saved: dict, kinds: list[str]) -> None:
    """Load ``saved`` through the Load game input, seat 0 on screen."""
    load_save(page, tmp_path, saved, kinds, NAMES)
    if page.evaluate("window.__app.phase") == "curtain":
        click_and_wait(page, "[data-testid=curtain-reveal]")
    assert page.evaluate("window.__app.phase") == "human", page.evaluate("window.__app.lastError")
    assert page.evaluate("window.__app.viewer") == 0


def after(state, action_id: str):
    other = state.clone()
    other.apply(action_id)
    return other


def refused_with(page, said: str) -> None:
    """Ctrl+Z changes nothing, and the engine's reason is on screen and in the live region."""
    view = page.evaluate("window.__app.view")
    page.keyboard.press("Control+z")
    assert wait_idle(page) == "human" and page.evaluate("window.__app.view") == view
    expect(page.locator("[data-testid=error]")).to_be_visible()
    expect(page.locator("[data-testid=error]")).to_contain_text(said)
    expect(page.locator("[data-testid=announce]")).to_contain_text(said)


def motto_select_position(state) -> bool:
    return (state.current_player == 0 and not state.selection
            and any(a.id.startswith("select:") for a in state.legal_actions()))


def motto_select(page) -> str:
    ids = [a["id"] for a in page.evaluate("window.__app.view")["legal_actions"]]
    key = next(i for i in ids if i.startswith("select:")).split(":", 1)[1]
    return click_and_wait(page, f"[data-testid=hand-card][data-card='{key}'][data-selected=false] >> nth=0")


def test_motto_undo_by_button_and_ctrl_z_then_not_after_the_bot_moved(app, tmp_path):
    saved = find_save("motto", 2, motto_select_position)
    load(app, tmp_path, saved, ["human", "greedy"])
    undo = app.locator(UNDO)
    assert undo.is_hidden()                       # the bot moved last: nothing of mine to undo
    before = app.evaluate("window.__app.view")

    assert motto_select(app) == "human"
    assert undo.is_visible() and app.evaluate("window.__app.status.can_undo")
    assert_no_axe_violations(app, "Motto with the Undo button")
    saves = app.evaluate("window.__app.autosaved")
    assert click_and_wait(app, UNDO) == "human"
    assert app.evaluate("window.__app.view") == before          # exactly the earlier view, log too
    assert undo.is_hidden()
    assert "Undone: Choose" in app.inner_text("[data-testid=announce]")
    assert_focus_on_a_choice(app)
    app.wait_for_function(f"window.__app.autosaved > {saves}")    # the autosave follows the undo
    assert app.evaluate("window.__app.save()")["actions"] == saved["actions"]

    # Ctrl+Z does the same
    motto_select(app)
    selected = app.locator("[data-testid=hand-card][data-selected=true]").count()
    assert selected == 1
    app.keyboard.press("Control+z")
    assert wait_idle(app) == "human"
    assert app.evaluate("window.__app.view") == before
    assert app.locator("[data-testid=hand-card][data-selected=true]").count() == 0
    assert_focus_on_a_choice(app)

    # a draw ends the turn, the bot moves: nothing is offered any more, and Ctrl+Z changes
    # nothing but says why, on screen and in the live region
    click_and_wait(app, "[data-testid=deck]")
    assert app.evaluate("window.__app.status.actions") > len(saved["actions"]) + 1   # the bot moved
    assert undo.is_hidden() and not app.evaluate("window.__app.status.can_undo")
    refused_with(app, "Nothing to take back: you have made no decision since Bo acted.")
    assert_focus_on_a_choice(app)


def test_mottainai_undo_an_own_choice_but_not_a_draw(app, tmp_path):
    def own_choice(state):      # an action choice that shows nothing: it can be taken back
        return state.current_player == 0 and any(
            a.id in ("clerk", "monk", "tailor", "potter", "smith", "craft")
            and after(state, a.id).can_undo(0) for a in state.legal_actions())

    saved = find_save("mottainai", 2, own_choice)
    load(app, tmp_path, saved, ["human", "greedy"])
    state = engine.load(saved)
    choice = next(a.id for a in state.legal_actions()
                  if a.id in ("clerk", "monk", "tailor", "potter", "smith", "craft") and after(state, a.id).can_undo(0))
    undo = app.locator(UNDO)
    assert undo.is_visible() == state.can_undo(0)     # earlier choices of this turn may be undoable
    before = app.evaluate("window.__app.view")
    assert click_and_wait(app, f"[data-action='{choice}'] >> nth=0") == "human"
    assert undo.is_visible()
    assert click_and_wait(app, UNDO) == "human"
    assert app.evaluate("window.__app.view") == before
    assert "Undone:" in app.inner_text("[data-testid=announce]")
    assert_focus_on_a_choice(app)

    # a decision that draws cards (still this player's turn) closes the window
    def draw_and_go_on(state):
        return state.current_player == 0 and any(
            after(state, a.id).current_player == 0 and after(state, a.id)._revealed
            for a in state.legal_actions())

    saved = find_save("mottainai", 2, draw_and_go_on)
    load(app, tmp_path, saved, ["human", "greedy"])
    state = engine.load(saved)
    drawing = next(a.id for a in state.legal_actions()
                   if after(state, a.id).current_player == 0 and after(state, a.id)._revealed)
    assert click_and_wait(app, f"[data-action='{drawing}'] >> nth=0") == "human"
    assert app.evaluate("window.__app.status.actions") == len(saved["actions"]) + 1
    assert undo.is_hidden() and not app.evaluate("window.__app.status.can_undo")
    # Ctrl+Z now is refused with the engine's reason, shown and said; nothing changes
    refused_with(app, "Undo is not possible once a new card was seen.")
    assert app.evaluate("window.__app.save()")["actions"] == saved["actions"] + [drawing]


def test_hotseat_undo_is_for_the_player_to_move_only(app, tmp_path):
    saved = find_save("motto", 2, motto_select_position)
    load(app, tmp_path, saved, ["human", "human"])
    undo = app.locator(UNDO)
    before = app.evaluate("window.__app.view")
    motto_select(app)
    assert undo.is_visible()
    app.keyboard.press("Control+z")
    assert wait_idle(app) == "human" and app.evaluate("window.__app.view") == before
    # Ada draws: the curtain for Bo, who has nothing to undo (Ada's draw is not his)
    assert click_and_wait(app, "[data-testid=deck]") == "curtain"
    assert undo.is_hidden()
    assert click_and_wait(app, "[data-testid=curtain-reveal]") == "human"
    assert app.evaluate("window.__app.viewer") == 1
    assert undo.is_hidden() and not app.evaluate("window.__app.status.can_undo")
