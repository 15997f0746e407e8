// The store (store.js): one value, replaced by set(), listeners told in order.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createStore } from "./store.js";

test("set replaces the named parts and keeps the rest; the state is never edited in place", () => {
  const store = createStore({ phase: "lobby", idle: true, view: null });
  const first = store.state;
  store.set({ phase: "human" });
  assert.deepEqual(store.state, { phase: "human", idle: true, view: null });
  assert.equal(first.phase, "lobby");
  assert.ok(Object.isFrozen(store.state));
  assert.throws(() => { /** @type {any} */ (store.state).phase = "over"; });
});

test("listeners get the new state and the one before, only when something changed", () => {
  const store = createStore({ phase: "lobby", idle: true });
  /** @type {string[]} */
  const seen = [];
  store.subscribe((now, before) => seen.push(`${before.phase}->${now.phase}`));
  store.set({ phase: "lobby" });
  store.set({ phase: "human" });
  store.set({ idle: false });
  assert.deepEqual(seen, ["lobby->human", "human->human"]);
});

test("a set() from a listener is applied at once and told after the current round, in order", () => {
  const store = createStore({ n: 0 });
  /** @type {string[]} */
  const seen = [];
  store.subscribe((now) => {
    seen.push(`a${now.n}`);
    if (now.n === 1) store.set({ n: 2 });
    assert.equal(store.state.n, now.n === 1 ? 2 : now.n);
  });
  store.subscribe((now, before) => seen.push(`b${before.n}${now.n}`));
  store.set({ n: 1 });
  assert.deepEqual(seen, ["a1", "b01", "a2", "b12"]);
});

test("unsubscribe stops the telling; a listener that throws does not leave the store stuck", () => {
  const store = createStore({ n: 0 });
  let calls = 0;
  const stop = store.subscribe(() => { calls += 1; });
  store.set({ n: 1 });
  stop();
  store.set({ n: 2 });
  assert.equal(calls, 1);
  const bad = store.subscribe(() => { throw new Error("drawing failed"); });
  assert.throws(() => store.set({ n: 3 }), /drawing failed/);
  bad();
  let told = 0;
  store.subscribe(() => { told += 1; });
  store.set({ n: 4 });
  assert.equal(told, 1);
  assert.equal(store.state.n, 4);
});
