// The Settings panel: a native <dialog> opened by the top bar's "Settings" button (on a phone,
// from its Menu). One group of radio buttons per setting of js/settings.js; a choice holds at
// once (no Save button) and is remembered on this device. Escape, the × button or a click
// beside the box closes it, and the focus goes back to the button that opened it.

import { h } from "./dom.js";
import { readSettings, writeSettings, onSettings } from "./settings.js";
import { applyTheme } from "./theme.js";

/** The groups of the panel: [setting, legend, help, [[value, label], …]]. */
/** @type {[key: string, legend: string, help: string, values: [string|boolean, string][]][]} */
const GROUPS = [
  ["speed", "Computer speed", "How long a computer's turn and a replay step take at least.",
    [["slow", "Slow"], ["normal", "Normal"], ["fast", "Fast"], ["instant", "Instant"]]],
  ["oneChoice", "Steps with one choice", "A step with only one possible answer that shows nothing new: " +
    "the page takes it for you, with a short note (and a line in the log).",
    [[true, "Take them for me"], [false, "Ask me"]]],
  ["hints", "Hints", "“Suggest a move” (button or H key). A new game takes this setting; " +
    "a game started with hints off keeps them off.",
    [[true, "Offer “Suggest a move”"], [false, "No hints"]]],
  ["theme", "Theme", null,
    [["system", "As the device"], ["light", "Light"], ["dark", "Dark"]]],
];

let dialog = null;
let opener = null;

function build() {
  const now = readSettings();
  dialog = h("dialog", { class: "settings", "aria-labelledby": "settings-title", dataset: { testid: "settings-dialog" } },
    h("div", { class: "settings__head" },
      h("h2", { id: "settings-title", class: "settings__title" }, "Settings"),
      h("button", { type: "button", class: "settings__close", "aria-label": "Close the settings",
                    dataset: { testid: "settings-close" }, onclick: () => dialog.close() }, "×")),
    h("div", { class: "settings__body" },
      GROUPS.map(([key, legend, help, values]) => h("fieldset", { class: "settings__group", dataset: { setting: key } },
        h("legend", {}, legend),
        h("div", { class: "settings__choices" },
          values.map(([value, label]) => h("label", { class: "settings__choice" },
            h("input", { type: "radio", name: `setting-${key}`, value: String(value), checked: now[key] === value,
                         dataset: { testid: `setting-${key}-${value}` },
                         onchange: () => writeSettings({ [key]: value }) }),
            " ", label))),
        help ? h("p", { class: "hint" }, help) : null)),
      h("p", { class: "hint settings__kept" }, "Kept in this browser, for every game on this device.")));
  dialog.addEventListener("close", () => {
    const back = opener;
    opener = null;
    if (back?.isConnected) back.focus();
  });
  // a click on the backdrop (outside the box) closes it too
  dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
  document.body.append(dialog);
}

/** Tick the radio buttons of `settings` (a change made in another tab). */
function tick(settings) {
  if (!dialog) return;
  for (const input of dialog.querySelectorAll("input[type=radio]")) {
    const key = input.name.replace(/^setting-/, "");
    input.checked = String(settings[key]) === input.value;
  }
}

/** Open the panel; the focus returns to `from` when it closes. */
export function openSettings(from = document.activeElement) {
  if (!dialog) build();
  if (dialog.open) return;
  opener = from;
  tick(readSettings());
  dialog.showModal();
}

/** Wire the top bar's Settings button and the theme (once, at start-up). */
export function initSettings() {
  applyTheme(readSettings().theme);
  onSettings((settings) => {
    applyTheme(settings.theme);
    tick(settings);
  });
  document.getElementById("btn-settings")?.addEventListener("click", (e) => openSettings(/** @type {HTMLElement} */ (e.currentTarget)));
}
