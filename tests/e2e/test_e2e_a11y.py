"""Accessibility in a real browser: axe-core (WCAG 2.0/2.1 A and AA) on every screen, each game
played to the end with the keyboard alone (Tab / Shift+Tab, arrow keys inside a group, Enter),
the focus kept on a sensible control after every redraw and every computer turn, and the hotseat
curtain holding the keyboard (everything behind it inert)."""
from __future__ import annotations

import engine
import e2e_helpers
from e2e_helpers import (assert_focus_on_a_choice, assert_no_axe_violations, continue_past_screens, find_save,
                         keyboard_activate, open_phone, setup_lobby, start, wait_idle)
from playwright.sync_api import expect

NAMES = ["Ada", "Bea (bot)", "Cy (bot)"]


def keyboard_start(page, **lobby) -> None:
    """Fill in the lobby and press Start with the keyboard."""
    setup_lobby(page, **lobby)
    keyboard_activate(page, "[data-testid=start]")
    wait_idle(page)


def load_save(page, tmp_path, saved: dict, kinds: list[str]) -> str:
    return e2e_helpers.load_save(page, tmp_path, saved, kinds, NAMES)


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

    # screen readers: every card named as a sighted player reads it; what the computers did is
    # said in the polite live region; T reads the whole table as text (no other hand in it)
    view = app.evaluate("window.__app.view")
    # (each name begins with the words on the card's face, so a speech user can say them)
    labels = [app.get_attribute(f"[data-testid=hand-card] >> nth={i}", "aria-label") for i in range(len(view["table"]["hand"]))]
    for label, card in zip(labels, view["table"]["hand"]):
        stage = {"youth": "Youth", "adulthood": "Adult", "old age": "Old age"}[card["stage"]]
        words = f"{card['count']} {card['symbol'].capitalize()} {card['colour'].capitalize()} {stage}"
        assert label.startswith(words), (label, card)
    said = app.inner_text("[data-testid=announce]")
    log = app.locator("[data-testid=log] li")
    assert log.last.inner_text() in said and "Bea (bot)" in said and "Cy (bot)" in said
    assert "Ada draws" in app.inner_text("[data-testid=log]") and "Ada draws" not in said  # not her own move
    app.keyboard.press("t")
    description = app.locator("[data-testid=description]")
    expect(description).to_be_focused()
    text = description.inner_text()
    for card in view["table"]["hand"]:
        assert card["label"] in text
    for seat in (1, 2):
        assert f"{NAMES[seat]}: " in text and f"{view['table']['players'][seat]['hand_count']} cards in hand" in text
    assert f"Deck: {view['table']['deck_count']} cards" in text
    app.keyboard.press("c")  # back to the choices
    assert_focus_on_a_choice(app)

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
    # dark theme and reduced motion: still no violation, and the cards stop moving
    assert app.evaluate("getComputedStyle(document.querySelector('#table .card')).transitionDuration") != "0s"
    app.emulate_media(color_scheme="dark", reduced_motion="reduce")
    assert app.evaluate("getComputedStyle(document.querySelector('#table .card')).transitionDuration") == "0s"
    assert app.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(243, 239, 231)"
    assert_no_axe_violations(app, "Motto, the result, dark theme")
    state = engine.load(app.evaluate("window.__app.save()"))
    assert state.is_over and len([a for a in state.history if a == "confirm"]) >= 1


# ---------------------------------------------------------------- Mottainai
PLAIN = {"task", "return", "work", "support", "hire", "collect", "sell", "clerk", "monk", "tailor", "potter",
         "smith", "craft", "prayer", "no_task", "done", "cancel", "wing", "skip"}


def test_mottainai_by_keyboard_alone_with_axe_in_every_phase(app, tmp_path):
    from e2e.test_mottainai import choose  # the e2e module, not tests/engine/test_mottainai.py

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


