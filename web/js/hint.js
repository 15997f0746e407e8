// Hints: "Suggest a move" asks the engine's hard computer player what the seat on screen
// should do (bridge hint({seat, seconds}), docs/bridge-contract.md), from that seat's own
// view only, then rings the suggested card or button and says why in a line under the turn
// line (and through announce()). Shortcut H.
//
// While the computer thinks, the button says so and does nothing (aria-disabled). It shows only
// on a human's turn, for the seat on screen, when the table has hints on
// (a lobby option). The suggestion belongs to one seat at one turn: the next redraw (a move, a
// computer's turn, the curtain in hotseat) clears it, and an answer that arrives after the
// turn has changed is dropped, so it never shows behind the curtain or to another player.
//
// The views mark their clickable elements with data-action="<action id>"; a suggestion whose
// action has no visible element is still named in the reason line by its label.

import { call } from "./engine-client.js";
import { announce, bringIntoView, curtainOpen, onShortcut } from "./a11y.js";
import { $, show } from "./dom.js";

/** How long the computer may think about a hint, in seconds (the engine caps it at 2). */
export const HINT_SECONDS = 1;

const RING = "is-hinted";

let current = null;  // {enabled, canAct, seat, turn, fill}: what is on screen now
let asking = null;   // "seat:turn" while a hint is being computed

const keyOf = (ctx) => (ctx ? `${ctx.seat}:${ctx.turn}` : "");

/** Called by the shell after every redraw of the table: drop any shown hint (the elements it
 *  ringed are gone) and show the button only if the seat on screen may ask now. */
export function drawHint(ctx) {
  current = ctx;
  clearReason();
  updateButton();
}

/** Hide everything (the curtain, the lobby): nothing of a seat's hint stays on the page. */
export function clearHint() {
  current = null;
  clearReason();
  updateButton();
}

function canAsk() {
  return Boolean(current?.enabled && current.canAct && !curtainOpen());
}

function updateButton() {
  const button = $("btn-hint");
  if (!button) return;
  const thinking = asking != null && asking === keyOf(current);
  show(button, canAsk() || thinking);
  // aria-disabled (not disabled) while thinking, so a keyboard user's focus stays on the button
  button.setAttribute("aria-disabled", thinking ? "true" : "false");
  button.setAttribute("aria-busy", thinking ? "true" : "false");
  // "Suggest a move" (on a phone just "Suggest": the rest is in a span the narrow layout hides)
  if (thinking) button.textContent = "Thinking about a move…";
  else button.replaceChildren("Suggest", Object.assign(document.createElement("span"), { className: "tool__more", textContent: " a move" }));
}

function clearReason() {
  for (const el of document.querySelectorAll(`#table .${RING}`)) el.classList.remove(RING);
  delete document.body.dataset.hint;
  const line = $("hint-line");
  if (line) {
    line.replaceChildren();
    show(line, false);
  }
}

/** Ask for a hint for the seat on screen; `fromKey`: asked with the H key (the focus then goes
 *  to the suggested control, so Enter plays it). */
async function ask({ fromKey = false } = {}) {
  if (!canAsk() || asking) return;
  const ctx = current;
  const key = keyOf(ctx);
  asking = key;
  updateButton();
  clearReason();
  let reply;
  try {
    reply = await call("hint", { seat: ctx.seat, seconds: HINT_SECONDS });
  } catch (err) {
    reply = { ok: false, error: String(err?.message ?? err) };
  }
  asking = null;
  if (keyOf(current) !== key || !canAsk()) {  // the turn moved on meanwhile: not for this screen
    updateButton();
    return;
  }
  updateButton();
  if (!reply.ok) {
    showReason([`No suggestion: ${ctx.fill(reply.error)}`]);
    return;
  }
  const ringed = ring(reply.line ?? [reply.action]);
  const label = ctx.fill(reply.label);
  const reason = ctx.fill(reply.reason);
  showReason([h("strong", `Suggested: ${label}.`), " ", reason]);
  announce(`Suggested move: ${label}. ${reason}`);
  const first = ringed[0];
  if (first) {
    bringIntoView(first);
    if (fromKey && first.matches("button:not(:disabled), [tabindex]")) first.focus({ preventScroll: true });
  }
  document.body.dataset.hint = reply.action; // for the tests: which action was suggested
}

/** Ring the visible elements of the suggested line (one per action id, in order). */
function ring(line) {
  const ringed = [];
  for (const id of line) {
    const el = [...document.querySelectorAll(`#table [data-action="${CSS.escape(id)}"]`)]
      .find((e) => !ringed.includes(e) && e.getClientRects().length > 0 && !e.closest("details:not([open])"));
    if (el) {
      el.classList.add(RING);
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
  line.replaceChildren(...parts);
  show(line, true);
}

/** Wire the button and the H key (once, at start-up). */
export function initHints() {
  $("btn-hint").addEventListener("click", () => ask());
  onShortcut("h", () => ask({ fromKey: true }));
  updateButton();
}
