// The pictures of the Rules panel, drawn with the game view's own pieces (cards, tokens,
// cubes...), so the help looks like the table. A help text asks for one with
// <figure data-figure="NAME">…<figcaption>…</figcaption></figure>; drawFigures() puts the
// pieces in front of the caption. Each game's view module draws its own pictures (its
// `rulesFigures`, views/contract.js); this module names no game. Card and other data come
// from the build (rules/*.json), which takes them from the engine's own data files.

import { h } from "./dom.js";

const files = new Map(); // file -> Promise of its contents (a failed fetch is forgotten)

/** rules/<file> of the site, fetched once: as "json" or "text". */
export function loadRulesFile(file, as) {
  if (!files.has(file)) {
    const url = new URL(`../rules/${file}`, import.meta.url);
    files.set(file, fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url.pathname}: HTTP ${r.status}`);
      return as === "json" ? r.json() : r.text();
    }).catch((err) => { files.delete(file); throw err; }));
  }
  return files.get(file);
}

/** rules/<name>.json, written by scripts/assemble_site.py from the engine's data. */
export const loadRulesData = (name) => loadRulesFile(`${name}.json`, "json");

/** A picture's pieces, drawn on the view's own background class (its colours live there). */
export const pieces = (viewClass, ...children) =>
  h("div", { class: `${viewClass} rules-pieces` }, ...children);

/** The arrow between the pieces of a picture ("these cards -> these tokens"). */
export const arrow = () => h("span", { class: "rules-pieces__arrow", "aria-hidden": "true" }, "→");

/** Draw every <… data-figure> under `root` with `figures` (the game view's `rulesFigures`:
 *  name -> async () => Node). A figure that fails says so in place. */
export async function drawFigures(root, figures = {}) {
  await Promise.all([...root.querySelectorAll("[data-figure]")].map(async (el) => {
    const draw = Object.hasOwn(figures, el.dataset.figure) ? figures[el.dataset.figure] : null;
    if (!draw) return;
    try {
      el.prepend(await draw());
    } catch (err) {
      console.error(err);
      el.prepend(h("p", { class: "muted" }, `(This picture could not be drawn: ${err.message ?? err})`));
    }
  }));
}
