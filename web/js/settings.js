// The player's settings on this device (the Settings panel, js/settings-panel.js): how fast the
// page plays by itself, whether a step with one choice is taken for the player, the theme, and
// whether "Suggest a move" is offered. Kept in localStorage under one key as JSON; a value that
// is missing or damaged falls back to its default, so a bad entry never breaks the page.
//
//   readSettings().speed            // "normal"
//   writeSettings({ theme: "dark" }) // remembered, and every listener hears it
//   onSettings((s) => …)            // called after each change (this tab or another one)

export const SETTINGS_KEY = "moteplay.settings.v1";

/** Each setting: its allowed values, the first one the default. */
export const CHOICES = Object.freeze({
  speed: ["normal", "slow", "fast", "instant"],
  oneChoice: [true, false],
  theme: ["system", "light", "dark"],
  hints: [true, false],
});

/** @typedef {{speed: string, oneChoice: boolean, theme: string, hints: boolean}} Settings */

/** @type {Readonly<Settings>} */
const DEFAULTS = /** @type {Settings} */ (Object.freeze(Object.fromEntries(Object.entries(CHOICES).map(([k, values]) => [k, values[0]]))));

/** Keep only known settings with allowed values; everything else takes its default. */
function valid(raw) {
  const out = { ...DEFAULTS };
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    for (const [key, values] of Object.entries(CHOICES)) {
      if (/** @type {readonly unknown[]} */ (values).includes(raw[key])) out[key] = raw[key];
    }
  }
  return out;
}

function load() {
  try {
    return valid(JSON.parse(localStorage.getItem(SETTINGS_KEY)));
  } catch {
    return { ...DEFAULTS }; // unreadable JSON, or no storage (private mode)
  }
}

let current = load();
const listeners = new Set();

/**
 * The settings now (a copy).
 * @returns {Settings}
 */
export function readSettings() {
  return { ...current };
}

/** Change some settings: remembered (if the browser lets us) and told to every listener. */
export function writeSettings(changes) {
  const next = valid({ ...current, ...changes });
  if (Object.keys(next).every((k) => next[k] === current[k])) return;
  current = next;
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(current));
  } catch {
    /* private mode / quota: the settings hold for this visit */
  }
  for (const fn of listeners) fn(readSettings());
}

/** Call `fn(settings)` after every change. Returns a function that stops it. */
export function onSettings(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// a change made in another tab of the site holds here too
addEventListener("storage", (e) => {
  if (e.key !== SETTINGS_KEY && e.key !== null) return;
  const next = load();
  if (Object.keys(next).every((k) => next[k] === current[k])) return;
  current = next;
  for (const fn of listeners) fn(readSettings());
});
