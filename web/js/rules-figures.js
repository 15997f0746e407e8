// The pictures of the Rules panel: small examples drawn with the game views' own pieces
// (a Motto card and tokens, Mottainai cards and cover chips, Moteneba cubes, a girl, the
// ranking), so the help looks like the table. A help text asks for one with
// <figure data-figure="NAME">…<figcaption>…</figcaption></figure>; drawFigures() puts the
// pieces in front of the caption. Card and girl data come from the build (rules/*.json),
// which takes them from the engine's own data files.

import { h, plural } from "./dom.js";

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

/** The pieces drawn on the view's own background class (its colours live there). */
const pieces = (viewClass, ...children) =>
  h("div", { class: `${viewClass} rules-pieces` }, ...children);
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const arrow = () => h("span", { class: "rules-pieces__arrow", "aria-hidden": "true" }, "→");

// ---------------------------------------------------------------- Motto
function mottoCard(m, symbol, count, colour) {
  const stage = { purple: "youth", red: "adulthood", blue: "old age" }[colour];
  const card = { key: `${symbol}-${count}-${colour}`, symbol, count, colour, stage };
  const name = { love: "Love", passion: "Passion", money: "Money" }[symbol];
  return h("span", { class: m.cardClass(card), role: "img", "aria-label": `${count} ${name}, ${colour} (${stage})` },
    m.cardFace(card));
}

const mottoToken = (m, key, kind, label, size) => m.token({ key, kind, label, size });

// ---------------------------------------------------------------- Mottainai
function mottainaiCard(mt, card, note = "") {
  return h("span", { class: `mt-card mt-card--${card.material}`, role: "img",
                     "aria-label": `${card.label}, ${cap(card.role)} task${note ? `, ${note}` : ""}` },
    mt.cardFace(card));
}

// ---------------------------------------------------------------- Moteneba
function colourInfo(data) {
  return Object.fromEntries(data.colours.map((c) => [c.key, c]));
}

function girlCard(mn, girl) {
  const hearts = girl.hearts;
  return h("article", { class: "mn-girl rules-girl" },
    h("span", { class: "mn-girl__card", role: "img",
                "aria-label": `${girl.name}: hearts ${hearts.join(", ")}${girl.event ? ", event card symbol" : ""}` },
      h("span", { class: "mn-girl__name" }, girl.name),
      mn.heartsLine(hearts, hearts),
      girl.event ? h("span", { class: "mn-event-mark" }, "✉ event") : null));
}