# ---------------------------------------------------------------- Moteneba
def test_moteneba_by_keyboard_alone_with_axe_in_every_phase(app, tmp_path):
    from engine.bots import make_bot
    from engine.rng import Rng
    from e2e.test_moteneba import selector  # the e2e module, not tests/engine/test_moteneba.py

    app.check("[data-testid=game-moteneba]")
    keyboard_start(app, players=3, seats=["human", "greedy", "random"], names=NAMES, seed=2)
    rng, greedy = Rng(5), make_bot("moteneba", "greedy")
    checked, keys = set(), set()
    for _ in range(600):
        phase = wait_idle(app)
        if phase == "over":
            break
        if phase == "moment":
            # a year scored: its screen has the focus on Continue, and Enter continues
            if "the year's scoring screen" not in checked:
                assert_no_axe_violations(app, "Moteneba, the year's scoring screen")
                checked.add("the year's scoring screen")
            assert app.evaluate("document.activeElement.dataset.testid") == "moment-continue"
            app.keyboard.press("Enter")
            keys.add("Enter")
            continue
        assert app.evaluate("window.__app.phase") == "human", app.evaluate("window.__app.lastError")
        assert_focus_on_a_choice(app)
        view = app.evaluate("window.__app.view")
        table = view["table"]
        screens = [table["phase"]]
        if table["pending"]:
            screens.append("placement (a cube chosen)")
        if table["scoring"] and table["scoring"]["paid"] and table["phase"] == "draft":
            screens.append("year scoring")
        for screen in screens:
            if screen not in checked:
                assert_no_axe_violations(app, f"Moteneba, {screen}")
                checked.add(screen)
        ids = [a["id"] for a in view["legal_actions"]]
        if rng.below(4):
            choice = greedy.choose(engine.load(app.evaluate("window.__app.save()")), 0, rng)
        else:
            forward = [i for i in ids if i != "cancel"]
            choice = forward[rng.below(len(forward))]
        keys.update(keyboard_activate(app, selector(choice)))
    else:
        raise AssertionError("the game did not end")
    print("screens checked:", sorted(checked), "keys:", sorted(keys))
    assert {"draft", "play", "placement (a cube chosen)", "year scoring", "the year's scoring screen"} <= checked
    assert {"Tab", "Enter"} <= keys and keys & {"ArrowLeft", "ArrowRight"}, keys
    assert_no_axe_violations(app, "Moteneba, the result")
    assert engine.load(app.evaluate("window.__app.save()")).is_over

    # the +3 Power step comes only to a player holding +3 Power: load such a position
    if "power" not in checked:
        saved = find_save("moteneba", 3, lambda st: st.phase == "power" and st.current_player == 0
                          and "power" in st.hands[0])
        load_save(app, tmp_path, saved, ["human", "greedy", "greedy"])
        assert_focus_on_a_choice(app)
        assert_no_axe_violations(app, "Moteneba, the +3 Power step")
        keyboard_activate(app, selector("power:2"))
        assert continue_past_screens(app) == "human"   # her last +3 Power card: the year is scored
        state = engine.load(app.evaluate("window.__app.save()"))
        if state.phase == "power" and state.current_player == 0:     # another +3 Power card
            keyboard_activate(app, selector("done"))
            wait_idle(app)
            state = engine.load(app.evaluate("window.__app.save()"))
            assert state.history[len(saved["actions"]):][:2] == ["power:2", "done"]
        else:   # her last +3 Power card: the engine said done for her
            assert state.history[len(saved["actions"])] == "power:2"
            assert "{P0} is done with +3 Power." in state.log


