// The games of this site, written in at build time by scripts/assemble_site.py from each game's
// spec (engine/games/<game>/__init__.py: its name, its title and its web assets), so a game is
// never listed by hand in the page. One entry per game, in the engine's order:
//
//   { name, title, view, css, rules }
//     view   its view module (js/views/<game>.js), see views/index.js
//     css    its stylesheet (css/<game>.css), linked from index.html by the build
//     rules  the Rules panel's text (rules/<game>.html), see rules-panel.js
//
// The paths are from the site's root. Until the build fills it in, GAMES is a placeholder.

/** @typedef {{name: string, title: string, view: string, css: string, rules: string}} GameEntry */

/** @type {GameEntry[]} */
export const GAMES = /** @type {any} */ ("__GAMES__");
