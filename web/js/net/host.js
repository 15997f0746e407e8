// The host of a table with players on other devices. The host's page runs the engine and is
// the only authority: a guest's page sends intents (take an action it was offered, undo, a
// hint, a replay step) and receives its own seat's view, never more.
//
//   const host = await openHost({ record, authority, shell, config });   // record: host-record.js
//   host.states();                 // each remote seat: "waiting" | "connected" | "away"
//   host.close();
//
// A guest's act, undo and hint are intents submitted to the table's authority
// (play/authority.js) with the guest's own id; each seated link is one of the authority's
// screens, so after every change it gets its seat's view, and the `state` a guest's intent
// caused names that intent (`re`). `shell` is the page's side (host-page.js): table() (names and
// kinds, public), started(), hints(), replayInfo(), replayView(spec), save(), and onSeats()
// (a seat's connection changed: redraw).
//
// How a guest gets its seat (docs/multiplayer.md, "Trust"): it sends `hello` with a fresh
// nonce to every peer in the room; the host answers with `proof`, the nonce signed with its
// key together with the guest's peer id; the guest checks it against the key in its
// invitation and only then sends `join` with its seat's secret. A seat held by a connected
// device is never given to another one. Everything a guest sends is checked by
// protocol.parseIntent(); whatever fails gets a `refused` message and changes nothing.

import { encode, parseIntent, rateLimiter, VERSION } from "./protocol.js";
import { proofText, sign, sameText } from "./crypto.js";
import { errorText } from "../engine-client.js";

/** A guest not heard from for this long is taken as gone (the host pings every PING_MS). */
const PING_MS = 3000;
const SILENT_MS = 12_000;

/** @typedef {import("./protocol.js").Message} Message */
/** @typedef {import("./protocol.js").TableInfo} TableInfo */
/** @typedef {import("./relay.js").Link} Link */
/** @typedef {import("./relay.js").Room} Room */
/** @typedef {import("./host-record.js").Table} Table */
/** @typedef {import("../play/authority.js").Authority} Authority */
/** @typedef {import("../play/types.js").Status} Status */
/** @typedef {import("../play/types.js").Delivery} Delivery */
/** @typedef {import("../engine-client.js").BridgeReply} BridgeReply */

/**
 * What the host needs of the page (host-page.js) besides the authority: the table as guests see it
 * (names and kinds, public), whether the game has started, whether hints are on, the replay
 * and the save (the engine's replies: the bridge's replay_info, replay_view, save), and
 * onSeats() (a seat's connection, or a relay's, changed: redraw).
 * @typedef {{
 *   table(): TableInfo,
 *   started(): boolean,
 *   hints(): boolean,
 *   replayInfo(): Promise<BridgeReply>,
 *   replayView(spec: {step: number, seat: number | null, open: boolean}): Promise<BridgeReply>,
 *   save(): Promise<BridgeReply>,
 *   onSeats(): void,
 * }} HostShell
 */

/**
 * What the host keeps of each link: `proved` (it was sent a proof), its `seat` (undefined: not
 * joined; null: the table screen), its `device`, its rate `limiter`, when it was last `heard`
 * from, whether a suggestion is being worked out for it (`hinting`), its last refusal for
 * flooding, whether it was sent the game's end (`revealed`), and `unscreen()`, which stops the
 * authority's deliveries to it.
 * @typedef {{proved: boolean, seat: number | null | undefined, device: string | null, limiter: {take(): boolean},
 *            heard: number, hinting: boolean, lastRefusal: number, revealed: boolean, unscreen: () => void}} Entry
 */

/** The part of a status a guest may see (the seed stays with the host until the end).
 *  @param {Status | null} status @param {number | null | undefined} seat the guest's */
function publicStatus(status, seat) {
  if (!status) return null;
  const { game, num_players, current_player, is_over, scores, winners, turn, actions } = status;
  return { game, num_players, current_player, is_over, scores, winners, turn, actions,
           can_undo: seat != null && seat === current_player && status.can_undo === true };
}

