// Accessibility helpers for the shell (docs/web-guide.md, "Accessibility"): the modal hotseat curtain,
// the spoken announcements of what the other seats did, "Describe the table", roving focus
// inside groups, the focus kept sensibly across redraws, and the one-key shortcuts. app.js
// calls these from a few small hooks; the views only mark their controls (data-key,
// data-roving, data-choice, data-shortcut, listbox options).

import { closeCardInfo } from "./card-info.js";
import { $ } from "./dom.js";

// ---------------------------------------------------------------- the curtain is modal
/** Everything behind the curtain: made inert (no focus, no clicks, hidden from screen readers)
 *  while it shows, so neither the menu (save, load, new game) nor the table can be reached. */
const BEHIND = () => [document.querySelector(".skip-link"), document.querySelector(".topbar"), $("update"),
                      $("main"), document.querySelector(".footer")].filter(Boolean).map((el) => /** @type {HTMLElement} */ (el));

/** Show or hide the hotseat curtain; while shown it is the only thing a player can reach. */
export function setCurtain(open) {
  const curtain = $("curtain");
  if (open) { clearDescription(); closeCardInfo(); }   // nothing of the last player's cards stays up
  curtain.hidden = !open;
  for (const el of BEHIND()) el.inert = open;
  if (open) $("curtain-button").focus();
}

export const curtainOpen = () => !$("curtain").hidden;

// Tab and Shift+Tab stay on the curtain's one control (the rest of the page is inert anyway,
// this keeps the focus from wandering into the browser's own toolbar).
document.addEventListener("keydown", (ev) => {
  if (ev.key !== "Tab" || !curtainOpen()) return;
  ev.preventDefault();
  $("curtain-button").focus();
});

// A click on the curtain around its button does not take the focus off the button.
$("curtain")?.addEventListener("mousedown", (ev) => {
  if (ev.target !== $("curtain-button")) ev.preventDefault();
});

// ---------------------------------------------------------------- announcements

/** Say `text` politely (screen readers speak it when they are free). */
export function announce(text) {
  const region = $("announce");
  if (!text || !region) return;
  // the same sentence twice in a row is still spoken: a new node each time
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > 6) region.firstElementChild.remove();
}

// ---------------------------------------------------------------- the table in words
/** Show the table as a list of sentences (the "Describe the table" control); with focus = true
 *  the focus moves to it so a screen reader reads it at once. */
export function showDescription(lines, { focus = true } = {}) {
  const panel = $("describe");
  const list = $("describe-lines");
  list.replaceChildren(...lines.map((line) => {
    const li = document.createElement("li");
    li.textContent = line;
    return li;
  }));
  panel.hidden = false;
  $("btn-describe").setAttribute("aria-expanded", "true");
  if (focus) panel.focus();
}

/** Close the description and empty it (it may name the cards in a hand: never behind the
 *  curtain or the lobby). */
export function clearDescription() {
  $("describe").hidden = true;
  $("describe-lines").replaceChildren();
  $("btn-describe").setAttribute("aria-expanded", "false");
}

export const descriptionOpen = () => !$("describe").hidden;

// ---------------------------------------------------------------- keyboard: groups and focus
/** What can take the keyboard focus inside a group: enabled buttons, options (a disabled option
 *  too: its card can still be read) and other focusable buttons. */
const ITEM = "button:not(:disabled), [role=option], [role=button][tabindex]";
const usable = (el) => el && el.isConnected && !el.disabled && el.getAttribute("aria-disabled") !== "true" &&
                       !el.closest("[inert]") && el.getClientRects().length > 0;

/** Roving focus: in every group ([data-roving] or a listbox) one item is in the Tab order, the
 *  arrow keys move between its items (Home/End: first/last). Call after each redraw. */
export function rove(root) {
  for (const group of root.querySelectorAll("[data-roving], [role=listbox]")) {
    const items = [.../** @type {NodeListOf<HTMLElement>} */ (group.querySelectorAll(ITEM))];
    const all = group.querySelectorAll("button, [role=option], [role=button]");
    for (const el of all) if (!el.disabled) el.tabIndex = -1;
    const current = items.find((el) => el === document.activeElement) ??
                    items.find((el) => el.getAttribute("aria-selected") === "true") ?? items[0];
    if (current) current.tabIndex = 0;
  }
}

document.addEventListener("keydown", (ev) => {
  const el = ev.target;
  if (!(el instanceof HTMLElement) || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  // Enter / Space on an option does what a click does
  if (el.getAttribute("role") === "option" && (ev.key === "Enter" || ev.key === " ")) {
    ev.preventDefault();
    // an unusable option with data-why answers too: the page shows why it cannot be used
    if (el.getAttribute("aria-disabled") !== "true" || el.dataset.why) el.click();
    return;
  }
  const group = el.closest("[data-roving], [role=listbox]");
  const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity };
  if (!group || !(ev.key in moves)) return;
  const items = [.../** @type {NodeListOf<HTMLElement>} */ (group.querySelectorAll(ITEM))];
  const i = items.indexOf(el);
  if (i < 0 || !items.length) return;
  ev.preventDefault();
  const step = moves[ev.key];
  const j = step === -Infinity ? 0 : step === Infinity ? items.length - 1
    : (i + step + items.length) % items.length;
  for (const item of items) item.tabIndex = -1;
  items[j].tabIndex = 0;
  items[j].focus();
});

