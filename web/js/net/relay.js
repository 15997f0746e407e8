// The transport between pages on several devices: WebRTC data channels between browsers,
// signalled through Nostr relays by Trystero (@trystero-p2p/nostr, vendored by the build and
// named in the page's import map; docs/web-guide.md). Trystero is imported only when a room is
// opened, so a page that never plays over the network never loads it.
//
//   const room = await openRoom({ room: "moteplay-abc123", relays, iceServers });
//   room.onpeer = (link) => {
//     link.onmessage = (text) => …;   // messages that came before this are delivered now
//     link.onclose = () => …;
//     link.send("hello");
//   };
//   …
//   room.leave();
//
// A link is one connection to one peer. A page that leaves and comes back is a new link with
// a new id: tell players apart by what they say (a token in a first message), not by link id.
//
// A relay that goes away is tried again for as long as a room is open, however long it is
// gone: 1 s after, the wait doubling up to RETRY_MAX_MS (see retryDelay). Trystero alone tries
// five times over at most 103 s, then keeps the closed socket for good; openRoom holds its
// reconnection (pauseRelayReconnection: a socket that closes then waits) and lets it go on this
// schedule (resumeRelayReconnection). Back, Trystero subscribes again to the room's topics, and
// this page announces itself there again at once (the room's requeueAnnounce, which the build's
// patch of Trystero adds: scripts/vendor-patches/trystero.patch), so a peer that came while the
// relay was away finds it within seconds, not a minute or more later. room.relays() and
// room.onrelays tell how the relays are (docs/multiplayer.md, "When a relay goes away").

/** How long openRoom waits for the first relay to answer. */
const JOIN_TIMEOUT_MS = 15000;
/** Messages kept for a link whose onmessage is not set yet; later ones are dropped. */
const BUFFER_LIMIT = 500;
/** The one Trystero action: every message is a string on it. */
const ACTION = "m";
/** A relay that went away is tried again this long after, the wait doubling each time… */
const RETRY_FIRST_MS = 1000;
/** …up to this long (then every this long, give or take a quarter): short enough that a peer
 *  that comes once the relay is back finds this page within about 15 s. */
const RETRY_MAX_MS = 8000;
/** How often the relays' sockets are looked at while a room is open. */
const WATCH_MS = 500;

/** @typedef {"open" | "connecting" | "closed"} RelayState */
/** @typedef {{url: string, state: RelayState}} RelayStatus */
/** How a relay is tried again: the tries that failed so far, and when the next is due (null:
 *  not planned yet, or one being made now).
 *  @typedef {{failures: number, due: number | null}} Retry */

/** The state of a relay from its socket's readyState (undefined: no socket yet).
 *  @param {number | undefined} readyState @returns {RelayState} */
export function relayState(readyState) {
  if (readyState === 1) return "open";
  if (readyState === 0 || readyState === undefined) return "connecting";
  return "closed";
}

/** How long to wait before trying a relay again after ``failures`` failed tries: 1 s, 2 s,
 *  4 s… up to RETRY_MAX_MS, each shortened by up to a quarter (``rand`` in [0, 1)) so that
 *  pages do not all come back at once.
 *  @param {number} failures @param {number} [rand] @returns {number} */
export function retryDelay(failures, rand = Math.random()) {
  return Math.round(Math.min(RETRY_FIRST_MS * 2 ** failures, RETRY_MAX_MS) * (1 - rand / 4));
}

/** Plan the tries again of the relays: ``retries`` (by URL) is updated in place from
 *  ``relays`` as they are at ``now``; true when a try is due now (then it counts as made).
 *  An open relay is forgotten; a relay connecting waits; a closed one gets a time.
 *  @param {Map<string, Retry>} retries @param {RelayStatus[]} relays @param {number} now
 *  @param {() => number} [rand] @returns {boolean} */
export function retryDue(retries, relays, now, rand = Math.random) {
  let due = false;
  for (const { url, state } of relays) {
    if (state === "open") {
      retries.delete(url);
      continue;
    }
    let retry = retries.get(url);
    if (!retry) retries.set(url, retry = { failures: 0, due: null });
    if (state === "connecting") retry.due = null;
    else if (retry.due === null) retry.due = now + retryDelay(retry.failures, rand());
    else if (now >= retry.due) {
      retry.failures++;
      retry.due = null;
      due = true;
    }
  }
  return due;
}

/** The relays back: ``seen`` (by URL: its state at the last look, and whether it was ever
 *  open) is updated in place from ``relays``; returns the URLs open now that were open once
 *  and not at the last look (the first open is not a return: Trystero announces then anyway).
 *  @param {Map<string, {state: RelayState, opened: boolean}>} seen @param {RelayStatus[]} relays
 *  @returns {string[]} */
