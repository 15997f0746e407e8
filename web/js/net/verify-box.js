// A guest's "Verify this game" under the score table: the host's secret against its
// commitment, then a replay of the whole game in this page's own engine (net/verify.js,
// loaded on the click) against every view this page was shown.

import { h } from "../dom.js";

/** @typedef {import("./guest.js").Reveal} Reveal */

/**
 * Add the Verify box to `box` for the host's `reveal` (null: not revealed yet, said so).
 * @param {HTMLElement} box
 * @param {Reveal | null} reveal
 */
export function drawVerify(box, reveal) {
  const said = h("p", { class: "verify__said", role: "status", dataset: { testid: "verify-result" } });
  if (!reveal) {
    box.append(h("p", { class: "hint", dataset: { testid: "verify-wait" } }, "Waiting for the host to reveal its secret…"));
    return;
  }
  const notes = reveal.notes ?? [];
  if (!reveal.ok) said.textContent = `Warning: ${reveal.problems.join("; ")}.`;
  else if (notes.length) said.textContent = `Note: ${notes.join("; ")}.`;
  const button = h("button", { type: "button", dataset: { testid: "verify" }, onclick: async () => {
    if (!reveal.save) { // nothing to replay: the reveal's own problems say why
      said.textContent = `Not verified: the host's reveal holds no game to replay.`;
      said.dataset.ok = "false";
      return;
    }
    button.disabled = true;
    const { verifyGame } = await import("./verify.js");
    const result = await verifyGame({ ...reveal, save: reveal.save, seat: reveal.seat ?? null }, { onProgress: (/** @type {string} */ text) => { said.textContent = text; } });
    said.textContent = !result.ok ? `Not verified: ${result.problems.join("; ")}.`
      : notes.length ? `Verified: the deal came from the agreed seed, and all ${result.checked} views this device was shown follow from it and the moves. Note: ${notes.join("; ")}.`
      : `Verified: the deal came from the seed you helped make, and all ${result.checked} views you were shown follow from it and the moves.`;
    said.dataset.ok = String(result.ok);
    button.disabled = false;
  } }, "Verify this game");
  box.append(h("div", { class: "verify" }, button, said,
    h("p", { class: "hint" }, "It replays the game here from the seed everyone made and the host's moves. " +
      "It cannot tell whether the host looked at the cards: the host's device holds them during play.")));
}
