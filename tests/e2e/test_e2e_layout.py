"""The table on real screens: at each of a player's first decisions the turn line, the player's
own hand and every control of that decision are in the window and covered by nothing, without
the test scrolling (the page may bring the choices into view itself, as a player would see it).

Each game at 1280×800 and 1366×768 (mouse), 768×1024 and 390×844 (touch), one human against
computer players, so that most decisions come right after a computer's turn; one hotseat game
per size. Also: card faces (a Mottainai card's value digit and name, Motto's colour and stage
band) are never cut or covered, and a hint's reason is on screen with the ringed control.
"""
from __future__ import annotations

import pytest

from e2e_helpers import settle, start, wait_idle
from engine.registry import game_class, game_names
from e2e.test_moteneba import selector as moteneba_selector
from e2e.test_mottainai import choose as mottainai_choose

SIZES = {
    "1280x800": dict(viewport={"width": 1280, "height": 800}),
    "1366x768": dict(viewport={"width": 1366, "height": 768}),
    "768x1024-touch": dict(viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True),
    "390x844-touch": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True),
}
DECISIONS = 5

# What is on screen, measured in the page: a list of problems (empty when all is well).
CHECK = r"""(wholeHand) => {
  const W = innerWidth, H = innerHeight, problems = [];
  const name = (el) => `${el.tagName.toLowerCase()}[${el.dataset.testid ?? el.dataset.action ?? el.className}]`;
  const seen = (el, what) => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) { problems.push(`${what} ${name(el)} has no size`); return; }
    if (r.top < -0.5 || r.left < -0.5 || r.bottom > H + 0.5 || r.right > W + 0.5) {
      problems.push(`${what} ${name(el)} is not in the window: ${Math.round(r.left)},${Math.round(r.top)} ` +
                    `${Math.round(r.width)}x${Math.round(r.height)}`);
      return;
    }
    // the centre, and for a tall or wide box a point near its top-left too, hit the element itself
    const points = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + Math.min(12, r.width / 2), r.top + Math.min(12, r.height / 2)]];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === el || el.contains(hit))) {
        problems.push(`${what} ${name(el)} is covered at ${Math.round(x)},${Math.round(y)} by ${hit ? hit.outerHTML.slice(0, 120) : "nothing"}`);
        return;
      }
    }
  };
  if (document.scrollingElement.scrollTop !== 0) problems.push(`the page scrolled by ${document.scrollingElement.scrollTop}px`);
  if (document.documentElement.scrollWidth > W) problems.push("the page is wider than the window");
  seen(document.getElementById("turn"), "the turn line");
  const view = window.__app.view;
  const hand = document.querySelector("#table [data-testid=hand]");
  if (!hand) problems.push("no hand on the table");
  else {
    const cards = [...hand.querySelectorAll("[data-testid=hand-card], [data-testid^=mn-event-]")];
    if (!cards.length) seen(hand, "the hand");
    // the whole hand (desktop), else its first row: the cards level with the first one
    const top = cards.length ? cards[0].getBoundingClientRect().top : 0;
    const strip = (el) => { for (let p = el.parentElement; p && p !== hand; p = p.parentElement) {
      const s = getComputedStyle(p); if (/(auto|scroll)/.test(s.overflowX) && p.scrollWidth > p.clientWidth) return p; } return null; };
    cards.forEach((card, i) => {
      const r = card.getBoundingClientRect();
      if (!wholeHand && Math.abs(r.top - top) > 4) return;     // a later row (tablet, phone)
      const s = strip(card);
      if (s && !wholeHand) {                                      // a sideways strip: what shows of it
        const b = s.getBoundingClientRect();
        if (r.left >= b.right - 8 || r.right <= b.left + 8) return;
        if (i > 0 && (r.right > b.right + 1 || r.left < b.left - 1)) return;  // cut by the strip's edge
      }
      seen(card, "hand card");
    });
  }
  // every control of the decision: for each legal action, its element (not the "All possible
  // moves" list, not a folded panel); cards in a hand strip count through the hand check above
  for (const a of view.legal_actions) {
    const els = [...document.querySelectorAll(`#table [data-action="${CSS.escape(a.id)}"]`)]
      .filter((el) => el.getClientRects().length && !el.closest("details:not([open]), .mn-moves"));
    if (!els.length) { problems.push(`no control for ${a.id}`); continue; }
    const el = els[0];
    if (hand && hand.contains(el) && !wholeHand) continue;
    seen(el, `control ${a.id}:`);
  }
  return problems;
}"""


