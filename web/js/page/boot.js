// The page's start: the lobby at once (drawn from build.json, the games written at build time)
// while Python boots in PyScript's worker in the background; then the autosaved game is loaded
// into the engine. Start, Continue or Load before the engine is ready shows "Starting Python…"
// with its progress, then goes on by itself (engineFor()). A page opened from an invitation is
// a guest's: no Python, no lobby (net/guest-page.js).

import { readBuild, start, forgetFailedBoot } from "../engine-client.js";
import { onDownload, retryDownload, downloadSettled } from "../engine-download.js";
import { drawDownload } from "../download-line.js";
import { isGuestPage } from "../net/invite.js";
import { $ } from "../dom.js";
import { setCurtain } from "../a11y.js";

/** @typedef {import("./state.js").Page} Page */
/** @typedef {import("./keeper.js").Keeper} Keeper */

/**
 * What the start needs: the page's state and the keeper of the autosaved game;
 * `showSection(name)`: one of the page's screens; `guestBoot()`: a guest's page starts
 * (net/guest-page.js); `toLobby(notice, {fromHistory})`: the lobby; `reopenWaiting()`: the host's
 * Waiting for players screen again after a reload; `engineUp()`: the engine answers (a hosted
 * game goes on by itself).
 * @typedef {{
 *   page: Page, keeper: Keeper,
 *   showSection: (name: string) => void,
 *   guestBoot: () => Promise<unknown>,
 *   toLobby: (notice?: string, how?: {fromHistory?: boolean}) => void,
 *   reopenWaiting: () => void,
 *   engineUp: () => void,
 * }} BootDeps
 */

/** @param {BootDeps} deps */
export function createBoot(deps) {
  const { page, keeper } = deps;
  /** @type {any} build.json (the games, the engine's files, versions) */
  let build = null;
  /** @type {any} build + the worker's info (versions, boot), once the engine answers */
  let engine = null;
  let ready = false;
  /** @type {Promise<boolean>} true once the engine answers (and the autosave is loaded), false if it failed */
  let engineBoot = Promise.resolve(false);
  /** @type {PromiseWithResolvers<boolean>} true once it answers, false once it failed for good */
  const settled = Promise.withResolvers(); // a download that stopped waits for its Retry
  let progress = ""; // the engine's boot step, for "Starting Python…"
  /** @type {number | null} */ let lobbyMs = null;
  /** @type {number | null} */ let readyMs = null;

  /** The page cannot go on (the engine could not start): say so, with Reload.
   *  @param {string} message @param {string} [details] */
  function fatal(message, details = "") {
    page.set({ phase: "error", idle: true });
    /** @type {HTMLElement} */ ($("fatal-text")).textContent = message;
    /** @type {HTMLElement} */ ($("fatal-details")).textContent = details || message;
    deps.showSection("fatal");
    setCurtain(false);
  }

  /** @param {any} err */
  function bootFailed(err) {
    console.error(err);
    const reason = String(err?.message ?? err).split("\n")[0];
    fatal(`The game engine could not be loaded (${reason}). ` +
          "Check that the site was built completely (scripts/build) and is served over http.",
          String(err?.stack ?? err));
  }

  /** The lobby at once, the engine in the background. Settles once the engine has started (or
   *  failed for good). */
  async function boot() {
    page.set({ phase: "loading" });
    try {
      build = await readBuild();
    } catch (err) {
      bootFailed(err);
      return;
    }
    /** @type {HTMLElement} */ ($("versions")).textContent = `Engine ${build.engine_version} · Pyodide ${build.pyodide}`;
    if (isGuestPage()) return deps.guestBoot();
    const notice = keeper.read();
    onDownload((download) => drawDownload(ready && download.state !== "done" ? null
      : { what: "engine", ...download, onRetry: retryEngine }));
    engineBoot = startEngine();
    deps.toLobby(notice);
    lobbyMs = Math.round(performance.now());
    deps.reopenWaiting(); // the host's page reloaded while its players were joining
    engineBoot.then((up) => { if (up) deps.engineUp(); });
    return settled.promise;
  }

  /** Boot Python and the engine, then load the autosaved game into it. Resolves to true when
   *  the engine answers; on a failure the page says so (with Reload) and it resolves to false. */
  async function startEngine() {
    const t0 = performance.now();
    const timer = setInterval(() => {
      /** @type {HTMLElement} */ ($("loading-time")).textContent = `${((performance.now() - t0) / 1000).toFixed(1)} s`;
    }, 100);
    const step = (/** @type {string} */ text) => {
      progress = text;
      /** @type {HTMLElement} */ ($("loading-step")).textContent = text;
    };
    try {
      engine = await start(build, { onProgress: step });
      /** @type {HTMLElement} */ ($("versions")).textContent = `Engine ${engine.engine} · Python ${engine.python} · ` +
        `Pyodide ${engine.pyodide} · PyScript ${engine.pyscript_version}`;
      step("Reading your last game…");
      await keeper.restore();
      ready = true;
      drawDownload(null);
      readyMs = Math.round(performance.now());
      document.body.dataset.engine = "ready";
      settled.resolve(true);
      return true;
    } catch (err) {
      clearInterval(timer);
      // the engine's files stopped coming: the download line says so, with Retry; the lobby stays
      if (["stalled", "failed"].includes(await downloadSettled())) {
        console.warn("Moteplay: the engine could not start, its download stopped.", err);
        if (page.state.phase === "starting") deps.toLobby(undefined, { fromHistory: true });
        return false;
      }
      bootFailed(err);
      settled.resolve(false);
      return false;
    } finally {
      clearInterval(timer);
    }
  }

  /** The download line's Retry: the files not yet downloaded come again (the finished ones are
   *  in the browser's HTTP cache). A boot that failed starts again in place; one still waiting
   *  for a stalled file is given up with a reload of the page (nothing is lost: before the
   *  engine answers no game has started, and the lobby's choices and the autosave are stored). */
  function retryEngine() {
    if (ready) {
      retryDownload();
    } else if (forgetFailedBoot()) {
      retryDownload();
      engineBoot = startEngine();
    } else {
      location.reload();
    }
  }

  return {
    boot,
    fatal,
    /** Wait for the engine: at once when it is ready, else "Starting Python…" with its progress
     *  until it is. Resolves to false if it failed (the failure is on screen). */
    async engineFor() {
      if (ready) return true;
      page.set({ phase: "starting", idle: false });
      /** @type {HTMLElement} */ ($("loading-text")).textContent = "Starting Python…";
      /** @type {HTMLElement} */ ($("loading-step")).textContent = progress;
      deps.showSection("loading");
      return engineBoot;
    },
    /** The engine answers (and the autosave is loaded). */
    get ready() { return ready; },
    /** The games the site has (build.json; empty until it is read). @returns {any[]} */
    get games() { return build?.games ?? []; },
    /** The engine's versions and boot info, once it answers. */
    get engine() { return engine; },
    /** The engine's boot step while it starts ("" once it is ready). */
    get progress() { return ready ? "" : progress; },
    /** ms from navigation start until the lobby (a guest's page: its session) was drawn. */
    get lobbyMs() { return lobbyMs; },
    /** A guest's page is up (its lobby time). */
    markLobby() { lobbyMs = Math.round(performance.now()); },
    /** ms from navigation start until the engine was ready. */
    get readyMs() { return readyMs; },
  };
}

/** @typedef {ReturnType<typeof createBoot>} Boot */
