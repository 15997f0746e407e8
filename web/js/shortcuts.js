// "Describe the table" and the shell's one-key shortcuts (a11y.js's onShortcut): T describes
// the table, C goes to the first choice, L opens the log and goes to it. (H, for a hint, is
// hint.js's; U, for undo, undo.js's.)

import { $ } from "./dom.js";
import { clearDescription, descriptionOpen, firstChoice, onShortcut, showDescription, curtainOpen } from "./a11y.js";
import { viewFor } from "./views/index.js";
import { showLog } from "./panels.js";

/** The table in words: whose turn and the prompt, then the view module's describe() lines
 *  (`ctx`: the view context; `seats`: the page's seats, {name}). */
export function describeLines(module, view, ctx, seats) {
  const who = seats[view.current_player]?.name;
  const head = view.is_over ? "The game is over." : `${who ?? "Nobody"} to move: ${ctx.fill(view.prompt)}`;
  return [head, ...(module.describe ? module.describe(view, ctx) : [])];
}

/**
 * Wire the Describe button and the shortcuts (once).
 * @param {() => ({view: import("./views/contract.js").View, viewer: number|null, names: string[], seats: object[],
 *                 fill: (text: string) => string} | null)} current the table on screen, if any
 */
export function initShortcuts(current) {
  async function describeTable() {
    const now = current();
    if (!now?.view || curtainOpen()) return;
    const module = await viewFor(now.view.game);
    showDescription(describeLines(module, now.view, { names: now.names, fill: now.fill, seat: now.viewer },
                                  now.seats));
  }
  $("btn-describe").addEventListener("click", () => (descriptionOpen() ? clearDescription() : describeTable()));
  $("describe-close").addEventListener("click", () => { clearDescription(); $("btn-describe").focus(); });
  onShortcut("t", describeTable);
  onShortcut("c", () => firstChoice($("table"))?.focus());
  onShortcut("l", () => { showLog(true); $("log").focus(); });
}
