// The page's only door to the Python engine.
//
// The engine runs in a Web Worker (js/engine-worker.js, Pyodide in a plain module
// worker), so a long bot turn never freezes the page. Calls are asynchronous
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

/** Start Pyodide in a worker and load the engine. Resolves to build info plus
 *  `boot`: "snapshot" (restored from a saved memory snapshot) or "fresh", and `bootMs`. */
export async function start({ onProgress = () => {} } = {}) {
  if (location.protocol === "file:") {
    throw new Error("This page must be served over http(s): run scripts/serve and open the URL it prints.");
  }
  // the worker starts loading Pyodide's JS while build.json is fetched
  const engineWorker = new Worker(new URL("engine-worker.js", import.meta.url), { type: "module" });
  onProgress("Reading build information…");
  const res = await fetch(new URL("build.json", SITE), { cache: "no-cache" });
  if (!res.ok) {
    engineWorker.terminate();
    throw new Error(`build.json could not be loaded (HTTP ${res.status}); was the site built with scripts/build?`);
  }
  const build = await res.json();

  onProgress("Downloading and starting Python (Pyodide)… this takes a few seconds");
  const info = await bootWorker(engineWorker, build);
  worker = engineWorker;
  return { ...build, ...info };
}

/** Send the worker its start message; resolves to its boot info. */
function bootWorker(engineWorker, build) {
  return new Promise((resolve, reject) => {
    engineWorker.onerror = (event) => reject(new Error(`the engine worker failed: ${event.message ?? "error"}`));
    engineWorker.onmessage = ({ data }) => {
      if (data.type === "ready") {
        engineWorker.onmessage = onReply;
        resolve(data.info);
      } else if (data.type === "failed") {
        reject(Object.assign(new Error(data.error), { stack: data.stack }));
      }
    };
    engineWorker.postMessage({
      type: "start",
      pyodideURL: new URL("pyodide/", SITE).href,
      stdlibURL: new URL(build.stdlib, SITE).href,
      engineURL: new URL(build.engine_archive, SITE).href,
      workerPyURL: new URL(build.worker, SITE).href,
      snapshotKey: build.snapshot_key,
    });
  });
}

const pending = new Map(); // call id -> resolve
let nextId = 1;

function onReply({ data }) {
  if (data.type !== "reply") return;
  pending.get(data.id)?.(data.text);
  pending.delete(data.id);
}

function send(name, json) {
  return new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    worker.postMessage({ type: "call", id, name, json });
  });
}

/** Call a bridge function; `args` is JSON-encoded (omit it for list_games/save). */
export function call(name, args) {
  return callRaw(name, args === undefined ? null : JSON.stringify(args));
}

/** Like call(), but `json` is sent as it is (e.g. the text of a save file). */
export function callRaw(name, json) {
  if (!worker) return Promise.reject(new Error("the engine is not started"));
  const run = async () => JSON.parse(await send(name, json));
  const reply = queue.then(run, run);
  queue = reply.catch(() => {});
  return reply;
}
