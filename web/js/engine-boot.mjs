// Our Pyodide for PyScript's worker: boots Python with the engine, from a memory snapshot
// when it can, before PyScript gets the interpreter.
//
// PyScript's worker (PyWorker, js/engine-client.js) imports the module named by its
// `version` option and calls that module's loadPyodide({stdout, stderr, indexURL}). This is
// that module. The build copies it to pyodide/engine-boot-<hash>.mjs, beside pyodide.mjs,
// with SETTINGS written in (the site's files, the snapshot key): a service worker answering
// with ignoreSearch would drop settings passed in a query string.
//
// As soon as PyScript imports it, it looks for the saved boot of this build in Cache Storage,
// fetches Python's compiled standard library (one gzip stream, inflated here) and imports
// Pyodide's pyodide.asm.mjs (PyScript opens its IndexedDB store meanwhile). Pyodide gets the
// standard library as a blob: URL and, for its lock file (a list of packages the page never
// loads), just the lock file's header.
// Then loadPyodide:
//   1. "snapshot" boot, when Cache Storage holds a saved boot for this build's key and its
//      bytes still have the SHA-256 saved beside them (a damaged heap could make Python loop
//      forever rather than fail): Pyodide restores the wasm heap of an earlier boot (Python
//      started, the engine and the glue imported, the standard-library modules PyScript's
//      package needs imported) instead of starting Python. The file system is not in a heap:
//      the engine's files, saved unpacked beside the heap, are written back in one go (later
//      imports, data files and tracebacks need them; nothing is fetched or inflated), and
//      `random` is reseeded from the OS (a snapshot freezes its state);
//   2. "fresh" boot otherwise, or when the restore throws for any reason (damaged bytes,
//      another build, a heap too large): it fetches the engine's compiled bytecode (with its
//      data files) and the glue and inflates them while Python starts with the compiled trimmed
//      standard library; writes them, imports the glue (py/engine_worker.py) and PyScript's
//      standard-library needs, and right then copies the heap (makeMemorySnapshot) — BEFORE
//      PyScript registers its JS modules (polyscript, _pyscript), which no snapshot can hold.
//      Once the page has its first answer it installs the engine wheel (its sources, for
//      tracebacks) and saves the heap and all those files together;
//   3. puts the real globalThis back as Python's `js` module (after a _makeSnapshot boot
//      `js` is a recording proxy: js.performance would throw "Illegal invocation") and
//      registers `_moteplay_boot` (ready(): the boot's facts and moments as JSON; mark(name):
//      a moment, which py/worker.py uses);
//   4. returns the interpreter: PyScript bootstraps on top (writes its `pyscript` package and
//      imports it) and runs py/worker.py, which exports the bridge.

import { loadPyodide as loadPyodideItself, version } from "./pyodide.mjs";

export { version };

/**
 * Filled in by scripts/assemble_site.py: paths relative to the site's root.
 * @typedef {object} BootSettings
 * @property {string} stdlib        the compiled standard library (gzip)
 * @property {string} wheel         the engine wheel
 * @property {string} bytecode      the engine's compiled modules and data files (gzip)
 * @property {string} glue          py/engine_worker.py, with its version query
 * @property {string} snapshotKey   what a saved boot must have been made with
 * @property {string} sitePackages  where Python's packages go
 * @property {string} home          Python's home folder
 * @property {import("./pyodide.mjs").LockfileInfo} lockInfo  the header of Pyodide's lock file
 */
/** @type {BootSettings} */
const SETTINGS = /** @type {any} */ ("__SETTINGS__");

const SITE = new URL("../", import.meta.url); // this file is in pyodide/
const url = (path) => new URL(path, SITE).href;
const SNAPSHOT_PREFIX = "moteplay-snapshot-";
const SNAPSHOT_ENTRY = url("js/snapshot.bin"); // request key inside the cache (never fetched)
const DIGEST_HEADER = "X-Moteplay-Sha256"; // the saved snapshot's SHA-256, beside its bytes
// Pyodide's default heap. A snapshot of a heap that grew past it fails to restore with a
// RangeError (pyodide issue 6254), so it would only cost every visit a failed restore.
const MAX_SNAPSHOT_HEAP = 30 * 1024 * 1024;

