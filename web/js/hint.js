// Hints: "Suggest a move" asks the engine's search what the seat on screen should do, from that
// seat's own view only (bridge hint_start / hint_step / hint_stop, docs/bridge-contract.md),
// then rings the suggested card or button and says why in a line under the turn line (and
// through announce()). Shortcut H.
//
// The engine searches up to HINT_SECONDS, a slice (SLICE_SECONDS) per worker call, so between
// slices the page draws a progress bar (role=progressbar) and offers Cancel (also Escape);
// it stops sooner once the suggested move has been simulated often enough for its numbers.
// Cancel drops the search and leaves the game as it was. While it searches the button says so
// and does nothing (aria-disabled; the focus, if it was on the button, goes to Cancel and comes
// back with the answer). It shows only on a human's turn, for the seat on screen,
// when the table has hints on (a new table takes Settings' "Hints" when it starts) and this
// device's Settings offer hints: turned off there, the button and any suggestion go at once;
// turned on again, they come back where the table allows them. The suggestion belongs to one seat at one turn:
// a redraw for another turn (a move, a computer's turn, the curtain in hotseat) stops the search
// or clears the answer, and an answer that arrives after the turn has changed is dropped, so it
// never shows behind the curtain or to another player.
//
// The views mark their clickable elements with data-action="<action id>"; a suggestion whose
// action has no visible element is still named in the reason line by its label. When the
// suggestion passes over a move that scores more now (the reply's `alternative`, named in the
// reason with what each brings), that move's controls get a lighter dashed mark.

import { failureText } from "./engine-client.js";
import { session } from "./session.js";
import { announce, bringIntoView, curtainOpen, onShortcut } from "./a11y.js";
import { $, show } from "./dom.js";
import { readSettings, onSettings } from "./settings.js";

/** How long the engine may search for a hint in all, in seconds (it stops sooner once the
 *  suggested move has been simulated often enough). */
export const HINT_SECONDS = 3;
/** How long one worker call searches, in seconds: the page draws the progress between calls. */
const SLICE_SECONDS = 0.2;

const RING = "is-hinted";
const OTHER = "is-hint-other"; // the move the suggestion passes over

let current = null;  // {enabled, canAct, seat, turn, fill}: what is on screen now
let asking = null;   // {key: "seat:turn", cancelled} while a hint is being searched

const keyOf = (ctx) => (ctx ? `${ctx.seat}:${ctx.turn}` : "");
const thinking = () => asking != null && asking.key === keyOf(current);

/** Called by the shell after every redraw of the table: drop any shown hint (the elements it
 *  ringed are gone) and show the button only if the seat on screen may ask now. A search for
 *  this same turn goes on (its progress stays); one for another turn stops. */
export function drawHint(ctx) {
  current = ctx;
  if (asking && !thinking()) stop();
  if (!thinking()) clearReason();
  updateButton();
}

/** Hide everything (the curtain, the lobby): nothing of a seat's hint stays on the page. */
export function clearHint() {
  current = null;
  stop();
  clearReason();
  updateButton();
}

function canAsk() {
  return Boolean(current?.enabled && readSettings().hints && current.canAct && !curtainOpen());
}

function updateButton() {
  const button = $("btn-hint");
  if (!button) return;
  const busy = thinking();
  show(button, canAsk() || busy);
  // aria-disabled (not disabled) while thinking, so a keyboard user's focus stays on the button
  button.setAttribute("aria-disabled", busy ? "true" : "false");
  button.setAttribute("aria-busy", busy ? "true" : "false");
  // "Suggest a move" (on a phone just "Suggest": the rest is in a span the narrow layout hides)
  if (busy) button.replaceChildren("Thinking", Object.assign(document.createElement("span"), { className: "tool__more", textContent: " about a move" }), "…");
  else button.replaceChildren("Suggest", Object.assign(document.createElement("span"), { className: "tool__more", textContent: " a move" }));
}

function clearReason() {
  for (const el of document.querySelectorAll(`#table .${RING}, #table .${OTHER}`)) el.classList.remove(RING, OTHER);
  delete document.body.dataset.hint;
  delete document.body.dataset.hintPlays;
  delete document.body.dataset.hintOther;
  const line = $("hint-line");
  if (line) {
    const refocus = line.contains(document.activeElement);
    line.replaceChildren();
    show(line, false);
    if (refocus) focusButton();
  }
}

function focusButton() {
  const button = $("btn-hint");
  if (button && !button.hidden) button.focus({ preventScroll: true });
}

/** Stop the search under way, if any (the engine drops it; the game is untouched). */
function stop() {
  if (!asking) return false;
  asking.cancelled = true;
  asking = null;
  session().hintStop();
  return true;
}

/** Cancel (the button or Escape): stop searching, say so, and leave everything as it was. */
function cancel() {
  if (!thinking()) return;
  stop();
  clearReason();
  updateButton();
  announce("Suggestion cancelled.");
}

/** Ask for a hint for the seat on screen; `fromKey`: asked with the H key (the focus then goes
 *  to the suggested control, so Enter plays it). */
