// A small engine for the tests of the authority and the flow (node --test): a game of `seats`
// players where each turn is two decisions of the seat to move ("a" or "b"), the second may be
// taken back, and the game ends after `length` decisions. Every call answers after a delay the
// test's scheduler picks, so the tests see the engine's answers in many orders. Never shipped
// to a page (the build leaves out fake-*.js and *.test.js).

/** @typedef {import("./types.js").Status} Status */
/** @typedef {import("./types.js").Reply} Reply */

/**
 * @param {{seats?: number, length?: number, later?: <T>(fn: () => T) => Promise<T>}} [options]
 *   `later(fn)`: when to run an engine call (the scheduler's choice); at once by default.
 */
export function fakeEngine({ seats = 3, length = 24, later = (fn) => Promise.resolve().then(fn) } = {}) {
  /** @type {string[]} */
  let history = [];
  let seed = 1;
  const calls = { act: 0, undo: 0, view: 0, botChoose: 0 };

  const current = () => (history.length >= length ? null : Math.floor(history.length / 2) % seats);
  /** @returns {Status} */
  const status = () => ({
    game: "fake", num_players: seats, seed, current_player: current(), is_over: history.length >= length,
    scores: history.length >= length ? Array(seats).fill(0) : null, winners: [], turn: Math.floor(history.length / 2),
    actions: history.length, can_undo: history.length % 2 === 1,
  });
  /** @param {number | null} seat */
  const view = (seat) => ({
    game: "fake", seat, at: history.length, current_player: current(), is_over: history.length >= length,
    legal_actions: seat != null && seat === current() ? [{ id: "a", label: "A" }, { id: "b", label: "B" }] : [],
    log: history.map((a, i) => `{P${Math.floor(i / 2) % seats}} ${a}`), table: {},
  });

  return {
    calls,
    /** The decisions so far (the tests compare them). */
    get history() { return history.slice(); },
    /** @param {{seed?: number}} spec */
    start: (spec) => later(() => {
      history = [];
      seed = spec.seed ?? 1;
      return { ok: true, status: status() };
    }),
    /** @param {unknown} save */
    load: (save) => later(() => {
      const s = /** @type {{actions?: unknown, seed?: number}} */ (save ?? {});
      if (!Array.isArray(s.actions)) return { ok: false, error: "not a save" };
      history = s.actions.map(String);
      seed = s.seed ?? 1;
      return { ok: true, status: status(), notice: null };
    }),
    save: () => later(() => ({ ok: true, save: { seed, actions: history.slice() } })),
    /** @param {number | null} seat */
    view: (seat) => later(() => {
      calls.view += 1;
      return { ok: true, view: view(seat), status: status() };
    }),
    /** @param {number} seat @param {string} action */
    act: (seat, action) => later(() => {
      if (seat !== current()) return { ok: false, error: "It is not your turn." };
      if (action !== "a" && action !== "b") return { ok: false, error: `no action ${action}` };
      calls.act += 1;
      history.push(action);
      return { ok: true, status: status() };
    }),
    /** @param {number} seat */
    undo: (seat) => later(() => {
      if (seat !== current() || history.length % 2 !== 1) return { ok: false, error: "Nothing to undo." };
      calls.undo += 1;
      const undone = history.pop() ?? "";
      return { ok: true, undone: { id: undone, label: undone }, status: status() };
    }),
    /** @param {{seat: number}} spec */
    hint: (spec) => later(() => (spec.seat === current() ? { ok: true, action: "a", reason: "fine" } : { ok: false, error: "not your turn" })),
    /** @param {{seat: number, at: number}} spec */
    botChoose: (spec) => later(() => {
      calls.botChoose += 1;
      if (spec.at !== history.length) return { ok: false, error: `the game is at step ${history.length}, not ${spec.at}` };
      if (spec.seat !== current()) return { ok: false, error: "not its turn" };
      return { ok: true, actions: history.length % 2 === 0 ? ["a", "b"] : ["b"], at: spec.at };
    }),
  };
}

/** @typedef {ReturnType<typeof fakeEngine>} FakeEngine */