let pendingSave = null; // a fresh boot's heap and engine files, stored after the first answer
let wheelPending = false; // a fresh boot installs the engine wheel after the first answer
// moments of this boot (absolute ms, performance.timeOrigin + now: the page converts them to its clock)
const marks = {};
const mark = (name) => { marks[name] = performance.timeOrigin + performance.now(); };
mark("loaderImported");
// The saved boot is looked for as soon as PyScript imports this module: PyScript opens its
// IndexedDB store before it calls loadPyodide, and the two overlap.
const canCache = typeof caches !== "undefined";
let savedBoot = canCache ? findSavedBoot() : Promise.resolve(null);
// The compiled standard library (one gzip stream: inflated here), needed by every boot: fetched
// meanwhile too, and handed to Pyodide as a blob: URL
const stdlib = fetchBytes(url(SETTINGS.stdlib), "Python's standard library").then(gunzip)
  .then((bytes) => URL.createObjectURL(new Blob([bytes], { type: "application/zip" })));
stdlib.catch(() => {}); // loadPyodide reports a failure
// Pyodide's own module, which loadPyodide imports from this URL: fetched and compiled meanwhile too
import(url("pyodide/pyodide.asm.mjs")).catch(() => {}); // loadPyodide reports a failure

/** What PyScript calls. `options` holds PyScript's stdout, stderr and indexURL. */
export async function loadPyodide(options = {}) {
  const t0 = performance.now();
  mark("loaderCalled");
  // Pyodide's lock file lists packages to load, which the page never does: its header is enough
  const common = { stdout: options.stdout, stderr: options.stderr, indexURL: url("pyodide/"),
                   stdLibURL: await stdlib, lockFileContents: { info: SETTINGS.lockInfo, packages: {} } };
  const facts = { boot: "fresh", snapshotError: null };

  let pyodide = null;
  const saved = await savedBoot;
  savedBoot = null; // the heap's 30 MiB are not kept once Python runs
  if (saved) {
    try {
      // the bytes are checked while Pyodide's JS loads: loadPyodide awaits them only when it needs them
      const heap = saved.bytes.then(({ heap }) => { mark("snapshotRead"); return heap; });
      heap.catch(() => {}); // rejected before loadPyodide awaits it: not an unhandled rejection
      pyodide = await loadPyodideItself({ ...common, _loadSnapshot: heap });
      facts.pythonMs = performance.now() - t0;
      mark("pythonRestored");
      // the file system is not in the heap: the engine's files, unpacked on the fresh boot and
      // saved with it, are written back in one go (the modules themselves are in the heap)
      writeFiles(pyodide, (await saved.bytes).files);
      mark("engineInstalled");
      // a snapshot freezes the random module's state: reseed it from the OS
      pyodide.runPython("import random; random.seed()");
      facts.boot = "snapshot";
    } catch (err) {
      // damaged bytes, wrong build, RangeError (too large): boot normally
      facts.snapshotError = String(err?.message ?? err).split("\n")[0];
      console.warn("Moteplay: the saved Python snapshot could not be used; booting normally.", err);
      await deleteSnapshots(null);
      pyodide = null;
    }
  }
  if (!pyodide) {
    // fetched and inflated while Python starts (the browser's own DecompressionStream)
    const files = engineFiles();
    files.catch(() => {}); // awaited (and so reported) once Python has started
    pyodide = await loadPyodideItself({ ...common, _makeSnapshot: canCache });
    facts.pythonMs = performance.now() - t0;
    const written = await files;
    writeFiles(pyodide, written);
    wheelPending = true;
    mark("engineInstalled");
    pyodide.pyimport("engine_worker");
    // what PyScript's own package imports beyond the engine's modules, held in the heap too
    pyodide.runPython(`import ${PYSCRIPT_IMPORTS.join(", ")}`);
    if (canCache && pyodide._module.HEAP8.length <= MAX_SNAPSHOT_HEAP) {
      try {
        // the heap right now: Python started, the engine imported, nothing of PyScript's
        pendingSave = { heap: pyodide.makeMemorySnapshot(), files: written };
      } catch (err) {
        console.warn("Moteplay: no Python snapshot this time.", err);
      }
    }
  }
  URL.revokeObjectURL(common.stdLibURL); // Pyodide has copied the standard library into its file system
  // the real globalThis as `js` (a _makeSnapshot boot leaves a recording proxy there)
  pyodide.registerJsModule("js", globalThis);
  pyodide.runPython("import sys; sys.modules.pop('js', None)");
  facts.bootMs = performance.now() - t0;
  mark("handedToPyScript");
  pyodide.registerJsModule("_moteplay_boot", {
    mark,
    ready() {
      if (wheelPending) setTimeout(() => installWheel(pyodide), 0); // after this answer is on its way
      mark("firstCall");
      return JSON.stringify({ ...facts, marks, pythonMs: Math.round(facts.pythonMs), bootMs: Math.round(facts.bootMs),
                              startedAt: performance.timeOrigin + t0 });
    },
  });
  return pyodide;
}