async function ask({ fromKey = false } = {}) {
  if (!canAsk() || asking) return;
  const ctx = current;
  const run = { key: keyOf(ctx), cancelled: false };
  const fromButton = document.activeElement === $("btn-hint");
  asking = run;
  clearReason();
  updateButton();
  showProgress(0);
  // asked with the button: the focus goes to Cancel (Enter stops); it comes back with the answer
  if (fromButton) /** @type {HTMLElement} */ (document.querySelector("#hint-line .hint-cancel")).focus({ preventScroll: true });
  announce("Thinking about a move. Cancel or Escape stops.");
  const gone = () => run.cancelled || keyOf(current) !== run.key || !canAsk();
  let reply = await session().hintStart({ seat: ctx.seat, seconds: HINT_SECONDS });
  while (reply.ok && !reply.done && !gone()) {
    setProgress(reply.progress);
    reply = await session().hintStep({ seconds: SLICE_SECONDS });
  }
  if (run.cancelled) return;     // Cancel, the lobby or the curtain stopped it: all said and done
  asking = null;
  if (gone()) {                  // the turn moved on meanwhile: not for this screen
    if (reply.ok && !reply.done) session().hintStop();
    updateButton();
    return;
  }
  const hadFocus = $("hint-line").contains(document.activeElement);
  clearReason();
  updateButton();
  if (!reply.ok) {
    showReason([failureText(reply, (error) => `No suggestion: ${ctx.fill(error)}`)]);
    return;
  }
  const ringed = ring(reply.line ?? [reply.action]);
  const other = reply.alternative?.passed_over ? reply.alternative : null;
  if (other) ring(other.line, OTHER, ringed);
  const label = ctx.fill(reply.label);
  const reason = ctx.fill(reply.reason);
  showReason([h("strong", `Suggested: ${label}.`), " ", reason]);
  announce(`Suggested move: ${label}. ${reason}`);
  const first = ringed[0];
  if (first) {
    bringIntoView(first);
    if ((fromKey || hadFocus) && first.matches("button:not(:disabled), [tabindex]")) first.focus({ preventScroll: true });
    else if (hadFocus) focusButton();
  } else if (hadFocus) focusButton();
  document.body.dataset.hint = reply.action; // for the tests: which action was suggested
  document.body.dataset.hintPlays = String(reply.plays ?? 0); // ...and how often it was simulated
  if (other) document.body.dataset.hintOther = other.action;     // ...and the move it passes over
}

/** The line while the engine searches: a progress bar, what is happening, and Cancel. */
function showProgress(progress) {
  const bar = Object.assign(document.createElement("span"), { className: "hint-progress" });
  bar.setAttribute("role", "progressbar");
  bar.setAttribute("aria-label", "Looking for a move");
  bar.setAttribute("aria-valuemin", "0");
  bar.setAttribute("aria-valuemax", "100");
  bar.dataset.testid = "hint-progress";
  bar.append(Object.assign(document.createElement("span"), { className: "hint-progress__fill" }));
  const stopButton = Object.assign(document.createElement("button"), { type: "button", className: "hint-cancel", textContent: "Cancel" });
  stopButton.dataset.testid = "hint-cancel";
  stopButton.setAttribute("aria-keyshortcuts", "Escape");
  stopButton.addEventListener("click", cancel);
  showReason([bar, h("span", "Looking for a move…"), stopButton]);
  $("hint-line").classList.add("is-thinking");
  setProgress(progress);
}

function setProgress(progress) {
  const bar = document.querySelector("#hint-line .hint-progress");
  if (!bar) return;
  const percent = Math.round(Math.min(Math.max(progress, 0), 1) * 100);
  bar.setAttribute("aria-valuenow", String(percent));
  /** @type {HTMLElement} */ (bar.firstElementChild).style.width = `${percent}%`;
}

/** Mark the visible elements of a line (one per action id, in order) with `mark` (the ring of
 *  the suggested line by default), skipping the elements in `taken` (already ringed). */
function ring(line, mark = RING, taken = []) {
  const ringed = [];
  for (const id of line) {
    const el = [...document.querySelectorAll(`#table [data-action="${CSS.escape(id)}"]`)]
      .find((e) => !ringed.includes(e) && !taken.includes(e) && e.getClientRects().length > 0 && !e.closest("details:not([open])"));
    if (el) {
      el.classList.add(mark);
      ringed.push(el);
    }
  }
  return ringed;
}

function h(tag, text) {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}

function showReason(parts) {
  const line = $("hint-line");
  line.classList.remove("is-thinking");
  line.replaceChildren(...parts);
  show(line, true);
}

/** Wire the button, the H key and Escape (once, at start-up). */
export function initHints() {
  $("btn-hint").addEventListener("click", () => ask());
  onShortcut("h", () => ask({ fromKey: true }));
  onShortcut("Escape", cancel);
  onSettings((settings) => {
    if (!settings.hints) {  // off on this device: no search goes on, no suggestion stays
      stop();
      clearReason();
    }
    updateButton();
  });
  updateButton();
}
