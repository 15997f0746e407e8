// Hotseat news (hotseat-news.js): which cards are new in a player's hand, and the words for them.

import { test } from "node:test";
import assert from "node:assert/strict";
import { newCards, newsWords } from "./hotseat-news.js";

/** A card as the views show it. @param {string} key @param {string} [label] */
const card = (key, label = key) => ({ key, label });

test("a card taken face up from the table is taken", () => {
  const before = { table: { hand: [card("clay")], market: [card("paper"), card("glass")] }, log: [] };
  const after = { table: { hand: [card("clay"), card("paper")], market: [card("glass")] }, log: ["{P0} takes a card."] };
  assert.deepEqual(newCards(before, after, 0), { took: ["paper"], drew: [] });
});

test("a card from the deck, unseen by the others, is drawn", () => {
  const before = { table: { hand: [card("clay")], market: [card("glass")], deck: 30 }, log: [] };
  const after = { table: { hand: [card("clay"), card("stone", "Stone")], market: [card("glass")], deck: 29 },
                  log: ["{P0} draws a card."] };
  assert.deepEqual(newCards(before, after, 0), { took: [], drew: ["Stone"] });
});

test("nothing new: a card played from the hand, or no change at all", () => {
  const before = { table: { hand: [card("clay"), card("paper")], market: [] }, log: [] };
  const played = { table: { hand: [card("clay")], market: [card("paper")] }, log: ["{P0} plays Paper."] };
  assert.deepEqual(newCards(before, played, 0), { took: [], drew: [] });
  assert.deepEqual(newCards(before, before, 0), { took: [], drew: [] });
});

test("cards of the same label: only the copies added count, each where it came from", () => {
  const before = { table: { hand: [card("money", "2 Money")], market: [card("money", "2 Money")] }, log: [] };
  // one copy taken from the market, one drawn from the deck: the hand goes from one copy to three
  const after = { table: { hand: [card("money", "2 Money"), card("money", "2 Money"), card("money", "2 Money")], market: [] },
                  log: [] };
  assert.deepEqual(newCards(before, after, 0), { took: ["2 Money"], drew: ["2 Money"] });
  // a copy already in the hand is not new
  const same = { table: { hand: [card("money", "2 Money")], market: [card("money", "2 Money")] }, log: [] };
  assert.deepEqual(newCards(before, same, 0), { took: [], drew: [] });
});

test("a card named in the player's own log lines of the move is taken, another player's lines do not count", () => {
  const before = { table: { hand: [] }, log: ["{P1} passed earlier: Clay."] };
  const after = { table: { hand: [card("clay", "Clay"), card("paper", "Paper")] },
                  log: ["{P1} passed earlier: Clay.", "{P0} takes Clay from {P1}.", "{P1} says Paper."] };
  assert.deepEqual(newCards(before, after, 0), { took: ["Clay"], drew: ["Paper"] });
});

test("cards in other hands on the table are not in sight", () => {
  const before = { table: { hand: [], players: [{ hand: [card("clay")] }] }, log: [] };
  const after = { table: { hand: [card("clay")], players: [{ hand: [] }] }, log: [] };
  assert.deepEqual(newCards(before, after, 0), { took: [], drew: ["clay"] });
});

test("the words: taken cards by label, drawn ones as worded, both joined by 'and'", () => {
  assert.equal(newsWords(["Clay", "Paper"], ""), "took Clay, Paper");
  assert.equal(newsWords([], "a card from the deck"), "drew a card from the deck");
  assert.equal(newsWords(["Clay"], "2 cards from the deck"), "took Clay and drew 2 cards from the deck");
  assert.equal(newsWords([], ""), "");
});
