// The theme chosen in Settings: "system" (light or dark as the device says), "light" or "dark".
//
// The stylesheets write the dark theme once, as `@media (prefers-color-scheme: dark)` blocks:
// that is the system's choice, and it needs no script. A choice in Settings rewrites the
// condition of those blocks (through the CSSOM), so no rule is written twice:
//   system  (prefers-color-scheme: dark)                                   as the device says
//   dark    (prefers-color-scheme: dark), (prefers-color-scheme: light)    always true
//   light   (prefers-color-scheme: dark) and (prefers-color-scheme: light) never true
// Each form still names the dark scheme, which is how the blocks are found again. The blocks set
// `color-scheme` too (form controls, scroll bars). <html data-theme="light|dark"> tells the
// choice (no attribute for the system's), and <meta name="theme-color"> follows the top bar.
//
// index.html's inline script does the same before the first paint (so a dark choice never
// flashes light); applyTheme() keeps it up to date when the setting changes.

const CONDITION = {
  system: "(prefers-color-scheme: dark)",
  dark: "(prefers-color-scheme: dark), (prefers-color-scheme: light)",
  light: "(prefers-color-scheme: dark) and (prefers-color-scheme: light)",
};
/** The top bar's colour in each theme (--felt-dark), for the browser's own bar. */
const BAR = { light: "#164632", dark: "#0f2e22" };

const systemDark = matchMedia("(prefers-color-scheme: dark)");
let chosen = "system";

/** The dark theme's blocks in the page's stylesheets. */
function darkBlocks() {
  const blocks = [];
  for (const sheet of document.styleSheets) {
    let rules;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // not readable (not loaded): nothing of ours
    }
    for (const rule of rules) {
      if (rule instanceof CSSMediaRule && rule.media.mediaText.includes("prefers-color-scheme: dark")) blocks.push(rule);
    }
  }
  return blocks;
}

/** The theme in use now: "light" or "dark". */
export function shownTheme() {
  return chosen === "system" ? (systemDark.matches ? "dark" : "light") : chosen;
}

/** Use `theme` ("system", "light" or "dark") from now on. */
export function applyTheme(theme) {
  chosen = Object.hasOwn(CONDITION, theme) ? theme : "system";
  for (const block of darkBlocks()) {
    if (block.media.mediaText !== CONDITION[chosen]) block.media.mediaText = CONDITION[chosen];
  }
  if (chosen === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = chosen;
  document.querySelector("meta[name=theme-color]")?.setAttribute("content", BAR[shownTheme()]);
}

// the device switches between light and dark (at dusk, say): the browser's bar follows
systemDark.addEventListener("change", () => applyTheme(chosen));
