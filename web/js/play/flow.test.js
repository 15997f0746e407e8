// The page's game flow (flow.js): what the screen shows for each kind of table.

import { test } from "node:test";
import assert from "node:assert/strict";
import { nextStep } from "./flow.js";

/** @param {number | null} current @param {boolean} [over] */
const status = (current, over = false) => ({
  game: "motto", num_players: 4, current_player: over ? null : current, is_over: over, scores: null,
  winners: [], turn: 1, actions: 5, can_undo: false,
});

test("one person against computers: their own view all along, thinking while a computer moves", () => {
  const computers = [null, "easy", "hard"];
  assert.deepEqual(nextStep({ status: status(0), here: [0], computers, shown: null }), { step: "person", seat: 0, mover: 0 });
  assert.deepEqual(nextStep({ status: status(1), here: [0], computers, shown: null }), { step: "computer", seat: 0, mover: 1 });
  assert.deepEqual(nextStep({ status: status(null, true), here: [0], computers, shown: 0 }), { step: "over", seat: 0, mover: null });
});

test("hotseat: another person's turn brings the curtain, no seat's view is handed over behind it", () => {
  const computers = [null, null, "easy"];
  assert.deepEqual(nextStep({ status: status(1), here: [0, 1], computers, shown: 0 }), { step: "curtain", seat: undefined, mover: 1 });
  assert.deepEqual(nextStep({ status: status(1), here: [0, 1], computers, shown: 1 }), { step: "person", seat: 1, mover: 1 });
  // a computer moves while the last person's screen is up: that screen stays, nobody else's
  assert.deepEqual(nextStep({ status: status(2), here: [0, 1], computers, shown: 1 }), { step: "computer", seat: 1, mover: 2 });
  // before anyone's screen was up, and at the end: the spectator's table (no hand)
  assert.deepEqual(nextStep({ status: status(2), here: [0, 1], computers, shown: null }), { step: "computer", seat: null, mover: 2 });
  assert.deepEqual(nextStep({ status: status(null, true), here: [0, 1], computers, shown: 1 }), { step: "over", seat: null, mover: null });
});

test("a table with seats on other devices: the host's page and a guest's wait for the player elsewhere", () => {
  // the host plays seat 0; seats 1 and 3 are guests, seat 2 a computer
  const computers = [null, null, "easy", null];
  assert.deepEqual(nextStep({ status: status(3), here: [0], computers, shown: 0 }), { step: "elsewhere", seat: 0, mover: 3 });
  // a guest's page moves no computer: a computer's turn is someone elsewhere's, like a person's
  assert.deepEqual(nextStep({ status: status(2), here: [1], computers: [], shown: null }), { step: "elsewhere", seat: 1, mover: 2 });
  // the table screen: nobody here, the spectator's view
  assert.deepEqual(nextStep({ status: status(1), here: [], computers: [], shown: null }), { step: "elsewhere", seat: null, mover: 1 });
  // a host with no seat of their own, a computer to move
  assert.deepEqual(nextStep({ status: status(2), here: [], computers, shown: null }), { step: "computer", seat: null, mover: 2 });
});
