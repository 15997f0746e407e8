// Autosave: the game in progress (or the last finished one) kept in the browser, so a
// reload, a crash, a closed tab, Back or an update never loses it.
//
// What is stored (localStorage "moteplay.autosave.v1") is the engine's save (seed,
// options, every action) plus the page's seats (names, human or which computer) and a
// short description for the lobby's "Continue" button. A save that no longer loads is
// moved aside to "moteplay.autosave.broken" (kept for a bug report, never shown) so the
// lobby opens empty instead of failing again.
//
// The save holds the seed and every action, which is enough to rebuild every hand: like
// the "Save game" file, it stays in this browser and is never shown on the page.

import { plural } from "./dom.js";

const KEY = "moteplay.autosave.v1";
const BROKEN_KEY = "moteplay.autosave.broken";

/** The stored autosave ({save, seats, title, turn, isOver, savedAt}), or null if none. */
export function readAutosave() {
  let text;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    return null; // storage disabled
  }
  if (text == null) return null;
  try {
    const data = JSON.parse(text);
    if (data && typeof data === "object" && data.save && typeof data.save === "object") return data;
  } catch {
    /* falls through: not JSON */
  }
  return { corrupt: true, text };
}

/** Store the game: `save` is the engine's save, `seats` the page's seats, `hints` whether
 *  "Suggest a move" is on for this table, `room` the room of its players on other devices. */
export function writeAutosave({ save, seats, hints = true, title, status, room = null }) {
  const data = {
    save, seats, hints, title,
    room, // a table with seats on other devices: its room (net/host-record.js keeps the rest)
    numPlayers: status.num_players,
    turn: status.turn,
    isOver: status.is_over,
    savedAt: new Date().toISOString(),
  };
  try {
    localStorage.setItem(KEY, JSON.stringify(data));
    return true;
  } catch (err) {
    console.warn("The game could not be autosaved:", err);
    return false;
  }
}

/** Move a stored save that cannot be restored out of the way (kept for a bug report). */
export function setAsideAutosave() {
  try {
    const text = localStorage.getItem(KEY);
    if (text != null) localStorage.setItem(BROKEN_KEY, text);
  } catch {
    /* quota: dropping it is fine, it cannot be loaded anyway */
  }
  clearAutosave();
}

export function clearAutosave() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* storage disabled */
  }
}

/** "Motto, 3 players, turn 41" / "Motto, 3 players, finished" for the lobby. */
export function describeAutosave(data) {
  const players = plural(data.numPlayers, "player");
  return `${data.title}, ${players}, ${data.isOver ? "finished" : `turn ${data.turn}`}`;
}
