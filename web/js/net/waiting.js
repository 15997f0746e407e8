// The host's view of the players on other devices: the "Waiting for players" screen before
// the game, and the same seat cards in the Players panel during it. Each remote seat shows its
// connection state and its invitation (a link to copy or share, and its QR code), a way to
// connect with no relay (connection codes), and "Let the computer play" / "Give the seat back".
// Everything here is drawn as text; names come from the host's own lobby.

import { h } from "../dom.js";
import { readTurn, saveTurn, clearTurn } from "./config.js";
import { errorText } from "../engine-client.js";

/** What a seat's connection state says ("computer": a stand-in plays; said otherwise).
 *  @type {Record<string, string>} */
const STATE_TEXT = {
  waiting: "Not joined yet",
  connected: "Connected",
  away: "Away: the connection dropped",
};

/** A connection offer for one seat: its link, and accept() for the guest's reply code.
 *  @typedef {{link: string, accept: (code: string) => Promise<unknown>}} SeatOffer */

/** A QR code of `text` (drawn once the QR module has loaded; the link works without it).
 *  @param {string} text @param {string} label @param {string} testid @returns {HTMLElement} */
function qrBox(text, label, testid) {
  const box = h("div", { class: "qr", dataset: { testid } });
  import("./qr.js").then(({ qrSvg }) => qrSvg(text, { label })).then((svg) => box.replaceChildren(svg))
    .catch(() => box.replaceChildren(h("p", { class: "hint qr__none" }, "No QR code here: share the link instead.")));
  return box;
}

/** A read-only link with Copy (and Share where the browser has a share sheet).
 *  @param {string} url @param {string} testid @param {string} what @returns {HTMLElement} */
function linkRow(url, testid, what) {
  const input = h("input", { type: "text", readonly: true, value: url, class: "invite__link", "aria-label": what,
                             dataset: { testid }, onfocus: (/** @type {FocusEvent} */ e) => /** @type {HTMLInputElement} */ (e.target).select() });
  const copied = h("span", { class: "invite__copied", role: "status" });
  const copy = h("button", { type: "button", dataset: { testid: `${testid}-copy` }, onclick: async () => {
    try {
      await navigator.clipboard.writeText(url);
      copied.textContent = "Copied.";
    } catch {
      input.focus();
      input.select();
      copied.textContent = "Selected: copy it with Ctrl+C (or the long-press menu).";
    }
  } }, "Copy");
  const share = navigator.share
    ? h("button", { type: "button", onclick: () => navigator.share({ title: "Moteplay", text: what, url }).catch(() => {}) }, "Share…")
    : null;
  return h("div", { class: "invite__row" }, input, copy, share, copied);
}

/** Connecting one seat with no relay: an offer in the invitation, the guest's reply back.
 *  @param {number} seat @param {string} name @param {{offer: (seat: number) => Promise<SeatOffer>}} how
 *  @returns {HTMLElement} */
function byCodes(seat, name, { offer }) {
  const body = h("div", { class: "invite__codes" });
  const startButton = h("button", { type: "button", dataset: { testid: `offer-make-${seat}` }, onclick: async () => {
    startButton.disabled = true;
    body.replaceChildren(h("p", { class: "hint" }, "Preparing a connection code…"));
    let made;
    try {
      made = await offer(seat);
    } catch (err) {
      body.replaceChildren(h("p", { class: "lobby__error", role: "alert" }, `No connection code: ${errorText(err)}`));
      startButton.disabled = false;
      return;
    }
    const reply = h("input", { type: "text", autocomplete: "off", spellcheck: "false", "aria-label": `${name}'s reply code`,
                               dataset: { testid: `offer-reply-${seat}` } });
    const said = h("p", { class: "hint", role: "status", dataset: { testid: `offer-status-${seat}` } });
    const connect = async () => {
      said.textContent = "Connecting…";
      try {
        await made.accept(reply.value.trim());
        said.textContent = "Connected.";
      } catch (err) {
        said.textContent = errorText(err);
      }
    };
    const video = h("video", { class: "scan__video", playsinline: true, muted: true, hidden: true });
    const scan = h("button", { type: "button", onclick: async () => {
      video.hidden = false;
      try {
        const { scanQr } = await import("./qr.js");
        reply.value = await scanQr(video, {});
        connect();
      } catch (err) {
        said.textContent = errorText(err);
      } finally {
        video.hidden = true;
      }
    } }, "Scan their reply");
    body.replaceChildren(
      h("p", {}, `1. ${name} opens this link (or scans the code):`),
      linkRow(made.link, `offer-link-${seat}`, `Connection link for ${name}`),
      qrBox(made.link, `QR code of the connection link for ${name}`, `offer-qr-${seat}`),
      h("p", {}, `2. Their page shows a reply code. Scan it or type it here:`),
      h("div", { class: "invite__row" }, reply,
        h("button", { type: "button", class: "primary", dataset: { testid: `offer-connect-${seat}` }, onclick: connect }, "Connect"),
        scan),
      video, said);
  } }, "Make a connection code");
  return h("details", { class: "invite__manual" },
    h("summary", {}, "No internet? Connect with codes"),
    h("p", { class: "hint" }, "Works on the same Wi-Fi without any relay: the link carries a connection offer, and " +
      "the reply comes back by QR code or typed. If this page reloads, make a new code."),
    startButton, body);
}