// Standard-library modules that PyScript's Python package (pyscript/*.py, imported by its
// bootstrap in the worker) imports and the engine does not: imported before the snapshot, so a
// repeat visit finds them in the heap. (Its own modules cannot be: they read PyScript's JS
// modules, registered after loadPyodide.)
const PYSCRIPT_IMPORTS = ["html", "html.entities"];

/** The files the engine runs from, to write into Python's file system, [{path, data}]: the
 *  build's bytecode archive (the engine's modules compiled, each .pyc where its source goes, and
 *  its data files; the glue's and PyScript's package's .pyc in their __pycache__) and the glue
 *  module in the home folder. */
async function engineFiles() {
  const [bytecode, glue] = await Promise.all([
    fetchBytes(url(SETTINGS.bytecode), "The engine's compiled bytecode").then(gunzip).then(unzip),
    fetchBytes(url(SETTINGS.glue), "The worker's Python"),
  ]);
  return [...bytecode.map(({ name, data }) => ({ path: `/${name}`, data })),
          { path: `${SETTINGS.home}/engine_worker.py`, data: glue }];
}

/** A fresh boot, once the page has its first answer: the engine wheel's files (its sources,
 *  which tracebacks quote, and its .dist-info) written into site-packages, then the boot saved
 *  with them. The engine runs without them meanwhile: on a slow connection its 0.2 MB would
 *  otherwise delay the first game. If the wheel cannot be had, nothing is saved: the next
 *  visit boots afresh and tries again. */
async function installWheel(pyodide) {
  wheelPending = false;
  try {
    const wheel = (await fetchBytes(url(SETTINGS.wheel), "The engine wheel").then(unzip))
      .map(({ name, data }) => ({ path: `${SETTINGS.sitePackages}/${name}`, data }));
    writeFiles(pyodide, wheel);
    if (pendingSave) {
      pendingSave.files.push(...wheel);
      await saveBoot();
    }
  } catch (err) {
    pendingSave = null;
    console.warn("Moteplay: the engine wheel could not be installed; the engine runs without its sources.", err);
  }
}

/** Write `files` ([{path, data}]) and put the home folder (the glue's) on sys.path. */
function writeFiles(pyodide, files) {
  const { FS } = pyodide;
  const folders = new Set();
  for (const { path, data } of files) {
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!folders.has(folder)) {
      FS.mkdirTree(folder);
      folders.add(folder);
    }
    FS.writeFile(path, data);
  }
  pyodide.runPython(`import sys\nif ${JSON.stringify(SETTINGS.home)} not in sys.path: sys.path.insert(0, ${JSON.stringify(SETTINGS.home)})`);
}

async function fetchBytes(href, what) {
  const res = await fetch(href);
  if (!res.ok) throw new Error(`${what} could not be loaded: ${href} (HTTP ${res.status})`);
  return new Uint8Array(await res.arrayBuffer());
}

/** `bytes` inflated when they are a gzip stream (the build's .gz files), else as they are: a
 *  server that sends a .gz file with Content-Encoding: gzip has had the browser inflate it. */
async function gunzip(bytes) {
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? decompress(bytes, "gzip") : bytes;
}

// ------------------------------------------------------------------ zip archives (a wheel is one)
const names = new TextDecoder();

/** The files of a zip archive, [{name, data}], inflated by the browser itself (in Python,
 *  unpacking the wheel and the bytecode cost a few hundred ms of every boot). */
