"""Mottainai card texts in the page: every face-up card's effect can be read wherever the card
lies (hand, floor, task, helpers, sales, works, the score table) by keyboard focus (it is also
the card's accessible description), by a tap on a card that cannot be played, and by a long
press on one that can, which does not play it. Hidden cards show nothing."""
from __future__ import annotations

import json

import engine
from e2e_helpers import assert_no_axe_violations, keyboard_activate, open_phone, wait_idle
from engine.bots import make_bot
from engine.rng import Rng

NAMES = ["Ada", "Bo (bot)"]


def mid_game_save() -> dict:
    """A greedy game until seat 0 chooses a floor card to collect, with a task, helpers, sales,
    works and a floor: every place a card can be seen. Seed 1 gets there in ~150 moves."""
    bot = make_bot("mottainai", "greedy")
    for seed in range(1, 50):
        state, rng = engine.new_game("mottainai", 2, seed=seed), Rng(seed)
        while not state.is_over:
            if state.current_player == 0:
                view = state.view(0)
                t, ids = view["table"], [a["id"] for a in view["legal_actions"]]
                me = t["players"][0]
                if (me["gallery"] or me["gift_shop"]) and me["helpers"] and me["sales"] and me["task"] \
                        and any(i.startswith(("collect:", "hire:")) for i in ids) and len(t["hand"]) >= 2:
                    return state.save()
            state.apply(bot.choose(state, state.current_player, rng))
    raise AssertionError("no such position")


def load(page, tmp_path, saved: dict) -> dict:
    seats = [{"kind": "human", "bot": None, "name": NAMES[0]}, {"kind": "bot", "bot": "greedy", "name": NAMES[1]}]
    path = tmp_path / "mottainai.json"
    path.write_text(json.dumps({**saved, "seats": seats}))
    page.set_input_files("[data-testid=load-file]", str(path))
    assert wait_idle(page) == "human", page.evaluate("window.__app.lastError")
    return page.evaluate("window.__app.view")


TEXTS = {c.key: c.text for c in __import__("engine.games.mottainai.cards", fromlist=["KINDS"]).KINDS}
PANEL = "[data-testid=card-info]"


def description(page, selector: str) -> str:
    """The accessible description of the first element matching ``selector``."""
    return page.evaluate("""(sel) => {
      const el = document.querySelector(sel);
      return (el.getAttribute('aria-describedby') || '').split(/\\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    }""", selector)


def panel_text(page) -> str:
    assert page.locator(PANEL).is_visible()
    return page.inner_text(PANEL)


def long_press(page, selector: str, ms: int = 700) -> None:
    """A touch held on the element (pointer events as a touch screen sends them)."""
    page.evaluate("""([sel, ms]) => new Promise((done) => {
      const el = document.querySelector(sel);
      const r = el.getBoundingClientRect();
      const at = { bubbles: true, cancelable: true, composed: true, pointerType: 'touch', isPrimary: true,
                   pointerId: 7, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
      el.dispatchEvent(new PointerEvent('pointerdown', at));
      setTimeout(() => {
        el.dispatchEvent(new PointerEvent('pointerup', at));
        el.dispatchEvent(new MouseEvent('click', at));   // the click a lifted finger makes
        done();
      }, ms);
    })""", [selector, ms])


