// Starts the engine as soon as index.html is in, without waiting for the page's own modules
// (js/app.js and its imports): PyScript's worker and Pyodide start booting while they load.
// page/boot.js joins the same boot (engine-client.js starts it once) and reports any failure.

// A guest's page (opened from an invitation, net/invite.js) runs no Python: it never starts it.

import { readBuild, start } from "./engine-client.js";
import { downloadEngine } from "./engine-download.js";
import { isGuestPage } from "./net/invite.js";

// A first visit also counts the engine's files as they arrive (js/engine-download.js).
if (!isGuestPage()) {
  readBuild().then((build) => {
    downloadEngine(build);
    return start(build);
  }).catch(() => {}); // page/boot.js shows the error
}
