// A store: a state held as one value, replaced (never edited in place) by set(), and the
// parts that draw it told of every change (subscribe). The page keeps its state in one
// (page/state.js); whoever writes calls set(), whoever draws subscribes.
//
//   const store = createStore({ phase: "lobby", idle: true });
//   store.subscribe((now, before) => { if (now.phase !== before.phase) drawPhase(now.phase); });
//   store.set({ phase: "human" });
//   store.state.phase; // "human"

/**
 * @template {object} S
 * @typedef {{
 *   readonly state: Readonly<S>,
 *   set(patch: Partial<S>): void,
 *   subscribe(listener: (now: Readonly<S>, before: Readonly<S>) => void): () => void,
 * }} Store
 */

/**
 * A store holding `initial` until set() replaces parts of it. Listeners are called in the order
 * they subscribed, after each set() that changed something; set() from a listener is applied
 * at once and told to every listener in turn after the current round.
 * @template {object} S
 * @param {S} initial
 * @returns {Store<S>}
 */
export function createStore(initial) {
  let state = Object.freeze({ ...initial });
  /** @type {Set<(now: Readonly<S>, before: Readonly<S>) => void>} */
  const listeners = new Set();
  /** @type {Readonly<S>[]} the states still to tell the listeners about, each with the one before */
  const queue = [];
  let telling = false;

  return {
    get state() {
      return state;
    },
    set(patch) {
      const changed = Object.entries(patch).some(([key, value]) => !Object.is(/** @type {any} */ (state)[key], value));
      if (!changed) return;
      queue.push(state);
      state = Object.freeze({ ...state, ...patch });
      queue.push(state);
      if (telling) return;
      telling = true;
      try {
        while (queue.length) {
          const before = /** @type {Readonly<S>} */ (queue.shift());
          const now = /** @type {Readonly<S>} */ (queue.shift());
          for (const listener of [...listeners]) listener(now, before);
        }
      } finally {
        telling = false;
        queue.length = 0;
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