export function relaysBack(seen, relays) {
  const back = [];
  for (const { url, state } of relays) {
    const was = seen.get(url);
    if (state === "open" && was && was.opened && was.state !== "open") back.push(url);
    seen.set(url, { state, opened: state === "open" || Boolean(was?.opened) });
  }
  return back;
}

/** The relays' states in words, for the host's Waiting screen and Players panel ("" with no
 *  relay): connected, connecting, away (tried again), or how many of them are connected.
 *  @param {RelayStatus[]} relays @returns {string} */
export function relayWords(relays) {
  const n = relays.length;
  const open = relays.filter((r) => r.state === "open").length;
  if (!n) return "";
  if (open === n) return n === 1 ? "Relay: connected." : `Relays: all ${n} connected.`;
  if (open) return `Relays: ${open} of ${n} connected; the others are away, tried again every few seconds.`;
  if (relays.every((r) => r.state === "connecting")) return n === 1 ? "Relay: connecting…" : "Relays: connecting…";
  return `${n === 1 ? "Relay: away" : "Relays: all away"}, tried again every few seconds. Players connected ` +
    "already go on playing; new ones join once it is back.";
}

/** @typedef {typeof import("@trystero-p2p/nostr")} Trystero */
/** A room's relays as watched: its URLs, and what to call when their states change.
 *  @typedef {{urls: string[], changed(): void}} Watch */

/** The rooms open on this page (Trystero's hold on reconnection is global, so is the watch).
 *  @type {Set<Watch>} */
const watches = new Set();
/** @type {Map<string, Retry>} */
const retries = new Map();
/** @type {Trystero | null} */
let watched = null;
/** Said once: the Trystero loaded has no requeueAnnounce (not the build's patched copy). */
let warnedNoRequeue = false;
/** @type {ReturnType<typeof setInterval> | null} */
let ticker = null;

/** The states of ``urls`` on this page. @param {Trystero} trystero @param {string[]} urls
 *  @returns {RelayStatus[]} */
function relayStates(trystero, urls) {
  /** @type {Record<string, WebSocket | undefined>} */
  const sockets = trystero.getRelaySockets();
  return urls.map((url) => ({ url, state: relayState(sockets[url]?.readyState) }));
}

/** Try every closed relay again now (the browser says it is online again). */
function retryNow() {
  for (const retry of retries.values()) if (retry.due !== null) retry.due = 0;
}

/** Look at the relays: tell the rooms of a change, and let Trystero try again those due. */
function watchRelays() {
  const trystero = watched;
  if (!trystero) return;
  trystero.pauseRelayReconnection(); // does nothing if held already
  const urls = [...new Set([...watches].flatMap((w) => w.urls))];
  for (const watch of watches) watch.changed();
  if (!retryDue(retries, relayStates(trystero, urls), Date.now())) return;
  // every socket waiting for the hold tries now (once these few promise jobs have run); held
  // again just after, so that a try that fails waits for the next one due
  trystero.resumeRelayReconnection();
  setTimeout(() => {
    if (watched) watched.pauseRelayReconnection();
  }, 0);
}

/** Watch the relays of a room until the returned function is called.
 *  @param {Trystero} trystero @param {Watch} watch @returns {() => void} */
function watchRoom(trystero, watch) {
  watches.add(watch);
  if (!ticker) {
    watched = trystero;
    trystero.pauseRelayReconnection();
    ticker = setInterval(watchRelays, WATCH_MS);
    globalThis.addEventListener?.("online", retryNow);
  }
  return () => {
    if (!watches.delete(watch) || watches.size || !ticker) return;
    clearInterval(ticker);
    ticker = null;
    globalThis.removeEventListener?.("online", retryNow);
    watched = null;
    retries.clear();
    trystero.resumeRelayReconnection();
  };
}

/**
 * Join a room through the relays. Resolves once a relay answers (or rejects with a clear
 * Error). Every peer that connects becomes a link; onpeer is called for each (links that
 * connected before onpeer was set are handed to it when it is set).
 * @param {{appId?: string, room?: string, password?: string, relays?: string[],
 *          iceServers?: RTCIceServer[]}} [options] room and relays are needed (checked here);
 *   iceServers left out: Trystero's own STUN servers
 * @returns {Promise<Room>}
 */