# After a hotseat draw, on the drawer's next turn: the "you drew" note in the window, not covered.
NOTE_ON_SCREEN = r"""() => [document.querySelector("[data-testid=drawn-note]")]
  .every((el) => { if (!el) return false; const r = el.getBoundingClientRect();
    if (!r.width || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit === el || el.contains(hit); })"""


def new_context(browser, site_url, problems, size):
    context = browser.new_context(**SIZES[size], service_workers="block")
    problems.guard(context)
    page = context.new_page()
    problems.watch(page)
    page.goto(f"{site_url}?pace=0")
    page.wait_for_function("window.__app && window.__app.ready", timeout=90_000)
    return page


def assert_on_screen(page, label: str, size: str) -> None:
    settle(page)   # the page's own scrolling into view done
    whole = not size.endswith("touch")
    found = page.evaluate(CHECK, whole)
    assert not found, f"{label} at {size}: " + "\n  ".join(found)


def next_move(game: str, view: dict, step: int) -> str:
    """A selector for a player's next click (like the whole-game tests of each game)."""
    ids = [a["id"] for a in view["legal_actions"]]
    if game == "motto":
        if "confirm" in ids:
            return "[data-testid=confirm]"
        selects = [i[7:] for i in ids if i.startswith("select:")]
        if selects and (step % 3 == 2 or view["table"]["selection"]):
            return f"[data-testid=hand-card][data-card='{selects[0]}'][data-selected=false] >> nth=0"
        takes = [i for i in ids if i.startswith("take:")]
        if takes and step % 2:
            return f"[data-testid=pool-{takes[0][5:]}]"
        return "[data-testid=deck]"
    if game == "mottainai":
        return f"#table [data-action='{mottainai_choose(ids, step)}'] >> nth=0"
    forward = [i for i in ids if i != "cancel"] or ids
    if game == "moteneba":
        return moteneba_selector(forward[step % len(forward)] if forward[0].startswith("draft:") else forward[0])
    # any other game: one of its legal moves, by the data-action its view puts on it (views/contract.js)
    return f"#table [data-action='{forward[step % len(forward)]}'] >> nth=0"


#: each game's table (a game not named here: three seats, or its fewest if it cannot seat three)
TABLES = {
    "motto": dict(players=3, seats=["human", "greedy", "greedy"], seed=4),
    "mottainai": dict(players=3, seats=["human", "greedy", "greedy"], seed=4242),
    "moteneba": dict(players=3, seats=["human", "greedy", "greedy"], seed=2),
}


def table_of(game: str) -> dict:
    info = game_class(game).info
    players = 3 if info.min_players <= 3 <= info.max_players else info.min_players
    return TABLES.get(game, dict(players=players, seats=["human"] + ["greedy"] * (players - 1), seed=4))


LOBBIES = {game: table_of(game) for game in game_names()}


