// The end of a game on this page: the score table (result.js) with Play again, New game and
// the replay; on a guest's page, Verify this game (net/verify-box.js), and the whole game
// kept in Your games once the host has revealed it.

import { $ } from "../dom.js";
import { drawResult } from "../result.js";
import { drawVerify } from "../net/verify-box.js";

/** @typedef {import("./state.js").Page} Page */
/** @typedef {import("./seats.js").Seats} Seats */
/** @typedef {import("../net/guest.js").Reveal} Reveal */

/**
 * `playAgain()`, `newGame()`: a new deal of the same game, and the way to the lobby (null: a
 * guest's page has neither); `replay()`: the replay of the game; `reveal()`: on a guest's
 * page, the host's reveal (null: not yet), undefined elsewhere; `keep(save)`: a guest's page keeps
 * the revealed game in Your games.
 * @param {{page: Page, seats: Seats, playAgain: () => (() => void) | null, newGame: () => (() => void) | null,
 *          replay: () => void, reveal: () => Reveal | null | undefined, keep: (save: unknown) => void}} deps
 * @returns {() => void} showResult
 */
export function createGameOver({ page, seats, playAgain, newGame, replay, reveal, keep }) {
  return function showResult() {
    page.set({ phase: "over" });
    const box = /** @type {HTMLElement} */ ($("result"));
    drawResult(box, page.state.view, { names: seats.names(), fill: seats.fill, module: page.state.viewModule,
                                       onPlayAgain: playAgain(), onNewGame: newGame(), onReplay: replay });
    const revealed = reveal();
    if (revealed === undefined) return;
    drawVerify(box, revealed);
    // the host's reveal holds the whole game's save, kept in Your games here too
    if (revealed?.save) keep(revealed.save);
  };
}
