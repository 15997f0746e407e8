// A guest's side of a table: the page of a player on another device (or of the table
// screen). It runs no Python: it connects to the host, proves the host is who the invitation
// says, takes its seat, and from then on draws what the host sends. It is also the remote
// session (session.js) the shell talks to: act, undo, hint and replay become messages to the
// host, whose replies come back shaped as the bridge's.
//
//   const guest = joinTable(invite, { onSeated, onState, onConnection, onReveal, onReply });
//   useSession(guest.session);
//
// Only the verified host is listened to: a message from any other peer in the room (another
// guest posing as the host, say) is ignored. The guest keeps, in this browser, a fingerprint
// of every view it was shown (for "Verify this game", verify.js) and its own part of the
// deal; its device id lets it take its seat back after a reload.

import { encode, parseFromHost } from "./protocol.js";
import { proofText, randomToken, verify, viewPrint } from "./crypto.js";
import { checkDeal } from "./verify.js";
import { iceServersWith, netConfig, parseStun } from "./config.js";
import { errorText } from "../engine-client.js";

/** How long a request to the host may take before the guest says the connection is lost. */
const REPLY_MS = 20_000;
/** The requests kept while the host is not connected and sent when it is back: the player's
 *  moves (a hint or a replay is asked again by the player). */
const KEPT = new Set(["act", "undo"]);
/** No message from the host for this long: its link is dropped as dead (it pings every 3 s). */
const SILENT_MS = 9000;
// a link's hello is said again this often while the peer has not answered, this many times in all
const HELLO_MS = 3000;
const HELLO_TRIES = 4;
/** The host lost: the page stays in the room, where the host's page announces itself when it
 *  comes back (a guest that left the room just then would miss it). If the host is not back
 *  after REJOIN_MS, the page joins the room afresh (announcing itself again), then again after
 *  twice as long each time, up to REJOIN_MAX_MS; never while a connection is being set up. */
const REJOIN_MS = 6000;
/** A peer of another version spoke and no host of this one has answered for this long: the page
 *  says the versions differ (a peer that is not the host cannot stop a guest for longer). */
const MISMATCH_MS = 10_000;
const REJOIN_MAX_MS = 30_000;

/** @typedef {import("./protocol.js").Message} Message */
/** @typedef {import("./protocol.js").TableInfo} TableInfo */
/** @typedef {import("./relay.js").Link} Link */
/** @typedef {import("./relay.js").Room} Room */
/** @typedef {import("./invite.js").Invitation} Invitation */
/** @typedef {import("../engine-client.js").BridgeReply} BridgeReply */

/**
 * What this browser keeps of one table (JSON in localStorage): its device id, its part of the
 * deal (`contribution`), the host's `commitment` (once proved), the fingerprints of the views
 * shown (`prints`, {at: print}); `commitmentChanged`: the host's commitment changed after a
 * card may have been dealt; `partUsed`: the host's `seated` said whether the deal holds this
 * device's part; `closed`: the host ended the table.
 * @typedef {{device: string, contribution: string, prints: Record<string, string>, commitment?: string,
 *            commitmentChanged?: boolean, partUsed?: boolean, closed?: boolean}} Memory
 */

/**
 * How the connection to the host stands, as onConnection hears it: `detail` says more for
 * "joining" (the host's name) and "failed" (why).
 * @typedef {"connecting" | "joining" | "connected" | "reconnecting" | "failed"} Connection
 */

/**
 * The end's check (guest.js's checkReveal): verify.js's checkDeal, with `ok` (no problems),
 * the fingerprints of the views shown and this page's seat.
 * @typedef {Awaited<ReturnType<typeof checkDeal>> & {ok: boolean, prints: Record<string, string>,
 *            seat: number | null | undefined}} Reveal
 */

/**
 * What the page hears (each optional). The messages are the host's, checked by parseFromHost()
 * (protocol.js, which lists their fields).
 * @typedef {{
 *   onSeated?: (msg: Message) => void,
 *   onState?: (msg: Message) => void,
 *   onConnection?: (state: Connection, detail: string) => void,
 *   onReveal?: (reveal: Reveal) => void,
 *   onRefused?: (msg: Message) => void,
 *   onReplyCode?: (code: string) => void,
 *   onDeal?: (msg: Message) => void,
 *   onHeld?: (error: string) => void,
 *   onKept?: (t: string) => void,
 *   onEnded?: (why: "closed") => void,
 * }} GuestHandlers
 */

/** What this browser keeps of one table: device id, its contribution, the commitment and the
 *  fingerprints of the views shown ({at: print}).
 *  @param {Invitation} invite @returns {{data: Memory, save: () => void}} */
