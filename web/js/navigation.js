// History navigation: the lobby and the game are two entries of the browser's history, so Back
// in a game goes to the lobby and Forward comes back to it.
//
//   startHistory(onMove);   // once: the page starts as the lobby entry
//   navigate("game");       // make a screen the current entry
//   onMove(screen) hears Back/Forward ("lobby" | "game"); stayInLobby() undoes a Forward that
//   has no game to go to.

/** Make `screen` ("lobby" | "game") the current history entry, so Back leaves the game. */
export function navigate(screen) {
  if (history.state?.screen !== screen) history.pushState({ screen }, "");
}

/** Keep the lobby's entry where a Forward would go to a game that cannot be shown. */
export function stayInLobby() {
  history.replaceState({ screen: "lobby" }, "");
}

/** Start the page's history as the lobby, each screen at its own top; `onMove(screen)` hears
 *  every Back and Forward. */
export function startHistory(onMove) {
  history.scrollRestoration = "manual"; // each screen starts at its top
  stayInLobby();
  window.addEventListener("popstate", (event) => onMove(event.state?.screen));
}