async function unzip(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22; // the end-of-central-directory record, after an optional comment
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("not a zip archive");
  const files = [];
  for (let i = 0, at = view.getUint32(end + 16, true); i < view.getUint16(end + 10, true); i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("a damaged zip archive");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith("/")) continue; // a folder: made with its files
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = bytes.subarray(start, start + size);
    if (method !== 0 && method !== 8) throw new Error(`${name}: compression method ${method} is not supported`);
    files.push({ name, data: method === 0 ? raw : decompress(raw, "deflate-raw") });
  }
  for (const file of files) file.data = await file.data;
  return files;
}

/** `bytes` decompressed by the browser's own DecompressionStream (`format`: "gzip", "deflate-raw"). */
async function decompress(bytes, format) {
  return new Uint8Array(await new Response(
    new Blob([bytes]).stream().pipeThrough(new DecompressionStream(format))).arrayBuffer());
}

// ------------------------------------------------------------------ the saved boot
// One cache entry per build (its snapshot key): the heap, then the engine's files, then their
// list, then two little-endian uint32s: the heap's length and the list's length. The heap
// comes first, so the entry starts with Pyodide's snapshot header. The SHA-256 of the whole
// entry is saved beside it.

/** The saved boot as {bytes: a promise of {heap, files}}, or null when there is none (a
 *  promise inside an object: returned bare, the caller's await would wait for the bytes
 *  themselves, and loadPyodide takes the heap's promise). The promise rejects when the bytes
 *  are not the ones saved (their SHA-256, stored beside them, differs): a damaged heap must
 *  never be restored, since Python could then loop forever instead of failing. */
async function findSavedBoot() {
  try {
    const cache = await caches.open(SNAPSHOT_PREFIX + SETTINGS.snapshotKey);
    const res = await cache.match(SNAPSHOT_ENTRY);
    if (!res) return null;
    const expected = res.headers.get(DIGEST_HEADER);
    const checked = !expected ? Promise.reject(new Error("the saved snapshot has no checksum"))
      : res.arrayBuffer().then(async (buffer) => {
        const bytes = new Uint8Array(buffer);
        if ((await sha256(bytes)) !== expected) throw new Error("the saved snapshot is damaged (its checksum differs)");
        return unpackBoot(bytes);
      });
    checked.catch(() => {}); // loadPyodide reports it (or never waits for it)
    return { bytes: checked };
  } catch (err) {
    console.warn("Moteplay: the Python snapshot cache could not be read.", err);
    return null;
  }
}

function packBoot({ heap, files }) {
  const list = [];
  let at = heap.length;
  for (const { path, data } of files) {
    list.push([path, at, data.length]);
    at += data.length;
  }
  const index = new TextEncoder().encode(JSON.stringify(list));
  const bytes = new Uint8Array(at + index.length + 8);
  bytes.set(heap, 0);
  for (const [i, { data }] of files.entries()) bytes.set(data, list[i][1]);
  bytes.set(index, at);
  new DataView(bytes.buffer).setUint32(bytes.length - 8, heap.length, true);
  new DataView(bytes.buffer).setUint32(bytes.length - 4, index.length, true);
  return bytes;
}

function unpackBoot(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const heapLength = view.getUint32(bytes.length - 8, true);
  const indexLength = view.getUint32(bytes.length - 4, true);
  const index = JSON.parse(names.decode(bytes.subarray(bytes.length - 8 - indexLength, bytes.length - 8)));
  return { heap: bytes.subarray(0, heapLength),
           files: index.map(([path, at, length]) => ({ path, data: bytes.subarray(at, at + length) })) };
}

/** The SHA-256 of `bytes` as hex (the browser's own: about 45 ms for a 30 MiB heap). */
async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function saveBoot() {
  const bytes = packBoot(pendingSave);
  pendingSave = null;
  try {
    await deleteSnapshots(SETTINGS.snapshotKey); // snapshots of other builds can never be used again
    const cache = await caches.open(SNAPSHOT_PREFIX + SETTINGS.snapshotKey);
    await cache.put(SNAPSHOT_ENTRY, new Response(bytes, {
      headers: { "Content-Type": "application/octet-stream", [DIGEST_HEADER]: await sha256(bytes) } }));
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
