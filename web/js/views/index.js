// Registry of game views: game name -> view module (loaded on first use).
//
// A view module draws one seat's view of the table and turns clicks into action ids; what it
// exports and what the shell hands it are the contract in ./contract.js (JSDoc types,
// checked for every game by tests/e2e/test_e2e_view_contract.py).
//
// Each game names its view module in its spec (engine/games/<game>/__init__.py, `web.view`);
// the build writes that list into ../games.js. A game the list does not know uses generic.js,
// which lists the legal actions as buttons, so every engine game is playable.

import { GAMES } from "../games.js";

const SITE = new URL("../../", import.meta.url); // the paths in GAMES are from the site's root
const VIEWS = Object.fromEntries(GAMES.map((g) => [g.name, () => import(new URL(g.view, SITE).href)]));

/** The view module for a game (falls back to the generic one). */
export async function viewFor(game) {
  const load = VIEWS[game] ?? (() => import("./generic.js"));
  return load();
}
