// The host's device keeps the table: while a table with players on other devices is open, the
// page asks the browser to keep the screen on (the Screen Wake Lock API, where the browser has
// it). A page that is hidden loses the lock (the browser's rule); it is asked for again each time
// the page is shown. Where the browser has none, or refuses, nothing else changes: the page says
// anyway that the table pauses while this device sleeps.

/**
 * Keep the screen on while the page is shown, until release().
 * @param {{wakeLock?: {request(type: "screen"): Promise<{release(): Promise<void>}>}}} [nav] the browser's navigator
 * @param {Document} [doc]
 * @returns {{release(): void, readonly held: boolean}}
 */
export function keepScreenOn(nav = /** @type {any} */ (globalThis.navigator), doc = globalThis.document) {
  /** @type {{release(): Promise<void>} | null} */
  let lock = null;
  let wanted = true;
  const ask = () => {
    if (!wanted || lock || !nav?.wakeLock || doc.visibilityState !== "visible") return;
    nav.wakeLock.request("screen").then((got) => {
      if (wanted) lock = got;
      else got.release().catch(() => {});
      // the browser lets go when the page is hidden: asked again when it is shown
      /** @type {any} */ (got).addEventListener?.("release", () => { if (lock === got) lock = null; });
    }, () => { /* refused (battery saver, no permission): the page says the table pauses anyway */ });
  };
  const shown = () => ask();
  doc.addEventListener("visibilitychange", shown);
  ask();
  return {
    release() {
      wanted = false;
      doc.removeEventListener("visibilitychange", shown);
      lock?.release().catch(() => {});
      lock = null;
    },
    get held() { return lock != null; },
  };
}