def test_card_texts_by_keyboard_mouse_and_on_the_score_table(app, tmp_path):
    view = load(app, tmp_path, mid_game_save())
    t = view["table"]
    me = t["players"][0]
    assert app.locator(PANEL).count() == 0 or not app.locator(PANEL).is_visible()

    # every face-up card on the table carries its effect as its accessible description
    places = {"hand-card": t["hand"], "floor-card": t["floor"], "task": [me["task"]],
              "helpers-card": me["helpers"], "sales-card": me["sales"], "work": me["gallery"] + me["gift_shop"]}
    for testid, cards in places.items():
        for card in cards:
            sel = f"[data-testid=my-temple] [data-testid={testid}][data-card='{card['key']}'], " \
                  f".mt-centre [data-testid={testid}][data-card='{card['key']}'], " \
                  f"[data-testid=hand] [data-testid={testid}][data-card='{card['key']}']"
            assert description(app, sel) == f"Effect: {card['text']}", (testid, card["key"])
    # only face-up cards can be read: one readable element per face-up card in the view (plus
    # the choices that use a work), none for the opponent's hand, the deck or a waiting area
    opp = t["players"][1]
    face_up = (t["hand"] + t["floor"] + [me["task"]] + me["helpers"] + me["sales"] + me["craft_bench"]
               + me["gallery"] + me["gift_shop"] + ([opp["task"]] if opp["task"] else []) + opp["gallery"]
               + opp["gift_shop"])
    uses = [a["id"] for a in view["legal_actions"] if a["id"].startswith("use:")]
    readable = app.locator("#table .has-card-info")
    assert readable.count() == len(face_up) + len(uses)
    assert sorted(readable.evaluate_all("els => els.filter(e => e.dataset.card).map(e => e.dataset.card)")) \
        == sorted(c["key"] for c in face_up)

    # keyboard: focus a hand card (a disabled one: the player must choose a floor card now),
    # the panel shows its text; Escape closes it; arrow keys move on and show the next card
    hand = app.locator("[data-testid=hand-card]")
    first = t["hand"][0]
    hand.first.focus()
    app.keyboard.press("ArrowRight")
    app.keyboard.press("ArrowLeft")
    assert app.evaluate("document.activeElement.dataset.card") == first["key"]
    assert first["text"] in panel_text(app) and first["name"] in panel_text(app)
    app.keyboard.press("Escape")
    assert not app.locator(PANEL).is_visible()
    app.keyboard.press("ArrowRight")
    second = t["hand"][1]
    assert app.evaluate("document.activeElement.dataset.card") == second["key"]
    assert second["text"] in panel_text(app)

    # a work: Tab reaches it, focus shows its text, Escape closes
    work = (me["gallery"] + me["gift_shop"])[0]
    keyboard_activate(app, f"[data-testid=my-temple] [data-testid=work][data-card='{work['key']}']", key="Shift")
    assert work["text"] in panel_text(app)
    app.keyboard.press("Escape")
    assert not app.locator(PANEL).is_visible()

    # mouse: hovering a helper shows its text, moving away hides it
    helper = me["helpers"][0]
    app.hover(f"[data-testid=helpers-card][data-card='{helper['key']}']")
    assert helper["text"] in panel_text(app)
    app.mouse.move(1, 1)
    assert not app.locator(PANEL).is_visible()
    # a click on a sale (nothing to do with it) opens the text, the Close button closes it
    sale = me["sales"][0]
    app.click(f"[data-testid=sales-card][data-card='{sale['key']}']")
    app.mouse.move(1, 1)
    assert sale["text"] in panel_text(app)
    app.click("[data-testid=card-info-close]")
    assert not app.locator(PANEL).is_visible()
    assert_no_axe_violations(app, "Mottainai card texts at 1280 px")

    # the optional effect offered beside the choices (a boost) quotes its card in the prompt
    for use in uses:
        name = next(c["name"] for c in me["gallery"] + me["gift_shop"] if c["key"] == use.split(":")[1])
        assert f"\u201c{name}: " in app.inner_text("#turn")

    # the score table: play the position to its end (the bot for both), the works are listed
    # there as readable cards, with their card bonuses
    saved = app.evaluate("window.__app.save()")
    state = engine.load(saved)
    bot, rng = make_bot("mottainai", "greedy"), Rng(5)
    while not state.is_over:
        state.apply(bot.choose(state, state.current_player, rng))
    app.click("[data-testid=new-game]")
    load_over = {**state.save()}
    seats = [{"kind": "human", "bot": None, "name": NAMES[0]}, {"kind": "bot", "bot": "greedy", "name": NAMES[1]}]
    path = tmp_path / "over.json"
    path.write_text(json.dumps({**load_over, "seats": seats}))
    app.set_input_files("[data-testid=load-file]", str(path))
    assert wait_idle(app) == "over"
    works = app.locator("[data-testid=result] [data-testid=result-work]")
    expected = [c for s in range(2) for c in state.view(None)["table"]["players"][s]["gallery"]
                + state.view(None)["table"]["players"][s]["gift_shop"]]
    assert works.count() == len(expected) > 0
    keyboard_activate(app, "[data-testid=result] [data-testid=result-work]", key="Shift")
    assert TEXTS[works.first.get_attribute("data-card")] in panel_text(app)
    app.keyboard.press("Escape")
    assert_no_axe_violations(app, "the Mottainai score table with the works")


def test_card_texts_on_a_phone_by_touch(browser, site_url, problems, tmp_path):
    page = open_phone(browser, site_url, problems, pace=0, accept_downloads=True, service_workers="block")
    view = load(page, tmp_path, mid_game_save())
    t = view["table"]
    before = len(page.evaluate("window.__app.save()")["actions"])

    # a long press on a floor card the player could collect reads it and does not collect it
    target = next(a["id"] for a in view["legal_actions"] if a["id"].startswith(("collect:", "hire:")))
    key = target.split(":")[1]
    long_press(page, f"[data-testid=floor-card][data-action='{target}']")
    assert TEXTS[key] in panel_text(page)
    assert wait_idle(page) == "human"
    assert len(page.evaluate("window.__app.save()")["actions"]) == before
    # the sheet covers neither the card nor the choices
    box = page.locator("[data-testid=card-info]").bounding_box()
    card = page.locator(f"[data-testid=floor-card][data-action='{target}']").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert box["y"] >= card["y"] + card["height"] or box["y"] + box["height"] <= card["y"]
    bar = page.locator("#table [data-testid=choices]")
    if bar.count():
        b = bar.bounding_box()
        assert box["y"] + box["height"] <= b["y"] + 1 or box["y"] >= b["y"] + b["height"]
    assert_no_axe_violations(page, "a card text open on a phone")
    page.tap("[data-testid=card-info-close]")
    assert not page.locator("[data-testid=card-info]").is_visible()

    # a tap on a hand card that cannot be played now reads it, and the engine says why it cannot
    # be used (the text shows again on the card drawn anew with the reason)
    hand_key = t["hand"][0]["key"]
    page.tap(f"[data-testid=hand-card][data-card='{hand_key}']", force=True)   # aria-disabled: not playable
    page.wait_for_function("window.__app.lastError !== ''")
    assert wait_idle(page) == "human"
    page.locator(PANEL).wait_for(state="visible")
    assert TEXTS[hand_key] in panel_text(page)
    assert "cannot be used now" in page.inner_text("[data-testid=error]")
    assert len(page.evaluate("window.__app.save()")["actions"]) == before
    page.tap("#message-close")
    # a tap elsewhere closes it; a tap on a work opens its text
    page.tap("[data-testid=deck]")
    assert not page.locator("[data-testid=card-info]").is_visible()
    work = page.locator("[data-testid=my-temple] [data-testid=work]").first
    work.tap()
    assert TEXTS[work.get_attribute("data-card")] in panel_text(page)
    page.tap("[data-testid=card-info-close]")

    # a short tap on the playable floor card still collects it
    page.tap(f"[data-testid=floor-card][data-action='{target}']")
    wait_idle(page)
    assert page.evaluate("window.__app.save()")["actions"][before] == target
    page.context.close()
