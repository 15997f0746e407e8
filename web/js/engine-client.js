// The page's only door to the Python engine.
//
// The engine runs in a PyScript *worker* (a Web Worker running Pyodide), so a long
// bot turn never freezes the page. Main -> worker calls are asynchronous
// postMessage round trips: they work WITHOUT SharedArrayBuffer / cross-origin
// isolation, so no special HTTP headers are needed (GitHub Pages cannot send them).
//
//   import { start, call } from "./engine-client.js";
//   await start({ onProgress: (text) => ... });
//   const reply = await call("new_game", { game: "motto", num_players: 3, seed: 1, options: {} });
//   if (!reply.ok) console.log(reply.error);
//
// Every bridge function (docs/bridge-contract.md) takes and returns JSON; call()
// does the JSON on both sides and always resolves to the reply object.

const SITE = new URL("../", import.meta.url); // site root (this file is in js/)

let worker = null;
let queue = Promise.resolve(); // calls run one after the other, in order

/** Start Pyodide in a worker and load the engine wheel. Resolves to build info. */
export async function start({ onProgress = () => {} } = {}) {
  if (location.protocol === "file:") {
    throw new Error("This page must be served over http(s): run scripts/serve and open the URL it prints.");
  }
  onProgress("Reading build information…");
  const res = await fetch(new URL("build.json", SITE), { cache: "no-cache" });
  if (!res.ok) throw new Error(`build.json could not be loaded (HTTP ${res.status}); was the site built with scripts/build?`);
  const build = await res.json();

  onProgress("Loading the page runtime (PyScript)…");
  const { PyWorker } = await import(new URL("pyscript/core.js", SITE).href);

  onProgress("Downloading and starting Python (Pyodide)… this takes a few seconds");
  worker = await PyWorker(new URL(build.worker, SITE).href, {
    type: "pyodide",
    // A URL here makes PyScript load *our* copy of Pyodide instead of a CDN.
    version: new URL("pyodide/pyodide.mjs", SITE).href,
    config: {
      // "<dir>/*" = unpack the wheel (a zip) into that folder of the worker's FS.
      files: { [new URL(build.wheel, SITE).href]: "./moteplay/*" },
    },
  });

  onProgress("Starting the game engine…");
  const info = JSON.parse(await worker.sync.info());
  return { ...build, ...info };
}

/** Call a bridge function; `args` is JSON-encoded (omit it for list_games/save). */
export function call(name, args) {
  return callRaw(name, args === undefined ? null : JSON.stringify(args));
}

/** Like call(), but `json` is sent as it is (e.g. the text of a save file). */
export function callRaw(name, json) {
  if (!worker) return Promise.reject(new Error("the engine is not started"));
  const run = async () => JSON.parse(await worker.sync.call(name, json));
  const reply = queue.then(run, run);
  queue = reply.catch(() => {});
  return reply;
}
