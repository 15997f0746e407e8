// Registry of game views: game name -> view module (loaded on first use).
//
// A view module draws one seat's view of the table and turns clicks into action ids.
// It exports:
//
//   render(root, view, ctx)
//     root  an empty <div> to draw into (the shell empties it before every call)
//     view  the bridge view (docs/bridge-contract.md): prompt, legal_actions, log,
//           result, table (game specific); `view.seat` is null for a spectator
//     ctx   {
//       act(actionId)  send an action; resolves to the engine reply. The shell shows
//                      `reply.error` itself when ok is false, then redraws.
//       canAct         true when it is this seat's turn and no call is running
//       names          seat names, index = seat
//       fill(text)     replace {P0}, {P1}… in an engine text with the names
//       showError(msg) show a message to the player
//       seat           the seat whose view this is (null: spectator)
//     }
//
// Rules for views: render only what `view` contains (it is already filtered for the
// seat), make every clickable a real <button> with readable text or aria-label, and
// put data-testid on the main pieces so the e2e tests can find them. Log, turn banner,
// score table, hotseat curtain and bot pacing belong to the shell (app.js).
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
