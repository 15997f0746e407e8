// One way to talk to a game: the session. The shell, the hint, the replay and the save files
// call the current session and never know where the game runs:
//
//   - localSession: the engine in this page's PyScript worker (engine-client.js): a game on
//     this device, or the host of a table with players on other devices;
//   - a remote session (net/guest.js): the host on another device, for a guest's page, which
//     runs no Python.
//
// Every method resolves to a reply shaped as the bridge's (docs/bridge-contract.md): `{ok:
// true, …}` or `{ok: false, error}` (a bug: `internal: true`), and never rejects.
//
//   start(spec)           a new game                    view(seat)        a seat's view
//   act(seat, action)     take a listed action          undo(seat)        take back a decision
//   botChoose(spec)       a computer's turn, found but not played (the authority plays it)
//   save() / load()       the game's save
//   hintStart(spec) / hintStep(spec) / hintStop()       a suggested move, a slice at a time
//   replayInfo() / replayView(spec)                     step through the game
//
// `remote` says whether the game runs elsewhere (then the host moves the computers, and only
// this seat's view can be had).

import { request } from "./engine-client.js";

/** The engine in this page's worker. */
export const localSession = Object.freeze({
  remote: false,
  start: (spec) => request("new_game", spec),
  load: (save, { raw = false } = {}) => request("load", save, { raw }),
  view: (seat) => request("view", seat),
  act: (seat, action) => request("apply", { seat, action }),
  undo: (seat) => request("undo", { seat }),
  botChoose: (spec) => request("bot_choose", spec),
  save: () => request("save"),
  hintStart: (spec) => request("hint_start", spec),
  hintStep: (spec) => request("hint_step", spec),
  hintStop: () => request("hint_stop"),
  hint: (spec) => request("hint", spec),
  replayInfo: () => request("replay_info"),
  replayView: (spec) => request("replay_view", spec),
});

let current = localSession;

/** The session the page talks to now. */
export const session = () => current;

/** Talk to another session from now on (a guest's page: its host). */
export function useSession(next) {
  current = next;
}
