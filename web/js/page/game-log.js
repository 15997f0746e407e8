// The game's log on screen (#log): the engine's lines of the view shown, with this page's own
// notes among them (a step with one choice taken for the viewer: one-choice.js). New lines are
// added, never the whole list redrawn when it only grew; what the other seats just did is said
// to a screen reader once.

import { $, h } from "../dom.js";
import { announce } from "../a11y.js";
import { notesFor, noteLine } from "../one-choice.js";

/**
 * `viewer()`: the seat of the view on screen (null: the spectator's); `fill(text)`: names for
 * "{P1}".
 * @param {{viewer: () => number | null, fill: (text: string) => string}} deps
 */
export function createGameLog({ viewer, fill }) {
  /** @type {string[]} the engine's lines drawn now */
  let drawn = [];
  let ownDrawn = ""; // this page's own lines drawn now, as a key: a change redraws the list

  return {
    /** The lines drawn now. */
    lines: () => drawn,
    /** An empty log (a new game on screen). */
    clear() {
      drawn = [];
      ownDrawn = "";
      $("log")?.replaceChildren();
    },
    /** Draw `lines`, the engine's log of the view on screen. @param {string[]} lines */
    draw(lines) {
      const log = /** @type {HTMLElement} */ ($("log"));
      const seat = viewer();
      const own = notesFor(seat).filter((note) => note.at <= lines.length);
      const ownKey = own.map((note) => `${note.at}:${note.text}`).join("\n");
      const same = lines.length >= drawn.length && drawn.every((line, i) => line === lines[i]) &&
                   ownKey === ownDrawn && log.childElementCount === drawn.length + own.length;
      if (!same) {
        log.replaceChildren();
        drawn = [];
        ownDrawn = ownKey;
      }
      /** @param {number} i */
      const ownBefore = (i) => (same ? [] : own.filter((note) => note.at === i).map((note) => noteLine(note.text)));
      for (const [k, line] of lines.slice(drawn.length).entries()) {
        log.append(...ownBefore(drawn.length + k), h("li", {}, fill(line)));
        // what the other seats just did, said once; the viewer's own moves are not repeated
        if (same && !(seat != null && line.startsWith(`{P${seat}}`))) announce(fill(line));
      }
      log.append(...ownBefore(lines.length));
      drawn = [...lines];
      log.scrollTop = log.scrollHeight;
    },
  };
}

/** @typedef {ReturnType<typeof createGameLog>} GameLog */
