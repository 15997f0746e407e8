// Unit tests of relay.js (node --test): the states of a relay's socket, and how a relay that
// went away is tried again (1 s, doubling, at most 8 s; never given up), and when it is back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { relayState, relayWords, relaysBack, retryDelay, retryDue } from "./relay.js";

const URL_A = "ws://127.0.0.1:1";
const URL_B = "ws://127.0.0.1:2";
const noJitter = () => 0;

test("a socket's readyState as a relay's state", () => {
  assert.equal(relayState(undefined), "connecting", "no socket yet");
  assert.equal(relayState(0), "connecting");
  assert.equal(relayState(1), "open");
  assert.equal(relayState(2), "closed");
  assert.equal(relayState(3), "closed");
});

test("the wait before a try doubles from 1 s up to 8 s, shortened by at most a quarter", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 50].map((n) => retryDelay(n, 0)), [1000, 2000, 4000, 8000, 8000, 8000, 8000]);
  assert.equal(retryDelay(0, 0.999), 750);
  assert.equal(retryDelay(9, 0.5), 7000);
  for (let i = 0; i < 100; i++) {
    const ms = retryDelay(2);
    assert.ok(ms > 3000 && ms <= 4000, `${ms}`);
  }
});

test("a closed relay is tried again on the schedule, for ever, until it opens", () => {
  const retries = new Map();
  const closed = [{ url: URL_A, state: "closed" }];
  let now = 0;
  const tries = [];
  // a relay that stays closed (each try fails before it is looked at again, every 0.5 s: the
  // wait is counted from then), for 10 minutes
  for (; now <= 600_000; now += 500) if (retryDue(retries, closed, now, noJitter)) tries.push(now);
  assert.deepEqual(tries.slice(0, 5), [1000, 3500, 8000, 16500, 25000]);
  assert.ok(tries.length > 65, "still tried after 10 minutes");
  assert.ok(tries.slice(4).every((t, i, all) => i === 0 || t - all[i - 1] === 8500));
  // it opens: forgotten, so the next outage starts from 1 s again
  assert.equal(retryDue(retries, [{ url: URL_A, state: "open" }], now, noJitter), false);
  assert.equal(retries.size, 0);
  assert.equal(retryDue(retries, closed, now, noJitter), false);
  assert.equal(retryDue(retries, closed, now + 999, noJitter), false);
  assert.equal(retryDue(retries, closed, now + 1000, noJitter), true);
});

test("a relay connecting is not tried again; open relays are left alone", () => {
  const retries = new Map();
  assert.equal(retryDue(retries, [{ url: URL_A, state: "open" }, { url: URL_B, state: "open" }], 0), false);
  assert.equal(retries.size, 0);
  assert.equal(retryDue(retries, [{ url: URL_A, state: "open" }, { url: URL_B, state: "closed" }], 0, noJitter), false);
  assert.equal(retryDue(retries, [{ url: URL_A, state: "open" }, { url: URL_B, state: "connecting" }], 5000, noJitter), false);
  assert.deepEqual(retries.get(URL_B), { failures: 0, due: null });
  assert.equal(retryDue(retries, [{ url: URL_B, state: "closed" }], 5000, noJitter), false);
  assert.equal(retryDue(retries, [{ url: URL_B, state: "closed" }], 6000, noJitter), true);
  assert.deepEqual(retries.get(URL_B), { failures: 1, due: null });
});

test("a relay is back when it opens again, not when it opens the first time", () => {
  const seen = new Map();
  const at = (a, b) => relaysBack(seen, [{ url: URL_A, state: a }, { url: URL_B, state: b }]);
  assert.deepEqual(at("connecting", "connecting"), []);
  assert.deepEqual(at("open", "closed"), [], "A's first open");
  assert.deepEqual(at("open", "open"), [], "B's first open");
  assert.deepEqual(at("closed", "open"), []);
  assert.deepEqual(at("connecting", "open"), []);
  assert.deepEqual(at("closed", "open"), []);
  assert.deepEqual(at("open", "open"), [URL_A], "A back");
  assert.deepEqual(at("open", "open"), [], "said once");
  assert.deepEqual(at("closed", "closed"), []);
  assert.deepEqual(at("open", "open"), [URL_A, URL_B], "both back");
});

test("the relays' states in words", () => {
  const r = (...states) => states.map((state, i) => ({ url: `ws://127.0.0.1:${i}`, state }));
  assert.equal(relayWords([]), "");
  assert.equal(relayWords(r("open")), "Relay: connected.");
  assert.equal(relayWords(r("open", "open")), "Relays: all 2 connected.");
  assert.equal(relayWords(r("connecting")), "Relay: connecting…");
  assert.match(relayWords(r("closed")), /^Relay: away, tried again/);
  assert.match(relayWords(r("closed", "connecting")), /^Relays: all away, tried again/);
  assert.match(relayWords(r("open", "closed", "connecting")), /^Relays: 1 of 3 connected; the others are away/);
});