function memoryFor(invite) {
  const key = `moteplay.guest.v1.${invite.room}.${invite.seat ?? "watch"}`;
  let data = null;
  try {
    data = JSON.parse(localStorage.getItem(key) ?? "null");
  } catch { /* fresh */ }
  if (!data || typeof data !== "object") data = {};
  data.device ??= randomToken(12);
  data.contribution ??= randomToken(16);
  data.prints ??= {};
  const save = () => {
    try {
      localStorage.setItem(key, JSON.stringify(data));
    } catch { /* storage full or disabled: verification then covers what is left */ }
  };
  save();
  return { data, save };
}

/** A request to the host: its kind, its fields, its id and who waits for the answer.
 *  @typedef {{t: string, fields: Record<string, unknown>, id: string, resolve: (reply: BridgeReply) => void}} Ask */

/**
 * Join the table of `invite` (readInvitation()'s, not damaged).
 * @param {Invitation} invite @param {GuestHandlers} [handlers]
 */
export function joinTable(invite, handlers = {}) {
  /** @type {Required<GuestHandlers>} */
  const on = { onSeated() {}, onState() {}, onConnection() {}, onReveal() {}, onRefused() {}, onReplyCode() {}, onDeal() {},
               onHeld() {}, onKept() {}, onEnded() {},
               ...handlers };
  const memory = memoryFor(invite);
  const mine = memory.data;
  /** @type {string[]} */
  const received = [];          // every message that reached this page, from anyone (tests read it)
  let ignored = 0;              // messages not from the verified host
  /** @type {WeakSet<Link>} */
  const answered = new WeakSet(); // links whose peer has said something since this page's hello
  /** @type {Link | null} */
  let host = null;              // the verified host's link
  /** @type {Room | null} */
  let room = null;
  let heard = 0;
  let lostAt = 0;               // when the connection to the host was lost (0: it was not)
  /** @type {Message | null} */
  let last = null;              // the last state {at, status, view, table}
  /** @type {TableInfo | null} */
  let table = null;
  /** @type {number | null | undefined} */
  let seat;                     // undefined until seated
  /** @type {Reveal | null} */
  let reveal = null;            // {ok, problem, save, seed} once the host revealed its secret
  /** @type {Map<string, Ask & {timer: ReturnType<typeof setTimeout>}>} */
  const waiting = new Map();    // requests sent, waiting for an answer, by id
  /** @type {Ask[]} */
  const kept = [];              // moves and undos made while the host was not connected: sent when it is back
  let asked = 0;                // the last request's number
  const idPrefix = randomToken(6); // this page's request ids differ from an earlier page's of the same seat
  /** @type {{error: string, at: number} | null} */
  let mismatch = null;          // {error, at}: a peer of another version spoke, no host yet
  /** @type {Connection} */
  let state = "connecting";
  let closed = false;

  const config = netConfig();
  const relays = invite.relays ?? config.relays;
  // the host's own STUN servers when its invitation names them (the saved TURN server still added)
  const stun = invite.stun ? parseStun(invite.stun.join(",")) : null;
  const iceServers = invite.ice === "none" ? [] : stun ? iceServersWith(stun) : config.iceServers;

  /** @param {Connection} next @param {string} [detail] */
  function setConnection(next, detail = "") {
    state = next;
    on.onConnection(next, detail);
  }

  /** A link to a peer of the room (or the one made with codes): ask it to prove it is the host.
   *  @param {Link} link @param {string} selfId this page's peer id */
  function attach(link, selfId) {
    const nonce = randomToken(16);
    link.onmessage = (data) => receive(link, data, nonce, selfId);
    link.onclose = () => {
      if (link !== host) return;
      host = null;
      keepWaiting("The connection to the host was lost.");
      // a link from the relays comes back by itself; one made with codes needs new codes
      if (closed) return;
      lostAt = Date.now();
      if (invite.offer) setConnection("failed", "the connection made with codes was lost: ask the host for a new connection code");
      else setConnection("reconnecting");
    };
    // said again while the peer has said nothing: a first message can be lost while a new channel opens
    let said = 0;
    const hello = () => {
      if (link.closed || answered.has(link) || closed) return;
      link.send(encode("hello", { nonce }));
      if (++said < HELLO_TRIES) setTimeout(hello, HELLO_MS);
    };
    hello();
  }

  /** @param {Link} link @param {unknown} data @param {string} nonce @param {string} selfId */
  async function receive(link, data, nonce, selfId) {
    if (received.length < 50_000) received.push(typeof data === "string" ? data : String(data));
    answered.add(link); // the channel carries messages both ways: the hello is not said again
    const parsed = parseFromHost(data);
    if (!parsed.ok) {
      ignored += 1;
      // a peer of another version of Moteplay (the host's page, perhaps): if no host of this
      // version answers in a few seconds, the page says so (the watchdog)
      if (parsed.version !== undefined && !host) mismatch ??= { error: parsed.error, at: Date.now() };
      return;
    }
    const msg = parsed.msg;
    if (link !== host) {
      // only a proof for this connection's nonce, naming this page's peer id, signed with the
      // invitation's key makes a peer the host; anything else from a peer not proven is ignored
      const good = msg.t === "proof" && msg.nonce === nonce && msg.peer === selfId &&
        await verify(invite.hostKey, proofText(invite.room, selfId, nonce), msg.sig);
      if (link === host) return; // a second proof, to a hello said twice, is not a second join
      if (!good) {
        ignored += 1;
        return;
      }
      // a new commitment: a new deal, which gets a new part of this page's (the host may have
      // seen the old one). Legitimate only before the cards are dealt: `seated` says whether
      // the host is still waiting; if not, the end says the host changed its mind mid-game.
      if (mine.commitment !== msg.commitment) {
        if (mine.commitment) mine.commitmentChanged = true;
        newRound(msg.commitment);
      }
      memory.save();
      host = link;
      last = null; // a new connection: the host counts its changes afresh
      lostAt = 0;
      heard = Date.now();
      setConnection("joining", msg.host);
      link.send(encode("join", { seat: invite.seat, secret: invite.secret, device: mine.device,
                                 contribution: mine.contribution }));
      return;
    }
    heard = Date.now();
    switch (msg.t) {
      case "ping":
        link.send(encode("pong"));
        return;
      case "seated":
        seat = msg.seat;
        table = msg.table;
        // whether the deal holds this device's own part (not when the seat first joined from
        // another device): the check at the end says what it could check
        if (typeof msg.part === "boolean") mine.partUsed = msg.part;
        memory.save();
        if (msg.waiting && mine.commitmentChanged) {
          mine.commitmentChanged = false; // a new deal before any card was dealt: all is well
          memory.save();
        }
        setConnection("connected");
        on.onSeated(msg);
        // what was played while the host was away goes now: the host applies it if the game is
        // still at the step it was made at, and refuses it as stale (with the table as it is) if not
        for (const ask of kept.splice(0)) send(link, ask);
        return;
      case "state":
        await gotState(msg);
        return;
      case "refused":
        if (msg.re === "join" && msg.held) {
          // the seat is played on another device now: say so at once, stop trying
          on.onHeld(msg.error);
          leave();
          return;
        }
        if (!answer(msg.re, { ok: false, error: msg.error, ...(msg.stale ? { stale: true } : {}) })) on.onRefused(msg);
        return;
      case "undone":
        answer(msg.re, { ok: true, undone: msg.undone, status: last?.status });
        return;
      case "hint":
        answer(msg.re, msg.reply);
        return;
      case "replay":
        answer(msg.re, msg.reply);
        return;
      case "deal":
        // the host deals a new game at the same table: a new commitment, a new part from here
        newRound(msg.commitment);
        memory.save();
        last = null;
        reveal = null;
        link.send(encode("join", { seat: invite.seat, secret: invite.secret, device: mine.device,
                                   contribution: mine.contribution }));
        on.onDeal(msg);
        return;
      case "closed":
        // the host ended this table (a new game without it): nothing more will come
        mine.closed = true;
        memory.save();
        leave();
        on.onEnded("closed");
        return;
      case "reveal":
        reveal = await checkReveal(msg);
        on.onReveal(reveal);
        return;
      default:
        ignored += 1;
    }
  }

  /** A new deal: the host's commitment, a fresh part of this page's, no views yet.
   *  @param {string} commitment */
  function newRound(commitment) {
    mine.commitment = commitment;
    mine.contribution = randomToken(16);
    mine.prints = {};
  }

  /** @param {Message} msg a `state` */
  async function gotState(msg) {
    // the host's changes come in order; one older than the position shown is not drawn over it
    if (last && msg.rev < last.rev) return;
    last = msg;
    table = msg.table;
    // an undo takes the game back: fingerprints of the steps after it no longer hold
    for (const at of Object.keys(mine.prints)) if (Number(at) > msg.at) delete mine.prints[at];
    mine.prints[msg.at] = await viewPrint(msg.view);
    memory.save();
    // the state a move of this page's caused is that move's answer (an undo's is `undone`)
    if (msg.re && waiting.get(msg.re)?.t === "act") answer(msg.re, { ok: true, status: msg.status });
    if (last === msg) on.onState(msg);
  }

  /** The end: the host's secret against its commitment, the seed against everyone's parts.
   *  @param {Message} msg a `reveal` @returns {Promise<Reveal>} */
  async function checkReveal(msg) {
    // (the commitment is kept from the host's proof, which comes before any other message;
    // a reveal comes after `seated`, which gave the seat)
    const deal = await checkDeal({ secret: msg.secret, contributions: msg.contributions, save: msg.save },
                                 { commitment: /** @type {string} */ (mine.commitment), contribution: mine.contribution,
                                   seat: seat ?? null, partUsed: mine.partUsed !== false });
    if (mine.commitmentChanged) deal.problems.unshift("the host's commitment changed during the game");
    return { ...deal, ok: deal.problems.length === 0, prints: { ...mine.prints }, seat };
  }

  // ------------------------------------------------------------------ requests and answers
  /** Send request `t` with a new id; it resolves to the host's answer that names that id. A move
   *  or an undo made while the host is not connected is kept and sent when it is back (kept).
   *  @param {string} t @param {Record<string, unknown>} fields @returns {Promise<BridgeReply>} */
  function request(t, fields) {
    const id = `${idPrefix}${(asked += 1)}`;
    return new Promise((resolve) => {
      const ask = { t, fields, id, resolve };
      if (host) send(host, ask);
      else if (KEPT.has(t) && !closed) keep(ask);
      else resolve({ ok: false, error: "Not connected to the host right now: it reconnects by itself." });
    });
  }

  /** @param {Link} to @param {Ask} ask */
  function send(to, ask) {
    const timer = setTimeout(() => {
      waiting.delete(ask.id);
      // a move is sent again (the host knows its id: one that did arrive is not applied twice):
      // now if the host is still connected, else kept for the next connection
      if (KEPT.has(ask.t) && !closed) {
        if (host) send(host, ask);
        else keep(ask);
      } else ask.resolve({ ok: false, error: "The host did not answer in time: the connection may be lost." });
    }, REPLY_MS);
    waiting.set(ask.id, { ...ask, timer });
    to.send(encode(ask.t, { id: ask.id, ...ask.fields }));
  }

  /** A move or an undo waits for the host to be connected again. @param {Ask} ask */
  function keep(ask) {
    kept.push(ask);
    on.onKept(ask.t);
  }

  /** The host's link closed: the moves and undos sent and not answered are kept for the next
   *  connection (the host may have them already: it answers an id it applied without applying it
   *  again); any other request gets `error`. @param {string} error */
  function keepWaiting(error) {
    for (const w of waiting.values()) {
      clearTimeout(w.timer);
      if (KEPT.has(w.t)) keep(w);
      else w.resolve({ ok: false, error });
    }
    waiting.clear();
  }

  /** The answer to request `id`; false when no request of that id waits.
   *  @param {string} id @param {BridgeReply} reply @returns {boolean} */
  function answer(id, reply) {
    const w = waiting.get(id);
    if (!w) return false;
    waiting.delete(id);
    clearTimeout(w.timer);
    w.resolve(reply);
    return true;
  }

  /** Every request waiting or kept gets `error` as its answer. @param {string} error */
  function failWaiting(error) {
    for (const w of waiting.values()) clearTimeout(w.timer);
    for (const w of [...waiting.values(), ...kept.splice(0)]) w.resolve({ ok: false, error });
    waiting.clear();
  }

  /** @returns {Promise<BridgeReply>} */
  const hostOnly = () => Promise.resolve({ ok: false, error: "Only the host's page can do that." });
  /** @type {{started: number, reply: Promise<BridgeReply>} | null} */
  let hintAsk = null;
  const session = Object.freeze({
    remote: true,
    start: hostOnly,
    load: hostOnly,
    botChoose: hostOnly,
    /** @param {number | null} s @returns {Promise<BridgeReply>} */
    view: (s) => Promise.resolve(last && s === seat ? { ok: true, view: last.view }
                                 : { ok: false, error: "This page shows only its own seat." }),
    /** @param {number} s this page's seat (the host knows it) @param {string} action */
    act: (s, action) => request("act", { action, at: last?.at ?? 0 }),
    undo: () => request("undo", { at: last?.at ?? 0 }),
    /** @returns {Promise<BridgeReply>} */
    save: () => Promise.resolve(reveal ? { ok: true, save: reveal.save }
                                : { ok: false, error: "The host keeps the game until it is over." }),
    hintStart() {
      const started = Date.now();
      hintAsk = { started, reply: request("hint", { at: last?.at ?? 0 }) };
      return Promise.resolve({ ok: true, progress: 0, done: false });
    },
    async hintStep() {
      const ask = hintAsk;
      if (!ask) return { ok: false, error: "no hint was asked for" };
      const reply = await Promise.race([ask.reply, /** @type {Promise<null>} */ (new Promise((r) => setTimeout(() => r(null), 250)))]);
      if (reply == null) return { ok: true, done: false, progress: Math.min(0.95, (Date.now() - ask.started) / 3500) };
      hintAsk = null;
      return reply.ok ? { ...reply, done: true, progress: 1 } : reply;
    },
    hintStop() {
      hintAsk = null;
      return Promise.resolve({ ok: true, stopped: true });
    },
    hint: () => request("hint", { at: last?.at ?? 0 }),
    replayInfo: () => request("replay", {}),
    /** @param {{step: number, seat?: number | null, open?: boolean}} spec */
    replayView: ({ step, seat: s, open }) => request("replay", { step, seat: s ?? null, open: open === true }),
  });

  // ------------------------------------------------------------------ connecting
  async function connect() {
    if (closed) return;
    setConnection(host ? "connected" : "connecting");
    if (invite.offer) {
      const { answerOffer } = await import("./manual.js");
      let made;
      try {
        made = await answerOffer(invite.offer, { iceServers });
      } catch (err) {
        setConnection("failed", errorText(err));
        return;
      }
      on.onReplyCode(made.code);
      made.link.then((link) => attach(link, "manual"),
                     (err) => setConnection("failed", errorText(err)));
      return;
    }
    /** @type {Room} */
    let opened;
    try {
      const { openRoom } = await import("./relay.js");
      opened = await openRoom({ room: invite.room, password: invite.password, relays, iceServers });
      if (closed) {
        opened.leave(); // the page left the table while the room was being joined
        return;
      }
      room = opened;
    } catch (err) {
      setConnection("failed", errorText(err));
      return;
    }
    // (each link of this room is told this room's peer id)
    opened.onpeer = (link) => attach(link, opened.selfId);
  }

  /** Connect again from scratch (the page woke up, or the host has been silent too long). */
  let reconnecting = false;
  async function reconnect() {
    if (closed || invite.offer || reconnecting) return;
    reconnecting = true;
    try {
      host?.close();
      host = null;
      lostAt = Date.now();
      setConnection("reconnecting");
      const old = room;
      room = null;
      await old?.leave();
      await connect();
    } finally {
      reconnecting = false;
    }
  }

  // the host silent too long (this page's connections dropped, or the host's page vanished
  // without a word): join the room afresh; the host gone and not back through the room by
  // itself: join the room afresh, less and less often
  let rejoinAfter = REJOIN_MS;
  const watchdog = setInterval(() => {
    if (!host && mismatch && Date.now() - mismatch.at > MISMATCH_MS && state !== "failed") {
      setConnection("failed", mismatch.error);
      return;
    }
    if (host) {
      mismatch = null;
      rejoinAfter = REJOIN_MS;
      if (Date.now() - heard > SILENT_MS && !invite.offer) {
        host.close(); // a host link being set up meanwhile takes over when it is proven
        if (!room?.connecting()) reconnect();
      }
    } else if (lostAt && Date.now() - lostAt > rejoinAfter && !room?.connecting()) {
      rejoinAfter = Math.min(rejoinAfter * 2, REJOIN_MAX_MS);
      reconnect();
    }
  }, 1000);
  // the page shown again, or the device back online: join the room afresh if the host is not
  // heard (unless a connection to it is being set up right now)
  const wake = () => {
    if (document.visibilityState === "visible" && (!host || Date.now() - heard > SILENT_MS) && !room?.connecting()) reconnect();
  };
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("online", wake);
  window.addEventListener("pagehide", () => host?.send(encode("bye")));

  /** Leave the table for good: no more reconnecting. */
  function leave() {
    if (closed) return;
    closed = true;
    clearInterval(watchdog);
    failWaiting("You left the table.");
    host?.send(encode("bye"));
    host = null;
    room?.leave();
  }

  // a table the host has ended says so at once, without trying to connect
  if (mine.closed) queueMicrotask(() => on.onEnded("closed"));
  else connect();

  return {
    session,
    get seat() { return seat; },
    get table() { return table; },
    get last() { return last; },
    get connection() { return state; },
    get reveal() { return reveal; },
    /** For the tests: every message received (raw text) and how many were ignored. */
    get received() { return received.slice(); },
    get ignored() { return ignored; },
    get prints() { return { ...mine.prints }; },
    reconnect,
    leave,
  };
}
