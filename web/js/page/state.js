// The page's state: one store (play/store.js) made by app.js and handed to the parts of the
// page that need it. Each part writes only the fields named for it below, with page.set(); the
// drawing of the phase, of "waiting for a person" and of Undo subscribes (app.js).

import { createStore } from "../play/store.js";

/**
 * Where the page is:
 *   loading   the page's own files or the engine are coming (the first screen)
 *   lobby     the lobby
 *   waiting   the host's Waiting for players screen (net/host-page.js)
 *   joining   a guest's page joins the host's table (net/guest-page.js)
 *   stopped   a guest's page whose table has ended or that left it
 *   starting  "Starting Python…": a game waits for the engine
 *   curtain   hotseat: "Pass to NAME", no hand on screen
 *   human     a person at this screen is to move
 *   bot       a computer is thinking
 *   remote    someone on another device is to move
 *   moment    a screen (a year scored) waits for Continue
 *   over      the score table
 *   stalled   a computer could not move: "Try again"
 *   replay    the replay of this game or of a finished one
 *   error     the engine could not start
 * @typedef {"loading" | "lobby" | "waiting" | "joining" | "stopped" | "starting" | "curtain" | "human" | "bot" |
 *           "remote" | "moment" | "over" | "stalled" | "replay" | "error"} Phase
 */

/**
 * The page's state, each field with who writes it:
 * - `phase`: above; `idle`: the page waits for a person (tests wait for it) — whichever part
 *   puts its screen up: the game screen, the way into a game (entry.js), the start (boot.js),
 *   the replay (past-games.js), the host's and a guest's pages;
 * - `setup`: the game on this page: the lobby's choices, a loaded or kept game's, the host's (a
 *   guest's page: what the host sent) — entry.js, keeper.js, host-page.js, guest-page.js;
 * - `view`, `viewer`, `viewAt`, `viewModule`: the view on screen, whose it is (null: the
 *   spectator's), the step it was drawn at, the game's drawing module — the game screen draws
 *   them; a part that takes the game off screen (the lobby, a new game, the replay) empties `view`;
 * - `shownHuman`: the person whose screen is (or was last) up — the game screen (a game put on
 *   screen anew starts with none);
 * - `busy`: a move or an undo this page's player started is on its way — moves.js.
 * @typedef {{
 *   phase: Phase, idle: boolean, busy: boolean,
 *   setup: import("../play/types.js").Setup | null,
 *   view: any, viewer: number | null, viewAt: number | null, viewModule: any,
 *   shownHuman: number | null,
 * }} PageState
 */

/** @typedef {import("../play/store.js").Store<PageState>} Page */

/** Phases in which a game is on screen. */
export const GAME_PHASES = new Set(["curtain", "human", "bot", "remote", "moment", "over", "stalled", "replay"]);

/** The page's store, as it is before anything is shown. @returns {Page} */
export function createPage() {
  return createStore(/** @type {PageState} */ ({
    phase: "loading", idle: false, busy: false, setup: null,
    view: null, viewer: null, viewAt: null, viewModule: null, shownHuman: null,
  }));
}
