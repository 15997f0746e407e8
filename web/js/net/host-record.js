// A table with players on other devices, as the host keeps it: the relay room and its
// password, the host's key, each remote seat's secret and its part of the deal, the host's
// own secret and its commitment. Kept in the host's browser (localStorage) beside the
// autosave, so a reload of the host's page brings the same table back and the guests find it
// again. Never sent whole to anyone: invitations carry one seat's part each.

import { commitmentOf, newHostKey, randomToken, seedOf } from "./crypto.js";
import { invitationLink } from "./invite.js";

const KEY = "moteplay.table.v1";

/**
 * One seat of a table. A seat on another device (`remote`) has its invitation's `secret`, its
 * part of the deal (`contribution`, null until it joins) and `joined` (it joined once).
 * @typedef {{remote: boolean, secret?: string, contribution?: string | null, joined?: boolean}} TableSeat
 */

/**
 * A table as the host keeps it (see the top of this file). `setup` and `phase` are the host's
 * screens' (host-page.js): the lobby's setup of the game, and where the table is ("waiting", "playing").
 * @typedef {{v: 1, room: string, password: string, hostKey: {publicKey: string, privateJwk: JsonWebKey},
 *            secret: string, commitment: string, watchSecret: string, hostName: string,
 *            relays: string[] | null, ice: string | null, seats: TableSeat[],
 *            setup?: import("../play/types.js").Setup, phase?: string}} Table
 */

/** A new table for `seats` (the lobby's seats: kind "remote" for another device).
 *  @param {{kind: string}[]} seats
 *  @param {{hostName?: string, relays?: string[] | null, ice?: string | null}} [options]
 *  @returns {Promise<Table>} */
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
 *  made again (the players, their seats and invitations stay).
 *  @param {Table} table @returns {Promise<Table>} */
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

/** Does this table have any seat on another device?
 *  @param {{kind: string}[]} seats @returns {boolean} */
export const hasRemote = (seats) => seats.some((s) => s.kind === "remote");

/** The seed the game starts from: the host's secret with every remote seat's part.
 *  @param {Table} table @returns {Promise<number>} */
export const tableSeed = (table) => seedOf(table.secret, table.seats.map((s) => s.contribution ?? ""));

/** The invitation link of a seat (null: the table screen); `offer` for connecting by hand.
 *  @param {Table} table @param {number | null} seat a seat on another device, or null
 *  @param {{offer?: string | null, page?: string}} [options] @returns {string} */
export function seatLink(table, seat, { offer = null, page = location.href } = {}) {
  // (only a seat on another device has an invitation, and so its secret)
  const secret = seat === null ? table.watchSecret : /** @type {string} */ (table.seats[seat].secret);
  return invitationLink(page, {
    kind: seat === null ? "watch" : "join", room: table.room, password: table.password,
    hostKey: table.hostKey.publicKey, seat, secret,
    relays: table.relays, ice: table.ice, offer,
  });
}

/** The table kept in this browser, or null (none, or not one).
 *  @returns {Table | null} */
export function readTable() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) ?? "null");
    return data && data.v === 1 && Array.isArray(data.seats) ? data : null;
  } catch {
    return null;
  }
}

/** Keep `table` in this browser (a warning if storage refuses it). @param {Table} table */
export function writeTable(table) {
  try {
    localStorage.setItem(KEY, JSON.stringify(table));
  } catch (err) {
    console.warn("The table could not be kept in this browser:", err);
  }
}

/** Forget the table kept in this browser. */
export function clearTable() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* storage disabled */
  }
}
