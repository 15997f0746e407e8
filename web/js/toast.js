// The toast: one short sentence over the viewport, for what went wrong (role=alert) or, marked
// as information, a notice (a game brought back from an earlier version's save). The table
// never moves under it.
//
//   showError("Not allowed: …");   clearError();   showNotice("This game was saved by …");

import { $, show } from "./dom.js";

let lastError = ""; // the last failure said (the e2e tests read it through window.__app)

/** The last failure said to the player ("" once cleared). */
export const lastErrorText = () => lastError;

/** Remember a failure that is said elsewhere (the lobby says a refused start by its button). */
export function noteError(message) {
  lastError = message;
}

/** Say what went wrong in the toast. It sits in the half of the screen away from the control
 *  just used, so it does not hide the card the player clicked (at the top, it stays under the
 *  turn line). An empty message hides it. */
export function showError(message) {
  lastError = message;
  const box = $("message");
  const at = document.activeElement?.getBoundingClientRect?.();
  const top = Boolean(message && at && at.height && at.top + at.height / 2 > innerHeight / 2);
  box.classList.toggle("message--top", top);
  const turnLine = $("game").hidden ? 0 : document.querySelector(".game__status").getBoundingClientRect().bottom;
  box.style.top = top ? `${Math.max(16, Math.min(turnLine + 8, innerHeight / 3))}px` : "";
  $("message-text").textContent = message;
  box.classList.remove("message--notice");
  show(box, Boolean(message));
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
