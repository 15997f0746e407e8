// Unit tests of invite.js (node --test): invitation links made and read back, and damaged
// ones refused with what is wrong.
import { test } from "node:test";
import assert from "node:assert/strict";
import { invitationLink, isGuestPage, readInvitation } from "./invite.js";

const PAGE = "https://example.org/moteplay/index.html?pace=50";
const KEY = "A".repeat(43);
const BASE = { room: "room-1234", password: "pass_word", hostKey: KEY, secret: "seat-secret" };

const hashOf = (link) => new URL(link).hash;

test("a seat's invitation round trip", () => {
  const link = invitationLink(PAGE, { ...BASE, seat: 2 });
  assert.equal(new URL(link).search, "", "the page's own query is dropped");
  assert.deepEqual(readInvitation(hashOf(link)), { kind: "join", ...BASE, seat: 2, offer: null, relays: null, ice: null,
                                                  stun: null });
  assert.equal(isGuestPage(hashOf(link)), true);
});

test("the table screen's link has no seat; relays, ice and offer come back", () => {
  const link = invitationLink(PAGE, { ...BASE, kind: "watch", relays: ["ws://127.0.0.1:7777", "wss://relay.example"],
                                      ice: "none", offer: "OFFERcode_-123" });
  assert.match(link, /relays=ws.*,wss/, "the commas of the relay list stay readable");
  const invite = readInvitation(hashOf(link));
  assert.equal(invite.kind, "watch");
  assert.equal(invite.seat, null);
  assert.deepEqual(invite.relays, ["ws://127.0.0.1:7777", "wss://relay.example"]);
  assert.equal(invite.ice, "none");
  assert.equal(invite.offer, "OFFERcode_-123");
});

test("the host's own STUN servers travel in the invitation", () => {
  const stun = ["stun:198.18.0.2:3478", "stuns:stun.example.org"];
  const link = invitationLink(PAGE, { ...BASE, seat: 1, relays: ["ws://127.0.0.1:7447"], stun });
  assert.match(link, /stun=stun%3A198\.18\.0\.2%3A3478,stuns/, "the list's commas stay readable");
  const invite = readInvitation(hashOf(link));
  assert.deepEqual(invite.stun, stun);
  assert.equal(invite.ice, null);
});

test("a page not opened from an invitation has none", () => {
  for (const hash of ["", "#", "#lobby", "#joining&r=x", null]) {
    assert.equal(readInvitation(hash), null, String(hash));
  }
  assert.equal(isGuestPage("#lobby"), false);
  assert.equal(isGuestPage("#watch"), true);
});

test("damaged or missing fields are named", () => {
  const good = new URLSearchParams(hashOf(invitationLink(PAGE, { ...BASE, seat: 1 })).slice("#join&".length));
  const broken = (change) => {
    const q = new URLSearchParams(good);
    change(q);
    return readInvitation(`#join&${q}`);
  };
  assert.match(broken((q) => q.delete("r")).error, /damaged \(its table\)/);
  assert.match(broken((q) => q.set("p", "short")).error, /its table/);
  assert.match(broken((q) => q.set("k", "A".repeat(42))).error, /the host's key/);
  assert.match(broken((q) => q.delete("x")).error, /the seat's secret/);
  assert.match(broken((q) => q.set("s", "16")).error, /the seat\)/);
  assert.match(broken((q) => q.set("s", "-1")).error, /the seat\)/);
  assert.match(broken((q) => q.set("s", "one")).error, /the seat\)/);
  assert.match(broken((q) => q.set("o", "bad code!")).error, /the connection code/);
  assert.match(broken((q) => q.set("relays", "https://relay.example")).error, /its relays/);
  assert.match(broken((q) => q.set("stun", "turn:turn.example")).error, /its STUN servers/);
  assert.match(broken((q) => q.set("stun", "stun:x/../y")).error, /its STUN servers/);
  assert.match(broken((q) => q.set("stun", "")).error, /its STUN servers/);
  const both = broken((q) => { q.delete("k"); q.delete("x"); });
  assert.equal(both.kind, "join");
  assert.match(both.error, /the host's key, the seat's secret/);
  assert.match(both.error, /Ask the host to send it again/);
});

test("the address's own fragment is read by default", () => {
  globalThis.location = /** @type {any} */ (new URL(invitationLink(PAGE, { ...BASE, seat: 0 })));
  try {
    assert.equal(readInvitation()?.seat, 0);
    assert.equal(isGuestPage(), true);
  } finally {
    delete globalThis.location;
  }
});
