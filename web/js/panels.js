// The shell's folding panels: the log (a column beside the table on wide screens, over the
// table on smaller ones; it starts shown only where there is room for it) and the top bar's
// menu on phones.
//
//   initPanels();   showLog(true);

import { $ } from "./dom.js";

const roomForLog = matchMedia("(min-width: 1100px)");

/** Show or fold the log. */
export function showLog(open) {
  document.body.classList.toggle("log-open", open);
  $("btn-log").setAttribute("aria-expanded", String(open));
  $("btn-log").setAttribute("aria-pressed", String(open));
}

function showMenu(open) {
  const topbar = document.querySelector(".topbar");
  topbar.classList.toggle("is-menu-open", open);
  $("btn-menu").setAttribute("aria-expanded", String(open));
}

/** Wire the log's and the menu's buttons, Escape and taps outside (once). */
export function initPanels() {
  showLog(roomForLog.matches);
  roomForLog.addEventListener("change", () => showLog(roomForLog.matches));   // a turned tablet, a resized window
  $("btn-log").addEventListener("click", () => showLog(!document.body.classList.contains("log-open")));
  $("log-close").addEventListener("click", () => { showLog(false); $("btn-log").focus(); });
  // below 1100 px the log lies over the table: Escape or a tap on the table folds it
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && document.body.classList.contains("log-open") && $("logpanel").contains(document.activeElement) &&
        !roomForLog.matches) { showLog(false); $("btn-log").focus(); }
  });
  $("table").addEventListener("pointerdown", () => {
    if (!roomForLog.matches) showLog(false);
  });

  const topbar = document.querySelector(".topbar");
  $("btn-menu").addEventListener("click", () => showMenu(!topbar.classList.contains("is-menu-open")));
  // a chosen item closes the menu; Rules and Settings keep it open, so the focus comes back to
  // them from their panel
  $("game-menu").addEventListener("click", (ev) => {
    const target = /** @type {Element} */ (ev.target);
    if (target.closest("button") && !target.closest("#btn-rules, #btn-settings")) showMenu(false);
  });
  document.addEventListener("pointerdown", (ev) => {
    const target = /** @type {Element} */ (ev.target);
    if (!topbar.contains(target) && !target.closest?.("dialog, [role=dialog]")) showMenu(false);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && topbar.classList.contains("is-menu-open")) { showMenu(false); $("btn-menu").focus(); }
  });
}
