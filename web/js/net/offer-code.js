// Connection codes: the few fields of a WebRTC session description that a handshake needs,
// packed as bytes and written as base64url, and the SDP rebuilt from them on the other side.
//
//   const code = encodeCode("offer", pc.localDescription.sdp);   // ~100-130 characters
//   const { kind, sdp } = decodeCode(code, "reply", { mid });    // throws a clear Error
//
// Layout (every number big-endian):
//   version (1 byte) | kind (1: offer, 2: reply) | ICE ufrag | ICE password |
//   DTLS sha-256 fingerprint (32 bytes) | candidate count (1 byte) | candidates | CRC-8 of all before
// The ICE username fragment and password use only the 64 characters of base64 (RFC 8839's
// ice-char), so each is written as a length byte and 6 bits per character. A candidate is one
// byte (bits 0-1: address form, bits 2-3: type), the port (2 bytes) and the address: IPv4 (4
// bytes); IPv6 as one byte (where its longest run of zero groups starts << 4 | its length) and
// the other groups (2 bytes each); an mDNS name "<uuid>.local" (16 bytes); any other name
// (length byte + UTF-8). Only UDP candidates of component 1 are kept (one bundled data channel
// section needs no more), and loopback addresses only when the device has nothing else.

/** What a code is: the host's offer, or a guest's reply to it. @typedef {"offer" | "reply"} CodeKind */
/** One network address a peer may be reached at (`type`: one of TYPES).
 *  @typedef {{address: string, port: number, type: string}} Candidate */
/** The fields of a session description a code carries (`fingerprint`: the DTLS sha-256, 32 bytes).
 *  @typedef {{ufrag: string, pwd: string, fingerprint: Iterable<number>, candidates: Candidate[],
 *             mid: string, setup: string | undefined}} SdpFields */
/** A code's bytes being read, and where the reading is. @typedef {{bytes: Uint8Array, at: number}} Reader */

const VERSION = 1;
/** @type {Record<CodeKind, number>} */
const KINDS = { offer: 1, reply: 2 };
const TYPES = ["host", "srflx", "prflx", "relay"];
/** @type {Record<string, number>} */
const TYPE_PREFERENCE = { host: 126, prflx: 110, srflx: 100, relay: 0 };
const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const MDNS_UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;
const MAX_CANDIDATES = 12;

/** Pack the handshake fields of `sdp` (a local description) into a code of the given kind.
 *  @param {CodeKind} kind @param {string} sdp @returns {string} */
export function encodeCode(kind, sdp) {
  const fields = readSdp(sdp);
  /** @type {number[]} */
  const out = [VERSION, KINDS[kind]];
  writeIceString(out, fields.ufrag);
  writeIceString(out, fields.pwd);
  out.push(...fields.fingerprint);
  const candidates = fields.candidates.slice(0, MAX_CANDIDATES);
  out.push(candidates.length);
  for (const c of candidates) writeCandidate(out, c);
  out.push(crc8(out));
  return toBase64Url(out);
}

/** Read a code and rebuild the session description it stands for. `expected` is the kind the
 *  caller wants ("offer" or "reply"); `mid` is the data channel section's id (a reply must use
 *  the one of the offer it answers). Throws an Error with a sentence a player can act on.
 *  @param {unknown} code @param {CodeKind} expected @param {{mid?: string}} [options]
 *  @returns {{kind: CodeKind, sdp: string}} */
export function decodeCode(code, expected, { mid = "0" } = {}) {
  const bytes = fromBase64Url(String(code ?? "").replace(/\s+/g, ""));
  if (bytes.length < 4) throw new Error("This connection code is empty or far too short: copy the whole code.");
  if (bytes[0] !== VERSION) {
    throw new Error("This is not a Moteplay connection code, or it comes from a different version of Moteplay.");
  }
  if (crc8(bytes.subarray(0, -1)) !== bytes[bytes.length - 1]) {
    throw new Error("This connection code is incomplete or damaged: copy the whole code again.");
  }
  const kind = /** @type {CodeKind[]} */ (Object.keys(KINDS)).find((k) => KINDS[k] === bytes[1]);
  if (!kind) throw new Error("This is not a Moteplay connection code.");
  if (kind !== expected) {
    throw new Error(kind === "reply"
      ? "This is a reply code: it goes back to the host who sent the invitation, not into an invitation."
      : "This is an invitation's offer code, not a reply: the reply code is the one the friend's page shows.");
  }
  const reader = { bytes, at: 2 };
  const ufrag = readIceString(reader);
  const pwd = readIceString(reader);
  const fingerprint = take(reader, 32);
  const count = take(reader, 1)[0];
  /** @type {Candidate[]} */
  const candidates = [];
  for (let i = 0; i < count; i++) candidates.push(readCandidate(reader));
  if (reader.at !== bytes.length - 1) throw new Error("This connection code is damaged: copy the whole code again.");
  if (!candidates.length) {
    throw new Error("This connection code holds no network address: the device that made it found no way to be reached.");
  }
  return { kind, sdp: writeSdp({ ufrag, pwd, fingerprint, candidates, setup: kind === "offer" ? "actpass" : "active", mid }) };
}

