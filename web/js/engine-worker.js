// The engine's worker: boots Pyodide, loads the engine, answers the page's calls.
//
// A plain module worker (no PyScript). The page (engine-client.js) posts one
// {type: "start", ...} message, waits for {type: "ready"} and then sends
// {type: "call", id, name, json} messages, answered by {type: "reply", id, text}.
//
// Boot, fastest first:
//   1. "snapshot": a memory snapshot of a previous boot (Python started, engine
//      imported) is in Cache Storage under this build's key: Pyodide restores the
//      wasm heap instead of starting Python (a fraction of the time).
//   2. "fresh": otherwise, or if restoring fails for any reason (other build,
//      corrupted bytes, too large), a normal boot. Right after it, with the engine
//      imported and nothing else run, the heap is saved for the next visit.
// The file system is not in a snapshot, so the engine archive is unpacked on every boot.

import { loadPyodide } from "../pyodide/pyodide.mjs";

const SNAPSHOT_PREFIX = "moteplay-snapshot-";
const SNAPSHOT_ENTRY = "snapshot.bin"; // request key inside the cache (never fetched)
const HOME = "/home/pyodide";
// Pyodide's default heap. A snapshot of a heap that grew past it fails to restore with a
// RangeError (pyodide issue 6254), so it would only cost every visit a failed restore.
const MAX_SNAPSHOT_HEAP = 30 * 1024 * 1024;

let bridge = null; // the Python module engine_worker (call, info)

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === "start") {
    try {
      const info = await boot(msg);
      self.postMessage({ type: "ready", info });
      if (info.boot === "fresh" && pendingSnapshot) saveSnapshot(msg.snapshotKey);
    } catch (err) {
      self.postMessage({ type: "failed", error: String(err?.message ?? err), stack: String(err?.stack ?? "") });
    }
  } else if (msg.type === "call") {
    let text;
    try {
      text = bridge.call(msg.name, msg.json ?? undefined);
    } catch (err) {
      text = JSON.stringify({ ok: false, internal: true, error: `The engine failed: ${err.message ?? err}`,
                              traceback: String(err?.stack ?? "") });
    }
    self.postMessage({ type: "reply", id: msg.id, text });
  }
};

/** A missing file is the site's fault, not the snapshot's: such errors are marked. */
async function fetchBytes(url, what) {
  const res = await fetch(url).catch((err) => { throw Object.assign(err, { siteFile: true }); });
  if (!res.ok) {
    throw Object.assign(new Error(`${what} could not be loaded: ${url} (HTTP ${res.status})`), { siteFile: true });
  }
  return new Uint8Array(await res.arrayBuffer());
}

/** Boot from the snapshot if there is a usable one, else fresh. Resolves to boot info. */
async function boot({ pyodideURL, stdlibURL, engineURL, workerPyURL, snapshotKey }) {
  const t0 = performance.now();
  const archive = fetchBytes(engineURL, "The engine");
  const glue = fetchBytes(workerPyURL, "The worker's Python");
  archive.catch(() => {});
  glue.catch(() => {});
  const common = { indexURL: pyodideURL, stdLibURL: stdlibURL };
  const canCache = typeof caches !== "undefined" && snapshotKey;

  let snapshotError = null;
  if (canCache) {
    const saved = await readSnapshot(snapshotKey);
    if (saved) {
      try {
        const pyodide = await loadPyodide({ ...common, _loadSnapshot: saved });
        marks.python = performance.now() - t0;
        await loadEngine(pyodide, await archive, await glue);
        // a snapshot freezes the random module's state: reseed it from the OS
        pyodide.runPython("import random; random.seed()");
        return bootInfo("snapshot", t0);
      } catch (err) {
        if (err?.siteFile) throw err; // a normal boot would fail the same way
        // wrong build, corrupted bytes, RangeError (too large): boot normally
        snapshotError = String(err?.message ?? err).split("\n")[0];
        console.warn("Moteplay: the saved Python snapshot could not be used; booting normally.", err);
        await deleteSnapshots(null);
      }
    }
  }
  const pyodide = await loadPyodide({ ...common, _makeSnapshot: Boolean(canCache) });
  marks.python = performance.now() - t0;
  await loadEngine(pyodide, await archive, await glue);
  if (canCache && pyodide._module.HEAP8.length <= MAX_SNAPSHOT_HEAP) {
    try {
      // the heap right now: Python started, engine imported, nothing else run
      pendingSnapshot = pyodide.makeMemorySnapshot();
    } catch (err) {
      console.warn("Moteplay: no Python snapshot this time.", err);
    }
  }
  return { ...bootInfo("fresh", t0), snapshotError };
}

/** Put the engine (the wheel's files with compiled __pycache__/*.pyc, made at build time)
 *  and engine_worker.py (the glue) in the file system and import the glue. After a restore
 *  the modules are already imported; the files are still needed for anything imported
 *  later, data files and tracebacks. */
async function loadEngine(pyodide, archive, glue) {
  pyodide.unpackArchive(archive, "zip", { extractDir: `${HOME}/moteplay` });
  pyodide.FS.writeFile(`${HOME}/engine_worker.py`, glue);
  pyodide.runPython(`import sys\nfor p in ["${HOME}/moteplay", "${HOME}"]:\n    if p not in sys.path: sys.path.insert(0, p)`);
  bridge = pyodide.pyimport("engine_worker");
}

const marks = {}; // ms from the start message: Python running (before the engine is loaded)

function bootInfo(kind, t0) {
  return { boot: kind, bootMs: Math.round(performance.now() - t0), pythonMs: Math.round(marks.python),
           ...JSON.parse(bridge.info()) };
}

// ------------------------------------------------------------------ the snapshot cache
let pendingSnapshot = null;

async function readSnapshot(key) {
  try {
    const cache = await caches.open(SNAPSHOT_PREFIX + key);
    const res = await cache.match(SNAPSHOT_ENTRY);
    return res ? new Uint8Array(await res.arrayBuffer()) : null;
  } catch (err) {
    console.warn("Moteplay: the Python snapshot cache could not be read.", err);
    return null;
  }
}

async function saveSnapshot(key) {
  const bytes = pendingSnapshot;
  pendingSnapshot = null;
  try {
    await deleteSnapshots(key); // snapshots of other builds can never be used again
    const cache = await caches.open(SNAPSHOT_PREFIX + key);
    await cache.put(SNAPSHOT_ENTRY, new Response(bytes, {
      headers: { "Content-Type": "application/octet-stream" } }));
  } catch (err) {
    console.warn("Moteplay: the Python snapshot could not be saved.", err);
  }
}

/** Delete every snapshot cache except the one for `keep` (null: all of them). */
async function deleteSnapshots(keep) {
  try {
    for (const name of await caches.keys()) {
      if (name.startsWith(SNAPSHOT_PREFIX) && name !== SNAPSHOT_PREFIX + keep) await caches.delete(name);
    }
  } catch (err) {
    console.warn("Moteplay: old Python snapshots could not be deleted.", err);
  }
}
