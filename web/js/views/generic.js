// Fallback view for a game that has no view of its own yet: the legal actions as
// buttons and the raw table, so every engine game can be played (and debugged).
// A view module: the contract it keeps is views/contract.js (ViewModule).

import { h } from "../dom.js";

/** @type {import("./contract.js").Render} */
export function render(root, view, ctx) {
  const actions = view.legal_actions ?? [];
  root.append(
    h("div", { class: "generic" },
      h("p", { class: "generic__note" },
        `${view.title ?? view.game} has no table view yet; here are the choices as a list.`),
      actions.length
        ? h("div", { class: "generic__actions", role: "group", "aria-label": "Your choices" },
            actions.map((a) => h("button", { type: "button", disabled: !ctx.canAct,
                                             dataset: { testid: "action", action: a.id, key: `action-${a.id}` },
                                             onclick: () => ctx.act(a.id) }, ctx.fill(a.label))))
        : null,
      h("details", { class: "generic__table" },
        h("summary", {}, "Table data"),
        h("pre", {}, ctx.fill(JSON.stringify(view.table, null, 2))))));
}