/**
 * Host the table `record` (host-record.js): its guests' links, their seats, their intents to the
 * `authority`. `config`: the relays and ICE servers (config.js's netConfig(); no relays: seats
 * connect with codes only). `onRecord()`: the record changed (a seat's part of the deal), keep it.
 * @param {{record: Table, authority: Authority, shell: HostShell,
 *          config: {relays: string[], iceServers: RTCIceServer[]}, onRecord?: () => void}} options
 */
export async function openHost({ record, authority, shell, config, onRecord = () => {} }) {
  /** @type {Map<Link, Entry>} */
  const links = new Map();   // link -> {proved, seat (undefined: not joined), device, limiter, heard, hinting}
  /** @type {Map<number | string, Link>} */
  const holders = new Map(); // seat (or "watch:<device>") -> link
  /** @type {Room | null} */
  let room = null;
  let closed = false;
  /** @type {Map<number, Awaited<ReturnType<typeof import("./manual.js").makeOffer>>>} */
  const offers = new Map();  // seat -> manual offer under way
  /** @type {Map<string, {id: string, undone?: unknown}>} */
  const applied = new Map(); // "seat:device" -> the last move or undo applied for it (a guest sends it again after a drop)

  /** @param {Link} link @param {string} t @param {Record<string, unknown>} [fields] */
  const send = (link, t, fields) => { if (!link.closed) link.send(encode(t, fields)); };
  /** `re`: the refused intent's id (or the type of a message that has none).
   *  @param {Link} link @param {string} re @param {string} error @param {boolean} [stale] */
  const refuse = (link, re, error, stale = false) => send(link, "refused", { re, error, ...(stale ? { stale: true } : {}) });

  /** A new link (through the relays, or made with codes): it is heard from now on.
   *  @param {Link} link */
  function attach(link) {
    /** @type {Entry} */
    const entry = { proved: false, seat: undefined, device: null, limiter: rateLimiter(), heard: Date.now(),
                    hinting: false, lastRefusal: 0, revealed: false, unscreen: () => {} };
    links.set(link, entry);
    link.onmessage = (data) => receive(link, entry, data);
    link.onclose = () => drop(link);
  }

  /** A link gone (closed, left, silent): its seat is free again. @param {Link} link */
  function drop(link) {
    const entry = links.get(link);
    links.delete(link);
    entry?.unscreen();
    if (entry && entry.seat !== undefined && holders.get(holderKey(entry.seat, entry.device)) === link) {
      holders.delete(holderKey(entry.seat, entry.device));
      shell.onSeats();
      tellSeats();
    }
  }

  /** A seat dropped or came back: every other page shows who is away (its seat list).
   *  @param {Link | null} [except] */
  function tellSeats(except = null) {
    if (closed || !shell.started()) return;
    for (const [link, entry] of links) if (link !== except && entry.seat !== undefined) sendState(link, entry);
  }

  /** The key a seated link holds its place by in `holders`: its seat, or the table screen's device.
   *  @param {number | null} seat @param {string | null} device @returns {number | string} */
  const holderKey = (seat, device) => (seat === null ? `watch:${device}` : seat);

  /** @param {Link} link @param {Entry} entry @param {unknown} data */
  async function receive(link, entry, data) {
    if (closed || !links.has(link)) return;
    entry.heard = Date.now();
    if (!entry.limiter.take()) {
      // a flood: one refusal a second at most, the rest dropped unread
      if (Date.now() - entry.lastRefusal > 1000) {
        entry.lastRefusal = Date.now();
        refuse(link, "?", "Too many messages: slow down.");
      }
      return;
    }
    const parsed = parseIntent(data);
    if (!parsed.ok) {
      // a page of another version of Moteplay is told to reload (`version` says which this is)
      if (parsed.version !== undefined) send(link, "refused", { re: "?", error: parsed.error, version: VERSION });
      else refuse(link, parsed.re ?? "?", `Message refused: ${parsed.error}.`);
      return;
    }
    const msg = parsed.msg;
    try {
      await handle(link, entry, msg);
    } catch (err) {
      console.error(err);
      refuse(link, msg.id ?? msg.t, `The host could not handle it (a bug on the host's page: ${errorText(err).slice(0, 200)}).`);
    }
  }

  /** @param {Link} link @param {Entry} entry @param {Message} msg an intent, checked by parseIntent() */
  async function handle(link, entry, msg) {
    switch (msg.t) {
      case "hello": {
        const sig = await sign(record.hostKey.privateJwk, proofText(record.room, link.id, msg.nonce));
        send(link, "proof", { nonce: msg.nonce, peer: link.id, sig, commitment: record.commitment, host: record.hostName });
        entry.proved = true;
        return;
      }
      case "pong":
        return;
      case "bye":
        link.close();
        drop(link);
        return;
      case "join":
        return join(link, entry, msg);
      default:
        break;
    }
    if (entry.seat === undefined) {
      refuse(link, msg.id, "Join a seat first.");
      return;
    }
    if (msg.t === "replay") return replay(link, entry, msg);
    if (entry.seat === null) {
      refuse(link, msg.id, "The table screen only watches: it cannot play.");
      return;
    }
    if (!shell.started()) {
      refuse(link, msg.id, "The game has not started yet.");
      return;
    }
    return decide(link, entry, msg);
  }

  /** An act, undo or hint of a seated player, once the game has started: an intent for the
   *  authority, which checks the step it was made at against the game as it is then.
   *  @param {Link} link @param {Entry} entry @param {Message} msg */
  async function decide(link, entry, msg) {
    // (handle() lets only a seated player through, not the table screen)
    const seat = /** @type {number} */ (entry.seat);
    const from = `guest:${seat}:${entry.device}`;
    if (msg.t === "hint") {
      if (entry.hinting) {
        refuse(link, msg.id, "A suggestion is already being worked out for you.");
        return;
      }
      if (!shell.hints()) {
        send(link, "hint", { re: msg.id, reply: { ok: false, error: "Hints are off at this table." } });
        return;
      }
      entry.hinting = true;
      try {
        const reply = await authority.submit({ kind: "hint", seat, at: msg.at, id: msg.id, from });
        send(link, "hint", { re: msg.id, reply: reply.ok ? { ...reply, id: undefined } : { ok: false, error: reply.error ?? "No suggestion.", stale: reply.stale } });
      } finally {
        entry.hinting = false;
      }
      return;
    }
    if (authority.computers[seat] != null) {
      refuse(link, msg.id, "The computer plays this seat for now: ask the host to give it back.");
      return;
    }
    // the same move again (its answer was lost with a connection): answered, not applied twice
    const last = applied.get(from);
    if (last && last.id === msg.id) {
      if (msg.t === "undo") send(link, "undone", { re: msg.id, undone: last.undone });
      else sendState(link, entry, msg.id);
      return;
    }
    const reply = msg.t === "act" ? await authority.submit({ kind: "act", seat, action: msg.action, at: msg.at, id: msg.id, from })
                                  : await authority.submit({ kind: "undo", seat, at: msg.at, id: msg.id, from });
    if (reply.ok) applied.set(from, { id: String(msg.id), undone: reply.undone });
    if (!reply.ok) {
      refuse(link, msg.id, reply.error ?? (msg.t === "act" ? "That move is not possible." : "Undo is not possible now."), reply.stale);
      if (reply.stale) sendState(link, entry);
    } else if (msg.t === "undo") {
      send(link, "undone", { re: msg.id, undone: reply.undone });
    }
  }

  /** @param {Link} link @param {Entry} entry @param {Message} msg a `join` */
  async function join(link, entry, msg) {
    if (!entry.proved) {
      refuse(link, "join", "Say hello first.");
      return;
    }
    const seats = record.seats;
    const isWatch = msg.seat === null;
    const expected = isWatch ? record.watchSecret : seats[msg.seat]?.secret;
    if (!isWatch && (msg.seat >= seats.length || !seats[msg.seat]?.remote)) {
      refuse(link, "join", "That seat is not played from another device.");
      return;
    }
    if (!expected || !sameText(msg.secret, expected)) {
      refuse(link, "join", "This invitation is not valid for that seat.");
      return;
    }
    if (entry.seat !== undefined && entry.seat !== msg.seat) {
      refuse(link, "join", "This connection already has a seat.");
      return;
    }
    const key = isWatch ? `watch:${msg.device}` : msg.seat;
    const holder = holders.get(key);
    if (holder && holder !== link && !holder.closed) {
      const holding = links.get(holder);
      if (!isWatch && holding?.device !== msg.device) {
        const name = shell.table().seats[msg.seat]?.name ?? "This seat";
        send(link, "refused", { re: "join", held: true,
          error: `${name} is already played on another device, which is connected now. If that was you, close the game there, then try again here; otherwise ask the host for your own invitation.` });
        return;
      }
      // the same device again (a reload, a woken phone): the new connection takes over
      holding?.unscreen();
      links.delete(holder);
      holder.close();
    }
    entry.seat = msg.seat;
    entry.device = msg.device;
    entry.revealed = false;
    holders.set(key, link);
    if (!isWatch && !shell.started() && seats[msg.seat].contribution == null) {
      seats[msg.seat].contribution = msg.contribution; // its part of the deal, fixed from now on
      onRecord();
    }
    if (!isWatch) seats[msg.seat].joined = true;
    send(link, "seated", { seat: msg.seat, table: shell.table(), waiting: !shell.started(),
                           ...(isWatch ? {} : { part: seats[msg.seat].contribution === msg.contribution }) });
    // from now on the authority hands this link its seat's view after every change
    entry.unscreen();
    entry.unscreen = authority.screen({ seat: () => (shell.started() ? entry.seat : undefined),
                                        show: (delivery) => deliver(link, entry, delivery) });
    shell.onSeats();
    tellSeats(link);
    if (shell.started()) await sendState(link, entry);
  }

  /** @param {Link} link @param {Entry} entry @param {Message} msg a `replay` */
  async function replay(link, entry, msg) {
    if (msg.step === undefined) {
      send(link, "replay", { re: msg.id, reply: await shell.replayInfo() });
      return;
    }
    const over = authority.status?.is_over === true;
    if (msg.open && !over) {
      refuse(link, msg.id, "All hands can be shown only once the game is over.");
      return;
    }
    // during the game a guest replays its own seat or the spectator's view; once it is over,
    // any seat, or everyone's hands
    const seat = msg.open ? null : msg.seat === undefined ? entry.seat : msg.seat;
    if (!over && seat !== null && seat !== entry.seat) {
      refuse(link, msg.id, "During the game you can replay only your own seat.");
      return;
    }
    send(link, "replay", { re: msg.id, reply: await shell.replayView({ step: msg.step, seat, open: msg.open === true }) });
  }

  /** Send one guest the game as its seat sees it now (on joining, or after a stale intent).
   *  `re`: the guest's move it answers (sent again after a drop, applied before).
   *  @param {Link} link @param {Entry} entry @param {string} [re] */
  async function sendState(link, entry, re) {
    if (!authority.status || link.closed || entry.seat === undefined) return;
    const rev = authority.rev;
    const reply = await authority.view(entry.seat);
    if (!reply.ok || link.closed || !reply.status) return;
    sendView(link, entry, { rev, status: reply.status, view: reply.view, re });
  }

  /** The authority's change, as this link's seat sees it; `re` names the guest's own intent
   *  that caused it.
   *  @param {Link} link @param {Entry} entry @param {Delivery} delivery */
  function deliver(link, entry, delivery) {
    if (link.closed || !delivery.view) return;
    const own = delivery.cause.from === `guest:${entry.seat}:${entry.device}`;
    sendView(link, entry, { rev: delivery.rev, status: delivery.status, view: delivery.view, re: own ? delivery.cause.id : undefined });
  }

  /** @param {Link} link @param {Entry} entry
   *  @param {{rev: number, status: Status, view: unknown, re: string | undefined}} state */
  function sendView(link, entry, { rev, status, view, re }) {
    send(link, "state", { rev, at: status.actions, status: publicStatus(status, entry.seat), view, table: shell.table(),
                          ...(re ? { re } : {}) });
    if (status.is_over && !entry.revealed) {
      entry.revealed = true;
      sendReveal(link);
    }
  }

  /** The game is over: the host's secret and the game's save, for the guest's check.
   *  @param {Link} link */
  async function sendReveal(link) {
    const saved = await shell.save();
    if (!saved.ok) return;
    send(link, "reveal", { at: saved.save.actions.length, secret: record.secret,
                           contributions: record.seats.map((s) => s.contribution ?? ""), save: saved.save });
  }

  // heartbeat: ping every guest; one not heard from for SILENT_MS has gone (its seat waits)
  const timer = setInterval(() => {
    const now = Date.now();
    for (const [link, entry] of [...links]) {
      if (now - entry.heard > SILENT_MS) {
        link.close();
        drop(link);
      } else if (entry.proved) {
        send(link, "ping", {});
      }
    }
  }, PING_MS);

  // this page going away (a reload, the tab closed): every guest's link closes now, so the
  // guests know at once and wait in the room for this page to come back
  const goingAway = () => { for (const link of links.keys()) link.close(); };
  addEventListener("pagehide", goingAway);

  // the relays, joined in the background: seats connect with codes meanwhile, and a table
  // whose relays cannot be reached still connects them that way
  /** @type {string | null} */
  let relayError = null;
  /** @type {((relays: import("./relay.js").RelayStatus[]) => string) | null} relay.js's, once loaded */
  let relayWords = null;
  if (config.relays?.length) {
    import("./relay.js")
      .then((relay) => {
        relayWords = relay.relayWords;
        return relay.openRoom({ room: record.room, password: record.password, relays: config.relays,
                                iceServers: config.iceServers });
      })
      .then((opened) => {
        if (closed) opened.leave();
        else {
          room = opened;
          room.onpeer = attach;
          room.onrelays = () => shell.onSeats(); // a relay went away or came back: said on screen
          shell.onSeats();
        }
      }, (err) => {
        relayError = errorText(err);
        shell.onSeats();
      });
  }

  return {
    /** Why the relays could not be reached (invitation links do not work then), or null. */
    relayError: () => relayError,
    /** How the relays are, in words ("Relay: connected.", "Relay: away, …"; "" with no relay,
     *  or when they could not be reached at all: relayError() says why). */
    relaysText() {
      if (!config.relays?.length || relayError) return "";
      return room && relayWords ? relayWords(room.relays()) : "Relays: connecting…";
    },
    /** Connection state of each seat: "connected", "away" (joined once, gone now), "waiting". */
    states() {
      return record.seats.map((s, i) => {
        if (!s.remote) return null;
        const link = holders.get(i);
        if (link && !link.closed) return "connected";
        return s.joined ? "away" : "waiting";
      });
    },
    /** How many table screens are connected. */
    watching: () => [...holders.keys()].filter((k) => String(k).startsWith("watch:")).length,
    /** A new game at this table (the record has a new secret and commitment): every guest
     *  joins again with a new part of the deal. */
    newDeal() {
      for (const [link, entry] of links) {
        if (entry.seat === undefined) continue;
        entry.revealed = false;
        send(link, "deal", { commitment: record.commitment });
      }
    },
    /** Connect one seat with no relay: an offer for its invitation; `accept(reply)` connects.
     *  @param {number} seat */
    async offer(seat) {
      offers.get(seat)?.close();
      const { makeOffer } = await import("./manual.js");
      const made = await makeOffer({ iceServers: config.iceServers });
      offers.set(seat, made);
      return {
        code: made.code,
        /** @param {unknown} replyCode */
        async accept(replyCode) {
          const link = await made.accept(replyCode);
          offers.delete(seat);
          attach(link);
          return link;
        },
      };
    },
    /** End the table: every guest is told (its page says the table has ended), then the
     *  connections close (a moment later, so the word gets there first). */
    close() {
      closed = true;
      clearInterval(timer);
      removeEventListener("pagehide", goingAway);
      const ending = [...links];
      for (const [link, entry] of ending) {
        entry.unscreen();
        send(link, "closed", {});
      }
      links.clear();
      holders.clear();
      for (const o of offers.values()) o.close();
      const leaving = room;
      setTimeout(() => {
        for (const [link] of ending) link.close();
        leaving?.leave();
      }, 500);
    },
  };
}