// The last control the player focused on the table, by its data-key (kept across redraws).
let lastKey = null;
document.addEventListener("focusin", (ev) => {
  const target = ev.target;
  const key = target instanceof HTMLElement ? target.dataset.key : undefined;
  if (key && $("table")?.contains(/** @type {Node} */ (target))) lastKey = key;
});

/** After the table was drawn again: put the focus back on "the same" control (by data-key), or
 *  on the first choice the player has now (a highlighted card, else the first enabled control),
 *  or on the turn line when nothing can be done (a computer is thinking). The focus is only
 *  moved when it was on the table, on the turn line or nowhere: never taken from the menu or the
 *  log. Also scrolls the focused choice into view. */
export function restoreFocus(table, { canAct, hadFocus }) {
  const active = document.activeElement;
  const owned = hadFocus || !active || active === document.body || active.id === "turn" || table.contains(active) ||
                !active.getClientRects().length; // e.g. Start, in the lobby that was just hidden
  if (!owned) return;
  let target = null;
  if (canAct) {
    // stay on the same control while it is still one of the highlighted choices (or nothing is
    // highlighted); else go to the first highlighted choice: after picking a cube, the girls
    const same = lastKey ? table.querySelector(`[data-key="${CSS.escape(lastKey)}"]`) : null;
    const marked = markedChoices(table);
    // (a card that cannot be used and said why, data-why, keeps the focus too)
    const explained = same?.dataset.why && same.getClientRects().length > 0;
    target = explained || (usable(same) && (!marked.length || marked.includes(same))) ? same
      : nextInGroup(same, marked) ?? firstChoice(table);
  }
  target ??= $("turn");
  if (target !== document.activeElement) target.focus({ preventScroll: true });
  if (target.id !== "turn") bringIntoView(target);
}

/** After a choice inside a group (a card chosen in the hand), the next highlighted choice of the
 *  same group, after it (else before it): the focus stays where the player is working. */
function nextInGroup(el, marked) {
  const group = el?.closest("[data-roving], [role=listbox]");
  if (!group) return null;
  const items = [.../** @type {NodeListOf<HTMLElement>} */ (group.querySelectorAll(ITEM))];
  const at = items.indexOf(el);
  const inGroup = items.filter((item) => marked.includes(item));
  return inGroup.find((item) => items.indexOf(item) > at) ?? inGroup[0] ?? null;
}

/** Scroll so that `el` is on screen: the page itself never scrolls during a game, so this moves
 *  the table's own area (and a sideways strip) the least needed. */
export function bringIntoView(el) {
  el.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/** After a redraw on the player's turn: scroll the table's area so that every control of the
 *  current decision in it (the elements carrying data-action that can be used now) is in view
 *  at once, or, when they do not all fit, the first of them at the top. */
export function showChoices(table) {
  const area = table.querySelector(".tablelayout__area");
  if (!area) return;
  const controls = [...area.querySelectorAll("[data-action]")]
    .filter((el) => usable(el) && !el.closest("details:not([open]), .mn-moves"));
  if (!controls.length) return;
  const box = area.getBoundingClientRect();
  const rects = controls.map((el) => el.getBoundingClientRect());
  const top = Math.min(...rects.map((r) => r.top)) - box.top + area.scrollTop;
  const bottom = Math.max(...rects.map((r) => r.bottom)) - box.top + area.scrollTop;
  const pad = 6;
  if (bottom - top + 2 * pad > area.clientHeight) area.scrollTop = top - pad;
  else if (top - pad < area.scrollTop) area.scrollTop = top - pad;
  else if (bottom + pad > area.scrollTop + area.clientHeight) area.scrollTop = bottom + pad - area.clientHeight;
}

// a new window size (a phone turned round, a window resized): the choices into view again
addEventListener("resize", () => requestAnimationFrame(() => {
  if (!$("game")?.hidden && $("table")) showChoices($("table"));
}));

/** The first thing the player can do now: a highlighted card or target, else any enabled control. */
export function firstChoice(table) {
  const plain = "button:not(:disabled), [role=option]:not([aria-disabled=true])";
  return markedChoices(table)[0] ?? [...table.querySelectorAll(plain)].find(usable) ?? null;
}

/** The controls a view highlights as the current choices (.is-playable, .is-target, data-choice). */
function markedChoices(table) {
  return [...table.querySelectorAll(".is-playable, .is-target, [data-choice]")]
    .map((el) => (el.matches(ITEM) ? el : el.querySelector(ITEM))).filter(usable);
}

// ---------------------------------------------------------------- shortcuts
/** Single-key shortcuts, active while a game is on screen and no text field has the focus:
 *  the views mark their controls with data-shortcut="d" (and aria-keyshortcuts); the shell
 *  adds its own through onShortcut(). */
const shellKeys = new Map();
export function onShortcut(key, fn) { shellKeys.set(key, fn); }

document.addEventListener("keydown", (ev) => {
  if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.repeat || curtainOpen()) return;
  const t = ev.target;
  if (t instanceof Element && t.closest("input, select, textarea, [contenteditable]")) return;
  if ($("game")?.hidden) return;
  const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  const control = /** @type {HTMLElement|null} */ (document.querySelector(`#table [data-shortcut="${CSS.escape(key)}"]`));
  if (control) {
    if (usable(control)) { ev.preventDefault(); control.focus(); control.click(); }
    return;
  }
  const fn = shellKeys.get(key);
  if (fn) { ev.preventDefault(); fn(); }
});