const FIGURES = {
  async "motto-card"() {
    const m = await import("./views/motto.js");
    return pieces("motto", mottoCard(m, "passion", 2, "red"));
  },
  async "motto-stack"() {
    const m = await import("./views/motto.js");
    return pieces("motto", h("span", { class: "tokens" },
      [3, 2, 1].map((size) => mottoToken(m, "love", "symbol", "Love", size))));
  },
  async "motto-set"() {
    const m = await import("./views/motto.js");
    return pieces("motto",
      mottoCard(m, "love", 2, "red"), mottoCard(m, "passion", 2, "red"), mottoCard(m, "passion", 2, "red"),
      arrow(),
      h("span", { class: "tokens" }, mottoToken(m, "red", "colour", "Red", 3), mottoToken(m, "2", "number", "Two", 3)));
  },

  async "mottainai-materials"() {
    const [mt, data] = await Promise.all([import("./views/mottainai.js"), loadRulesData("mottainai-cards")]);
    const firstOf = (material) => data.cards.find((c) => c.material === material);
    return pieces("mottainai", ["paper", "stone", "cloth", "clay", "metal"].map((m) => mottainaiCard(mt, firstOf(m))));
  },
  async "mottainai-work"() {
    const [mt, data] = await Promise.all([import("./views/mottainai.js"), loadRulesData("mottainai-cards")]);
    const [work, ...support] = data.cards.filter((c) => c.material === "clay").slice(0, 3);
    return pieces("mottainai",
      h("span", { class: "rules-pieces__group" }, h("span", { class: "rules-pieces__label" }, "work, from your hand"),
        mottainaiCard(mt, work, "the work")),
      h("span", { class: "rules-pieces__plus", "aria-hidden": "true" }, "+"),
      h("span", { class: "rules-pieces__group" }, h("span", { class: "rules-pieces__label" }, "support, in your craft bench"),
        h("span", { class: "rules-pieces__row" }, support.map((c) => mottainaiCard(mt, c, "support")))),
      arrow(),
      h("span", { class: "rules-pieces__group" }, h("span", { class: "rules-pieces__label" }, "a completed work"),
        h("span", { class: `mt-card mt-card--${work.material} mt-card--mini`, role: "img",
                    "aria-label": `${work.label}, completed work` }, mt.cardFace(work, { mini: true }))));
  },
  async "mottainai-cover"() {
    const [mt, data] = await Promise.all([import("./views/mottainai.js"), loadRulesData("mottainai-cards")]);
    mt.learnNames(data.cards);
    return pieces("mottainai",
      h("span", { class: "rules-pieces__group" }, h("span", { class: "rules-pieces__label" }, "helpers"),
        mt.groupChip({ material: "paper", count: 2, covered: true, cover: 2 }, "helpers")),
      h("span", { class: "rules-pieces__group" }, h("span", { class: "rules-pieces__label" }, "sales"),
        mt.groupChip({ material: "clay", count: 3, covered: false, cover: 2 }, "sales")));
  },

  async "moteneba-cubes"() {
    const [mn, data] = await Promise.all([import("./views/moteneba.js"), loadRulesData("moteneba-girls")]);
    const info = colourInfo(data);
    return pieces("moteneba", data.colours.map((c) =>
      h("span", { class: "rules-pieces__cube" }, mn.cube(c.key, info), h("span", {}, c.name))));
  },
  async "moteneba-girl"() {
    const [mn, data] = await Promise.all([import("./views/moteneba.js"), loadRulesData("moteneba-girls")]);
    const girl = data.girls.find((g) => g.event && g.hearts.length === 3) ?? data.girls[0];
    return pieces("moteneba", girlCard(mn, girl));
  },
  async "moteneba-ranking"() {
    const [mn, data] = await Promise.all([import("./views/moteneba.js"), loadRulesData("moteneba-girls")]);
    const info = colourInfo(data);
    const rungs = [["red", 2], ["blue", 1], ["yellow", 1], ["white", 0], ["black", 0]];
    return pieces("moteneba", h("ol", { class: "mn-ladder rules-ladder", "aria-label": "Example ranking" },
      rungs.map(([colour, cubes], i) => h("li", { class: "mn-rung" },
        h("span", { class: "mn-value", "aria-label": `value ${5 - i}` }, String(5 - i)),
        h("span", { class: `mn-topic mn-topic--${colour}` },
          mn.cube(colour, info),
          h("span", { class: "mn-topic__name" }, info[colour].name),
          h("span", { class: "mn-topic__count" }, plural(cubes, "cube")))))));
  },
  /** Every girl's hearts, from the data file (our reconstruction, ruling N10). */
  async "moteneba-girls-table"() {
    const data = await loadRulesData("moteneba-girls");
    const place = (g, i) => (g.hearts[i] == null ? "—" : `♥ ${g.hearts[i]}`);
    return h("table", { class: "rules-table", dataset: { testid: "girls-table" } },
      h("caption", {}, "The fourteen girls (reconstructed heart values)"),
      h("thead", {}, h("tr", {},
        ["Girl", "1st", "2nd", "3rd", "Event card"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, data.girls.map((g) => h("tr", {},
        h("th", { scope: "row" }, g.name), [0, 1, 2].map((i) => h("td", {}, place(g, i))),
        h("td", {}, g.event ? "✉ yes" : "no")))));
  },
};

/** Draw every <… data-figure> under `root`. A figure that fails says so in place. */
export async function drawFigures(root) {
  await Promise.all([...root.querySelectorAll("[data-figure]")].map(async (el) => {
    const draw = FIGURES[el.dataset.figure];
    if (!draw) return;
    try {
      el.prepend(await draw());
    } catch (err) {
      console.error(err);
      el.prepend(h("p", { class: "muted" }, `(This picture could not be drawn: ${err.message ?? err})`));
    }
  }));
}
