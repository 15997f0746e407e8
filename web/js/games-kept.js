// Your games: every game finished on this device, kept in the browser (IndexedDB), for the
// lobby's "Your games" (your-games.js): the list, the replay of any of them, and the count of
// games played and won against each computer level.
//
// Storage: database "moteplay", store "games" (one entry per finished game, keyed by `id`) and
// store "set-aside" (damaged entries, moved out of the list with the reason, kept for a bug
// report). An entry is plain data (FORMAT_VERSION):
//
//   {v: 1, id, finishedAt (ISO time), game, numPlayers,
//    seats: [{name, kind: "human" | "remote" | "bot", bot (the computer's level, or null)}],
//    here: [the seats played at this device], scores: [per seat], winners: [seats],
//    save: the engine's save (the same as a "Save game" file's: seed, options, every action)}
//
// The id comes from the save (game, seed and a hash of the actions), so the same game is never
// kept twice: not when the page shows a finished game again after a reload, not on import.
//
// The file of "Export" is {format: "moteplay-games", version: 1, exportedAt, games: [entries]}.

const DB_NAME = "moteplay";
const DB_VERSION = 1;
const GAMES = "games";
const ASIDE = "set-aside";
export const FORMAT = "moteplay-games";
export const FORMAT_VERSION = 1;
const KINDS = new Set(["human", "remote", "bot"]);

let opening = null; // the open database (a promise), once asked for

/** The database, opened (and made) once; rejects where the browser keeps no data (storage off). */
function db() {
  opening ??= new Promise((resolve, reject) => {
    let request;
    try {
      request = indexedDB.open(DB_NAME, DB_VERSION);
    } catch (err) {
      reject(err);
      return;
    }
    request.onupgradeneeded = () => {
      const base = request.result;
      if (!base.objectStoreNames.contains(GAMES)) base.createObjectStore(GAMES, { keyPath: "id" });
      if (!base.objectStoreNames.contains(ASIDE)) base.createObjectStore(ASIDE, { autoIncrement: true });
    };
    request.onsuccess = () => {
      const base = request.result;
      base.onversionchange = () => { base.close(); opening = null; }; // a newer page upgrades it
      resolve(base);
    };
    request.onerror = () => reject(request.error ?? new Error("IndexedDB could not be opened"));
    request.onblocked = () => reject(new Error("IndexedDB is blocked by another tab"));
  });
  opening.catch(() => { opening = null; }); // asked again next time (the player may allow storage)
  return opening;
}

/** Run `work(stores)` in one transaction over `names`; resolves to its result once committed. */
async function inTransaction(names, mode, work) {
  const base = await db();
  return new Promise((resolve, reject) => {
    const tx = base.transaction(names, mode);
    const stores = Object.fromEntries(names.map((n) => [n, tx.objectStore(n)]));
    let result;
    Promise.resolve(work(stores, tx)).then((value) => { result = value; }, (err) => { tx.abort(); reject(err); });
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("aborted"));
  });
}

const asked = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

// ------------------------------------------------------------------ entries
/** A short fingerprint of a text (FNV-1a, 32 bits, hex). */
function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** The id of the game a save holds: "motto-12345-87-1a2b3c4d" (game, seed, actions, their hash). */
export function entryId(save) {
  const actions = save.actions ?? [];
  return `${save.game}-${save.seed}-${actions.length}-${fingerprint(JSON.stringify([save.options ?? {}, actions]))}`;
}

/** The entry of a finished game. `seats`: the page's seats ({name, kind, bot, standIn}); `here`:
 *  the seats played at this device; `status`: the engine's last status (scores, winners). */
export function makeEntry({ save, seats, here, status }) {
  return {
    v: FORMAT_VERSION,
    id: entryId(save),
    finishedAt: new Date().toISOString(),
    game: save.game,
    numPlayers: seats.length,
    seats: seats.map((s) => ({ name: String(s.name), kind: s.kind,
                               bot: s.kind === "bot" ? s.bot ?? null : s.kind === "remote" ? s.standIn ?? null : null })),
    here: [...here],
    scores: [...(status.scores ?? [])],
    winners: [...(status.winners ?? [])],
    save,
  };
}

const isSeat = (n, e) => Number.isInteger(n) && n >= 0 && n < e.numPlayers;

/** What is wrong with an entry (a sentence), or null if it can be listed and replayed. The engine
 *  checks the save itself when the replay opens it. */
