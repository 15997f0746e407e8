// The table's authority: the one writer of a game. Every change to the game is an intent
// submitted here (a click on this page, a guest's move or undo, a computer's move, a seat
// handed to a computer and back, a new game, a save loaded); the authority applies intents one
// at a time, in the order they came, against the engine, and alone keeps the game's status.
// After each change it hands every screen (this page, each guest's link, the table screens)
// the view of the seat that screen shows, before anything else may run. Then, when a computer
// is to move, it searches that computer's turn at the step it is at (while the page draws the
// change), waits out the pace, and submits the turn as an intent like any other, once nothing
// holds the table: refused as stale if the game moved meanwhile.
//
//   const authority = createAuthority({ engine, pace: () => 700 });
//   authority.screen({ seat: () => 0, show: (delivery) => draw(delivery) });
//   const answer = await authority.submit({ kind: "act", seat: 0, action: "draw", at: 12 });
//
// Nothing here touches the page: the engine is a session (session.js, plus botChoose), the
// screens are callbacks. The tests drive it with a fake engine and fake links.

/** @typedef {import("./types.js").Status} Status */
/** @typedef {import("./types.js").Intent} Intent */
/** @typedef {import("./types.js").Answer} Answer */
/** @typedef {import("./types.js").Delivery} Delivery */
/** @typedef {import("./types.js").Engine} Engine */
/** @typedef {import("./types.js").Screen} Screen */
/** @typedef {import("./types.js").Change} Change */

/** Why an intent is stale, in the words a player reads. */
export const STALE = "The game moved on before that arrived: look at the table again.";

/**
 * @param {{
 *   engine: Engine,
 *   pace?: () => number,
 *   sleep?: (ms: number) => Promise<void>,
 *   onStall?: (seat: number, error: string) => void,
 * }} options
 */
