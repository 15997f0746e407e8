// The turn line over the table (#turn): whose turn it is and what they are asked, "X is
// thinking…" while a computer moves, and, while someone on another device is to move, that the
// table waits for them (or for them to come back, when their device has dropped).

import { $, h } from "../dom.js";

/** @typedef {import("../play/types.js").Seat} Seat */

/**
 * Draw the turn line for `view`. `thinking`: the computer's seat that is thinking; `waiting`: the
 * seat of someone on another device who is to move; `seats`: the game's seats; `away(seat)`: that
 * seat's device has dropped; `guest`: this is a guest's page (the host's page says "on their
 * device" and where to give the seat to a computer).
 * @param {any} view
 * @param {{thinking: number | null, waiting: number | null, seats: Seat[], away: (seat: number) => boolean,
 *          guest: boolean, fill: (text: string) => string}} what
 */
export function drawTurn(view, { thinking, waiting, seats, away, guest, fill }) {
  const turn = /** @type {HTMLElement} */ ($("turn"));
  turn.dataset.seat = view.current_player ?? "";
  if (waiting != null && !view.is_over && seats[waiting]?.kind === "bot") thinking = waiting;
  if (view.is_over) {
    turn.textContent = "The game is over.";
  } else if (waiting != null && thinking == null) {
    const name = seats[waiting]?.name ?? "";
    const gone = away(waiting);
    turn.replaceChildren(
      h("span", { class: "turn__who", dataset: { testid: "waiting-for" } },
        gone ? `Waiting for ${name} to come back` : guest ? `${name}'s turn` : `${name}'s turn, on their device`),
      h("span", { class: "turn__prompt" }, !gone ? fill(view.prompt)
        : guest ? "The game goes on when they reconnect, or when the host gives their seat to the computer."
        : "The game goes on when they reconnect, or give the seat to the computer (Players)."));
  } else if (thinking != null) {
    turn.replaceChildren(
      h("span", { class: "turn__who" }, seats[thinking]?.name ?? ""),
      h("span", { class: "thinking", dataset: { testid: "thinking" } }, " is thinking",
        h("span", { class: "dots", "aria-hidden": "true" }, h("span", {}, "."), h("span", {}, "."), h("span", {}, "."))));
  } else {
    const who = seats[view.current_player]?.name ?? "";
    turn.replaceChildren(
      h("span", { class: "turn__who" }, `${who}'s turn`),
      h("span", { class: "turn__prompt" }, fill(view.prompt)));
  }
}
