// Mottainai's card reference in the Rules panel: all 54 cards, filtered as you type (name,
// material or task) and by material buttons. The data is rules/mottainai-cards.json, written
// at build time from the engine's engine/games/mottainai/cards.json (effect texts in our
// words) and the card table of docs/rules/mottainai.md ("when" and our rulings per card).

import { h } from "./dom.js";
import { loadRulesData } from "./rules-figures.js";

/** What a search matches: the card's name, its material and its task (the names are the
 *  engine's, in every card: material_name, role_name). */
const haystack = (card) => `${card.name} ${card.material_name} ${card.role_name}`.toLowerCase();

/** Draw the reference into `root` (an element of the Mottainai help). */
export async function drawCardReference(root) {
  const [mt, data] = await Promise.all([import("./views/mottainai.js"), loadRulesData("mottainai-cards")]);
  const cards = data.cards;
  let material = "all";

  const items = cards.map((card) => h("li", {
      class: "rules-cardref", dataset: { testid: "card-ref", card: card.key, material: card.material } },
    h("h4", { class: "rules-cardref__name" },
      h("span", { class: `mt-card mt-card--${card.material} mt-card--mini` }, mt.cardFace(card, { mini: true }))),
    h("p", { class: "rules-cardref__meta" },
      `${card.material_name} · value ${card.value} · ${card.role_name} task`,
      card.timing ? ` · when: ${card.timing}` : ""),
    h("p", { class: "rules-cardref__text" }, card.text),
    card.rulings ? h("p", { class: "rules-cardref__ruling" }, h("strong", {}, "Our ruling: "), card.rulings) : null));

  const count = h("p", { class: "rules-cards__count", role: "status", dataset: { testid: "card-count" } });
  const search = h("input", { id: "rules-card-search", type: "search", autocomplete: "off", spellcheck: "false",
                              dataset: { testid: "card-search" }, "aria-describedby": "rules-card-search-hint",
                              oninput: update });
  // the materials in the cards' order (paper, stone, cloth, clay, metal), by their names
  const materials = new Map(cards.map((c) => [c.material, c.material_name]));
  const buttons = ["all", ...materials.keys()].map((m) => h("button", {
      type: "button", class: "rules-cards__filter", dataset: { testid: `card-filter-${m}`, material: m },
      "aria-pressed": String(m === material),
      onclick: () => { material = m; update(); } },
    m === "all" ? "All" : materials.get(m)));
  const empty = h("p", { class: "muted", hidden: true }, "No card matches.");

  function update() {
    const words = search.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    cards.forEach((card, i) => {
      const text = haystack(card);
      const ok = (material === "all" || card.material === material) && words.every((w) => text.includes(w));
      items[i].hidden = !ok;
      shown += ok;
    });
    for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.material === material));
    count.textContent = shown === cards.length ? `All ${cards.length} cards` : `${shown} of ${cards.length} cards`;
    count.dataset.shown = shown;
    empty.hidden = shown > 0;
  }

  root.replaceChildren(
    h("div", { class: "rules-cards__controls" },
      h("label", { for: "rules-card-search" }, "Search the cards"),
      search,
      h("p", { class: "hint", id: "rules-card-search-hint" }, "By name, material or task, e.g. “Kite”, “clay” or “Smith”."),
      h("div", { class: "rules-cards__filters", role: "group", "aria-label": "Show the cards of one material" }, buttons),
      count),
    h("ul", { class: "rules-cards__list mottainai", dataset: { testid: "card-list" } }, items),
    empty);
  update();
}