/** The fields of an SDP this format carries (throws if one is missing or unsupported).
 *  @param {string} sdp @returns {SdpFields & {fingerprint: number[]}} */
export function readSdp(sdp) {
  const line = (/** @type {string} */ name) => sdp.match(new RegExp(`^a=${name}:(.*)$`, "m"))?.[1].trim();
  const ufrag = line("ice-ufrag");
  const pwd = line("ice-pwd");
  const fp = line("fingerprint");
  if (!ufrag || !pwd || !fp) throw new Error("The browser's connection offer lacks its ICE or DTLS fields.");
  const [hash, hex] = fp.split(/\s+/);
  if (hash.toLowerCase() !== "sha-256") throw new Error(`The browser's DTLS fingerprint uses ${hash}, not sha-256.`);
  const fingerprint = (hex ?? "").split(":").map((h) => parseInt(h, 16));
  if (fingerprint.length !== 32 || fingerprint.some(Number.isNaN)) throw new Error("The browser's DTLS fingerprint is malformed.");
  /** @type {Candidate[]} */
  const candidates = [];
  const seen = new Set();
  for (const [, text] of sdp.matchAll(/^a=candidate:(.*)$/gm)) {
    const parts = text.trim().split(/\s+/);
    const [, component, protocol, , address, port, typ, type] = parts;
    if (component !== "1" || protocol.toLowerCase() !== "udp" || typ !== "typ" || !TYPES.includes(type)) continue;
    const key = `${address} ${port}`;
    if (seen.has(key)) continue;
    seen.add(key);
    candidates.push({ address, port: Number(port), type });
  }
  // Loopback reaches only this device: worth sending only when there is nothing else (tests).
  const loopback = (/** @type {Candidate} */ c) => /^127\./.test(c.address) || c.address === "::1";
  const reachable = candidates.some((c) => !loopback(c)) ? candidates.filter((c) => !loopback(c)) : candidates;
  return { ufrag, pwd, fingerprint, candidates: reachable, mid: line("mid") ?? "0", setup: line("setup") };
}

/** A minimal SDP with one bundled data channel section, as the browsers accept it.
 *  @param {SdpFields} fields @returns {string} */