@pytest.mark.parametrize("size", list(SIZES))
def test_every_decision_on_one_screen(browser, site_url, problems, size):
    page = new_context(browser, site_url, problems, size)
    tap = size.endswith("touch")
    for game, lobby in LOBBIES.items():
        if page.evaluate("window.__app.phase") != "lobby":
            if page.locator("[data-testid=menu]").is_visible():
                page.click("[data-testid=menu]")
            page.click("[data-testid=new-game]")
        page.check(f"[data-testid=game-{game}]")
        start(page, names=["Ada", "Bea", "Cy"], **lobby)
        if not tap:
            page.mouse.move(1, 1)   # off the Start button, which was where the hand is now
        after_bot = 0
        for step in range(DECISIONS):
            assert wait_idle(page) == "human", f"{game}: {page.evaluate('window.__app.lastError')}"
            log = page.evaluate("window.__app.view.log")
            after_bot += any(not line.startswith("{P0}") for line in log[-1:])
            assert_on_screen(page, f"{game}, decision {step + 1}", size)
            target = next_move(game, page.evaluate("window.__app.view"), step)
            page.tap(target) if tap else page.click(target)
            if not tap:
                page.mouse.move(1, 1)   # the player's mouse moves on (a card under it shows its text)
        assert after_bot >= 1, f"{game}: no decision came right after a computer's turn"
        # the card faces of this game, wherever they are on the table
        assert wait_idle(page) in ("human", "over")
        assert_card_faces(page, game, size)

    # hotseat: two people at one screen, the curtain between them
    page.click("[data-testid=menu]") if page.locator("[data-testid=menu]").is_visible() else None
    page.click("[data-testid=new-game]")
    page.check("[data-testid=game-motto]")
    start(page, players=2, seats=["human", "human"], names=["Ann", "Ben"], seed=9)
    for step in range(4):
        if wait_idle(page) == "curtain":
            page.click("[data-testid=curtain-reveal]")
        assert wait_idle(page) == "human"
        if not page.locator("[data-testid=drawn-note]").is_hidden():
            # the card drawn at the last turn, told to its player: on screen too
            assert page.evaluate(NOTE_ON_SCREEN), f"hotseat Motto at {size}: the 'you drew' note is not on screen"
        assert_on_screen(page, f"hotseat Motto, decision {step + 1}", size)
        target = next_move("motto", page.evaluate("window.__app.view"), step)
        page.tap(target) if tap else page.click(target)
        if not tap:
            page.mouse.move(1, 1)
    page.context.close()


FACES = r"""(game) => {
  const problems = [];
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const cut = (el) => el.scrollWidth > el.clientWidth + 1;
  const onScreen = (r) => r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
  const check = (part, card, what) => {
    const r = part.getBoundingClientRect(), c = card.getBoundingClientRect();
    if (!inside(r, c) || cut(part)) { problems.push(`${what} "${part.textContent}" is cut on ${card.dataset.card ?? card.className}`); return; }
    if (!onScreen(r)) return;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    for (let p = card.parentElement; p; p = p.parentElement) {   // scrolled out of its area's sight
      if (getComputedStyle(p).overflow === "visible") continue;
      const b = p.getBoundingClientRect();
      if (x < b.left || x > b.right || y < b.top || y > b.bottom) return;
    }
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(part === hit || part.contains(hit))) problems.push(`${what} "${part.textContent}" is covered by ${hit?.outerHTML.slice(0, 80)}`);
  };
  if (game === "mottainai") {
    for (const card of document.querySelectorAll("#table .mt-card:not(.mt-card--mini):not(.mt-card--back)")) {
      if (!card.getClientRects().length) continue;
      const value = card.querySelector(".mt-card__value"), name = card.querySelector(".mt-card__name");
      check(value, card, "the value");
      check(name, card, "the name");
      // the ✓ of a playable card is not over the value
      if (card.classList.contains("is-playable")) {
        const mark = getComputedStyle(card, "::after");
        if (mark.content === "none") problems.push("a playable card without its ✓");
        else if (mark.top !== "auto" && parseFloat(mark.top) < 20) problems.push(`the ✓ sits over the value band (${mark.top})`);
      }
      const label = card.getAttribute("aria-label") ?? card.textContent;
      if (!label.includes(name.textContent.trim())) problems.push(`the card's name "${name.textContent}" is not in its accessible name "${label}"`);
    }
  }
  if (game === "motto") {
    for (const card of document.querySelectorAll("#table .card:not(.card--mini):not(.card--empty)")) {
      if (!card.getClientRects().length) continue;
      const band = card.querySelector(".card__band");
      check(band, card, "the band");
      for (const part of band.children) if (cut(part) || !inside(part.getBoundingClientRect(), band.getBoundingClientRect())) problems.push(`band part "${part.textContent}" is cut`);
    }
  }
  return problems;
}"""