/**
 * Draw the remote seats into `root`.
 * @param {HTMLElement} root
 * @param {{seats: {kind: string, name: string, standIn?: string|null}[], states: (string|null)[], links: (string|null)[], watchLink: string,
 *          levels: {name: string, title: string}[], onStandIn: (seat: number, level: string|null) => void,
 *          offer: (seat: number) => Promise<SeatOffer>,
 *          watching: number}} how
 */
export function drawSeats(root, { seats, states, links, watchLink, levels, onStandIn, offer, watching }) {
  const cards = seats.map((seat, i) => {
    if (seat.kind !== "remote") return null;
    const link = /** @type {string} */ (links[i]); // a remote seat always has its invitation
    const state = seat.standIn ? "computer" : states[i] ?? "waiting";
    const text = seat.standIn ? `The computer plays for now: ${levels.find((l) => l.name === seat.standIn)?.title ?? seat.standIn}`
                              : STATE_TEXT[state];
    const standIn = seat.standIn
      ? h("button", { type: "button", dataset: { testid: `give-back-${i}` }, onclick: () => onStandIn(i, null) },
          `Give the seat back to ${seat.name}`)
      : h("label", { class: "invite__standin" }, "Let the computer play this seat",
          h("select", { dataset: { testid: `stand-in-${i}` },
                        onchange: (/** @type {Event} */ e) => {
                          const { value } = /** @type {HTMLSelectElement} */ (e.target);
                          if (value) onStandIn(i, value);
                        } },
            h("option", { value: "" }, `No, ${seat.name} plays`),
            levels.map((l) => h("option", { value: l.name }, l.title))));
    return h("section", { class: `invite is-${state}`, dataset: { testid: `net-seat-${i}`, state } },
      h("h3", {}, seat.name, " ", h("span", { class: `badge net-state net-state--${state}`, dataset: { testid: `net-state-${i}` } }, text)),
      h("p", {}, `Send ${seat.name} this invitation:`),
      linkRow(link, `invite-link-${i}`, `Invitation for ${seat.name}`),
      qrBox(link, `QR code of the invitation for ${seat.name}`, `invite-qr-${i}`),
      standIn,
      byCodes(i, seat.name, { offer }));
  });
  root.replaceChildren(
    ...cards.filter((card) => card !== null),
    h("section", { class: "invite invite--watch", dataset: { testid: "net-watch" } },
      h("h3", {}, "Table screen", watching ? h("span", { class: "badge" }, ` ${watching} watching`) : null),
      h("p", { class: "hint" }, "For a TV or a laptop in the middle of the table: it shows the public table, no hands."),
      linkRow(watchLink, "watch-link", "Table screen link"),
      qrBox(watchLink, "QR code of the table screen link", "watch-qr")));
}

/** What each way of connecting needs, in plain words.
 *  @returns {HTMLElement} */
export function howToConnect() {
  return h("details", { class: "net-help" },
    h("summary", {}, "What does this need?"),
    h("ul", {},
      h("li", {}, "A link: both devices need the internet. The link finds the host through public relays; the game " +
        "then goes straight between the devices (encrypted), never through a server of ours."),
      h("li", {}, "Some networks (some mobile networks, strict office or school Wi-Fi) block direct connections: " +
        "they need a TURN relay. You can add your own below."),
      h("li", {}, "No internet: on the same Wi-Fi, connect with codes (each player's “No internet? Connect with codes”)."),
      h("li", {}, "Nothing works? Play on this one screen: choose “Human — this device” for every player (hotseat).")),
    turnSettings());
}

/** The user's own TURN server (kept in this browser; used for every connection from now on).
 *  @returns {HTMLElement} */
function turnSettings() {
  const turn = readTurn() ?? { urls: [], username: "", credential: "" };
  const urls = h("input", { type: "text", value: turn.urls ?? "", placeholder: "turn:turn.example.org:3478", dataset: { testid: "turn-urls" } });
  const username = h("input", { type: "text", value: turn.username ?? "", autocomplete: "off" });
  const credential = h("input", { type: "password", value: turn.credential ?? "", autocomplete: "off" });
  const said = h("span", { role: "status" });
  return h("fieldset", { class: "turn-settings" },
    h("legend", {}, "Your own TURN server"),
    h("label", {}, "Address ", urls), h("label", {}, "User name ", username), h("label", {}, "Password ", credential),
    h("button", { type: "button", onclick: () => {
      try {
        if (urls.value.trim()) saveTurn({ urls: urls.value.trim(), username: username.value, credential: credential.value });
        else clearTurn();
        said.textContent = urls.value.trim() ? "Saved: used from the next connection." : "Removed.";
      } catch (err) {
        said.textContent = errorText(err);
      }
    } }, "Save"), said);
}
