// Who sits at the page's game, read from the page's state: the players' names, the people at
// this device, the computer playing each seat. One place for the questions every part of the
// page asks; nothing here writes.

import { fillNames } from "../dom.js";

/** @typedef {import("./state.js").Page} Page */
/** @typedef {import("../play/types.js").Seat} Seat */

/**
 * `page`: the page's store; `guest()`: on a guest's page, its own seat (null: watching), else
 * undefined (this page runs the game); `games()`: the games the site has (build.json).
 * @param {{page: Page, guest: () => number | null | undefined, games: () => {name: string, title?: string}[]}} deps
 */
export function createSeats({ page, guest, games }) {
  const seats = () => page.state.setup?.seats ?? [];
  const names = () => seats().map((seat) => seat.name);
  /** The computer level that plays `seat` now on this page (a seat on another device handed to
   *  a computer plays at its stand-in level), or null. A guest's page never moves a computer.
   *  @param {Seat} seat */
  const botLevel = (seat) => (guest() !== undefined ? null
    : seat.kind === "bot" ? seat.bot ?? null : seat.kind === "remote" ? seat.standIn ?? null : null);
  return {
    names,
    /** "{P1} takes" -> "Ann takes" @param {string} text */
    fill: (text) => fillNames(text, names()),
    /** The people at this device: a guest's own seat, else the seats played "on this device".
     *  @returns {number[]} */
    humans: () => {
      const own = guest();
      if (own !== undefined) return own != null ? [own] : [];
      return seats().flatMap((seat, i) => (seat.kind === "human" ? [i] : []));
    },
    botLevel,
    /** The computer level playing each seat of `setup` (the page's game unless named; null: a
     *  person; all null on a guest's page). @param {import("../play/types.js").Setup | null} [setup] */
    computers: (setup = page.state.setup) => (setup?.seats ?? []).map(botLevel),
    /** The site's record of a game (its title, its computer levels). @param {string | undefined} name */
    gameInfo: (name) => games().find((game) => game.name === name),
    /** A game's title as players know it. @param {string} name */
    title: (name) => games().find((game) => game.name === name)?.title ?? name,
  };
}

/** @typedef {ReturnType<typeof createSeats>} Seats */