export async function openRoom({ appId = "moteplay", room, password, relays, iceServers } = {}) {
  if (typeof room !== "string" || !room) throw new Error("openRoom: a room name is needed.");
  if (!Array.isArray(relays) || !relays.length) throw new Error("openRoom: at least one relay is needed.");
  let trystero;
  try {
    trystero = await import("@trystero-p2p/nostr");
  } catch (err) {
    throw new Error(`The network library did not load (${/** @type {{message?: unknown} | null | undefined} */ (err)?.message ?? err}).`);
  }
  // manualReconnection: this page's watch (watchRoom) lets Trystero reconnect, not its own
  // online/offline listeners
  /** @type {import("@trystero-p2p/nostr").JoinRoomConfig & {relayConfig: {urls: string[]}}} */
  const config = { appId, relayConfig: { urls: [...relays], manualReconnection: true } };
  if (password) config.password = password;
  if (Array.isArray(iceServers)) config.rtcConfig = { iceServers };
  // this room's peer connections, to tell whether one is being set up (connecting())
  /** @type {Set<RTCPeerConnection>} */
  const connections = new Set();
  config.rtcPolyfill = class extends RTCPeerConnection {
    /** @param {RTCConfiguration} [configuration] */
    constructor(configuration) {
      super(configuration);
      connections.add(this);
    }
  };
  /** @type {null | ((relays: RelayStatus[]) => void)} */
  let onrelays = null;
  let lastStates = "";
  const urls = config.relayConfig.urls;
  const tr = trystero;
  /** @type {Map<string, {state: RelayState, opened: boolean}>} */
  const seen = new Map();
  /** @type {{requeueAnnounce?: () => void} | null} the Trystero room, once joined */
  let joined = null;
  const unwatch = watchRoom(trystero, {
    urls,
    changed() {
      const states = relayStates(tr, urls);
      // a relay back: announce this page in the room again now, on every relay of the room
      // (Trystero's next announcement there could be a minute or more away)
      if (relaysBack(seen, states).length && joined) {
        if (joined.requeueAnnounce) joined.requeueAnnounce();
        else if (!warnedNoRequeue) {
          warnedNoRequeue = true;
          console.warn("Moteplay: this Trystero cannot announce again (not the build's patched copy): a peer may be found only a minute later");
        }
      }
      const text = states.map((r) => r.state).join();
      if (text === lastStates) return;
      lastStates = text;
      if (onrelays) deliver(onrelays, states);
    },
  });
  const trRoom = trystero.joinRoom(config, room, {
    onJoinError: ({ error, peerId }) => console.warn(`Moteplay: peer ${peerId} was refused: ${error}`),
  });
  joined = /** @type {{requeueAnnounce?: () => void}} */ (/** @type {unknown} */ (trRoom));
  const action = trRoom.makeAction(ACTION);

  /** @type {Map<string, WireLink>} */
  const links = new Map(); // peer id -> its open link
  /** @type {WireLink[]} */
  const waiting = []; // links made before onpeer was set
  /** @type {null | ((link: Link) => void)} */
  let onpeer = null;
  let left = false;
  let leaving = Promise.resolve();

  /** The link of a peer (made on first sight), or undefined (no peer id, or the room left).
   *  @param {unknown} peerId @returns {WireLink | undefined} */
  const linkFor = (peerId) => {
    if (typeof peerId !== "string" || !peerId) return undefined;
    let link = links.get(peerId);
    if (!link && !left) {
      link = makeLink(peerId, {
        send: (text) => action.send(text, { target: peerId }).catch(
          (err) => console.warn(`Moteplay: a message to ${peerId} was not sent:`, err)),
        close: () => trRoom.getPeers()[peerId]?.close(),
        closed: () => links.delete(peerId),
      });
      links.set(peerId, link);
      if (onpeer) deliver(onpeer, link);
      else waiting.push(link);
    }
    return link;
  };
  trRoom.onPeerJoin = (peerId) => linkFor(peerId);
  trRoom.onPeerLeave = (peerId) => links.get(peerId)?.ended();
  action.onMessage = (data, context) => linkFor(context?.peerId)?.received(data);

  /** @type {Room} */
  const handle = {
    selfId: trystero.selfId,
    get onpeer() {
      return onpeer;
    },
    set onpeer(fn) {
      onpeer = typeof fn === "function" ? fn : null;
      while (onpeer && waiting.length) {
        const link = waiting.shift();
        if (link && !link.closed) deliver(onpeer, link);
      }
    },
    /** Is a connection to a peer being set up now (offer and answer exchanged, not open yet)?
     *  Leaving the room then stalls that peer: it ignores this page's next attempts for about
     *  20 s (Trystero's signalling timeouts). */
    connecting() {
      for (const pc of connections) {
        if (pc.signalingState === "closed" || ["closed", "failed"].includes(pc.connectionState)) connections.delete(pc);
        else if (pc.remoteDescription && ["new", "connecting"].includes(pc.connectionState)) return true;
      }
      return false;
    },
    /** The room's relays and how they are now (a relay that went away is tried again while
     *  the room is open: "closed" until then). */
    relays() {
      return relayStates(tr, urls);
    },
    get onrelays() {
      return onrelays;
    },
    /** Called with relays() each time a relay of the room opens, connects or closes. */
    set onrelays(fn) {
      onrelays = typeof fn === "function" ? fn : null;
    },
    /** Leave the room. Resolves once Trystero has let go of it (about 0.1 s): only then can
     *  this page join the same room again (joining it earlier gets the room being left). */
    leave() {
      if (left) return leaving;
      left = true;
      unwatch();
      for (const link of [...links.values()]) link.ended();
      leaving = trRoom.leave().catch((err) => console.warn("Moteplay: leaving the room:", err));
      return leaving;
    },
  };

  try {
    await firstRelay(trystero, config.relayConfig.urls);
  } catch (err) {
    handle.leave();
    throw err;
  }
  return handle;
}

