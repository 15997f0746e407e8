// Steps with one choice: a step of the player at this device whose only legal answer shows
// nothing new is taken for them (Settings: "Steps with one choice", on by default), with a short
// note under the turn line, said to screen readers, and a line in this page's log. The shell
// (page/game-screen.js advance()) asks oneChoice() and, after pauseBeforeOneChoice(), plays the answer through
// its ordinary act(): the engine, the save and the other devices see an ordinary move, logged
// in the same words as a click.
//
// What it must not tell anyone else:
// - the note and its log line are this page's own (never in the engine's log, a save or a
//   message), and show only while that seat's own screen is up (a hotseat curtain hides them);
// - with other people at the table (hotseat, a hosted table, a guest's page) the pause is a
//   random one of a quick click (0.8 to 2.5 s) at any speed, so the moment of the move does not
//   tell that there was nothing to choose.
//
// Which steps are taken (docs/web-guide.md, "Steps with one choice"): every step with one legal action,
// except the ones the game's view module lists in its `shownSteps`, whose point is what the
// player sees. After an undo
// or the player's own "cancel", the step they come back to is theirs to click (declineOneChoice).

import { $, h, show } from "./dom.js";
import { announce } from "./a11y.js";
import { addressPace, pace, SPEEDS } from "./pace.js";
import { readSettings } from "./settings.js";

let declined = null; // "seat:actions": the position the player came back to (undo, cancel)
let note = null;     // {seat, turn}: the note under the turn line, while it shows
let notes = [];      // [{seat, at, text}]: the log's own lines (at: the engine log line they precede)

/** The action to take for `seat` in `view` (its own view, its turn), or null. `status` is the
 *  engine's status of that position; `module` the game's view module, whose `shownSteps` (a list
 *  of patterns of action ids) are single answers there for the player to look at something. */
export function oneChoice(view, seat, status, module) {
  if (!readSettings().oneChoice || view?.is_over || seat == null || view.current_player !== seat) return null;
  const legal = view.legal_actions ?? [];
  if (legal.length !== 1) return null;
  if ((module?.shownSteps ?? []).some((re) => re.test(legal[0].id))) return null;
  if (declined === `${seat}:${status?.actions}`) return null;
  return legal[0];
}

/** The player came back to this position themselves (undo, cancel): leave its step to them. */
export function declineOneChoice(seat, status) {
  declined = `${seat}:${status?.actions}`;
}

/** How long the note shows before the step is taken, in ms. `others`: other people share this
 *  table (hotseat, several devices). */
export function pauseBeforeOneChoice({ others }) {
  if (!others) return Math.round(pace() * 10 / 7); // about 1 s at normal speed
  // like a quick click, whatever the speed; shorter only for an address with ?pace= (the tests)
  const scale = addressPace == null ? 1 : Math.min(1, addressPace / SPEEDS.normal);
  return Math.round((800 + Math.random() * 1700) * scale);
}

/** Say that `text` was taken for `seat`: the note under the turn line (kept for that turn),
 *  a line of this page's own in the log (before engine line `at`), and to screen readers. */
export function noteOneChoice({ seat, turn, at, text }) {
  note = { seat, turn };
  const box = $("one-choice-note");
  box.textContent = text;
  show(box, true);
  // the same step drawn again before it was taken (a guest's page redraws on the host's news)
  if (notes.some((n) => n.seat === seat && n.at === at && n.text === text)) return;
  notes.push({ seat, at, text });
  announce(text);
}

/** Hide the note under the turn line, unless it is `seat`'s of this `turn` (null: hide it). */
export function clearOneChoiceNote({ seat = null, turn = null } = {}) {
  if (note && note.seat === seat && note.turn === turn) return;
  note = null;
  show($("one-choice-note"), false);
}

/** A new game, or a new deal: no note, and no log line of an earlier game. */
export function forgetOneChoices() {
  clearOneChoiceNote();
  notes = [];
  declined = null;
}

/** Forget the log lines of moves that are no longer in the log (`length` lines: an undo). */
export function dropNotesFrom(length) {
  notes = notes.filter((n) => n.at < length);
}

/** The log's own lines that `viewer`'s screen shows, in order. */
export function notesFor(viewer) {
  return viewer == null ? [] : notes.filter((n) => n.seat === viewer);
}

/** A log line of this page's own (`li`), marked as such. */
export function noteLine(text) {
  return h("li", { class: "log__local", dataset: { testid: "log-local" } },
    h("span", { class: "sr-only" }, "Note on this device: "), text);
}