# ---------------------------------------------------------------- the hotseat curtain
def test_the_curtain_holds_the_keyboard_and_nothing_behind_it_works(app):
    start(app, players=2, seats=["human", "human"], names=["Ann", "Ben"], seed=7)
    assert wait_idle(app) == "curtain"
    assert_no_axe_violations(app, "the hotseat curtain")
    on_curtain = "() => document.getElementById('curtain').contains(document.activeElement)"
    assert app.evaluate(on_curtain)
    for key in ["Tab"] * 6 + ["Shift+Tab"] * 6:
        app.keyboard.press(key)
        assert app.evaluate(on_curtain), f"{key} left the curtain"
    # everything behind it is inert: the menu (Save game, New game), the table, the footer
    for sel in (".topbar", "#main", ".footer"):
        assert app.evaluate(f"document.querySelector('{sel}').inert"), sel
    save = app.locator("[data-testid=save-game]")
    box = save.bounding_box()
    hit = app.evaluate(f"document.elementFromPoint({box['x'] + box['width'] / 2}, {box['y'] + box['height'] / 2})"
                       ".closest('#curtain') !== null")
    assert hit, "a click on Save game reaches the button behind the curtain"
    downloads = []
    app.on("download", lambda d: downloads.append(d))
    app.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    app.keyboard.press("d")  # no shortcut works under it either
    app.wait_for_timeout(300)
    assert downloads == [] and app.evaluate("window.__app.phase") == "curtain"
    assert app.locator("[data-testid=hand-card]").count() == 0
    assert app.locator("[data-testid=description] li").count() == 0

    # "I am Ann" by keyboard: the curtain goes, the page comes back to life, the focus on a choice
    app.keyboard.press("Enter")
    assert wait_idle(app) == "human"
    for sel in (".topbar", "#main", ".footer"):
        assert not app.evaluate(f"document.querySelector('{sel}').inert"), sel
    assert_focus_on_a_choice(app)
    # Ann reads the table, draws, and the curtain comes down with her hand gone from the page
    app.keyboard.press("t")
    expect(app.locator("[data-testid=description]")).to_contain_text("Your hand:")  # drawn once asked
    app.keyboard.press("d")
    assert wait_idle(app) == "curtain"          # at once: her hand is gone, Ben reads that she drew
    assert app.locator("[data-testid=hand-card]").count() == 0
    assert app.inner_text("[data-testid=curtain-news]") == "Ann drew a card from the deck."
    assert app.evaluate("document.activeElement.dataset.testid") == "curtain-reveal"
    assert app.locator("[data-testid=description] li").count() == 0
    assert app.evaluate("document.getElementById('describe').hidden")
    app.keyboard.press("Enter")
    assert wait_idle(app) == "human"
    keyboard_activate(app, "[data-testid=save-game]", key="Enter")
    assert app.evaluate("document.activeElement.dataset.testid") == "save-game"


# ---------------------------------------------------------------- phones and tablets
PHONE_CHECK = """() => {
  const w = innerWidth, hgt = innerHeight;
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const out = { sideways: document.documentElement.scrollWidth - w, small: [], prompt: null, choice: null };
  const sel = "button:not(:disabled), select, summary, [role=option]:not([aria-disabled=true]), [role=button]";
  for (const el of document.querySelectorAll(sel)) {
    if (!shown(el) || el.closest("[hidden], [inert]")) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 44 || r.height < 44) out.small.push(`${el.tagName} ${el.dataset.testid ?? el.className} ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  const turn = document.getElementById("turn").getBoundingClientRect();
  out.prompt = turn.top >= 0 && turn.bottom <= hgt;
  const a = document.activeElement;
  if (a && document.getElementById("table").contains(a)) {
    const r = a.getBoundingClientRect();
    const x = Math.min(w - 1, Math.max(0, r.left + r.width / 2)), y = Math.min(hgt - 1, Math.max(0, r.top + Math.min(r.height / 2, 20)));
    const hit = document.elementFromPoint(x, y);
    out.choice = { key: a.dataset.key, inView: r.top >= 0 && r.bottom <= hgt && r.left >= 0 && r.right <= w,
                   uncovered: !!hit && (a === hit || a.contains(hit)),
                   coveredBy: hit && !(a === hit || a.contains(hit)) ? hit.outerHTML.slice(0, 160) : null };
  }
  return out;
}"""


