// The page's game flow as a decision without DOM: for the game as it is now, what this page's
// screen shows next. page/game-screen.js asks it after every change and draws the answer; the authority's
// screen for this page asks it which seat's view to hand over. Hidden information rests on it:
// a seat's view is shown only to the person to move at this screen, or, while others move, to
// the person whose screen is already up; with two or more people here, a person's turn after
// another's first shows the curtain.

/** @typedef {import("./types.js").Status} Status */

/**
 * What the screen shows next:
 *   over      the game is over: `seat`'s view (null: the spectator's) and the score table
 *   computer  a computer (`mover`) is to move: `seat`'s view with "thinking…"
 *   elsewhere someone on another device (`mover`) is to move: `seat`'s view, waiting for them
 *   curtain   `mover`, a person at this screen, is next after another: the curtain, no hand
 *   person    `mover`, a person at this screen, is to move: their view and choices
 * @typedef {{step: "over" | "computer" | "elsewhere" | "curtain" | "person", seat: number | null | undefined,
 *            mover: number | null}} Step
 */

/**
 * `here`: the seats of the people at this screen; `computers`: the computer level playing each
 * seat (null: a person); `shown`: the person whose screen is (or was last) up.
 * @param {{status: Status, here: number[], computers: (string | null)[], shown: number | null}} game
 * @returns {Step}
 */
export function nextStep({ status, here, computers, shown }) {
  const one = here.length === 1 ? here[0] : null;
  if (status.is_over) return { step: "over", seat: one, mover: null };
  const mover = status.current_player;
  if (mover == null) return { step: "over", seat: one, mover: null };
  // while someone else moves, the screen keeps the only person here, or the one whose screen is up
  const watching = one ?? shown;
  if (computers[mover] != null) return { step: "computer", seat: watching, mover };
  if (!here.includes(mover)) return { step: "elsewhere", seat: watching, mover };
  if (here.length >= 2 && shown !== mover) return { step: "curtain", seat: undefined, mover };
  return { step: "person", seat: mover, mover };
}
