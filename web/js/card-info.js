// Card texts: one shared panel that shows a face-up card's name, material, value, task and full
// effect, wherever the card is seen (docs/web-guide.md, "Card texts").
//
//   readable(el, card)        makes a drawn card readable:
//     - its effect is its accessible description (aria-describedby: one hidden text per design);
//     - keyboard focus shows the panel, Escape closes it;
//     - mouse hover shows it;
//     - touch: a long press (450 ms) opens it without doing the card's action, and the click
//       that ends the press is swallowed;
//     - a card with no action of its own (el is not a button/option) becomes a button that
//       opens and closes the panel on a click, a tap, Enter or Space.
//   closeCardInfo()           hides the panel (e.g. before the table is drawn again).
//
// The panel never takes the focus and never covers the choices: on a phone it is a sheet at the
// top or above the sticky choice bar, whichever is away from the card. Hidden cards (backs,
// counts) are never passed here, so they show nothing.

import { h, visibleText } from "./dom.js";

const LONG_PRESS_MS = 450;

let panel = null;           // the one panel, made on first use
let store = null;           // hidden texts, one per card design: the accessible descriptions
const cards = new WeakMap(); // drawn element -> its card
let shown = null;           // { el, card, how: "focus" | "hover" | "press" | "tap" }
let lastKeyAt = -Infinity;  // when a key was last pressed (a focus soon after is the player's own)

let lastTouchAt = -Infinity; // when a finger or pen last touched the page

const textId = (card) => `card-text-${card.key}`;
const canHover = () => matchMedia("(hover: hover)").matches && performance.now() - lastTouchAt > 1500;

/** The id of the hidden element holding "Effect: ..." for this card's design. */
function describedBy(card) {
  if (!store || !store.isConnected) {
    store = h("div", { id: "card-texts", hidden: "" });
    document.body.append(store);
  }
  const id = textId(card);
  if (!document.getElementById(id)) store.append(h("span", { id }, `Effect: ${card.text}`));
  return id;
}

function ensurePanel() {
  if (panel && panel.isConnected) return panel;
  panel = h("aside", { class: "card-info", id: "card-info", hidden: "", "aria-label": "Card details",
                       dataset: { testid: "card-info" } });
  document.body.append(panel);
  return panel;
}

function fill(card) {
  const role = card.role_name ?? "";   // the names are the engine's, in every card
  ensurePanel().replaceChildren(
    h("p", { class: `card-info__band card-info__band--${card.material}` },
      h("span", { dataset: { testid: "card-info-material" } },
        `${card.material_name ?? card.material} ${card.value}`),
      role ? h("span", {}, ` · task: ${role}`) : null),
    h("p", { class: "card-info__name", dataset: { testid: "card-info-name" } }, card.name),
    h("p", { class: "card-info__text", dataset: { testid: "card-info-text" } }, card.text),
    h("p", { class: "card-info__note" }, "Its effect works while it is a completed work in a wing."),
    h("button", { type: "button", class: "card-info__close", dataset: { testid: "card-info-close" },
                  onclick: () => closeCardInfo() }, "Close"));
}

/** Put the panel beside the card (wide screens) or as a sheet away from it (phones). */
function place() {
  if (!shown) return;
  const r = shown.el.getBoundingClientRect();
  const s = panel.style;
  s.left = s.right = s.top = s.bottom = s.width = "";
  const wide = document.documentElement.clientWidth;   // not innerWidth: a page wider than the phone
  if (wide <= 600) {
    // a sheet across the screen: under the turn line (and the message under it), else at the
    // very top, else under the card; never over the card itself nor over the choices docked at
    // the bottom
    s.left = s.right = "8px";
    const height = panel.offsetHeight;
    const head = document.querySelector("#game .message:not([hidden])") ?? document.querySelector(".game__head");
    const status = Math.max(0, head?.getBoundingClientRect().bottom ?? 0);
    const choices = document.querySelector("#table [data-testid=choices]")?.getBoundingClientRect();
    const floor = choices && choices.top > r.bottom ? choices.top : innerHeight;
    if (status + 6 + height <= r.top - 6) s.top = `${status + 6}px`;
    else if (6 + height <= r.top - 6) s.top = "6px";
    else if (r.bottom + 6 + height <= floor - 6) s.top = `${r.bottom + 6}px`;
    else s.top = "6px";
    return;
  }
  const width = Math.min(320, wide - 16);
  s.width = `${width}px`;
  const height = panel.offsetHeight;
  // a card in the docked hand: over the table's area, just above the dock, so that neither the
  // hand nor the choices docked with it are covered
  const dock = shown.el.closest(".tablelayout__dock")?.getBoundingClientRect();
  if (dock && dock.top - 6 - height >= 8) {
    s.left = `${Math.max(8, Math.min(r.left, wide - width - 8))}px`;
    s.top = `${dock.top - 6 - height}px`;
    return;
  }
  s.left = `${Math.max(8, Math.min(r.left, wide - width - 8))}px`;
  if (r.bottom + 6 + height <= innerHeight || r.top - 6 - height < 0) s.top = `${r.bottom + 6}px`;
  else s.top = `${r.top - 6 - height}px`;
}

function open(el, card, how) {
  if (shown && shown.el !== el) shown.el.removeAttribute("aria-expanded");
  shown = { el, card, how };
  fill(card);
  panel.hidden = false;
  if (el.dataset.cardToggle !== undefined) el.setAttribute("aria-expanded", "true");
  place();
}

