// Never losing a game: after every change the authority makes, the game (its save and its
// seats) is autosaved in this browser (autosave.js), and a game a move ended is kept in Your
// games; at the next visit the kept game is loaded into the engine once it runs, and the lobby
// offers to continue it.

import { failureText } from "../engine-client.js";
import { readAutosave, writeAutosave, setAsideAutosave, describeAutosave } from "../autosave.js";
import { setupFromSave } from "../saves.js";
import { hasRemote } from "../net/host-record.js";

/** @typedef {import("./state.js").Page} Page */
/** @typedef {import("./seats.js").Seats} Seats */
/** @typedef {import("../play/authority.js").Authority} Authority */
/** @typedef {import("../play/types.js").Status} Status */
/** @typedef {import("../play/types.js").Reply} Reply */

/**
 * What the keeper needs:
 * - `page`, `seats`, `authority`; `save()`: the engine's save of the game (session.js);
 * - `host`: the table with seats on other devices (net/host-page.js): where it is (`hosting()`),
 *   its room (`room()`, kept with the game), and `reopen(room)` after a reload;
 * - `past`: the replay of a finished game is not the one to keep (`showing()`), and a finished
 *   game goes to Your games (`keep(save, seats, here, status)`: past-games.js);
 * - `toLobby(notice)`: the lobby is on screen: draw it again with a notice.
 * @typedef {{
 *   page: Page, seats: Seats, authority: Authority, save: () => Promise<Reply>,
 *   host: {hosting: () => string | null, room: () => string | undefined, reopen: (room: string | undefined) => Promise<void>},
 *   past: {showing: () => boolean, keep: (save: any, seats: any[], here: number[], status: Status) => void},
 *   toLobby: (notice: string) => void,
 * }} KeeperDeps
 */

/** @param {string} text @param {number} [max] */
export const shorten = (text, max = 120) => {
  const s = String(text).replace(/\s+/g, " ").trim().replace(/[.]$/, "");
  return s.length > max ? `${s.slice(0, max)}…` : s;
};

/** @param {KeeperDeps} deps */
export function createKeeper(deps) {
  const { page, seats, authority } = deps;
  /** @type {any} the autosaved game, until it is loaded into the engine */
  let kept = null;
  /** @type {string | undefined} why the kept game could not be loaded (the lobby says it) */
  let restoreNotice;
  /** @type {string | null} the kept game goes on from its saved position (an earlier version's save) */
  let updateNotice = null;
  let autosaved = 0;

  // Every change: autosave the game (save + seats), and keep a game a move ended in Your games.
  // A load's own change is not saved again (the loader hands over the seats next, and that change is).
  authority.listen(({ status, before, cause }) => {
    // a move ended the game here (not a finished game loaded or shown again)
    const ended = status.is_over && before != null && !before.is_over &&
                  before.game === status.game && before.seed === status.seed;
    const setup = page.state.setup;
    if (cause.kind === "load" || deps.past.showing() || !setup) return; // a past game in the replay is not kept
    const here = seats.humans();
    deps.save().then((reply) => {
      if (!reply.ok || /** @type {any} */ (reply.save)?.game !== setup.game) return;
      if (ended) deps.past.keep(reply.save, setup.seats, here, status);
      if (writeAutosave({ save: reply.save, seats: setup.seats, hints: setup.hints !== false, status,
                          title: seats.title(setup.game), room: deps.host.room() ?? null })) autosaved += 1;
    });
  });

  return {
    /** Read the autosave at the page's start. Returns the lobby's notice if it was unreadable
     *  (it is set aside). @returns {string | undefined} */
    read() {
      const stored = readAutosave();
      if (!stored?.corrupt) {
        kept = stored;
        return undefined;
      }
      setAsideAutosave();
      return "Your last game could not be restored (it is not readable), so it was set aside.";
    },

    /** Once the engine runs: load the autosaved game into it. If it cannot be loaded it is set
     *  aside, and the lobby (drawn again if it shows) says why in one sentence. */
    async restore() {
      const data = kept;
      if (!data) return;
      if (deps.host.hosting() === "waiting") {
        kept = null; // players are joining a new table: the kept game is replaced once it starts
        return;
      }
      const reply = await authority.submit({ kind: "load", save: data.save, computers: [] });
      kept = null;
      if (!reply.ok) {
        setAsideAutosave();
        restoreNotice = `Your last game could not be restored (${shorten(failureText(reply))}), so it was set aside.`;
        if (page.state.phase === "lobby") deps.toLobby(restoreNotice);
        return;
      }
      const status = /** @type {Status} */ (reply.status);
      const setup = setupFromSave(status, data.seats, data.hints, seats.gameInfo(status.game));
      page.set({ setup });
      if (hasRemote(setup.seats)) await deps.host.reopen(data.room);
      await authority.submit({ kind: "computers", computers: seats.computers() });
      const notice = /** @type {string | null | undefined} */ (reply.notice);
      if (notice) {
        // made by an earlier version: the game goes on from its saved position. Keep the game in
        // its new form at once, so the notice is said once (not at every reload until a move).
        const saved = await deps.save();
        if (saved.ok) writeAutosave({ save: saved.save, seats: setup.seats, hints: setup.hints, status,
                                      title: seats.title(setup.game) });
        if (page.state.phase === "lobby") deps.toLobby(notice);
        else updateNotice = notice; // Continue was pressed while Python started: said in the game
      }
    },

    /** The game the lobby offers to continue: the engine's, else the autosave not loaded yet. */
    kept() {
      const status = authority.status;
      const setup = page.state.setup;
      if (status && setup) {
        return { label: describeAutosave({ title: seats.title(setup.game), numPlayers: status.num_players,
                                           turn: status.turn, isOver: status.is_over }), over: status.is_over };
      }
      if (kept) return { label: describeAutosave(kept), over: kept.isOver };
      return null;
    },

    /** Why the kept game could not be loaded, if it could not. */
    get restoreNotice() { return restoreNotice; },

    /** The notice of a game from an earlier version, once (null after). */
    takeUpdateNotice() {
      const notice = updateNotice;
      updateNotice = null;
      return notice;
    },

    /** Autosaves written since the page loaded (tests wait for it). */
    get autosaved() { return autosaved; },
  };
}

/** @typedef {ReturnType<typeof createKeeper>} Keeper */
