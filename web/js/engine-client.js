// The page's only door to the Python engine.
//
// The engine runs in PyScript's worker (@pyscript/core's PyWorker, Pyodide inside), so a
// long bot turn never freezes the page. The worker runs py/worker.py, which exports the
// bridge (`__export__ = ["call", "info"]`); the page calls `await worker.sync.call(name,
// json)`. Calls are postMessage round trips: they work WITHOUT SharedArrayBuffer /
// cross-origin isolation (`sync_main_only`), so no special HTTP headers are needed (GitHub
// Pages cannot send them). Pyodide itself is booted by our own module,
// pyodide/engine-boot-<hash>.mjs (the PyWorker's `version`): the compiled standard library,
// the engine wheel and the memory snapshot (docs/web-guide.md, "Loading").
//
//   import { readBuild, start, call } from "./engine-client.js";
//   const build = await readBuild();           // build.json: the games for the lobby, paths
//   start(build, { onProgress: (text) => ... }); // boots in the background
//
// js/engine-start.js calls the same two as soon as the page's first bytes are in (before the
// page's own modules have loaded); page/boot.js then joins that boot.
//   const reply = await request("new_game", { game: "motto", num_players: 3, seed: 1, options: {} });
//   if (!reply.ok) showError(failureText(reply, (error) => `The game could not start: ${error}.`));
//
// Every bridge function (docs/bridge-contract.md) takes and returns JSON; call() does the
// JSON on both sides, waits for the engine if it is still starting, and resolves to the
// reply object. request() is the one way the page calls the engine: call() that never rejects
// and tells a refusal from a bug the same way everywhere (failureText()).

const SITE = new URL("../", import.meta.url); // site root (this file is in js/)

/**
 * build.json (JSON, written by scripts/assemble_site.py): the lobby's `games` (the engine's
 * list_games), the paths from the site's root of PyScript (`pyscript`), of the worker's script
 * (`worker`) and of the engine's boot module (`engine_boot`), versions, the files to download.
 * @typedef {{games: Record<string, any>[], pyscript: string, worker: string, engine_boot: string,
 *            [key: string]: any}} Build
 */

/**
 * The worker's info() (JSON): engine and Python versions, `boot` ("snapshot" or "fresh"),
 * `snapshotError`, and the boot's moments: `startedAt` (the loader's start, an absolute time
 * in ms), `pythonMs` and `bootMs` (from it), `marks` (absolute times).
 * @typedef {{startedAt: number, pythonMs: number, bootMs: number, marks?: Record<string, number>,
 *            [key: string]: any}} WorkerInfo
 */

/**
 * What this file uses of PyScript's PyWorker: the bridge's exports, called through `sync`.
 * @typedef {{sync: {call(name: string, json?: string): Promise<string>, info(): Promise<string>},
 *            terminate(): void}} EngineWorker
 */

/** @type {Promise<Build> | null} */
let build = null; // the readBuild() promise (build.json is read once)
/** @type {Promise<{worker: EngineWorker, info: WorkerInfo}> | null} */
let booting = null; // the start() promise: resolves to the worker once the engine answers
let bootFailed = false; // did that promise reject?
/** @type {Promise<unknown>} */
let queue = Promise.resolve(); // calls run one after the other, in order
let step = ""; // the boot's current step, and who wants to hear of the next ones
/** @type {Set<(text: string) => void>} */
const listeners = new Set();

/** What went wrong, as text: a thrown error's message, else what was thrown.
 *  @param {unknown} err @returns {string} */
export const errorText = (err) => String(/** @type {{message?: unknown} | null | undefined} */ (err)?.message ?? err);

/** build.json: where the engine's files are, the snapshot key, versions, and `games` (the
 *  engine's list_games, written at build time so the lobby needs no Python). Read once.
 *  @returns {Promise<Build>} */
export function readBuild() {
  build ??= (async () => {
    if (location.protocol === "file:") {
      throw new Error("This page must be served over http(s): run scripts/serve and open the URL it prints.");
    }
    const res = await fetch(new URL("build.json", SITE), { cache: "no-cache" });
    if (!res.ok) {
      throw new Error(`build.json could not be loaded (HTTP ${res.status}); was the site built with scripts/build?`);
    }
    return res.json();
  })();
  return build;
}

/** Start the engine in PyScript's worker (once: later calls join the same boot). Resolves to
 *  `build` plus the worker's info: engine and Python versions, `boot` ("snapshot" or
 *  "fresh"), `bootMs`, `pythonMs`, `snapshotError`. Calls made meanwhile wait for it.
 *  `onProgress(text)` hears the current step at once and every later one.
 *  @param {Build} build @param {{onProgress?: ((text: string) => void) | null}} [how]
 *  @returns {Promise<Build & WorkerInfo>} */
export function start(build, { onProgress = null } = {}) {
  if (onProgress) {
    listeners.add(onProgress);
    if (step) onProgress(step);
  }
  if (!booting) {
    booting = boot(build, (text) => {
      step = text;
      for (const listener of listeners) listener(text);
    });
    booting.catch(() => { bootFailed = true; });
  }
  return booting.then(({ info }) => ({ ...build, ...info }));
}

/** Forget a boot that failed, so that the next start() boots again (a Retry after the
 *  engine's download failed). Returns false while a boot is under way or has succeeded. */
export function forgetFailedBoot() {
  if (!bootFailed) return false;
  booting = null;
  bootFailed = false;
  step = "";
  return true;
}