/** Hide the panel. */
export function closeCardInfo() {
  if (shown?.el.dataset.cardToggle !== undefined) shown.el.setAttribute("aria-expanded", "false");
  shown = null;
  if (panel) panel.hidden = true;
}

const isOpenFor = (el) => shown?.el === el;

/** Show the text of the card drawn with `data-key` = `key` (if it is on the page), as a tap does:
 *  after a card that cannot be used was tapped and the table was drawn again with the reason. */
export function readCardAgain(key) {
  const el = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".has-card-info"))].find((e) => e.dataset.key === key);
  const card = el && cards.get(el);
  if (card) open(el, card, "tap");
}

/** Make a drawn face-up card readable (see the top of this file). Returns `el`. */
export function readable(el, card) {
  if (!card?.text) return el;
  cards.set(el, card);
  el.setAttribute("aria-describedby", describedBy(card));
  el.classList.add("has-card-info");
  el.removeAttribute("title");   // the panel says it, for every way of pointing
  const actionless = !el.matches("button, [role=option]");
  if (actionless) {
    // a card with nothing to do: a button that shows (and hides) its text
    el.setAttribute("role", "button");
    // as a button its name must hold the text it shows (WCAG 2.5.3): "Cloth 2 Puppet Tailor"
    const label = el.getAttribute("aria-label") ?? "";
    const seen = visibleText(el);
    if (seen && !label.toLowerCase().includes(seen.toLowerCase())) {
      // "Tower (Stone 2), completed work" -> "Tower 2, Stone, completed work"
      const material = card.material ? `, ${card.material.charAt(0).toUpperCase()}${card.material.slice(1)}` : "";
      el.setAttribute("aria-label", label.startsWith(card.label) ? seen + material + label.slice(card.label.length)
        : label ? `${seen}: ${label}` : seen);
    }
    el.tabIndex = 0;
    el.dataset.cardToggle = "";
    el.setAttribute("aria-expanded", "false");
    el.addEventListener("click", () => (isOpenFor(el) && shown.how !== "focus" && shown.how !== "hover"
      ? closeCardInfo() : open(el, card, "tap")));
    el.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        if (isOpenFor(el)) closeCardInfo(); else open(el, card, "tap");
      }
    });
  }
  else {
    // a card that cannot be played now: a tap or click reads it
    el.addEventListener("click", () => {
      if (el.getAttribute("aria-disabled") === "true") open(el, card, "tap");
    });
  }
  // keyboard focus shows the text: a focus the player moved with a key (Tab, an arrow), not the
  // one a tap or click gives, nor the focus the page puts back after the table is drawn again
  el.addEventListener("focus", () => {
    if (el.matches(":focus-visible") && performance.now() - lastKeyAt < 300) open(el, card, "focus");
  });
  // the focus leaving the card closes its text (unless it goes to the panel's Close button)
  el.addEventListener("blur", (ev) => {
    if (isOpenFor(el) && shown.how !== "hover" && !panel.contains(ev.relatedTarget)) closeCardInfo();
  });
  // mouse hover (a real mouse: not the mouse events a phone makes up after a tap)
  el.addEventListener("pointerenter", (ev) => {
    if (ev.pointerType === "mouse" && !shown && canHover()) open(el, card, "hover");
  });
  el.addEventListener("pointerleave", (ev) => {
    if (ev.pointerType === "mouse" && isOpenFor(el) && shown.how === "hover") closeCardInfo();
  });
  // touch: a long press reads the card instead of playing it
  let timer = null;
  let start = null;
  let pressed = false;
  const cancel = () => { clearTimeout(timer); timer = null; };
  el.addEventListener("pointerdown", (ev) => {
    pressed = false;
    if (ev.pointerType === "mouse") return;
    start = [ev.clientX, ev.clientY];
    cancel();
    timer = setTimeout(() => { timer = null; pressed = true; open(el, card, "press"); }, LONG_PRESS_MS);
  });
  el.addEventListener("pointermove", (ev) => {
    if (timer && start && Math.hypot(ev.clientX - start[0], ev.clientY - start[1]) > 10) cancel();
  });
  el.addEventListener("pointerup", cancel);
  el.addEventListener("pointercancel", cancel);
  el.addEventListener("contextmenu", (ev) => { if (pressed || timer) ev.preventDefault(); });
  // capture: runs before the card's own click handler, which must not run after a long press
  el.addEventListener("click", (ev) => {
    if (!pressed) return;
    pressed = false;
    ev.preventDefault();
    ev.stopImmediatePropagation();
  }, { capture: true });
  return el;
}

// Escape closes; a tap or click elsewhere closes a panel opened by a tap or a long press.
document.addEventListener("keydown", (ev) => {
  lastKeyAt = performance.now();
  if (ev.key === "Escape" && shown) closeCardInfo();
}, { capture: true });
document.addEventListener("pointerdown", (ev) => {
  if (ev.pointerType !== "mouse") lastTouchAt = performance.now();
  if (!shown || shown.how === "focus" || shown.how === "hover") return;
  if (panel.contains(ev.target) || shown.el.contains(ev.target)) return;
  closeCardInfo();
}, { capture: true });
addEventListener("scroll", () => { if (shown) { if (shown.el.isConnected) place(); else closeCardInfo(); } },
                 { passive: true });
addEventListener("resize", () => { if (shown) place(); });
