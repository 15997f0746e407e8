// A table with players on other devices, as the host keeps it: the relay room and its
// password, the host's key, each remote seat's secret and its part of the deal, the host's
// own secret and its commitment. Kept in the host's browser (localStorage) beside the
// autosave, so a reload of the host's page brings the same table back and the guests find it
// again. Never sent whole to anyone: invitations carry one seat's part each.

import { commitmentOf, newHostKey, randomToken, seedOf } from "./crypto.js";
import { invitationLink } from "./invite.js";

const KEY = "moteplay.table.v1";

/** A new table for `seats` (the lobby's seats: kind "remote" for another device). */
export async function newTable(seats, { hostName = "", relays = null, ice = null } = {}) {
  const secret = randomToken(32);
  return {
    v: 1,
    room: randomToken(12),
    password: randomToken(12),
    hostKey: await newHostKey(),
    secret,
    commitment: await commitmentOf(secret),
    watchSecret: randomToken(12),
    hostName,
    relays, // the address's own relay list, carried by the invitations (null: the site's list)
    ice,    // "none" when the address asked for no ICE servers
    seats: seats.map((s) => (s.kind === "remote" ? { remote: true, secret: randomToken(12), contribution: null, joined: false }
                                                 : { remote: false })),
  };
}

/** The same table for a new game: a new secret and commitment, every part of the deal to be
 *  made again (the players, their seats and invitations stay). */
export async function renewTable(table) {
  table.secret = randomToken(32);
  table.commitment = await commitmentOf(table.secret);
  for (const seat of table.seats) {
    if (!seat.remote) continue;
    seat.contribution = null;
    seat.joined = false;
  }
  return table;
}

/** Does this table have any seat on another device? */
export const hasRemote = (seats) => seats.some((s) => s.kind === "remote");

/** The seed the game starts from: the host's secret with every remote seat's part. */
export const tableSeed = (table) => seedOf(table.secret, table.seats.map((s) => s.contribution ?? ""));

/** The invitation link of a seat (null: the table screen); `offer` for connecting by hand. */
export function seatLink(table, seat, { offer = null, page = location.href } = {}) {
  return invitationLink(page, {
    kind: seat === null ? "watch" : "join", room: table.room, password: table.password,
    hostKey: table.hostKey.publicKey, seat, secret: seat === null ? table.watchSecret : table.seats[seat].secret,
    relays: table.relays, ice: table.ice, offer,
  });
}

export function readTable() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY));
    return data && data.v === 1 && Array.isArray(data.seats) ? data : null;
  } catch {
    return null;
  }
}

export function writeTable(table) {
  try {
    localStorage.setItem(KEY, JSON.stringify(table));
  } catch (err) {
    console.warn("The table could not be kept in this browser:", err);
  }
}

export function clearTable() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* storage disabled */
  }
}
