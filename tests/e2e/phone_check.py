"""What a player sees of a decision on a phone, measured in the page (shared by the phone tests).

``DECISION`` returns, for the decision on screen:

* ``options``: the legal actions that have a control on the table; ``whole``: those with a
  control wholly in the window and not clipped by any box that scrolls (the table's area, the
  hand's rows), so a player sees it without scrolling;
* ``scroll``: the options not whole that one scroll of a box of the table (the area, the hand's
  rows) brings into view;
* ``strips``: controls or hand cards inside a row that scrolls sideways (there are none on a phone);
* ``unreachable``: controls that are not whole and that no scrolling box can bring into view
  (cut by the window or covered by a box that does not scroll);
* ``hand``: the hand's cards, and how many are whole (``hand_whole``); ``hand_first_row``:
  whether the hand's first row is whole; ``hand_below_controls``: a control of the dock's
  choices that lies below the hand's first row (the choices pushing the hand down);
* ``turn``: whether the turn line (the question) is in the window;
* ``min_font``: the smallest computed font size of any text on a card of the table (px).
"""

DECISION = r"""() => {
  const W = innerWidth, H = innerHeight;
  const table = document.getElementById("table");
  const scrolls = (el, axis) => {
    const s = getComputedStyle(el);
    return axis === "x" ? /(auto|scroll)/.test(s.overflowX) && el.scrollWidth > el.clientWidth + 1
                        : /(auto|scroll)/.test(s.overflowY) && el.scrollHeight > el.clientHeight + 1;
  };
  const clippers = (el) => {
    const out = [];
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflow !== "visible") out.push(p);
    }
    return out;
  };
  const inside = (r, b) => r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
  const whole = (el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || !inside(r, { left: 0, top: 0, right: W, bottom: H })) return false;
    return clippers(el).every((p) => inside(r, p.getBoundingClientRect()));
  };
  const inStrip = (el) => clippers(el).some((p) => scrolls(p, "x"));
  const canScrollTo = (el) => clippers(el).some((p) => table.contains(p) && scrolls(p, "y"));
  const view = window.__app.view;
  const out = { options: 0, whole: 0, scroll: [], strips: [], unreachable: [], hand: 0, hand_whole: 0,
                hand_first_row: true, hand_below_controls: [], turn: false, min_font: 99 };
  const dock = table.querySelector(".tablelayout__dock");
  const hand = table.querySelector("[data-testid=hand]");
  const handCards = hand ? [...hand.querySelectorAll("[data-testid=hand-card], [data-testid^=mn-event-]")] : [];
  for (const a of view.legal_actions ?? []) {
    const els = [...table.querySelectorAll(`[data-action="${CSS.escape(a.id)}"]`)]
      .filter((el) => el.getClientRects().length && !el.closest("details:not([open]), .mn-moves"));
    if (!els.length) continue;
    out.options += 1;
    if (els.some(whole)) { out.whole += 1; continue; }
    const el = els[0];
    if (els.some(inStrip)) out.strips.push(a.id);
    else if (!canScrollTo(el)) out.unreachable.push(a.id);
    else out.scroll.push(a.id);
  }
  for (const card of handCards) if (inStrip(card)) out.strips.push(`hand card ${card.dataset.card ?? ""}`);
  out.hand = handCards.length;
  out.hand_whole = handCards.filter(whole).length;
  if (handCards.length) {
    const top = handCards[0].getBoundingClientRect().top;
    const row = handCards.filter((c) => Math.abs(c.getBoundingClientRect().top - top) < 4);
    out.hand_first_row = row.every(whole);
    // a control of the dock (not a hand card) drawn below the hand's first row
    for (const el of dock ? dock.querySelectorAll("[data-action]") : []) {
      if (hand.contains(el)) continue;
      if (el.getBoundingClientRect().top > top + 4) out.hand_below_controls.push(el.dataset.action);
    }
  }
  const turn = document.getElementById("turn").getBoundingClientRect();
  out.turn = turn.height > 0 && inside(turn, { left: 0, top: 0, right: W, bottom: H });
  const cards = table.querySelectorAll(".mt-card, .card, .mn-girl__card, .mn-event, .mn-topic");
  for (const card of cards) {
    for (const el of [card, ...card.querySelectorAll("*")]) {
      if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
      if (!el.getClientRects().length) continue;
      out.min_font = Math.min(out.min_font, parseFloat(getComputedStyle(el).fontSize));
    }
  }
  return out;
}"""


def followable_problems(d: dict) -> list[str]:
    """What keeps a player on a phone from following the decision measured by DECISION: fewer
    than eight options (all, when fewer) whole on screen, an option in a sideways row or out of
    reach, the hand's first row cut or pushed below the choices, the question off screen, a card
    label under 12 px."""
    found = []
    if d["whole"] < min(8, d["options"]):
        found.append(f"only {d['whole']} of {d['options']} options whole on screen")
    if d["strips"]:
        found.append(f"in a sideways row: {d['strips']}")
    if d["unreachable"]:
        found.append(f"out of reach (no scroll brings them): {d['unreachable']}")
    if not d["hand_first_row"]:
        found.append("the hand's first row is not whole on screen")
    if d["hand_below_controls"]:
        found.append(f"the hand is pushed below the choices {d['hand_below_controls']}")
    if not d["turn"]:
        found.append("the turn line is not on screen")
    if d["min_font"] < 12:
        found.append(f"a card label of {d['min_font']} px")
    return found
