// Unit tests of crypto.js (node --test, with Node's own Web Crypto): base64url, the host's
// signatures, and the fair deal's commitment and seed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { b64url, canonical, commitmentOf, fromB64url, newHostKey, proofText, randomToken, sameText, seedOf,
         sha256Hex, sign, verify, viewPrint } from "./crypto.js";

test("base64url round trip, and anything else refused", () => {
  const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
  const text = b64url(bytes);
  assert.match(text, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(fromB64url(text), bytes);
  assert.deepEqual(fromB64url(""), new Uint8Array(0));
  assert.throws(() => fromB64url("ab+c"), /not base64url/);
  assert.throws(() => fromB64url(null), /not base64url/);
  assert.equal(randomToken().length, 22);
  assert.notEqual(randomToken(), randomToken());
});

test("sha256Hex is SHA-256 of the UTF-8 text", async () => {
  assert.equal(await sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
});

test("sameText compares whole strings only", () => {
  assert.equal(sameText("abc", "abc"), true);
  assert.equal(sameText("abc", "abd"), false);
  assert.equal(sameText("abc", "ab"), false);
  assert.equal(sameText("1", 1), false);
});

test("a signature verifies with the host's key only, for that room, peer and nonce", async () => {
  const host = await newHostKey();
  const other = await newHostKey();
  assert.equal(fromB64url(host.publicKey).length, 32);
  const text = proofText("room1", "peerA", "nonce1");
  const signature = await sign(host.privateJwk, text);
  assert.equal(await verify(host.publicKey, text, signature), true);
  assert.equal(await verify(other.publicKey, text, signature), false, "another key");
  assert.equal(await verify(host.publicKey, proofText("room1", "peerB", "nonce1"), signature), false, "another peer");
  assert.equal(await verify(host.publicKey, proofText("room1", "peerA", "nonce2"), signature), false, "another nonce");
  assert.equal(await verify(host.publicKey, proofText("room2", "peerA", "nonce1"), signature), false, "another room");
  const bad = fromB64url(signature);
  bad[0] ^= 1;
  assert.equal(await verify(host.publicKey, text, b64url(bad)), false, "a changed signature");
  // garbage never throws
  assert.equal(await verify("not a key!", text, signature), false);
  assert.equal(await verify(host.publicKey, text, "%%%"), false);
});

test("the commitment and the seed are the same for the same parts", async () => {
  assert.equal(await commitmentOf("s3cret"), await commitmentOf("s3cret"));
  assert.notEqual(await commitmentOf("s3cret"), await commitmentOf("s3creT"));
  assert.match(await commitmentOf("s3cret"), /^[0-9a-f]{64}$/);
  const seed = await seedOf("s3cret", ["a", "b", null]);
  assert.equal(await seedOf("s3cret", ["a", "b", null]), seed);
  assert.ok(Number.isSafeInteger(seed) && seed >= 0 && seed < 2 ** 52);
  assert.equal(await seedOf("s3cret", ["a", "b", ""]), seed, "a seat with no part counts as \"\"");
});

test("different parts give different seeds", async () => {
  const seeds = new Set([
    await seedOf("s3cret", ["a", "b"]),
    await seedOf("other", ["a", "b"]),
    await seedOf("s3cret", ["b", "a"]),
    await seedOf("s3cret", ["a", "c"]),
    await seedOf("s3cret", ["a"]),
  ]);
  assert.equal(seeds.size, 5);
});

test("canonical JSON sorts object keys; the view print follows it", async () => {
  assert.equal(canonical({ b: 1, a: [true, null, { d: "x", c: 2 }] }), '{"a":[true,null,{"c":2,"d":"x"}],"b":1}');
  assert.equal(await viewPrint({ a: 1, b: 2 }), await viewPrint({ b: 2, a: 1 }));
  assert.notEqual(await viewPrint({ a: 1 }), await viewPrint({ a: 2 }));
});
