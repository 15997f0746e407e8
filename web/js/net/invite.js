// Invitations: the link a host gives each player on another device (and the "table screen"
// link), and reading one back on the guest's page.
//
//   https://…/#join&r=ROOM&p=PASSWORD&k=HOSTKEY&s=SEAT&x=SECRET[&relays=…][&ice=none][&stun=…][&o=OFFER]
//   https://…/#watch&r=ROOM&p=PASSWORD&k=HOSTKEY&x=SECRET[…]            (the table screen)
//
// Everything is in the address's #fragment, which browsers never send to a server. r and p
// are the relay room and its password (the relays see only handshakes encrypted with it), k
// the host's public key (a guest accepts game messages only from the peer that signs with
// it), s the seat and x its secret (the host gives the seat only to who knows it). relays,
// ice and stun are the host's own relay, ICE and STUN lists when its address set them (tests,
// a network lab, people with their own relay); o is a connection offer for connecting with no
// relay at all.

const TOKEN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * An invitation as readInvitation() reads it (not damaged): `seat` null for the table screen,
 * `offer` the connection code (null: through the relays), `relays`, `ice` and `stun` the host's
 * own lists (null: the site's).
 * @typedef {{kind: string, room: string, password: string, hostKey: string, secret: string, seat: number | null,
 *            offer: string | null, relays: string[] | null, ice: string | null, stun: string[] | null}} Invitation
 */

/** The invitation in `hash` (location.hash), or null if the page was not opened from one.
 *  A damaged invitation gives `{error}` saying what is wrong. */
export function readInvitation(hash = location.hash) {
  const text = String(hash ?? "").replace(/^#/, "");
  const kind = text.startsWith("join&") || text === "join" ? "join"
    : text.startsWith("watch&") || text === "watch" ? "watch" : null;
  if (!kind) return null;
  const q = new URLSearchParams(text.slice(kind.length + 1));
  const get = (/** @type {string} */ name) => q.get(name) ?? "";
  const invite = { kind, room: get("r"), password: get("p"), hostKey: get("k"), secret: get("x"),
                   seat: kind === "watch" ? null : Number(get("s")), offer: get("o") || null,
                   relays: q.has("relays") ? get("relays").split(",").filter(Boolean) : null,
                   ice: q.has("ice") ? get("ice") : null,
                   stun: q.has("stun") ? get("stun").split(",").filter(Boolean) : null };
  const wrong = [];
  if (!TOKEN.test(invite.room) || !TOKEN.test(invite.password)) wrong.push("its table");
  if (!/^[A-Za-z0-9_-]{43}$/.test(invite.hostKey)) wrong.push("the host's key");
  if (!TOKEN.test(invite.secret)) wrong.push("the seat's secret");
  if (kind === "join" && !(invite.seat != null && Number.isSafeInteger(invite.seat) && invite.seat >= 0 && invite.seat < 16)) wrong.push("the seat");
  if (invite.offer != null && !/^[A-Za-z0-9_-]{8,2000}$/.test(invite.offer)) wrong.push("the connection code");
  if (invite.relays && !invite.relays.every((u) => /^wss?:\/\/[^\s]+$/.test(u))) wrong.push("its relays");
  if (invite.stun && !(invite.stun.length && invite.stun.every((u) => /^stuns?:[^\s/?#,]+$/.test(u)))) wrong.push("its STUN servers");
  if (wrong.length) return { kind, error: `This invitation link is damaged (${wrong.join(", ")}). Ask the host to send it again.` };
  return invite;
}

/**
 * The page's address with an invitation in its fragment (`page`: the site's index URL).
 * @param {string|URL} page
 * @param {{kind?: "join"|"watch", room: string, password: string, hostKey: string, seat?: number|null, secret: string,
 *          relays?: string[]|null, ice?: string|null, stun?: string[]|null, offer?: string|null}} invitation
 * @returns {string}
 */
export function invitationLink(page, { kind = "join", room, password, hostKey, seat, secret, relays = null, ice = null,
                                        stun = null, offer = null }) {
  const q = new URLSearchParams({ r: room, p: password, k: hostKey });
  if (kind === "join") q.set("s", String(seat));
  q.set("x", secret);
  if (relays) q.set("relays", relays.join(","));
  if (ice) q.set("ice", ice);
  if (stun) q.set("stun", stun.join(","));
  if (offer) q.set("o", offer);
  const url = new URL(page);
  url.search = "";
  // the commas of a relay or STUN list stay readable; every other value is a token or a URL
  url.hash = `${kind}&${q.toString().replaceAll("%2C", ",")}`;
  return url.href;
}

/** Is this page a guest's (or a table screen's)? Decided from the address alone, before any
 *  module loads: such a page never starts Python. */
export const isGuestPage = (hash = location.hash) => /^#(join|watch)(&|$)/.test(String(hash ?? ""));
