// The few cryptographic pieces of play on several devices, all from the browser's Web Crypto
// (no library): random tokens, SHA-256, the host's Ed25519 key that proves to guests which
// peer is the host, and the fair deal's commitment and seed.
//
// Web Crypto needs a secure context: the site served over https, or from localhost.

const enc = new TextEncoder();

/** Bytes as base64url text (no padding).
 *  @param {Iterable<number>} bytes @returns {string} */
export function b64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** base64url text as bytes; throws on anything else.
 *  @param {unknown} text @returns {Uint8Array<ArrayBuffer>} */
export function fromB64url(text) {
  if (typeof text !== "string" || !/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const s = atob(text.replaceAll("-", "+").replaceAll("_", "/") + "===".slice((text.length + 3) % 4));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/** A fresh random token of `bytes` bytes, as base64url (16 bytes: 22 characters). */
export const randomToken = (bytes = 16) => b64url(crypto.getRandomValues(new Uint8Array(bytes)));

/** SHA-256 of a text (UTF-8), as 64 hex digits.
 *  @param {string} text @returns {Promise<string>} */
export async function sha256Hex(text) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Two strings compared without stopping at the first difference.
 *  @param {unknown} a @param {unknown} b @returns {boolean} */
export function sameText(a, b) {
  if (typeof a !== "string" || typeof b !== "string" || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

// ------------------------------------------------------------------ the host's key
/** A new host key: `{publicKey}` (32 bytes, base64url: it goes into every invitation) and
 *  `{privateJwk}` (kept in the host's browser to sign again after a reload). */
export async function newHostKey() {
  const pair = await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { publicKey: b64url(raw), privateJwk: await crypto.subtle.exportKey("jwk", pair.privateKey) };
}

/** The text the host signs to answer a guest's challenge: bound to the room, to the guest's
 *  peer id as the host sees it (so a guest relaying another guest's challenge gets a proof
 *  that names itself, which the other guest refuses) and to the guest's nonce.
 *  @param {string} room @param {string} peer @param {string} nonce @returns {string} */
export const proofText = (room, peer, nonce) => `moteplay-host|1|${room}|${peer}|${nonce}`;

/** Sign `text` with the host's private key (JWK): the signature as base64url.
 *  @param {JsonWebKey} privateJwk @param {string} text @returns {Promise<string>} */
export async function sign(privateJwk, text) {
  const key = await crypto.subtle.importKey("jwk", privateJwk, { name: "Ed25519" }, false, ["sign"]);
  return b64url(new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, key, enc.encode(text))));
}

/** Does `signature` (base64url) sign `text` with the host key `publicKey` (base64url)? Never throws.
 *  @param {string} publicKey @param {string} text @param {string} signature @returns {Promise<boolean>} */
export async function verify(publicKey, text, signature) {
  try {
    const key = await crypto.subtle.importKey("raw", fromB64url(publicKey), { name: "Ed25519" }, false, ["verify"]);
    return await crypto.subtle.verify({ name: "Ed25519" }, key, fromB64url(signature), enc.encode(text));
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------ the fair deal
/** The host's commitment to its secret, shown to every guest before it adds its part.
 *  @param {string} secret @returns {Promise<string>} */
export const commitmentOf = (secret) => sha256Hex(`moteplay-commit|${secret}`);

/** The game's seed from the host's secret and every seat's contribution (seat order; "" for a
 *  seat with none): the first 52 bits of a SHA-256, a whole number the engine and JSON both
 *  carry exactly.
 *  @param {string} secret @param {(string|null|undefined)[]} contributions @returns {Promise<number>} */
export async function seedOf(secret, contributions) {
  const hex = await sha256Hex(`moteplay-seed|${secret}|${contributions.map((c) => c ?? "").join("|")}`);
  return Number.parseInt(hex.slice(0, 13), 16);
}

// ------------------------------------------------------------------ fingerprints of views
/** The JSON of a value with its object keys sorted: the same text for the same data.
 *  @param {unknown} value @returns {string} */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(/** @type {Record<string, unknown>} */ (value)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The fingerprint of a view, as a guest keeps it and "Verify this game" compares it.
 *  @param {unknown} view @returns {Promise<string>} */
export const viewPrint = (view) => sha256Hex(canonical(view));
