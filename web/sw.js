// The service worker: the whole site, cached on the first visit, so it opens and plays
// with no network. scripts/assemble_site.py fills in BUILD (a hash of every file below)
// and FILES (every file the page can need, relative to this script) when it builds site/.
//
// - install:  download every file into the cache "moteplay-site-<BUILD>" (all or nothing);
// - activate: delete the caches of older builds, take control of open pages;
// - fetch:    same-origin GET -> the cached copy (the page itself for navigations),
//             else the network. Requests to other origins are left alone (the site
//             makes none).
//
// A new build is a new sw.js (BUILD changes). The browser installs it beside the old one
// and keeps it waiting while a page of the old build is open; the page shows
// "A new version is ready — Reload", and on Reload posts "skip-waiting" (js/offline.js).
// So a page of one build never talks to files of another.

const BUILD = "__BUILD__";
const FILES = ["__FILES__"];

const PREFIX = "moteplay-site-";
const CACHE = PREFIX + BUILD;
const SCOPE = new URL("./", self.location.href);
const PAGE = new URL("index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server, so a stale HTTP-cached copy of an older
    // build never lands in this build's cache (unchanged files cost a 304).
    await cache.addAll(FILES.map((path) => new Request(new URL(path, SCOPE), { cache: "no-cache" })));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  else if (event.data === "build") event.source?.postMessage({ build: BUILD });
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // A folder URL (the site's root, "…/moteplay/?pace=50") is the page itself.
    const folder = request.mode === "navigate" && new URL(request.url).pathname.endsWith("/");
    const key = folder ? PAGE : request;
    const hit = await cache.match(key, { ignoreSearch: true });
    return hit ?? fetch(request);
  })());
});
