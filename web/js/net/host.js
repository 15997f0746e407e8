// The host of a table with players on other devices. The host's page runs the engine and is
// the only authority: a guest's page sends intents (take an action it was offered, undo, a
// hint, a replay step) and receives its own seat's view, never more.
//
//   const host = await openHost({ record, adapter, config });   // record: table.js
//   host.publish();                // after every change of the game: each guest's view
//   host.states();                 // each remote seat: "waiting" | "connected" | "away"
//   host.close();
//
// `adapter` is the shell's side (app.js): table() (names and kinds, public), status(),
// started(), view(seat), act(seat, action), undo(seat), hint(seat), replayInfo(),
// replayView(spec), save(), and onSeats() (a seat's connection changed: redraw).
//
// How a guest gets its seat (docs/multiplayer.md, "Trust"): it sends `hello` with a fresh
// nonce to every peer in the room; the host answers with `proof`, the nonce signed with its
// key together with the guest's peer id; the guest checks it against the key in its
// invitation and only then sends `join` with its seat's secret. A seat held by a connected
// device is never given to another one. Everything a guest sends is checked by
// protocol.parseIntent(); whatever fails gets a `refused` message and changes nothing.

import { encode, parseIntent, rateLimiter } from "./protocol.js";
import { proofText, sign, sameText } from "./crypto.js";

/** A guest not heard from for this long is taken as gone (the host pings every PING_MS). */
const PING_MS = 3000;
const SILENT_MS = 12_000;

/** The part of a status a guest may see (the seed stays with the host until the end). */
function publicStatus(status, seat) {
  if (!status) return null;
  const { game, num_players, current_player, is_over, scores, winners, turn, actions } = status;
  return { game, num_players, current_player, is_over, scores, winners, turn, actions,
           can_undo: seat != null && seat === current_player && status.can_undo === true };
}

