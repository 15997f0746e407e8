// Save files: "Save game" downloads the engine's save with the page's seats (names, computer
// levels) and hints setting; "Load game" reads a file the player picks. The engine checks every
// file and explains what is wrong with it (docs/bridge-contract.md, load).

import { $, downloadJSON } from "./dom.js";
import { failureText } from "./engine-client.js";
import { session } from "./session.js";
import { curtainOpen } from "./a11y.js";
import { showError } from "./toast.js";
import { defaultSeats, defaultName, NAME_MAX } from "./lobby.js";

/** The engine's save of the current game with the page's own fields ("seats", "hints": the
 *  engine ignores extra keys), or a failed reply. */
export async function pageSave(setup) {
  const reply = await session().save();
  if (!reply.ok) return reply;
  return { ok: true, save: reply.save, file: { ...reply.save, seats: setup?.seats, hints: setup?.hints !== false } };
}

/** "Save game": download the current game as "<game>-seed<seed>-turn<turn>.json". */
export async function saveGame(setup, turn = 0) {
  if (curtainOpen()) return; // the save holds the seed and every action: never under the curtain
  const reply = await pageSave(setup);
  if (!reply.ok) {
    showError(failureText(reply, (error) => `Could not save: ${error}`));
    return;
  }
  downloadJSON(`${reply.save.game}-seed${reply.save.seed}-turn${turn}.json`, reply.file);
}

/** "Load game": open the file picker (its change event loads the file). */
export function pickFile() {
  if (curtainOpen()) return;
  const input = /** @type {HTMLInputElement} */ ($("file-load"));
  input.value = "";
  input.click();
}

/** A picked file's text, decoded as UTF-8 in every browser (a byte-order mark first is dropped;
 *  a UTF-16 file comes out garbled and the engine asks for it to be saved as UTF-8: file.text()
 *  would decode UTF-16 in some browsers and not in others), with the page's seats and hints in
 *  it if it is JSON that has them. */
export async function readSaveFile(file) {
  const text = new TextDecoder("utf-8").decode(await file.arrayBuffer());
  let seats = null;
  let hints;
  try {
    ({ seats = null, hints } = JSON.parse(text) ?? {});
  } catch {
    /* not JSON: the engine will say so */
  }
  return { text, seats, hints };
}

/** The page's setup for a loaded game (`info`: the game's list_games entry): the save's seats if
 *  they fit, else default seats. A name the lobby would refuse (blank, or longer than NAME_MAX)
 *  becomes the seat's default name; hints stay on unless the save turned them off. */
export function setupFromSave(status, seats, hints, info) {
  const botNames = new Set((info?.bots ?? []).map((b) => b.name));
  const valid = Array.isArray(seats) && seats.length === status.num_players &&
    seats.every((s) => s && typeof s.name === "string" &&
      (s.kind === "human" || s.kind === "remote" || (s.kind === "bot" && botNames.has(s.bot))));
  const fits = (name) => name.trim() !== "" && name.trim().length <= NAME_MAX;
  return {
    game: status.game, numPlayers: status.num_players, seed: status.seed, options: status.options,
    seats: valid ? seats.map((s, i) => ({ kind: s.kind, bot: s.kind === "bot" ? s.bot : null,
                                         ...(s.kind === "remote" && botNames.has(s.standIn) ? { standIn: s.standIn } : {}),
                                         name: fits(s.name) ? s.name.trim() : defaultName(s.kind, i) }))
                 : defaultSeats(info ?? { bots: [] }, status.num_players),
    hints: hints !== false,
  };
}
