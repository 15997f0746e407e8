// The download line under the top bar: how much of the engine (a first visit) or of an update
// is downloaded, with a progress bar, and a Retry when the download stopped or failed. It
// never blocks the page: the lobby (or the game, for an update) stays usable beneath it.
//
//   import { drawDownload } from "./download-line.js";
//   drawDownload({ what: "engine", state: "downloading", done, total, onRetry });
//   drawDownload(null); // gone
//
// The text and the bar change up to ten times a second; screen readers hear a polite summary
// only at each quarter, when it stops and when it is over (a separate live region).

import { h } from "./dom.js";

const WHAT = {
  engine: { doing: "Downloading the game engine", stopped: "The download stopped",
            failed: "The download failed", after: "Set up your game meanwhile: it starts once the engine is in." },
  update: { doing: "Downloading the update", stopped: "The update's download stopped",
            failed: "The update's download failed", after: "You can keep playing this version meanwhile." },
};

let said = -1; // the last quarter announced

const mb = (bytes) => (bytes / 1e6).toFixed(1);

/** Draw the line for `download` ({what, state, done, total, onRetry}); null hides it. */
export function drawDownload(download) {
  const box = document.getElementById("download");
  const live = document.getElementById("download-said");
  if (!download || !["downloading", "stalled", "failed"].includes(download.state)) {
    if (!box.hidden && download) live.textContent = download.what === "engine" ? "The game engine is downloaded." : "";
    box.hidden = true;
    box.replaceChildren();
    said = -1;
    return;
  }
  const words = WHAT[download.what];
  const { state, done, total } = download;
  const amount = `${mb(done)} of ${mb(total)}\u00a0MB`; // "MB" never alone on a line
  const percent = total > 0 ? Math.floor((done / total) * 100) : 0;
  const stopped = state === "stalled" || state === "failed";
  const text = stopped
    ? `${state === "stalled" ? words.stopped : words.failed} (${amount}). Check your connection.`
    : `${words.doing}: ${amount}`;
  box.hidden = false;
  box.classList.toggle("download--stopped", stopped);
  if (!box.firstChild) {
    box.append(h("p", { class: "download__text", "data-testid": "download-text" }),
               h("div", { class: "download__bar", role: "progressbar", "aria-valuemin": "0", "data-testid": "download-bar" },
                 h("div", { class: "download__fill" })),
               h("p", { class: "download__after" }),
               h("button", { type: "button", class: "primary", "data-testid": "download-retry" }, "Retry"));
  }
  const [line, bar, after, retry] = /** @type {HTMLCollectionOf<HTMLElement>} */ (box.children);
  line.textContent = text;
  bar.setAttribute("aria-label", words.doing);
  bar.setAttribute("aria-valuemax", String(Math.round(total)));
  bar.setAttribute("aria-valuenow", String(Math.round(done)));
  bar.setAttribute("aria-valuetext", amount);
  /** @type {HTMLElement} */ (bar.firstElementChild).style.width = `${percent}%`; // the CSSOM: the page's policy allows no style attribute
  after.textContent = words.after;
  after.hidden = stopped;
  retry.hidden = !stopped;
  retry.onclick = download.onRetry;
  const quarter = stopped ? 99 : Math.floor(percent / 25);
  if (quarter !== said) {
    said = quarter;
    live.textContent = text;
  }
}
