// Where pages meet when a game is played on several devices: the public Nostr relays that
// carry the WebRTC signalling (Trystero), the STUN servers that help two browsers find a
// path to each other, and the player's own TURN server if they saved one.
//
// This is the one file that names public servers. scripts/assemble_site.py reads RELAYS
// from it to allow those relays in the page's Content Security Policy (connect-src), so keep
// RELAYS a plain list of "wss://…" strings.
//
// The page's address can override the lists (the invitation then carries the same ones):
//   ?relays=ws://127.0.0.1:7447,wss://relay.example   replaces the relays (ws:/wss: only, at most 8)
//   ?ice=none                                         no ICE servers at all (host candidates only)
//   ?stun=stun:198.18.0.2:3478[,stun:…]               replaces the public STUN servers (stun:/stuns: only, at
//                                                     most 4; a saved TURN server is still used): a network
//                                                     lab, or people who run their own

/** Public Nostr relays (a few well-kept ones from Trystero's own default list). */
export const RELAYS = [
  "wss://nos.lol",
  "wss://relay.mostr.pub",
  "wss://purplerelay.com",
  "wss://bucket.coracle.social",
  "wss://nostr.data.haus",
  "wss://relay.agorist.space",
];

/** Public STUN servers (Google's and Cloudflare's). */
export const STUN = [
  { urls: "stun:stun.l.google.com:19302" },
  { urls: "stun:stun1.l.google.com:19302" },
  { urls: "stun:stun.cloudflare.com:3478" },
];

/** The player's own TURN server, as saved. @typedef {{urls: string[], username: string, credential: string}} TurnServer */

/** At most this many relays from the address. */
export const MAX_RELAYS = 8;

/** At most this many STUN servers from the address. */
export const MAX_STUN = 4;

/** localStorage key of the player's own TURN server. */
export const TURN_KEY = "moteplay.turn.v1";

/**
 * The relays named in a "?relays=" value: ws:/wss: URLs only, duplicates and anything else
 * dropped, at most MAX_RELAYS. Returns null when none is usable.
 * @param {string} text comma-separated URLs
 * @returns {string[] | null}
 */
export function parseRelays(text) {
  /** @type {string[]} */
  const found = [];
  for (const part of String(text).split(",")) {
    let url;
    try {
      url = new URL(part.trim());
    } catch {
      continue;
    }
    if ((url.protocol !== "ws:" && url.protocol !== "wss:") || url.username || url.password) continue;
    url.hash = "";
    if (!found.includes(url.href)) found.push(url.href);
    if (found.length === MAX_RELAYS) break;
  }
  return found.length ? found : null;
}

/**
 * The STUN servers named in a "?stun=" value (or an invitation's): stun:/stuns: URLs of a host
 * and an optional port only, duplicates and anything else dropped, at most MAX_STUN. Returns
 * null when none is usable.
 * @param {string} text comma-separated URLs
 * @returns {string[] | null}
 */
export function parseStun(text) {
  /** @type {string[]} */
  const found = [];
  for (const part of String(text).split(",")) {
    const url = part.trim();
    if (!/^stuns?:(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(url)) continue;
    if (!found.includes(url)) found.push(url);
    if (found.length === MAX_STUN) break;
  }
  return found.length ? found : null;
}

/**
 * The ICE servers a page uses: the STUN servers (`stun`, or the public ones when null) and
 * the player's own TURN server if one is saved.
 * @param {string[] | null} [stun] the address's or the invitation's own STUN list
 * @returns {RTCIceServer[]}
 */
export function iceServersWith(stun = null) {
  const turn = readTurn();
  const servers = stun ? stun.map((urls) => ({ urls })) : STUN.map((server) => ({ ...server }));
  return [...servers, ...(turn ? [turn] : [])];
}

/**
 * The network settings for this page.
 * @param {string} [search] the address's query string (location.search by default)
 * @returns {{relays: string[], iceServers: RTCIceServer[], stun: string[] | null, custom: boolean}}
 *   stun: the address's own STUN list (null: the public one); custom: the address overrode the
 *   relays or the ICE servers
 */
export function netConfig(search = location.search) {
  const params = new URLSearchParams(search);
  const relays = params.has("relays") ? parseRelays(params.get("relays") ?? "") : null;
  const noIce = params.get("ice") === "none";
  const stun = !noIce && params.has("stun") ? parseStun(params.get("stun") ?? "") : null;
  const iceServers = noIce ? [] : iceServersWith(stun);
  return { relays: relays ?? [...RELAYS], iceServers, stun, custom: Boolean(relays) || noIce || Boolean(stun) };
}

/**
 * A TURN server as saved: {urls: string[], username: string, credential: string}, or null
 * when the value is not one (urls must all be turn: or turns: URLs).
 * @param {unknown} value
 * @returns {TurnServer | null}
 */
function checkTurn(value) {
  if (!value || typeof value !== "object") return null;
  const server = /** @type {{urls?: unknown, username?: unknown, credential?: unknown}} */ (value);
  const urls = (Array.isArray(server.urls) ? server.urls : [server.urls])
    .map((/** @type {unknown} */ url) => (typeof url === "string" ? url.trim() : ""));
  if (!urls.length || !urls.every((url) => /^turns?:[^\s/?#][^\s]*$/i.test(url))) return null;
  const { username = "", credential = "" } = server;
  if (typeof username !== "string" || typeof credential !== "string") return null;
  return { urls, username, credential };
}

/**
 * The player's own TURN server, or null if none is saved (or it cannot be read).
 * @returns {TurnServer | null}
 */
export function readTurn() {
  try {
    return checkTurn(JSON.parse(localStorage.getItem(TURN_KEY) ?? "null"));
  } catch {
    return null;
  }
}

/**
 * Save the player's own TURN server (used with the STUN servers from now on).
 * @param {{urls: string | string[], username?: string, credential?: string}} server
 * @returns {TurnServer} what was saved
 * @throws {Error} when a URL is not a turn: or turns: URL
 */
export function saveTurn(server) {
  const turn = checkTurn(server);
  if (!turn) throw new Error("A TURN server needs turn: or turns: addresses (for example turn:turn.example.org:3478).");
  localStorage.setItem(TURN_KEY, JSON.stringify(turn));
  return turn;
}

/** Forget the player's own TURN server. */
export function clearTurn() {
  try {
    localStorage.removeItem(TURN_KEY);
  } catch {
    // storage unavailable: nothing was saved
  }
}
