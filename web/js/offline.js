// Offline play and updates: registers the service worker (sw.js) and tells the player,
// once and quietly, when the site is ready to play offline, and when a new version is
// waiting ("A new version is ready — Reload").
//
//   import { startOffline } from "./offline.js";
//   startOffline({ onReady: () => …, onUpdate: (reload) => … });
//
// How versions roll (docs/web-guide.md): a new build is a new sw.js; the browser installs it
// beside the running one and keeps it *waiting* while this page is open, so the page keeps
// talking to the files of its own build. Reload asks the waiting worker to take over; when
// it does ("controllerchange") every open page of the site reloads into the new build.
// The game in progress is autosaved after every move, so nothing is lost.

const SW_URL = new URL("../sw.js", import.meta.url);
const SCOPE = new URL("../", import.meta.url);

/**
 * Hear how far a new version's download has got while the service worker installs it (an
 * update only: a first visit's storing is not shown). Call it early: the browser looks for a
 * new sw.js as soon as the page opens.
 * @param {(progress: {done: number, total: number, failed: boolean}, retry: () => void) => void} onProgress
 *   retry() asks the browser to install the new version again (what it stored stays)
 */
export function watchUpdateDownload(onProgress) {
  const sw = navigator.serviceWorker;
  if (!sw || !window.isSecureContext) return;
  const retry = () => sw.getRegistration(SCOPE.href).then((registration) => registration?.update()).catch(() => {});
  sw.addEventListener("message", (event) => {
    if (event.data?.type === "install-progress" && sw.controller) onProgress(event.data, retry);
  });
  sw.startMessages();
}

/**
 * Register the service worker.
 * @param {{onReady?: () => void, onUpdate?: (reload: () => void) => void}} handlers
 *   onReady: the first time the site has been stored for offline play (not on later visits);
 *   onUpdate: a new version is installed and waiting; call reload() to switch to it.
 * @returns {Promise<ServiceWorkerRegistration|null>} null where service workers are unavailable
 */
export async function startOffline({ onReady = () => {}, onUpdate = () => {} } = {}) {
  const sw = navigator.serviceWorker;
  if (!sw || !window.isSecureContext) return null; // http on another host than localhost, old browsers
  const hadController = Boolean(sw.controller);
  let reloading = false;
  sw.addEventListener("controllerchange", () => {
    // The first visit's worker taking control is not an update: nothing to reload.
    if (!hadController || reloading) return;
    reloading = true;
    location.reload();
  });

  let registration;
  try {
    registration = await sw.register(SW_URL.href, { scope: SCOPE.href, type: "module" });
  } catch (err) {
    console.warn("Offline play is not available:", err);
    return null;
  }
  if (!registration) return null; // service workers blocked (e.g. by a test harness)

  const reload = () => {
    const waiting = registration.waiting;
    if (waiting) waiting.postMessage("skip-waiting");
    else location.reload();
  };
  const offerUpdate = () => { if (registration.waiting && sw.controller) onUpdate(reload); };

  offerUpdate(); // found on an earlier visit, still waiting
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state !== "installed") return;
      if (sw.controller) offerUpdate();
    });
  });

  if (!hadController) {
    // First visit: say "ready offline" once the worker has stored everything and took over.
    await sw.ready;
    if (!sw.controller) await new Promise((resolve) => sw.addEventListener("controllerchange", resolve, { once: true }));
    onReady();
  }
  return registration;
}
