// A game's card reference in the Rules panel: every card, filtered as you type and by group
// buttons (the cards' materials or suits, say). The game's view module gives the cards and how to
// show them (its `cardReference`, views/contract.js); this module names no game.

import { h } from "./dom.js";

/**
 * Draw the reference into `root` (an element of the game's help text).
 * @param {Element} root
 * @param {{cards: {key: string, text: string, rulings?: string}[], listClass: string,
 *          face: (card: object) => Node, meta: (card: object) => string,
 *          words: (card: object) => string, group: (card: object) => [string, string],
 *          hint: string, groupsLabel: string}} ref
 *   `face` the card's picture, `meta` its line under the name, `words` what a search matches,
 *   `group` its filter group [key, name] (the groups in the cards' order), `hint` the search
 *   field's example, `groupsLabel` the filter buttons' label; `listClass` the view's class.
 */
export function drawCardReference(root, ref) {
  const { cards } = ref;
  let group = "all";

  const items = cards.map((card) => h("li", {
      class: "rules-cardref", dataset: { testid: "card-ref", card: card.key, group: ref.group(card)[0] } },
    h("h4", { class: "rules-cardref__name" }, ref.face(card)),
    h("p", { class: "rules-cardref__meta" }, ref.meta(card)),
    h("p", { class: "rules-cardref__text" }, card.text),
    card.rulings ? h("p", { class: "rules-cardref__ruling" }, h("strong", {}, "Our ruling: "), card.rulings) : null));
  const haystacks = cards.map((card) => ref.words(card).toLowerCase());

  const count = h("p", { class: "rules-cards__count", role: "status", dataset: { testid: "card-count" } });
  const search = h("input", { id: "rules-card-search", type: "search", autocomplete: "off", spellcheck: "false",
                              dataset: { testid: "card-search" }, "aria-describedby": "rules-card-search-hint",
                              oninput: update });
  const groups = new Map(cards.map((c) => ref.group(c)));
  const buttons = ["all", ...groups.keys()].map((g) => h("button", {
      type: "button", class: "rules-cards__filter", dataset: { testid: `card-filter-${g}`, group: g },
      "aria-pressed": String(g === group),
      onclick: () => { group = g; update(); } },
    g === "all" ? "All" : groups.get(g)));
  const empty = h("p", { class: "muted", hidden: true }, "No card matches.");

  function update() {
    const words = search.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    cards.forEach((card, i) => {
      const ok = (group === "all" || items[i].dataset.group === group) && words.every((w) => haystacks[i].includes(w));
      items[i].hidden = !ok;
      if (ok) shown += 1;
    });
    for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.group === group));
    count.textContent = shown === cards.length ? `All ${cards.length} cards` : `${shown} of ${cards.length} cards`;
    count.dataset.shown = String(shown);
    empty.hidden = shown > 0;
  }

  root.replaceChildren(
    h("div", { class: "rules-cards__controls" },
      h("label", { for: "rules-card-search" }, "Search the cards"),
      search,
      h("p", { class: "hint", id: "rules-card-search-hint" }, ref.hint),
      h("div", { class: "rules-cards__filters", role: "group", "aria-label": ref.groupsLabel }, buttons),
      count),
    h("ul", { class: `rules-cards__list ${ref.listClass}`, dataset: { testid: "card-list" } }, items),
    empty);
  update();
}