export function createAuthority({ engine, pace = () => 0, sleep = defaultSleep, onStall = () => {} }) {
  /** @type {Status | null} */
  let status = null;
  /** The computer level that plays each seat now (null: a person). */
  /** @type {(string | null)[]} */
  let computers = [];
  let rev = 0;                           // bumps at every change: a screen draws the highest it got
  let queue = Promise.resolve();         // the intents being applied, one after another
  let closed = false;
  let searching = 0;                     // the change a computer's search started at (0: none)
  /** @type {Map<string, boolean>} */
  const holds = new Map();               // reason -> whether the computers may search meanwhile
  /** A computer's turn found while something held the table: submitted at the release if still current. */
  /** @type {{from: number, seat: number, at: number, chosen: {ok: boolean, actions?: string[], error?: string}} | null} */
  let found = null;
  /** @type {Set<Screen>} */
  const screens = new Set();
  /** @type {Set<(change: Change) => void>} */
  const listeners = new Set();
  let counter = 0;

  /**
   * Apply one intent, after every intent submitted before it.
   * @param {Intent} intent
   * @returns {Promise<Answer>}
   */
  function submit(intent) {
    const id = intent.id ?? `page-${++counter}`;
    const turn = queue.then(() => (closed ? { ok: false, id, error: "The table is closed." } : apply({ ...intent, id })));
    queue = turn.then(() => {}, () => {});
    return turn.catch((err) => ({ ok: false, id, internal: true, error: `A bug in the page: ${String(err?.message ?? err)}` }));
  }

  /**
   * @param {Intent & {id: string}} intent
   * @returns {Promise<Answer>}
   */
  async function apply(intent) {
    const { id } = intent;
    switch (intent.kind) {
      case "start":
      case "load": {
        const reply = intent.kind === "start" ? await engine.start(intent.spec)
                                              : await engine.load(intent.save, { raw: intent.raw === true });
        if (!reply.ok) return { ...reply, id };
        computers = intent.computers.slice();
        // (new_game and load answer with the game's status: docs/bridge-contract.md)
        await changed(/** @type {Status} */ (reply.status), intent);
        return { ...reply, id };
      }
      case "clear":
        // no game at this table for now (a new deal is being made): nothing is delivered
        status = null;
        computers = [];
        rev += 1;
        return { ok: true, id };
      case "computers": {
        computers = intent.computers.slice();
        if (status) await changed(status, intent);
        return { ok: true, id, status: status ?? undefined };
      }
      case "act":
      case "undo":
      case "computer": {
        const refusal = staleness(intent);
        if (refusal) return { ok: false, id, ...refusal };
        if (intent.kind === "computer") return playComputer(intent);
        const reply = intent.kind === "act" ? await engine.act(intent.seat, intent.action) : await engine.undo(intent.seat);
        if (!reply.ok) return { ...reply, id };
        // (apply and undo answer with the game's status: docs/bridge-contract.md)
        await changed(/** @type {Status} */ (reply.status), intent);
        return { ...reply, id };
      }
      case "hint": {
        const refusal = staleness(intent);
        if (refusal) return { ok: false, id, ...refusal };
        return { ...(await engine.hint({ seat: intent.seat, seconds: intent.seconds ?? 2 })), id, at: intent.at };
      }
      default:
        return { ok: false, id, error: `unknown intent ${String(/** @type {{kind: unknown}} */ (intent).kind)}` };
    }
  }

  /**
   * Why an intent made at step `at` for `seat` no longer fits the game (`stale`: the game
   * moved on since), or null.
   * @param {{at: number, seat: number, kind: string}} intent
   * @returns {{error: string, stale?: boolean} | null}
   */
  function staleness(intent) {
    if (!status) return { error: "No game is running." };
    if (intent.at !== status.actions) return { error: STALE, stale: true };
    if (status.is_over) return { error: "The game is over." };
    if (intent.kind === "computer" && status.current_player !== intent.seat) return { error: STALE, stale: true };
    return null;
  }

  /**
   * A computer's turn, found at step `at`: its actions, applied one after another.
   * @param {Extract<Intent, {kind: "computer"}> & {id: string}} intent
   * @returns {Promise<Answer>}
   */
  async function playComputer(intent) {
    if (computers[intent.seat] == null) return { ok: false, id: intent.id, stale: true, error: STALE };
    /** @type {Status | null} */
    let last = null;
    for (const action of intent.actions) {
      const reply = await engine.act(intent.seat, action);
      if (!reply.ok) {
        // the engine found these very actions on a copy of this game: a refusal here is a bug
        if (last) await changed(last, intent);
        return { ok: false, id: intent.id, internal: true, error: `the computer's move was refused: ${reply.error}` };
      }
      last = reply.status ?? null;
    }
    if (last) await changed(last, intent);
    return { ok: true, id: intent.id, status: last ?? undefined };
  }

  /**
   * The one place the status is written; then every screen gets its view, in order.
   * @param {Status} next
   * @param {Intent & {id: string}} cause
   */
  async function changed(next, cause) {
    const before = status;
    status = next;
    rev += 1;
    const change = { rev, status: next, before, cause: { id: cause.id, kind: cause.kind, from: cause.from ?? "page" } };
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (err) {
        console.error(err);
      }
    }
    await deliver(change);
    think();
  }

  /**
   * Every screen's view of the position just made (one engine call per seat shown).
   * @param {Change} change
   */
  async function deliver(change) {
    /** @type {Map<number | null, Promise<{ok: boolean, view?: object, status?: Status, error?: string}>>} */
    const views = new Map();
    for (const screen of [...screens]) {
      const seat = screen.seat();
      if (seat === undefined) {
        screen.show({ ...change, view: null, viewer: undefined });
        continue;
      }
      if (!views.has(seat)) views.set(seat, engine.view(seat));
      const reply = await /** @type {Promise<any>} */ (views.get(seat));
      if (!screens.has(screen) || change.rev !== rev) continue; // gone, or a newer change delivers
      screen.show({ ...change, view: reply.ok ? reply.view : null, viewer: seat, error: reply.ok ? undefined : reply.error });
    }
  }

  /** Whether something holds the table and the computers may not even search (the lobby, a replay). */
  const paused = () => [...holds.values()].some((searches) => !searches);

  /**
   * A computer is to move: search its turn at once (unless the table is paused), with the
   * pace running meanwhile; once both are over and nothing holds the table, submit it.
   */
  function think() {
    if (closed || !status || status.is_over) return;
    if (found && found.from !== rev) found = null;
    if (found) {
      if (!holds.size) play(found);
      return;
    }
    if (paused()) return;
    const seat = status.current_player;
    const level = seat == null ? null : computers[seat];
    if (seat == null || level == null || searching === rev) return;
    searching = rev;
    const at = status.actions;
    const seed = status.seed;
    const from = rev;
    // the search takes its place among the intents, so it sees the game exactly at step `at`;
    // the pace runs meanwhile, and the turn is submitted once both are over
    const search = queue.then(() => (closed || rev !== from ? null : engine.botChoose({ seat, bot: level, seed, at })));
    queue = search.then(() => {}, () => {});
    Promise.all([search, sleep(pace())]).then(([chosen]) => {
      if (searching === from) searching = 0;
      if (closed || rev !== from || !chosen) return think(); // the game moved (or was left) meanwhile: look again
      found = { from, seat, at, chosen };
      think(); // played now, or at the release of what holds the table
    });
  }

  /**
   * Submit a computer's turn found at the change `from` (the game has not moved since).
   * @param {NonNullable<typeof found>} turn
   */
  function play({ seat, at, chosen }) {
    found = null;
    if (!chosen.ok) {
      onStall(seat, chosen.error ?? "the computer could not move");
      return;
    }
    submit({ kind: "computer", seat, at, actions: chosen.actions ?? [], from: "computer" }).then((answer) => {
      if (!answer.ok && !answer.stale && !closed) onStall(seat, answer.error ?? "the computer could not move");
    });
  }

  return {
    submit,
    /** The game's status now (null before a game). */
    get status() { return status; },
    /** How many changes were made: a delivery with a lower rev is older than the screen's. */
    get rev() { return rev; },
    /** The computer level playing each seat now (null: a person). */
    get computers() { return computers.slice(); },
    /**
     * A screen: `seat()` says which seat it shows now (null: the spectator, undefined: none,
     * as behind a hotseat curtain), `show(delivery)` draws it. Returns a function that removes it.
     * @param {Screen} screen
     */
    screen(screen) {
      screens.add(screen);
      return () => { screens.delete(screen); };
    },
    /**
     * Hear every change as it is made (autosave, Your games), before the screens get their views.
     * @param {(change: Change) => void} listener
     */
    listen(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    /**
     * One seat's view now, with the status it belongs to (a read: it waits for the intents before it).
     * @param {number | null} seat
     */
    view(seat) {
      return queue.then(() => engine.view(seat));
    },
    /**
     * No computer moves while `reason` holds (the page drawing a change, a screen to read). With
     * `search: false` (the lobby, a replay) the computers do not even search meanwhile: the
     * engine is free for the page.
     * @param {string} reason
     * @param {{search?: boolean}} [options]
     */
    hold(reason, { search = true } = {}) {
      holds.set(reason, search);
    },
    /** @param {string} reason */
    release(reason) {
      if (holds.delete(reason)) think();
    },
    /** Whether anything holds the computers now. */
    get held() { return holds.size > 0; },
    /** Try a stalled computer again. */
    retry() {
      searching = 0;
      found = null;
      think();
    },
    /** Intents submitted so far have all been applied. */
    settled() {
      return queue;
    },
    close() {
      closed = true;
      screens.clear();
      listeners.clear();
    },
  };
}

/** @param {number} ms */
const defaultSleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** @typedef {ReturnType<typeof createAuthority>} Authority */
