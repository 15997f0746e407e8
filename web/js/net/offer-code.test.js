// Unit tests of offer-code.js (node --test): codes made from a session description read back
// to the same handshake fields, and damaged codes refused with a sentence for the player.
import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeCode, encodeCode, readSdp } from "./offer-code.js";

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => ((i * 37 + 11) & 255).toString(16).toUpperCase().padStart(2, "0")).join(":");

/** A local description as a browser writes it, with the given candidate lines. */
function sdp(candidates, { ufrag = "aB3+", pwd = "Zx9/Zx9/Zx9/Zx9/Zx9/Zx9/", fingerprint = `sha-256 ${FINGERPRINT}` } = {}) {
  return ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...candidates.map((c) => `a=candidate:${c}`),
    `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`, `a=fingerprint:${fingerprint}`, "a=setup:actpass", "a=mid:0",
    "a=sctp-port:5000"].join("\r\n") + "\r\n";
}

const CANDIDATES = [
  "1 1 udp 2122260223 192.168.1.20 54321 typ host generation 0",
  "2 1 udp 2122262783 2001:db8::7:1 50000 typ host",
  "3 1 udp 2122194687 0a1b2c3d-4e5f-6789-abcd-ef0123456789.local 40000 typ host",
  "4 1 udp 1686052607 203.0.113.9 61000 typ srflx raddr 0.0.0.0 rport 0",
  "5 1 udp 41885439 turn-host.example 3478 typ relay raddr 0.0.0.0 rport 0",
  "6 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active",   // TCP: left out
  "7 2 udp 2122260222 192.168.1.20 54322 typ host",               // component 2: left out
];

test("an offer round trip keeps the ICE credentials, the fingerprint and every UDP candidate", () => {
  const original = readSdp(sdp(CANDIDATES));
  const code = encodeCode("offer", sdp(CANDIDATES));
  assert.match(code, /^[A-Za-z0-9_-]+$/);
  const { kind, sdp: rebuilt } = decodeCode(code, "offer");
  assert.equal(kind, "offer");
  const back = readSdp(rebuilt);
  assert.equal(back.ufrag, original.ufrag);
  assert.equal(back.pwd, original.pwd);
  assert.deepEqual(back.fingerprint, original.fingerprint);
  assert.equal(back.setup, "actpass");
  assert.deepEqual(back.candidates.map((c) => [c.port, c.type]), original.candidates.map((c) => [c.port, c.type]));
  assert.equal(back.candidates.length, 5);
  assert.equal(back.candidates[0].address, "192.168.1.20");
  assert.equal(back.candidates[1].address, "2001:db8:0:0:0:0:7:1");
  assert.equal(back.candidates[2].address, "0a1b2c3d-4e5f-6789-abcd-ef0123456789.local");
  assert.equal(back.candidates[4].address, "turn-host.example");
});

test("a reply takes the offer's data channel id and the active role", () => {
  const { kind, sdp: rebuilt } = decodeCode(encodeCode("reply", sdp(CANDIDATES.slice(0, 1))), "reply", { mid: "7" });
  assert.equal(kind, "reply");
  assert.equal(readSdp(rebuilt).mid, "7");
  assert.equal(readSdp(rebuilt).setup, "active");
});

test("loopback candidates are sent only when the device has nothing else", () => {
  const loopback = "9 1 udp 2122260223 127.0.0.1 5000 typ host";
  assert.deepEqual(readSdp(sdp([loopback, CANDIDATES[0]])).candidates.map((c) => c.address), ["192.168.1.20"]);
  assert.deepEqual(readSdp(sdp([loopback])).candidates.map((c) => c.address), ["127.0.0.1"]);
});

test("a code of the other kind is refused with what it is", () => {
  const offer = encodeCode("offer", sdp(CANDIDATES));
  const reply = encodeCode("reply", sdp(CANDIDATES));
  assert.throws(() => decodeCode(offer, "reply"), /offer code, not a reply/);
  assert.throws(() => decodeCode(reply, "offer"), /This is a reply code/);
});

test("damaged codes are refused with a sentence, never a crash", () => {
  const code = encodeCode("offer", sdp(CANDIDATES));
  assert.throws(() => decodeCode("", "offer"), /empty or far too short/);
  assert.throws(() => decodeCode(null, "offer"), /empty or far too short/);
  assert.throws(() => decodeCode(`${code.slice(0, 20)}!${code.slice(21)}`, "offer"), /characters a code never contains/);
  // one character changed: the checksum catches it
  const changed = code.slice(0, 30) + (code[30] === "A" ? "B" : "A") + code.slice(31);
  assert.throws(() => decodeCode(changed, "offer"), /incomplete or damaged|damaged/);
  // cut short anywhere: refused, with an Error of the module's own
  for (let end = 4; end < code.length; end += 3) {
    assert.throws(() => decodeCode(code.slice(0, end), "offer"), (err) => err instanceof Error && /code/.test(err.message));
  }
  // another version's code
  const bytes = Buffer.from(code, "base64url");
  bytes[0] = 9;
  assert.throws(() => decodeCode(bytes.toString("base64url"), "offer"), /different version/);
});

test("white space inside a pasted code is ignored", () => {
  const code = encodeCode("offer", sdp(CANDIDATES));
  const spaced = `${code.slice(0, 10)}\n ${code.slice(10, 40)} \t${code.slice(40)}`;
  assert.equal(decodeCode(spaced, "offer").kind, "offer");
});

test("an SDP without its ICE or DTLS fields, or with another hash, is refused", () => {
  assert.throws(() => readSdp("v=0\r\n"), /lacks its ICE or DTLS fields/);
  assert.throws(() => readSdp(sdp(CANDIDATES, { fingerprint: "sha-1 AB:CD" })), /uses sha-1, not sha-256/);
  assert.throws(() => readSdp(sdp(CANDIDATES, { fingerprint: "sha-256 AB:CD" })), /malformed/);
  assert.throws(() => encodeCode("offer", sdp(CANDIDATES, { ufrag: "bad-char" })), /characters a connection code cannot carry/);
});

test("a code with no address is refused", () => {
  assert.throws(() => decodeCode(encodeCode("offer", sdp([])), "offer"), /holds no network address/);
});