/** Resolves once one of ``urls`` has an open socket; rejects after JOIN_TIMEOUT_MS.
 *  @param {{getRelaySockets: () => Record<string, WebSocket>}} trystero @param {string[]} urls
 *  @returns {Promise<void>} */
function firstRelay(trystero, urls) {
  const open = () => {
    const sockets = trystero.getRelaySockets();
    return urls.some((url) => sockets[url]?.readyState === WebSocket.OPEN);
  };
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      if (open()) resolve();
      else if (Date.now() - started > JOIN_TIMEOUT_MS) {
        reject(new Error(`None of the relays answered within ${JOIN_TIMEOUT_MS / 1000} s (${urls.join(", ")}).`));
      } else setTimeout(check, 50);
    };
    check();
  });
}

/** Call ``fn(value)``; an error it throws is reported as uncaught, without stopping the caller.
 *  @template T @param {(value: T) => void} fn @param {T} [value] */
function deliver(fn, value) {
  try {
    fn(/** @type {T} */ (value));
  } catch (err) {
    reportError(err);
  }
}

/**
 * @typedef {object} Link one connection to one peer
 * @property {string} id the peer's Trystero id (new for every connection)
 * @property {(text: string) => void} send send a string (nothing once closed)
 * @property {null | ((data: unknown) => void)} onmessage each message as received, not parsed (text,
 *   unless the peer sent something else)
 * @property {null | (() => void)} onclose called once, when the link closes for any reason
 * @property {() => void} close drop the connection (its peer sees it close)
 * @property {boolean} closed
 */

/**
 * A link as openRoom keeps it: ``received(data)`` (a message came) and ``ended()`` (the
 * connection is gone) are for openRoom only.
 * @typedef {Link & {received(data: unknown): void, ended(): void}} WireLink
 */

/**
 * A room joined: this page's peer id, the handler of each new link, its relays' states and
 * the handler of their changes, and leave() (resolves once Trystero has let go of the room).
 * @typedef {{selfId: string, onpeer: null | ((link: Link) => void), connecting(): boolean,
 *   relays(): RelayStatus[], onrelays: null | ((relays: RelayStatus[]) => void),
 *   leave(): Promise<void>}} Room
 */

/**
 * A link over ``wire``: {send(text), close() (drop the peer's connection), closed() (forget
 * the link)}. ``received(data)`` and ``ended()`` are for openRoom only.
 * @param {string} id
 * @param {{send(text: string): void, close(): void, closed(): void}} wire
 * @returns {WireLink}
 */
function makeLink(id, wire) {
  /** @type {null | ((data: unknown) => void)} */
  let onmessage = null;
  /** @type {unknown[]} */
  const queue = [];
  let dropped = 0;
  const flush = () => {
    while (onmessage && queue.length) deliver(onmessage, queue.shift());
  };
  /** @type {WireLink} */
  const link = {
    id,
    closed: false,
    onclose: null,
    get onmessage() {
      return onmessage;
    },
    set onmessage(fn) {
      onmessage = typeof fn === "function" ? fn : null;
      if (queue.length) queueMicrotask(flush);
    },
    send(text) {
      if (!link.closed) wire.send(String(text));
    },
    close() {
      if (link.closed) return;
      wire.close();
      link.ended();
    },
    received(data) {
      if (link.closed) return;
      if (onmessage && !queue.length) deliver(onmessage, data);
      else if (queue.length < BUFFER_LIMIT) queue.push(data);
      else if (dropped++ === 0) console.warn(`Moteplay: link ${id} has no onmessage; messages after ${BUFFER_LIMIT} are dropped`);
    },
    ended() {
      if (link.closed) return;
      link.closed = true;
      wire.closed();
      if (link.onclose) deliver(link.onclose);
    },
  };
  Object.defineProperties(link, {
    received: { enumerable: false },
    ended: { enumerable: false },
  });
  return link;
}