export async function openHost({ record, adapter, config, onRecord = () => {} }) {
  const links = new Map();   // link -> {proved, seat (undefined: not joined), device, limiter, heard, hinting}
  const holders = new Map(); // seat (or "watch:<device>") -> link
  let room = null;
  let closed = false;
  let publishing = Promise.resolve();
  let moving = Promise.resolve(); // the moves and undos being made, one after another
  let pending = false;
  const offers = new Map();  // seat -> manual offer under way

  const send = (link, t, fields) => { if (!link.closed) link.send(encode(t, fields)); };
  const refuse = (link, re, error) => send(link, "refused", { re, error });

  function attach(link) {
    const entry = { proved: false, seat: undefined, device: null, limiter: rateLimiter(), heard: Date.now(),
                    hinting: false, lastRefusal: 0, revealed: false };
    links.set(link, entry);
    link.onmessage = (data) => receive(link, entry, data);
    link.onclose = () => drop(link);
  }

  function drop(link) {
    const entry = links.get(link);
    links.delete(link);
    if (entry?.seat !== undefined && holders.get(holderKey(entry)) === link) {
      holders.delete(holderKey(entry));
      adapter.onSeats();
    }
  }

  const holderKey = (entry) => (entry.seat === null ? `watch:${entry.device}` : entry.seat);

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
      refuse(link, "?", `Message refused: ${parsed.error}.`);
      return;
    }
    const msg = parsed.msg;
    try {
      await handle(link, entry, msg);
    } catch (err) {
      console.error(err);
      refuse(link, msg.t, `The host could not handle it (a bug on the host's page: ${String(err?.message ?? err).slice(0, 200)}).`);
    }
  }

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
      refuse(link, msg.t, "Join a seat first.");
      return;
    }
    if (msg.t === "replay") return replay(link, entry, msg);
    if (entry.seat === null) {
      refuse(link, msg.t, "The table screen only watches: it cannot play.");
      return;
    }
    if (!adapter.started()) {
      refuse(link, msg.t, "The game has not started yet.");
      return;
    }
    if (msg.t === "hint") return decide(link, entry, msg);
    // moves and undos one at a time, from every guest: the step a move was offered at is
    // checked against the game as it is when that move is made
    const turn = moving.then(() => decide(link, entry, msg));
    moving = turn.catch(() => {});
    return turn;
  }

  /** An act, undo or hint of a seated player, once the game has started. */
  async function decide(link, entry, msg) {
    if (msg.t === "hint" && entry.hinting) {
      refuse(link, "hint", "A suggestion is already being worked out for you.");
      return;
    }
    if (msg.t === "hint") entry.hinting = true;
    try {
      await decideNow(link, entry, msg);
    } finally {
      if (msg.t === "hint") entry.hinting = false;
    }
  }

  async function decideNow(link, entry, msg) {
    // the engine's own count of actions (the page's status may lag a computer's turn by its pace)
    const now = await adapter.view(entry.seat);
    const status = now.ok ? now.status : adapter.status();
    if (msg.at !== status.actions) {
      refuse(link, msg.t, "The game moved on before that arrived: look at the table again.");
      sendState(link, entry);
      return;
    }
    if (msg.t === "act") {
      const reply = await adapter.act(entry.seat, msg.action);
      if (!reply.ok) {
        refuse(link, "act", reply.error ?? "That move is not possible.");
        sendState(link, entry);
      }
    } else if (msg.t === "undo") {
      const reply = await adapter.undo(entry.seat);
      if (!reply.ok) refuse(link, "undo", reply.error ?? "Undo is not possible now.");
      else send(link, "undone", { undone: reply.undone });
    } else if (msg.t === "hint") {
      const reply = await adapter.hint(entry.seat);
      send(link, "hint", { reply: reply.ok ? { ...reply, at: status.actions } : { ok: false, error: reply.error ?? "No suggestion." } });
    }
  }

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
        refuse(link, "join", `${adapter.table().seats[msg.seat]?.name ?? "That seat"} is already played by a connected device.`);
        return;
      }
      // the same device again (a reload, a woken phone): the new connection takes over
      links.delete(holder);
      holder.close();
    }
    entry.seat = msg.seat;
    entry.device = msg.device;
    entry.revealed = false;
    holders.set(key, link);
    if (!isWatch && !adapter.started() && seats[msg.seat].contribution == null) {
      seats[msg.seat].contribution = msg.contribution; // its part of the deal, fixed from now on
      onRecord();
    }
    if (!isWatch) seats[msg.seat].joined = true;
    send(link, "seated", { seat: msg.seat, table: adapter.table(), waiting: !adapter.started() });
    adapter.onSeats();
    if (adapter.started()) await sendState(link, entry);
  }

  async function replay(link, entry, msg) {
    if (msg.step === undefined) {
      send(link, "replay", { reply: await adapter.replayInfo() });
      return;
    }
    const over = adapter.status()?.is_over === true;
    if (msg.open && !over) {
      refuse(link, "replay", "All hands can be shown only once the game is over.");
      return;
    }
    // during the game a guest replays its own seat or the spectator's view; once it is over,
    // any seat, or everyone's hands
    const seat = msg.open ? null : msg.seat === undefined ? entry.seat : msg.seat;
    if (!over && seat !== null && seat !== entry.seat) {
      refuse(link, "replay", "During the game you can replay only your own seat.");
      return;
    }
    send(link, "replay", { reply: await adapter.replayView({ step: msg.step, seat, open: msg.open === true }) });
  }

  /** Send one guest the game as its seat sees it now. */
  async function sendState(link, entry) {
    if (!adapter.status() || link.closed) return;
    // the view and its status come from the engine in one call: the position may have moved
    // on since this send was asked for (a computer's turn queued before it)
    const reply = await adapter.view(entry.seat);
    if (!reply.ok || link.closed) return;
    const { status } = reply;
    send(link, "state", { at: status.actions, status: publicStatus(status, entry.seat), view: reply.view, table: adapter.table() });
    if (status.is_over && !entry.revealed) {
      entry.revealed = true;
      await sendReveal(link);
    }
  }

  async function sendReveal(link) {
    const saved = await adapter.save();
    if (!saved.ok) return;
    send(link, "reveal", { at: saved.save.actions.length, secret: record.secret,
                           contributions: record.seats.map((s) => s.contribution ?? ""), save: saved.save });
  }

  /** After every change of the game: every seated guest gets its view (in order; changes
   *  that come faster than they can be sent are sent once, as they are then). */
  function publish() {
    if (pending) return publishing;
    pending = true;
    publishing = publishing.then(async () => {
      pending = false;
      for (const [link, entry] of [...links]) if (entry.seat !== undefined) await sendState(link, entry);
    });
    return publishing;
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
  let relayError = null;
  if (config.relays?.length) {
    import("./relay.js")
      .then(({ openRoom }) => openRoom({ room: record.room, password: record.password, relays: config.relays,
                                         iceServers: config.iceServers }))
      .then((opened) => {
        if (closed) opened.leave();
        else {
          room = opened;
          room.onpeer = attach;
        }
      }, (err) => {
        relayError = String(err?.message ?? err);
        adapter.onSeats();
      });
  }

  return {
    publish,
    /** Why the relays could not be reached (invitation links do not work then), or null. */
    relayError: () => relayError,
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
    /** Connect one seat with no relay: an offer for its invitation; `accept(reply)` connects. */
    async offer(seat) {
      offers.get(seat)?.close();
      const { makeOffer } = await import("./manual.js");
      const made = await makeOffer({ iceServers: config.iceServers });
      offers.set(seat, made);
      return {
        code: made.code,
        async accept(replyCode) {
          const link = await made.accept(replyCode);
          offers.delete(seat);
          attach(link);
          return link;
        },
      };
    },
    close() {
      closed = true;
      clearInterval(timer);
      removeEventListener("pagehide", goingAway);
      for (const link of links.keys()) link.close();
      links.clear();
      holders.clear();
      for (const o of offers.values()) o.close();
      room?.leave();
    },
  };
}