def assert_card_faces(page, game: str, size: str) -> None:
    if game == "moteneba":
        return
    found = page.evaluate(FACES, game)
    assert not found, f"{game} card faces at {size}: " + "\n  ".join(found)


def test_long_card_names_and_the_value_digit(browser, site_url, problems, tmp_path):
    """Every Mottainai card design drawn as a playable hand card on a phone: its whole name fits,
    its value digit shows, and the ✓ is elsewhere."""
    import json
    from pathlib import Path
    cards = json.loads((Path(__file__).resolve().parents[2] / "engine/games/mottainai/cards.json").read_text())
    cards = cards if isinstance(cards, list) else cards["cards"]
    page = new_context(browser, site_url, problems, "390x844-touch")
    found = page.evaluate("""async (cards) => {
      const { cardFace } = await import("./js/views/mottainai.js");
      const box = document.createElement("div");
      box.className = "mottainai";
      document.body.append(box);
      const problems = [];
      for (const c of cards) {
        const card = document.createElement("div");
        card.className = `mt-card mt-card--${c.material} is-playable`;
        card.append(...cardFace({ ...c, label: c.name, role: "monk" }));
        box.append(card);
        const name = card.querySelector(".mt-card__name"), value = card.querySelector(".mt-card__value");
        const cr = card.getBoundingClientRect(), nr = name.getBoundingClientRect();
        if (name.scrollWidth > name.clientWidth + 1 || nr.left < cr.left || nr.right > cr.right) problems.push(`${c.name} is cut`);
        // no word is broken over two lines either
        const words = c.name.split(" ").length;
        const lines = Math.round(nr.height / parseFloat(getComputedStyle(name).lineHeight || 14));
        if (words === 1 && name.getClientRects().length && lines > 1 && name.firstChild && name.firstChild.nodeType === 3) {
          const range = document.createRange(); range.selectNodeContents(name);
          if (range.getClientRects().length > 1) problems.push(`${c.name} is broken over two lines`);
        }
        const vr = value.getBoundingClientRect();
        if (vr.right > cr.right || !vr.width) problems.push(`${c.name}: the value is cut`);
        const mark = getComputedStyle(card, "::after");
        if (parseFloat(mark.top) < vr.bottom - cr.top) problems.push(`${c.name}: the ✓ is over the value`);
      }
      box.remove();
      return problems;
    }""", cards)
    assert not found, "\n".join(found)
    page.context.close()


def test_the_hint_reason_stays_on_screen_with_the_ringed_control(browser, site_url, problems):
    for size in ("1280x800", "390x844-touch"):
        page = new_context(browser, site_url, problems, size)
        page.check("[data-testid=game-mottainai]")
        start(page, players=2, seats=["human", "greedy"], names=["Ada", "Bo"], seed=4242)
        for step in range(3):
            assert wait_idle(page) == "human"
            (page.tap if size.endswith("touch") else page.click)(
                next_move("mottainai", page.evaluate("window.__app.view"), step))
        assert wait_idle(page) == "human"
        (page.tap if size.endswith("touch") else page.click)("[data-testid=hint]")
        page.wait_for_function("document.body.dataset.hint", timeout=30_000)
        settle(page)
        got = page.evaluate("""() => {
          const line = document.querySelector('[data-testid=hint-line]').getBoundingClientRect();
          const ringed = document.querySelector('#table .is-hinted');
          const r = ringed ? ringed.getBoundingClientRect() : null;
          const hit = (b, el) => { const e = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
                                   return !!e && (e === el || el.contains(e)); };
          const lineEl = document.querySelector('[data-testid=hint-line]');
          return { line: [line.top, line.bottom], lineSeen: line.top >= 0 && line.bottom <= innerHeight && hit(line, lineEl),
                   ringed: r && [r.top, r.bottom], ringSeen: !!r && r.top >= 0 && r.bottom <= innerHeight && hit(r, ringed),
                   scrolled: document.scrollingElement.scrollTop };
        }""")
        assert got["lineSeen"] and got["ringSeen"] and got["scrolled"] == 0, f"{size}: {got}"
        page.context.close()
