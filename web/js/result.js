// The end of a game: the headline (who won), the score table from the engine's result, the
// game's own additions to it (a view module's decorateResult) and the buttons Play again,
// New game and Replay.

import { h, listWords, show } from "./dom.js";

/** Who won, in one sentence: "Ada wins with 23 points!" (also the end's banner, moments.js). */
export function headlineOf(result, { names, fill }) {
  const winnerNames = result.winners.map((s) => names[s]);
  const best = Math.max(...result.scores);
  // what a score counts: points, or a game's own unit (Moteneba: hearts)
  const [one, many] = result.unit ?? ["point", "points"];
  const unit = best === 1 ? one : many;
  // a game may word the headline itself (Mottainai's Turtle: a win whatever the scores)
  return result.headline ? fill(result.headline)
    : winnerNames.length > 1
    ? `${listWords(winnerNames)} share the win with ${best} ${unit}.`
    : `${winnerNames[0]} wins with ${best} ${unit}!`;
}

/**
 * Draw the result of the finished game `view` into `box` and bring it into view, focused, so a
 * screen reader reads "Game over" and the winner first.
 * @param {HTMLElement} box
 * @param {import("./views/contract.js").View} view the last view drawn (its `result`: scores, winners, unit, columns, rows)
 * @param {{names: string[], fill: (text: string) => string, module?: import("./views/contract.js").ViewModule,
 *          onPlayAgain: (() => void) | null, onNewGame: (() => void) | null, onReplay: () => void}} how
 *   (a guest's page, whose host decides what comes next, has no Play again and no New game)
 */
export function drawResult(box, view, { names, fill, module, onPlayAgain, onNewGame, onReplay }) {
  const result = view?.result;
  if (!result) {
    box.replaceChildren(h("h2", {}, "Game over"));
    show(box, true);
    return;
  }
  const winners = new Set(result.winners);
  const [, many] = result.unit ?? ["point", "points"];
  const headline = headlineOf(result, { names, fill });
  const rows = [...result.rows].sort((a, b) => b.total - a.total);
  const totalLabel = many === "points" ? "Total" : `Total ${many}`;
  // Explicit table roles: the narrow, stacked layout changes the cells' CSS display, which must
  // not take the table's semantics away. Each cell carries its column's name (data-label), shown
  // before the value when stacked.
  const table = h("table", { class: "scores", role: "table", dataset: { testid: "score-table" } },
    h("caption", {}, "Final scores"),
    h("thead", { role: "rowgroup" }, h("tr", { role: "row" },
      h("th", { scope: "col", role: "columnheader" }, "Player"),
      result.columns.map((c) => h("th", { scope: "col", role: "columnheader" }, c)),
      h("th", { scope: "col", role: "columnheader" }, totalLabel))),
    h("tbody", { role: "rowgroup" }, rows.map((row) => h("tr", {
        role: "row", class: winners.has(row.seat) ? "is-winner" : "",
        dataset: { testid: "score-row", seat: row.seat, total: row.total, winner: winners.has(row.seat) } },
      h("th", { scope: "row", role: "rowheader", class: "scores__player" }, names[row.seat],
        winners.has(row.seat) ? h("span", { class: "badge badge--win" }, "★ winner") : null),
      row.cells.map((c, i) => h("td", { role: "cell", dataset: { label: result.columns[i] } }, String(c))),
      h("td", { role: "cell", class: "scores__total", dataset: { testid: "score-total", label: totalLabel } },
        String(row.total))))));
  box.replaceChildren(
    h("h2", {}, "Game over"),
    h("p", { class: "result__headline", dataset: { testid: "winner" } }, headline),
    h("div", { class: "scores__fit" }, table),
    h("div", { class: "result__actions" },
      onPlayAgain ? h("button", { type: "button", class: "primary", dataset: { testid: "play-again" }, onclick: onPlayAgain },
        "Play again") : null,
      onNewGame ? h("button", { type: "button", dataset: { testid: "result-new-game" }, onclick: onNewGame }, "New game") : null,
      h("button", { type: "button", dataset: { testid: "result-replay" }, onclick: onReplay }, "Replay")));
  module?.decorateResult?.(box, view, { names, fill });
  show(box, true);
  box.tabIndex = -1;
  box.setAttribute("role", "region");
  box.setAttribute("aria-labelledby", "result-title");
  box.querySelector("h2").id = "result-title";
  // the box sits right under the turn line, above the table (the page itself never scrolls)
  box.scrollTop = 0;
  box.focus({ preventScroll: true });
  stackWhenNarrow(box, table);
}

/** The score table as a table where all its columns fit in the box, else stacked: each player a
 *  block (name, winner badge and total on its first line, then each column as "label value").
 *  Checked again whenever the box changes width (a turned phone, a resized window). */
function stackWhenNarrow(box, table) {
  box._scoresFit?.disconnect();
  let width = -1;
  const fit = () => {
    if (!table.isConnected) return;
    const room = table.parentElement.clientWidth;
    if (!room || room === width) return;
    width = room;
    table.classList.remove("scores--stacked");
    table.classList.toggle("scores--stacked", table.offsetWidth > room);
  };
  fit();
  if (typeof ResizeObserver !== "function") return;
  // after the observer's callback, not in it: stacking changes the box's height
  const observer = new ResizeObserver(() => requestAnimationFrame(fit));
  observer.observe(table.parentElement);
  box._scoresFit = observer;
}