function writeSdp({ ufrag, pwd, fingerprint, candidates, setup, mid }) {
  const hex = [...fingerprint].map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const lines = [
    "v=0",
    `o=- ${Math.floor(Math.random() * 2 ** 52)} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    `a=group:BUNDLE ${mid}`,
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...candidates.map((c, i) => {
      // Priorities are rebuilt from the type (RFC 8445): only their order matters here.
      const priority = (TYPE_PREFERENCE[c.type] * 2 ** 24) + ((65535 - i) * 2 ** 8) + 255;
      const related = c.type === "host" ? "" : " raddr 0.0.0.0 rport 0";
      return `a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}${related}`;
    }),
    `a=ice-ufrag:${ufrag}`,
    `a=ice-pwd:${pwd}`,
    `a=fingerprint:sha-256 ${hex}`,
    `a=setup:${setup}`,
    `a=mid:${mid}`,
    "a=sctp-port:5000",
    "a=max-message-size:65536",
  ];
  return lines.join("\r\n") + "\r\n";
}

// --- candidates ---------------------------------------------------------------------------

/** Append one candidate's bytes to `out`.
 *  @param {number[]} out @param {Candidate} candidate */
function writeCandidate(out, { address, port, type }) {
  let form;
  /** @type {Iterable<number>} */
  let body;
  const uuid = address.match(MDNS_UUID);
  const ipv6 = address.includes(":") ? parseIpv6(address) : null;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) {
    form = 0;
    body = address.split(".").map(Number);
  } else if (ipv6) {
    form = 1;
    body = packIpv6(ipv6);
  } else if (uuid) {
    form = 2;
    body = hexBytes(uuid.slice(1).join(""));
  } else {
    form = 3;
    const name = new TextEncoder().encode(address);
    if (name.length > 255) throw new Error("A network address of this device is too long for a connection code.");
    body = [name.length, ...name];
  }
  out.push(form | (TYPES.indexOf(type) << 2), port >> 8, port & 255, ...body);
}

/** @param {Reader} reader @returns {Candidate} */
function readCandidate(reader) {
  const head = take(reader, 1)[0];
  const type = TYPES[(head >> 2) & 3];
  const [hi, lo] = take(reader, 2);
  let address;
  switch (head & 3) {
    case 0: address = [...take(reader, 4)].join("."); break;
    case 1: address = readIpv6(reader); break;
    case 2: {
      const hex = [...take(reader, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
      address = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
      break;
    }
    default: {
      address = new TextDecoder().decode(take(reader, take(reader, 1)[0]));
      if (!/^[A-Za-z0-9.\-]+$/.test(address)) throw new Error("This connection code is damaged: copy the whole code again.");
    }
  }
  return { address, port: (hi << 8) | lo, type };
}

/** "2001:db8::1" -> 16 bytes, or null if it is not a plain IPv6 address.
 *  @param {string} text @returns {number[] | null} */
function parseIpv6(text) {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = halves.map((h) => (h ? h.split(":") : []));
  const missing = 8 - groups[0].length - (groups[1]?.length ?? 0);
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...groups[0], ...Array(halves.length === 2 ? missing : 0).fill("0"), ...(groups[1] ?? [])];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

/** 16 bytes -> the zero-run byte and the other groups' bytes.
 *  @param {number[]} bytes @returns {number[]} */
function packIpv6(bytes) {
  /** @type {number[]} */
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push((bytes[i] << 8) | bytes[i + 1]);
  let best = { start: 0, length: 0 };
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length += 1;
    if (length > best.length) best = { start, length };
  }
  const kept = groups.filter((_, i) => i < best.start || i >= best.start + best.length);
  return [(best.start << 4) | best.length, ...kept.flatMap((g) => [g >> 8, g & 255])];
}

/** @param {Reader} reader @returns {string} */
function readIpv6(reader) {
  const run = take(reader, 1)[0];
  const start = run >> 4;
  const length = run & 15;
  if (start + length > 8) throw new Error("This connection code is damaged: copy the whole code again.");
  const kept = take(reader, 2 * (8 - length));
  /** @type {string[]} */
  const groups = [];
  for (let i = 0; i < kept.length; i += 2) groups.push(((kept[i] << 8) | kept[i + 1]).toString(16));
  groups.splice(start, 0, ...Array(length).fill("0"));
  return groups.join(":");
}

// --- bytes --------------------------------------------------------------------------------

/** Append an ICE ufrag or password: its length, then 6 bits per character.
 *  @param {number[]} out @param {string} text */
function writeIceString(out, text) {
  if (text.length < 1 || text.length > 255 || [...text].some((ch) => !ICE_CHARS.includes(ch))) {
    throw new Error("The browser's ICE credentials use characters a connection code cannot carry.");
  }
  out.push(text.length);
  let bits = 0;
  let value = 0;
  for (const ch of text) {
    value = (value << 6) | ICE_CHARS.indexOf(ch);
    bits += 6;
    while (bits >= 8) {
      bits -= 8;
      out.push((value >> bits) & 255);
    }
  }
  if (bits) out.push((value << (8 - bits)) & 255);
}

/** @param {Reader} reader @returns {string} */
function readIceString(reader) {
  const length = take(reader, 1)[0];
  const bytes = take(reader, Math.ceil((length * 6) / 8));
  let text = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 6 && text.length < length) {
      bits -= 6;
      text += ICE_CHARS[(value >> bits) & 63];
    }
  }
  return text;
}

/** The next `n` bytes (throws past the checksum). @param {Reader} reader @param {number} n @returns {Uint8Array} */
function take(reader, n) {
  // The last byte is the checksum: nothing may be read from it.
  if (reader.at + n > reader.bytes.length - 1) throw new Error("This connection code is incomplete: copy the whole code again.");
  const part = reader.bytes.subarray(reader.at, reader.at + n);
  reader.at += n;
  return part;
}

/** @param {string} hex @returns {number[]} */
function hexBytes(hex) {
  return (hex.match(/../g) ?? []).map((h) => parseInt(h, 16));
}

/** CRC-8 (polynomial 0x07): catches a mistyped or cut code.
 *  @param {Iterable<number>} bytes @returns {number} */
function crc8(bytes) {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 255 : (crc << 1) & 255;
  }
  return crc;
}

/** @param {number[]} bytes @returns {string} */
function toBase64Url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text @returns {Uint8Array} */
function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) {
    throw new Error("This is not a connection code: it has characters a code never contains.");
  }
  if (text.length % 4 === 1) throw new Error("This connection code is incomplete: copy the whole code again.");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}
