// The message box: one short sentence for what went wrong (role=alert) or, marked as
// information, a notice (a game brought back from an earlier version's save). During a game it
// has its own place in the page, right under the turn line: the table's area gets shorter while
// it shows, and it never covers the hand, the decision's controls or the opponents. Elsewhere
// (the lobby) it floats over the viewport, away from the control just used.
//
//   showError("Not allowed: …");   clearError();   showNotice("This game was saved by …");

import { $, show } from "./dom.js";
import { showChoices } from "./a11y.js";

let lastError = ""; // the last failure said (the e2e tests read it through window.__app)

/** The last failure said to the player ("" once cleared). */
export const lastErrorText = () => lastError;

/** Remember a failure that is said elsewhere (the lobby says a refused start by its button). */
export function noteError(message) {
  lastError = message;
}

/** Say what went wrong. In a game: under the turn line, in the page's flow (the choices of the
 *  table's area are brought back into view, as after a redraw). Elsewhere: over the viewport, in
 *  the half of the screen away from the control just used. An empty message hides it. */
export function showError(message) {
  lastError = message;
  const box = $("message");
  const inGame = !$("game").hidden;
  // the box lives under the game's head during a game, at the top of the page otherwise
  if (inGame) document.querySelector(".game__head").after(box);
  else $("main").prepend(box);
  const at = document.activeElement?.getBoundingClientRect?.();
  box.classList.toggle("message--top", Boolean(!inGame && message && at && at.height
                                               && at.top + at.height / 2 > innerHeight / 2));
  $("message-text").textContent = message;
  box.classList.remove("message--notice");
  const changed = box.hidden === Boolean(message);
  show(box, Boolean(message));
  if (inGame && changed) showChoices($("table"));
}

export const clearError = () => showError("");

/** A sentence for the player that is not a failure, in the same toast (marked as information). */
export function showNotice(message) {
  const before = lastError;
  showError(message);
  lastError = before;
  $("message").classList.add("message--notice");
}

$("message-close").addEventListener("click", clearError);
