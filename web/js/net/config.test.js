// Unit tests of config.js (node --test): the address's relays and STUN servers, and the ICE
// servers a page ends up with (a network lab must reach no public server).
import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_STUN, RELAYS, STUN, TURN_KEY, netConfig, parseStun } from "./config.js";

/** A localStorage for the length of `fn` (Node has none). */
function withStorage(items, fn) {
  const store = new Map(Object.entries(items));
  globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, String(v)),
                              removeItem: (k) => store.delete(k) };
  try {
    return fn();
  } finally {
    delete globalThis.localStorage;
  }
}

const TURN = { urls: ["turn:198.18.0.2:3478"], username: "lab", credential: "secret" };

test("without overrides: the site's relays and the public STUN servers", () => {
  const config = withStorage({}, () => netConfig(""));
  assert.deepEqual(config.relays, RELAYS);
  assert.deepEqual(config.iceServers, STUN);
  assert.equal(config.stun, null);
  assert.equal(config.custom, false);
});

test("?stun= replaces the public STUN servers; a saved TURN server is still used", () => {
  const config = withStorage({ [TURN_KEY]: JSON.stringify(TURN) },
                             () => netConfig("?relays=ws://127.0.0.1:7447&stun=stun:198.18.0.2:3478"));
  assert.deepEqual(config.stun, ["stun:198.18.0.2:3478"]);
  assert.deepEqual(config.iceServers, [{ urls: "stun:198.18.0.2:3478" }, TURN]);
  assert.equal(JSON.stringify(config.iceServers).includes("google"), false, "no public server left");
  assert.equal(config.custom, true);
  assert.deepEqual(config.relays, ["ws://127.0.0.1:7447/"]);
});

test("?stun= alone makes the page's settings its own (the invitations carry them)", () => {
  const config = withStorage({}, () => netConfig("?stun=stun:stun.example.org"));
  assert.equal(config.custom, true);
  assert.deepEqual(config.relays, RELAYS);
  assert.deepEqual(config.iceServers, [{ urls: "stun:stun.example.org" }]);
});

test("?ice=none wins over ?stun=: no ICE server at all", () => {
  const config = withStorage({ [TURN_KEY]: JSON.stringify(TURN) }, () => netConfig("?ice=none&stun=stun:198.18.0.2"));
  assert.deepEqual(config.iceServers, []);
  assert.equal(config.stun, null);
});

test("parseStun keeps stun: and stuns: URLs of a host and a port only", () => {
  assert.deepEqual(parseStun("stun:198.18.0.2:3478, stuns:stun.example.org:5349 ,stun:[2001:db8::1]:3478"),
                   ["stun:198.18.0.2:3478", "stuns:stun.example.org:5349", "stun:[2001:db8::1]:3478"]);
  assert.deepEqual(parseStun("stun:a,stun:a,turn:b,http://c,stun:d/e,stun:f?transport=udp,stun:,stun:g"),
                   ["stun:a", "stun:g"]);
  assert.equal(parseStun(""), null);
  assert.equal(parseStun("turn:198.18.0.2:3478"), null);
  const many = Array.from({ length: 10 }, (_, i) => `stun:s${i}.example`).join(",");
  assert.equal(parseStun(many).length, MAX_STUN);
});

test("an unusable ?stun= falls back to the public list", () => {
  const config = withStorage({}, () => netConfig("?stun=turn:198.18.0.2"));
  assert.equal(config.stun, null);
  assert.deepEqual(config.iceServers, STUN);
});
