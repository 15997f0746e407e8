// The service worker: the whole site, cached on the first visit, so it opens and plays
// with no network. scripts/assemble_site.py fills in BUILD (a hash of every file below),
// FILES (every file the page can need, relative to this script) and SUMS (each file's short
// SHA-256 and size) when it builds site/.
//
// - install:  bring every file into the cache "moteplay-site-<BUILD>", one at a time, each put
//             there as soon as it is complete and checked against SUMS (a site that changed
//             mid-download never mixes builds). A file already in that cache is kept (an
//             install that failed or stalled and is tried again goes on where it stopped); a
//             file an older build's cache holds with the same SHA-256 is copied from there;
//             the rest is downloaded, and the open pages hear how far it got
//             ({type: "install-progress", done, total, failed}; js/offline.js);
// - activate: delete the caches of older builds, take control of open pages;
// - fetch:    same-origin GET -> the cached copy (the page itself for navigations),
//             else the network. Requests to other origins are left alone (the site
//             makes none).
//
// It is a module worker (js/offline.js registers it with type "module"): it counts a download's
// bytes with the page's own js/download-bytes.js.
//
// A new build is a new sw.js (BUILD changes). The browser installs it beside the old one
// and keeps it waiting while a page of the old build is open; the page shows
// "A new version is ready — Reload", and on Reload posts "skip-waiting" (js/offline.js).
// So a page of one build never talks to files of another.

import { readCounting, wireSize } from "./js/download-bytes.js";

const BUILD = "__BUILD__";
/** @type {string[]} */
const FILES = ["__FILES__"];
/** @type {Record<string, [sum: string, size: number]>} each file's short SHA-256 and size */
const SUMS = /** @type {any} */ ("__SUMS__");

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const PREFIX = "moteplay-site-";
const CACHE = PREFIX + BUILD;
const SCOPE = new URL("./", self.location.href);
const PAGE = new URL("index.html", SCOPE).href;
const STALL_MS = 20000; // no byte for this long: the download has stopped

sw.addEventListener("install", (event) => {
  event.waitUntil(install());
});

async function install() {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const path of FILES) {
    const request = new Request(new URL(path, SCOPE));
    if (await cache.match(request)) continue; // stored by an earlier try of this install
    if (!(await copyFromOlderBuild(cache, request, SUMS[path][0]))) missing.push(path);
  }
  const progress = { done: 0, total: 0, failed: false };
  const sizes = new Map(missing.map((path) => [path, SUMS[path][1]]));
  const done = new Map();
  const tell = () => {
    progress.total = [...sizes.values()].reduce((a, b) => a + b, 0);
    progress.done = [...done.values()].reduce((a, b) => a + b, 0);
    return tellPages({ type: "install-progress", ...progress });
  };
  if (missing.length) await tell();
  try {
    // four at a time: most are small, and each one costs a round trip
    const queue = [...missing];
    const next = async () => {
      for (let path = queue.shift(); path; path = queue.shift()) {
        await download(cache, path, (bytes, wire) => { done.set(path, bytes); sizes.set(path, wire); tell(); });
      }
    };
    await Promise.all([next(), next(), next(), next()]);
  } catch (err) {
    progress.failed = true;
    await tell();
    throw err; // the install fails; what it stored stays for the next try
  }
}

/** Copy `request` from an older build's cache when its bytes are the ones this build wants. */
async function copyFromOlderBuild(cache, request, sum) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await (await caches.open(name)).match(request);
    if (!old) continue;
    const bytes = await old.arrayBuffer();
    if ((await shortSum(bytes)) !== sum) continue;
    await cache.put(request, new Response(bytes, { headers: old.headers }));
    return true;
  }
  return false;
}

/** Download one file (counting its bytes as they arrive: progress(bytesOnTheWire, total)),
 *  check it against SUMS and store it. "no-cache": revalidate with the server, so a stale
 *  HTTP-cached copy of an older build is not taken (an unchanged file costs a 304). The wire
 *  size is the Content-Length of a compressed response, else the file's size. */
async function download(cache, path, progress) {
  const [sum, size] = SUMS[path];
  const request = new Request(new URL(path, SCOPE), { cache: "no-cache" });
  const aborter = new AbortController();
  let timer = null;
  const watch = () => { clearTimeout(timer); timer = setTimeout(() => aborter.abort(), STALL_MS); };
  watch();
  try {
    const res = await fetch(request, { signal: aborter.signal });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    const wire = wireSize(res.headers, size);
    const chunks = await readCounting(res, size, ({ done, total }) => {
      watch();
      progress(done, total);
    }, { keep: true });
    const bytes = await new Blob(chunks).arrayBuffer();
    if ((await shortSum(bytes)) !== sum) throw new Error(`${path} is not this build's (the site changed meanwhile)`);
    const headers = new Headers(res.headers); // the bytes are stored as they are now: inflated
    headers.delete("Content-Encoding");
    headers.delete("Content-Length");
    await cache.put(new Request(new URL(path, SCOPE)), new Response(bytes, { headers }));
    progress(wire, wire);
  } finally {
    clearTimeout(timer);
  }
}

async function shortSum(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

let lastTold = 0;
/** Tell the open pages how far the install is (at most every 100 ms, and always the end). */
async function tellPages(message) {
  const now = Date.now();
  const end = message.failed || message.done >= message.total;
  if (!end && now - lastTold < 100) return;
  lastTold = now;
  for (const client of await sw.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    client.postMessage(message);
  }
}

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

sw.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") sw.skipWaiting();
  else if (event.data === "build") event.source?.postMessage({ build: BUILD });
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // A folder URL (the site's root, "…/moteplay/?pace=50") is the page itself.
    const folder = request.mode === "navigate" && new URL(request.url).pathname.endsWith("/");
    const key = folder ? PAGE : request;
    // the exact URL first: a match that ignores the query string reads every entry's URL
    const hit = await cache.match(key) ?? (new URL(request.url).search ? await cache.match(key, { ignoreSearch: true }) : undefined);
    return hit ?? fetch(request);
  })());
});
