// Accessibility helpers for the shell: the modal hotseat curtain, the spoken announcements of
// what the other seats did, and the keyboard shortcuts. Small hooks in app.js call these.

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- the curtain is modal
/** Everything behind the curtain: made inert (no focus, no clicks, hidden from screen readers)
 *  while it shows, so neither the menu (save, load, new game) nor the table can be reached. */
const BEHIND = () => [document.querySelector(".skip-link"), document.querySelector(".topbar"),
                      $("main"), document.querySelector(".footer")].filter(Boolean);

/** Show or hide the hotseat curtain; while shown it is the only thing a player can reach. */
export function setCurtain(open) {
  const curtain = $("curtain");
  curtain.hidden = !open;
  for (const el of BEHIND()) el.inert = open;
  if (open) $("curtain-button").focus();
}

export const curtainOpen = () => !$("curtain").hidden;

// Tab and Shift+Tab stay on the curtain's one control (the rest of the page is inert anyway,
// this keeps the focus from wandering into the browser's own toolbar).
document.addEventListener("keydown", (ev) => {
  if (ev.key !== "Tab" || !curtainOpen()) return;
  ev.preventDefault();
  $("curtain-button").focus();
});

// ---------------------------------------------------------------- announcements
let lastAnnounced = "";

/** Say `text` politely (screen readers speak it when they are free). */
export function announce(text) {
  const region = $("announce");
  if (!text || !region) return;
  // the same sentence twice in a row is still spoken: a new node each time
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > 6) region.firstElementChild.remove();
  lastAnnounced = text;
}

export const lastAnnouncement = () => lastAnnounced;
