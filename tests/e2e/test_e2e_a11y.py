"""Accessibility in a real browser: axe-core (WCAG 2.0/2.1 A and AA) on every screen, each game
played to the end with the keyboard alone (Tab / Shift+Tab, arrow keys inside a group, Enter),
the focus kept on a sensible control after every redraw and every computer turn, and the hotseat
curtain holding the keyboard (everything behind it inert)."""
from __future__ import annotations

import json

import engine
from e2e_helpers import (assert_focus_on_a_choice, assert_no_axe_violations, keyboard_activate, setup_lobby,
                         start, wait_idle)
from playwright.sync_api import expect

NAMES = ["Ada", "Bea (bot)", "Cy (bot)"]


def keyboard_start(page, **lobby) -> None:
    """Fill in the lobby and press Start with the keyboard."""
    setup_lobby(page, **lobby)
    keyboard_activate(page, "[data-testid=start]")
    wait_idle(page)


def find_save(game: str, players: int, predicate) -> dict:
    """The save of the first position (greedy bots, seeds 0..) where ``predicate(state)`` holds."""
    from engine.bots import make_bot
    from engine.rng import Rng

    bot = make_bot(game, "greedy")
    for seed in range(200):
        state, rng = engine.new_game(game, players, seed=seed), Rng(seed)
        while not state.is_over:
            if predicate(state):
                return state.save()
            state.apply(bot.choose(state, state.current_player, rng))
    raise AssertionError("no such position")


def load_save(page, tmp_path, saved: dict, kinds: list[str]) -> str:
    """Load ``saved`` through the page's Load game input; seat kinds "human" or a bot name."""
    seats = [{"kind": "human", "bot": None, "name": NAMES[i]} if k == "human"
             else {"kind": "bot", "bot": k, "name": NAMES[i]} for i, k in enumerate(kinds)]
    path = tmp_path / f"{saved['game']}.json"
    path.write_text(json.dumps({**saved, "seats": seats}))
    page.set_input_files("[data-testid=load-file]", str(path))
    phase = wait_idle(page)
    assert phase in ("human", "curtain"), page.evaluate("window.__app.lastError")
    return phase


# ---------------------------------------------------------------- Motto
def motto_target(view) -> str:
    """The control a simple player uses: build a play when possible, else draw (else take)."""
    ids = [a["id"] for a in view["legal_actions"]]
    if "confirm" in ids:
        return "[data-testid=confirm]"
    selects = [i.split(":", 1)[1] for i in ids if i.startswith("select:")]
    if selects:
        return f"[data-testid=hand-card][data-card='{selects[0]}'][data-selected=false]"
    if "draw" in ids:
        return "[data-testid=deck]"
    takes = [i.split(":", 1)[1] for i in ids if i.startswith("take:")]
    return f"[data-testid=pool-{takes[0]}]" if takes else "[data-testid=pass]"


def test_motto_by_keyboard_alone_with_axe_on_every_screen(app):
    assert_no_axe_violations(app, "the lobby")
    keyboard_start(app, players=3, seats=["human", "greedy", "greedy"], names=NAMES, seed=11)
    assert_no_axe_violations(app, "Motto, the table at the first turn")

    # the D shortcut draws a card (and the focus stays on the table)
    hand = app.locator("[data-testid=hand-card]").count()
    app.keyboard.press("d")
    assert wait_idle(app) == "human"
    assert app.evaluate("window.__app.view.table.hand.length") == hand + 1
    before = assert_focus_on_a_choice(app)
    # Shift+Tab then Tab comes back to the same control
    app.keyboard.press("Shift+Tab")
    app.keyboard.press("Tab")
    assert assert_focus_on_a_choice(app)["key"] == before["key"]

    keys, checked_choosing, moves = set(), False, 0
    while wait_idle(app) != "over":
        assert app.evaluate("window.__app.phase") == "human", app.evaluate("window.__app.lastError")
        assert_focus_on_a_choice(app)
        view = app.evaluate("window.__app.view")
        if view["table"]["selection"] and not checked_choosing:
            # a play being built: the hand is a multi-select listbox, the chosen cards selected
            listbox = app.locator("[data-testid=hand] [role=listbox]")
            assert listbox.get_attribute("aria-multiselectable") == "true"
            assert app.locator("[data-testid=hand-card][aria-selected=true]").count() == len(view["table"]["selection"])
            assert_no_axe_violations(app, "Motto, choosing a play")
            checked_choosing = True
        keys.update(keyboard_activate(app, motto_target(view)))
        moves += 1
        assert moves < 300
    assert checked_choosing
    assert {"Tab", "Enter"} <= keys and keys & {"ArrowLeft", "ArrowRight"}, keys
    assert_no_axe_violations(app, "Motto, the result")
    state = engine.load(app.evaluate("window.__app.save()"))
    assert state.is_over and len([a for a in state.history if a == "confirm"]) >= 1


# ---------------------------------------------------------------- Mottainai
PLAIN = {"task", "return", "work", "support", "hire", "collect", "sell", "clerk", "monk", "tailor", "potter",
         "smith", "craft", "prayer", "no_task", "done", "cancel", "wing", "skip"}


def test_mottainai_by_keyboard_alone_with_axe_in_every_phase(app, tmp_path):
    from test_mottainai import choose

    app.check("[data-testid=game-mottainai]")
    keyboard_start(app, players=2, seats=["human", "greedy"], names=NAMES[:2], seed=4242)
    checked, keys = set(), set()
    for step in range(2000):
        if wait_idle(app) == "over":
            break
        assert app.evaluate("window.__app.phase") == "human", app.evaluate("window.__app.lastError")
        assert_focus_on_a_choice(app)
        view = app.evaluate("window.__app.view")
        ids = [a["id"] for a in view["legal_actions"]]
        screen = view["table"]["phase"]
        if any(i.split(":")[0] not in PLAIN for i in ids):
            screen = "an effect prompt"
        if screen not in checked:
            assert_no_axe_violations(app, f"Mottainai, {screen}")
            checked.add(screen)
        keys.update(keyboard_activate(app, f"[data-action='{choose(ids, step)}']"))
    else:
        raise AssertionError("the game did not end")
    print("screens checked:", sorted(checked))
    assert {"morning", "noon"} <= checked
    # the focus was put on the next choice after every move, so few keys were needed
    assert "Enter" in keys and keys & {"ArrowLeft", "ArrowRight"}, keys
    assert_no_axe_violations(app, "Mottainai, the result")

    # night: a decision only comes with a night effect (Pinwheel); load such a position
    saved = find_save("mottainai", 2, lambda st: st.current_player == 0 and st.view(0)["table"]["phase"] == "night")
    load_save(app, tmp_path, saved, ["human", "greedy"])
    assert app.evaluate("window.__app.view.table.phase") == "night"
    assert_focus_on_a_choice(app)
    assert_no_axe_violations(app, "Mottainai, night")
    keyboard_activate(app, "[data-action=skip]")
    wait_idle(app)
    assert engine.load(app.evaluate("window.__app.save()")).history[len(saved["actions"])] == "skip"
