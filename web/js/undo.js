// Undo: the player to move takes back their own last decision, as on the best online tables.
//
// The engine decides what may be taken back (docs/engine-api.md, "Undo"): only the player's
// own decisions since something new was last shown — a card drawn or turned up, a shuffle, a
// random draw, another player's move. The bridge's status says `can_undo` for the player to
// move; this module shows an "Undo" button next to the turn line while it is true, and Ctrl+Z
// (Cmd+Z on a Mac) does the same. After an undo it says "Undone: <decision>" and puts the
// keyboard focus back on the player's choices. Ctrl+Z when the engine would refuse (after a
// draw, say) is not silent: the page shows and says the engine's reason, "Undo is not possible
// once a new card was seen".

import { h, fillNames } from "./dom.js";
import { announce, firstChoice, bringIntoView } from "./a11y.js";

let hooks = null;
let button = null;

/**
 * Wire the button and the shortcut once, at start-up. `hooks`:
 *  - allowed(): may the player on screen undo now (their turn, nothing running, status.can_undo)?
 *  - run(): ask the engine to undo and draw the earlier view; resolves to the bridge reply
 *    ({ok, undone: {id, label}} or {ok: false, error}).
 *  - mayAsk(): may the player on screen ask at all (their turn, nothing running)? Ctrl+Z then
 *    asks even when the engine would refuse, to hear why.
 *  - names(): the seat names, to fill the decision's label.
 */
export function initUndo(given) {
  hooks = given;
  button = h("button", { type: "button", id: "btn-undo", class: "undo", dataset: { testid: "undo" },
                         "aria-keyshortcuts": "Control+Z Meta+Z", title: "Take back your last decision (Ctrl+Z)",
                         hidden: true, onclick: () => undo() }, "Undo");
  document.querySelector(".game__status")?.append(button);
  document.addEventListener("keydown", (ev) => {
    if (!(ev.ctrlKey || ev.metaKey) || ev.altKey || ev.shiftKey || ev.key.toLowerCase() !== "z") return;
    const t = ev.target;
    if (t instanceof Element && t.closest("input, select, textarea, [contenteditable]")) return;
    if (document.getElementById("game")?.hidden) return;
    ev.preventDefault();       // never the browser's own undo while a game is on screen
    if (!ev.repeat) undo({ asked: true });
  });
}

/** The engine's refusal as a sentence for the page: "Undo is not possible once a new card was seen." */
export function refusalText(error, names) {
  const text = fillNames(error, names).trim();
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}

/** Show the button only while the engine allows an undo for the player on screen. */
export function drawUndo() {
  if (button) button.hidden = !(hooks?.allowed() ?? false);
}

async function undo({ asked = false } = {}) {
  if (!hooks?.allowed() && !(asked && hooks?.mayAsk?.())) return;
  const reply = await hooks.run();
  if (!reply) return;
  if (!reply.ok) {          // the page shows the engine's reason (refusalText); say it too
    announce(refusalText(reply.error, hooks.names()));
    return;
  }
  announce(`Undone: ${fillNames(reply.undone.label, hooks.names())}`);
  // the redraw keeps the focus on the same card when it was on the table (Ctrl+Z); from the
  // button (now hidden) it goes to the first choice
  const table = document.getElementById("table");
  if (table.contains(document.activeElement)) return;
  const choice = firstChoice(table);
  if (choice) {
    choice.focus({ preventScroll: true });
    bringIntoView(choice);
  }
}