def check_phone_screen(page, label: str) -> None:
    """No sideways scrolling, tap targets of 44×44 px or more, the prompt on screen and (on a
    player's turn) their next choice on screen and not under a sticky bar."""
    got = page.evaluate(PHONE_CHECK)
    assert got["sideways"] <= 0, f"{label}: {got['sideways']} px of sideways scrolling"
    assert not got["small"], f"{label}: tap targets under 44×44 px: {got['small'][:8]}"
    if page.evaluate("window.__app.phase") in ("human", "over", "bot"):
        assert got["prompt"], f"{label}: the turn line is off screen"
    if page.evaluate("window.__app.phase") == "human":
        choice = got["choice"]
        assert choice and choice["inView"] and choice["uncovered"], f"{label}: the next choice is not in view: {choice}"


def test_phone_and_tablet_layouts(browser, site_url, problems, tmp_path):
    from e2e.test_mottainai import choose  # the e2e module, not tests/engine/test_mottainai.py
    from e2e.test_moteneba import selector  # the e2e module, not tests/engine/test_moteneba.py

    page = open_phone(browser, site_url, problems, pace=20)
    check_phone_screen(page, "the lobby at 390 px")
    assert_no_axe_violations(page, "the lobby at 390 px")

    def play(game, pick, moves=8, **lobby):
        if page.evaluate("window.__app.phase") != "lobby":
            page.tap("[data-testid=menu]")   # a phone's top bar keeps its buttons in a menu
            page.tap("[data-testid=new-game]")
        page.check(f"[data-testid=game-{game}]")
        start(page, **lobby)
        for i in range(moves):
            if wait_idle(page) != "human":
                break
            check_phone_screen(page, f"{game} at 390 px, move {i}")
            view = page.evaluate("window.__app.view")
            page.tap(pick(view, i))
        assert_no_axe_violations(page, f"{game} at 390 px")

    play("motto", lambda v, i: motto_target(v), moves=10, players=3, seats=["human", "greedy", "greedy"], seed=3)
    play("mottainai", lambda v, i: f"[data-action='{choose([a['id'] for a in v['legal_actions']], i)}'] >> nth=0",
         moves=10, players=2, seats=["human", "greedy"], seed=4242)
    play("moteneba", lambda v, i: selector(next(a["id"] for a in v["legal_actions"] if a["id"] != "cancel")),
         moves=12, players=3, seats=["human", "greedy", "greedy"], seed=2)

    # a tablet, portrait
    page.set_viewport_size({"width": 768, "height": 1024})
    wait_idle(page)
    check_phone_screen(page, "moteneba at 768 px")
    page.emulate_media(color_scheme="dark")
    assert_no_axe_violations(page, "moteneba at 768 px, dark theme")
    page.context.close()


# ---------------------------------------------------------------- Motto: building a play by keyboard
def test_motto_keyboard_focus_stays_in_the_hand_then_goes_to_play(app, tmp_path):
    """Enter on a hand card chooses it and the focus moves on to the next card that can still be
    chosen (never back to the Deck, where Enter would try to draw); with three chosen it is on
    "Play these three cards", and Enter plays them."""
    saved = find_save("motto", 2, lambda st: st.current_player == 0 and not st.selection and any(
        a.id.startswith("select:") for a in st.legal_actions()))
    load_save(app, tmp_path, saved, ["human", "greedy"])
    first = next(a["id"] for a in app.evaluate("window.__app.view.legal_actions") if a["id"].startswith("select:"))
    keyboard_activate(app, f"[data-testid=hand-card][data-action='{first}']", key="Enter")
    for n in (1, 2, 3):
        assert wait_idle(app) == "human"
        assert len(app.evaluate("window.__app.view.table.selection")) == n
        focused = app.evaluate("({...document.activeElement.dataset})")
        if n < 3:
            # the next card that can be chosen, in the hand: Enter chooses it
            assert focused.get("testid") == "hand-card" and focused.get("action", "").startswith("select:"), focused
            app.keyboard.press("Enter")
        else:
            assert focused.get("testid") == "confirm", focused
    app.keyboard.press("Enter")
    wait_idle(app)
    played = engine.load(app.evaluate("window.__app.save()")).history[len(saved["actions"]):]
    assert [a.split(":")[0] for a in played[:4]] == ["select"] * 3 + ["confirm"], played