export function entryProblem(e) {
  if (!e || typeof e !== "object" || Array.isArray(e)) return "it is not an entry";
  if (typeof e.id !== "string" || !e.id) return "it has no id";
  if (typeof e.finishedAt !== "string" || Number.isNaN(Date.parse(e.finishedAt))) return "its date is missing or wrong";
  if (typeof e.game !== "string" || !e.game) return "it names no game";
  if (!Number.isInteger(e.numPlayers) || e.numPlayers < 1 || e.numPlayers > 10) return "its number of players is wrong";
  if (!Array.isArray(e.seats) || e.seats.length !== e.numPlayers ||
      !e.seats.every((s) => s && typeof s.name === "string" && KINDS.has(s.kind))) return "its players are missing or wrong";
  if (!Array.isArray(e.here) || !e.here.every((s) => isSeat(s, e))) return "it does not say who played here";
  if (!Array.isArray(e.scores) || e.scores.length !== e.numPlayers || !e.scores.every(Number.isFinite)) {
    return "its scores are missing or wrong";
  }
  if (!Array.isArray(e.winners) || !e.winners.every((s) => isSeat(s, e))) return "its winners are wrong";
  const save = e.save;
  if (!save || typeof save !== "object") return "its game (the save) is missing";
  if (save.game !== e.game || save.num_players !== e.numPlayers || !Array.isArray(save.actions)) {
    return "its game (the save) does not match it";
  }
  return null;
}

// ------------------------------------------------------------------ the store
/** Keep a finished game, unless it is kept already. Resolves to true if it was added. */
export async function record(entry) {
  const problem = entryProblem(entry);
  if (problem) throw new Error(`not kept: ${problem}`);
  return inTransaction([GAMES], "readwrite", async ({ games }) => {
    if (await asked(games.getKey(entry.id)) !== undefined) return false;
    games.add(entry);
    return true;
  });
}

/** Every kept game, newest first, and the damaged entries set aside: {games, setAside: [{reason,
 *  setAsideAt}]}. A damaged entry found in the list is moved aside now (with its reason). */
export async function list() {
  return inTransaction([GAMES, ASIDE], "readwrite", ({ games, [ASIDE]: aside }) => new Promise((resolve, reject) => {
    const good = [];
    const cursor = games.openCursor();
    cursor.onerror = () => reject(cursor.error);
    cursor.onsuccess = async () => {
      const at = cursor.result;
      if (at) {
        const problem = entryProblem(at.value);
        if (problem) {
          aside.add(asideRecord(at.value, problem));
          at.delete();
        } else {
          good.push(at.value);
        }
        at.continue();
        return;
      }
      const setAside = await asked(aside.getAll());
      good.sort((a, b) => b.finishedAt.localeCompare(a.finishedAt));
      resolve({ games: good, setAside: setAside.map(({ reason, setAsideAt }) => ({ reason, setAsideAt })) });
    };
  }));
}

function asideRecord(value, reason) {
  let text;
  try {
    text = JSON.stringify(value).slice(0, 200_000);
  } catch {
    text = String(value);
  }
  return { reason, setAsideAt: new Date().toISOString(), text };
}

/** Move a kept game out of the list (the engine refused its save: `reason`). */
export async function setAside(id, reason) {
  return inTransaction([GAMES, ASIDE], "readwrite", async ({ games, [ASIDE]: aside }) => {
    const value = await asked(games.get(id));
    if (value === undefined) return;
    aside.add(asideRecord(value, reason));
    games.delete(id);
  });
}

/** Forget the damaged entries set aside. */
export async function clearSetAside() {
  return inTransaction([ASIDE], "readwrite", ({ [ASIDE]: aside }) => { aside.clear(); });
}

/** Forget one kept game. */
export async function remove(id) {
  return inTransaction([GAMES], "readwrite", ({ games }) => { games.delete(id); });
}

/** The export file's content: every kept game. */
export async function exportAll() {
  const { games } = await list();
  return { format: FORMAT, version: FORMAT_VERSION, exportedAt: new Date().toISOString(), games };
}

/** Add the games of an export file's text. Resolves to {added, known, refused: [sentences]};
 *  rejects with a sentence if the file is not such a file. A game kept already is not doubled;
 *  a damaged entry is not imported (its number and what is wrong are in `refused`). */
export async function importText(text) {
  let data;
  try {
    data = JSON.parse(String(text).replace(/^\uFEFF/, ""));
  } catch {
    throw new Error("it is not a Moteplay games file (not JSON)");
  }
  if (!data || data.format !== FORMAT || !Array.isArray(data.games)) {
    throw new Error("it is not a Moteplay games file (made by Export in Your games)");
  }
  if (!Number.isInteger(data.version) || data.version > FORMAT_VERSION) {
    throw new Error("it was made by a newer version of Moteplay");
  }
  const refused = [];
  const fine = [];
  data.games.forEach((entry, i) => {
    const problem = entryProblem(entry);
    if (problem) refused.push(`entry ${i + 1}: ${problem}`);
    else fine.push(entry);
  });
  const counts = await inTransaction([GAMES], "readwrite", async ({ games }) => {
    let added = 0;
    let known = 0;
    for (const entry of fine) {
      if (await asked(games.getKey(entry.id)) !== undefined) known += 1;
      else {
        games.add(entry);
        added += 1;
      }
    }
    return { added, known };
  });
  return { ...counts, refused };
}
