// How much of the game engine a first visit has downloaded, counted from the transfer itself.
//
//   import { downloadEngine, onDownload } from "./engine-download.js";
//   downloadEngine(build);                  // js/engine-start.js: once, as early as possible
//   onDownload((state) => …);               // {state: "downloading"|"done"|"stalled"|"failed"|"missing", done, total}
//
// On a first visit (no service worker controls the page) the page itself fetches the engine's
// big files, the list build.json names with their sizes (Pyodide, its standard library and the
// engine's bytecode; not the wheel, which the worker fetches after its first answer), and reads
// each one as a stream, counting the bytes as they arrive. PyScript's worker asks for the same
// URLs meanwhile: Chromium's HTTP cache makes it wait for the page's transfer and answers it
// from there (one transfer per URL; checked by
// tests/e2e/test_e2e_download.py in a browser profile with a disk cache: an incognito
// profile's cache in memory does not keep a file as large as the wasm, which then comes twice).
// A page the service worker serves downloads nothing: no line at all.
//
// The sizes are the bytes on the wire (download-bytes.js): a compressed response (Content-Encoding,
// as GitHub Pages sends wasm, JS and JSON) counts its Content-Length, and the decompressed bytes
// read so far count as that share of it; an uncompressed one counts the file's size from
// build.json.
//
// No byte for STALL_MS while files are still missing: "stalled". A file that fails (an HTTP
// error, the network gone): "failed". Files already complete stay in the browser's HTTP cache,
// so trying again (retryDownload()) does not download them again.

import { readCounting, wireDone, wireSize } from "./download-bytes.js";

const SITE = new URL("../", import.meta.url);
const STALL_MS = 15000;

let files = null; // [{path, bytes, read, wire, complete, coming: its transfer while it runs}]
let state = "idle"; // idle | downloading | done | stalled | failed
let attempt = 0; // which try this is (a later one makes an earlier one's outcome moot)
let stallTimer = null;
const listeners = new Set();

/** Start downloading the engine's files (once; a page the service worker controls skips it). */
export function downloadEngine(build) {
  if (files || navigator.serviceWorker?.controller || !Array.isArray(build.download)) return;
  files = build.download.map(({ path, bytes }) => ({ path, bytes, read: 0, wire: bytes, complete: false }));
  // once the page's own modules are in and the lobby is drawn (DOMContentLoaded, as the
  // preloads in index.html): on a slow connection these megabytes would delay the lobby
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run, { once: true });
  else run();
}

/** Try again after a stall or a failure: the files not yet complete. */
export function retryDownload() {
  if (!files || state === "downloading" || state === "done") return;
  run();
}

/** Hear the download's state now (if it started) and at every change; returns an unsubscribe. */
export function onDownload(listener) {
  listeners.add(listener);
  if (files) listener(snapshot());
  return () => listeners.delete(listener);
}

/** The download's state once it is not "downloading" any more: "idle" (none), "done",
 *  "stalled", "failed" or "missing". */
export function downloadSettled() {
  if (state !== "downloading") return Promise.resolve(state);
  return new Promise((resolve) => {
    const stop = onDownload((now) => {
      if (now.state !== "downloading") {
        stop();
        resolve(now.state);
      }
    });
  });
}

function snapshot() {
  const total = files.reduce((sum, f) => sum + f.wire, 0);
  const done = files.reduce((sum, f) => sum + (f.complete ? f.wire : wireDone(f.read, f.bytes, f.wire)), 0);
  return { state, done: Math.min(done, total), total };
}

function tell() {
  const now = snapshot();
  for (const listener of listeners) listener(now);
}

function run() {
  state = "downloading";
  const now = ++attempt;
  watchStall();
  tell();
  // a file still coming from the last try goes on (stopping it would waste what it has)
  const missing = files.filter((f) => !f.complete);
  for (const file of missing) {
    file.coming ??= fetchCounting(file).finally(() => { file.coming = null; });
  }
  Promise.all(missing.map((f) => f.coming)).then(() => {
    if (now !== attempt || state !== "downloading") return;
    state = "done";
    clearTimeout(stallTimer);
    tell();
  }, (err) => {
    if (now !== attempt || state !== "downloading") return; // a stall: said already
    console.warn("Moteplay: the engine's download failed.", err);
    fail(err?.missing ? "missing" : "failed");
  });
}

/** Stop for a reason: "failed" lets the other files go on (the browser keeps them for a retry),
 *  "stalled" gives up every transfer (nothing is coming), "missing" (the site answered 404 or
 *  another 4xx: it is not built completely, a retry would not help) says nothing here: the
 *  engine's own error says it. */
function fail(why) {
  if (state !== "downloading") return;
  state = why;
  clearTimeout(stallTimer);
  if (why === "stalled") for (const file of files) file.stop?.abort();
  tell();
}

function watchStall() {
  clearTimeout(stallTimer);
  stallTimer = setTimeout(() => fail("stalled"), STALL_MS);
}

/** Fetch one file to its end, counting its bytes (what is read is dropped: the worker gets
 *  the file from the HTTP cache). A file that stopped halfway starts from 0 on a retry. Each
 *  byte keeps the current try from being called stalled. */
async function fetchCounting(file) {
  file.read = 0;
  file.stop = new AbortController();
  const res = await fetch(new URL(file.path, SITE), { signal: file.stop.signal });
  if (!res.ok) throw Object.assign(new Error(`${file.path}: HTTP ${res.status}`), { missing: res.status < 500 });
  file.wire = wireSize(res.headers, file.bytes);
  let last = 0;
  await readCounting(res, file.bytes, ({ read, total }) => {
    file.read = read;
    file.wire = total;
    if (state === "downloading") watchStall();
    const now = performance.now();
    if (now - last > 100) { // at most ten changes a second
      last = now;
      tell();
    }
  });
  file.complete = true;
  tell();
}