/** Has start() been called? (call() refuses before that.) */
export const started = () => booting !== null;

/** ms from navigation start (performance.now() of the page) of each step of the boot.
 *  @type {Record<string, number>} */
export const bootMarks = {};
const mark = (/** @type {string} */ name) => { bootMarks[name] = Math.round(performance.now()); };

/** Boot the engine's worker and wait for its first answer.
 *  @param {Build} build @param {(text: string) => void} onProgress
 *  @returns {Promise<{worker: EngineWorker, info: WorkerInfo}>} */
async function boot(build, onProgress) {
  onProgress("Loading PyScript…");
  mark("start");
  const { PyWorker } = await import(new URL(build.pyscript, SITE).href);
  mark("pyscriptImported");
  // PyScript defines <py-script> once its hooks are set (with no <script type="py"> in the
  // page, its whenDefined("py") never resolves); a PyWorker made earlier races them
  await customElements.whenDefined("py-script");
  mark("pyscriptReady");
  onProgress("Starting Python (Pyodide) and the engine…");
  // a blob worker: every URL it is given must be absolute
  /** @type {EngineWorker} */
  const worker = await PyWorker(new URL(build.worker, SITE).href, {
    type: "pyodide",
    version: new URL(build.engine_boot, SITE).href,
    config: { sync_main_only: true },
  });
  mark("workerReady");
  // worker.ready does not reject when the worker's Python fails: a first real call does
  /** @type {WorkerInfo} */
  let info;
  try {
    info = JSON.parse(await worker.sync.info());
    mark("engineAnswered");
    // the loader's own moments, in the page's clock (its startedAt is an absolute time)
    const since = (/** @type {number} */ ms) => Math.round(info.startedAt - performance.timeOrigin + ms);
    Object.assign(bootMarks, { loaderStarted: since(0), pythonStarted: since(info.pythonMs),
                               handedToPyScript: since(info.bootMs) });
    for (const [name, at] of Object.entries(info.marks ?? {})) bootMarks[name] = Math.round(at - performance.timeOrigin);
  } catch (err) {
    worker.terminate();
    throw new Error(`the engine worker did not start its Python: ${errorText(err).split("\n")[0]}`);
  }
  return { worker, info };
}

/** Call a bridge function; `args` is JSON-encoded (omit it for list_games/save).
 *  @param {string} name @param {unknown} [args] @returns {Promise<BridgeReply>} */
export function call(name, args) {
  return callRaw(name, args === undefined ? null : JSON.stringify(args));
}

/** Like call(), but `json` is sent as it is (e.g. the text of a save file); null: no argument.
 *  @param {string} name @param {string | null} json @returns {Promise<BridgeReply>} */
export function callRaw(name, json) {
  if (!booting) return Promise.reject(new Error("the engine is not started"));
  const run = async () => {
    // (read when the call's turn comes, as a Retry may have started another boot meanwhile)
    if (!booting) throw new Error("the engine is not started");
    const { worker } = await booting;
    const text = json === null ? await worker.sync.call(name) : await worker.sync.call(name, json);
    return JSON.parse(text);
  };
  const reply = queue.then(run, run);
  queue = reply.catch(() => {});
  return reply;
}

/**
 * A bridge function's reply: `ok`, and either its answer's fields (JSON, which the caller of
 * that function knows) or what went wrong.
 * @typedef {{ok: boolean, error?: string, internal?: boolean, traceback?: string} & Record<string, any>} BridgeReply
 */

/**
 * The one way the page calls the engine: call() (or callRaw() with `raw`) that never rejects.
 * Resolves to the bridge's reply:
 *   - `{ok: true, ...}`;
 *   - a refusal `{ok: false, error}`: bad input, a move the rules do not allow, a damaged save
 *     (the sentence says why; the game is untouched);
 *   - a bug `{ok: false, internal: true, error, traceback}`: an exception in the engine (the
 *     bridge's own report), or the worker or its reply failing. Its details go to the console.
 * Show a failed reply to the player with failureText().
 * @param {string} name a bridge function (docs/bridge-contract.md)
 * @param {unknown} [args] its argument (JSON-encoded here), or with `raw` a JSON text sent as it is
 * @param {{raw?: boolean}} [how]
 * @returns {Promise<BridgeReply>}
 */
export async function request(name, args, { raw = false } = {}) {
  /** @type {BridgeReply} */
  let reply;
  try {
    reply = await (raw ? callRaw(name, /** @type {string} */ (args)) : call(name, args));
  } catch (err) {
    reply = { ok: false, internal: true, error: `The engine failed: ${errorText(err)}`,
              traceback: String(/** @type {{stack?: unknown} | null | undefined} */ (err)?.stack ?? err) };
  }
  if (!reply.ok && reply.internal) console.error(reply.traceback ?? reply.error);
  return reply;
}

/** What to tell the player about a failed reply: a refusal in the caller's words
 *  (`refused(error)`), a bug as a bug (never dressed as a refusal).
 *  @param {{internal?: boolean, error?: string}} reply a failed reply: its `error` says why
 *  @param {(error: string) => string} [refused] @returns {string} */
export function failureText(reply, refused = (error) => error) {
  return reply.internal
    ? `Something went wrong inside the game engine (a bug, not your doing): ${reply.error}. ` +
      "The details are in the browser's console."
    : refused(/** @type {string} */ (reply.error));
}
