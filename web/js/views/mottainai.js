// Mottainai table view (the table is described in docs/rules/mottainai.md, "The table in a view").
// A view module: the contract it keeps is views/contract.js (ViewModule).
//
// Every legal action is one button somewhere, carrying data-action="<id>":
//   hand card          -> "task:<key>", "return:<key>", "work:<key>", "support:<key>"
//   floor card         -> "hire:<key>", "collect:<key>"
//   craft bench card   -> "sell:<key>"
//   the choice bar     -> the task's action / "craft" / "prayer", "no_task", "done", "cancel",
//                         "wing:gallery" / "wing:gift_shop", "skip", "use:..." and effect answers
// Materials are never shown by colour alone: each has its name, an icon and a letter mark.

import { h, nameWith, plural, spaced } from "../dom.js";
import { closeCardInfo, readable, readCardAgain } from "../card-info.js";
import { rove } from "../a11y.js";
import { arrow, loadRulesData, pieces } from "../rules-figures.js";

// ---------------------------------------------------------------- materials (inline SVG icons)
const ICONS = {
  paper: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 2.5h8.5L19 7v14.5H6z"/><path class="mt-icon__line" d="M14.5 2.5V7H19M8.5 11h8M8.5 14h8M8.5 17h5"/></svg>',
  stone: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 17.5 6 9l5.5-4.5 6 2.5L21 15l-3.5 5h-11z"/><path class="mt-icon__line" d="M6 9l5 3 6.5-5M11 12l-1 8"/></svg>',
  cloth: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 5c3-2 6 2 9 0s6-2 9 0v14c-3-2-6 2-9 0s-6-2-9 0z"/><path class="mt-icon__line" d="M3 10c3-2 6 2 9 0s6-2 9 0M3 14.5c3-2 6 2 9 0s6-2 9 0"/></svg>',
  clay: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M8.5 2.5h7v2l-1.2 2.2C18 8 20 11 20 14.5c0 4-3.4 7-8 7s-8-3-8-7C4 11 6 8 9.7 6.7L8.5 4.5z"/><path class="mt-icon__line" d="M6 13h12"/></svg>',
  metal: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M2.5 6.5h14c0 3 2 4.5 5 4.5v2.5h-6l-1.5 2.5 2.5 4h-10l2.5-4L7.5 13.5H6C3.8 13.5 2.5 10.5 2.5 6.5z"/></svg>',
};
// The names of the materials and their tasks are the engine's (engine/games/mottainai/cards.py):
// every card carries its material_name and role_name, and the table lists its `materials`
// ({key, name, role, role_name}); learnNames() keeps them for the counts by material.
const MATERIAL_NAMES = {};
const ROLE_NAMES = {};

/** Learn the names of the materials and tasks from a table's `materials` or from cards. */
export function learnNames(items) {
  for (const it of items ?? []) {
    const material = it.material_name ? it.material : it.key;
    MATERIAL_NAMES[material] = it.material_name ?? it.name;
    ROLE_NAMES[it.role] = it.role_name;
  }
}
const CARD_VERBS = ["task", "return", "work", "support", "hire", "collect", "sell"];
const PHASES = { morning: "Morning", noon: "Noon", night: "Night", over: "Game over" };


function icon(material, cls = "mt-icon") {
  return h("span", { class: `${cls} mt-icon--${material}`, html: Object.hasOwn(ICONS, material) ? ICONS[material] : "" });
}

// ---------------------------------------------------------------- cards
/** The inside of a card: material band (icon + name + value + task), then the card's name. */
export function cardFace(card, { mini = false } = {}) {
  const role = card.role_name ?? "";
  if (mini) {
    return spaced(icon(card.material, "mt-icon mt-icon--small"),
      h("span", { class: "mt-card__name" }, card.name),
      h("span", { class: "mt-card__value", "aria-hidden": "true" }, String(card.value)));
  }
  return spaced(
    h("span", { class: "mt-card__band" }, icon(card.material),
      spaced(h("span", { class: "mt-card__material" }, card.material_name),
        h("span", { class: "mt-card__value" }, String(card.value)))),
    // a long word (Handkerchief) is set smaller so that the whole name fits the face
    h("span", { class: "mt-card__name" + (card.name.split(" ").some((w) => w.length > 8) ? " mt-card__name--long" : "") },
      card.name),
    h("span", { class: "mt-card__role" }, role));
}

/** A completed work: a small card with the first words of its effect (where there is room);
 *  the whole text shows on focus, hover, a tap or a long press (card-info.js). */
function workEl(card, testid = "work") {
  return readable(h("span", { class: `mt-card mt-card--${card.material} mt-card--mini mt-work`,
                              dataset: { testid, card: card.key, material: card.material },
                              "aria-label": `${card.label}, completed work` },
    cardFace(card, { mini: true }),
    // the first words of the effect, drawn by CSS from data-gist: a preview of its description
    // (aria-describedby), not part of its name
    h("span", { class: "mt-card__gist", "aria-hidden": "true", dataset: { gist: card.text } })), card);
}

/** A card, as a button when one legal action belongs to it (else a plain, labelled box). */
function cardEl(card, { action = null, ctx = null, mini = false, testid = "card", extra = "", note = "",
                         option = false, selected = false, tryId = null } = {}) {
  const cls = `mt-card mt-card--${card.material}${mini ? " mt-card--mini" : ""}${extra ? " " + extra : ""}`;
  const data = { testid, card: card.key, material: card.material };
  const title = `${card.label}: ${card.text}`;
  if (option) {
    // a card in the hand: an option of a listbox; Enter, Space or a click does its action.
    // A card that cannot be used now still answers a click: the engine says why (data-why).
    const usable = action && ctx.canAct;
    const why = !action && ctx.canAct && tryId ? tryId : null;
    const key = `${testid}-${card.key}-${action?.id ?? ""}`;
    return readable(nameWith(h("div", { role: "option", class: cls + (action ? " is-playable" : ""),
                               tabindex: usable || why ? "-1" : null, "aria-disabled": usable ? null : "true",
                               "aria-selected": selected ? "true" : "false", title,
                               dataset: { ...data, action: action?.id, why, key },
                               onclick: () => {
                                 if (usable) ctx.act(action.id);
                                 // the reason, then the card's text again on the redrawn card
                                 else if (why) ctx.act(why).then(() => readCardAgain(key));
                               } },
                            cardFace(card, { mini })),
                    action ? ctx.fill(action.label) : (note || "")), card);
  }
  if (action) {
    return readable(nameWith(h("button", { type: "button", class: cls + " is-playable", disabled: !ctx.canAct,
                         dataset: { ...data, action: action.id, key: `${testid}-${card.key}-${action.id}` },
                         title, onclick: () => ctx.act(action.id) }, cardFace(card, { mini })),
                    ctx.fill(action.label)), card);
  }
  return readable(h("span", { class: cls, dataset: data, role: "img", "aria-label": card.label + (note ? `, ${note}` : ""),
                              title }, cardFace(card, { mini })), card);
}

/** The legal action (if any) that clicking this card means: "<verb>:<key>" for one of `verbs`. */
function cardAction(legal, verbs, key) {
  for (const verb of verbs) {
    const a = legal.get(`${verb}:${key}`);
    if (a) return a;
  }
  return null;
}

function faceDown(text, testid) {
  return h("span", { class: "mt-card mt-card--back", role: "img", "aria-label": text, dataset: { testid } },
    h("span", { class: "mt-card__back-text" }, text));
}

// ---------------------------------------------------------------- groups (counts by material)
export function groupChip(g, kind) {
  const name = MATERIAL_NAMES[g.material];
  let status = null;
  let label = `${g.count} ${name}`;
  const atScoring = !g.covered && g.covered_at_scoring;
  if (kind !== "bench") {
    status = g.covered ? "covered"
      : atScoring ? `covered at scoring by ${g.covered_at_scoring}` : `not covered (cover ${g.cover})`;
    label += `, ${status}`;
  }
  return h("span", { class: `mt-group mt-group--${g.material}${g.covered ? " is-covered" : ""}${atScoring ? " is-covered-later" : ""}`,
                     dataset: { testid: `group-${kind}-${g.material}`, count: g.count,
                                covered: kind === "bench" ? null : String(g.covered) },
                     role: "img", "aria-label": label, title: label },
    icon(g.material, "mt-icon mt-icon--small"),
    h("span", { class: "mt-group__name" }, name),
    h("span", { class: "mt-group__count" }, `×${g.count}`),
    kind === "bench" ? null
      : h("span", { class: "mt-group__cover" },
          g.covered ? "✓ covered" : atScoring ? `✓ at scoring (${g.covered_at_scoring})` : `✗ cover ${g.cover}`));
}

function groups(list, kind, emptyText = "none") {
  if (!list.length) return h("span", { class: "muted mt-none" }, emptyText);
  return h("span", { class: "mt-groups" }, list.map((g) => groupChip(g, kind)));
}

// ---------------------------------------------------------------- the temple
function taskSlot(p, { big = false } = {}) {
  if (p.task_face_down) return faceDown("Face-down starting card (not a task)", "task-face-down");
  if (!p.task) return h("span", { class: "mt-slot-empty", dataset: { testid: "task-empty" } }, "No task");
  return cardEl(p.task, { testid: "task", mini: !big });
}

function wing(p, which, t) {
  const works = which === "gallery" ? p.gallery : p.gift_shop;
  const title = which === "gallery" ? "Gallery" : "Gift Shop";
  const covers = which === "gallery" ? "covers helpers" : "covers sales";
  return h("section", { class: `mt-wing mt-wing--${which}`, dataset: { testid: `wing-${which}`, count: works.length },
                        "aria-label": `${title}: ${plural(works.length, "work")} of ${t.works_to_end}` },
    h("h4", { class: "mt-wing__title" }, title,
      h("span", { class: "mt-wing__count" }, ` ${works.length}/${t.works_to_end}`)),
    h("p", { class: "mt-wing__hint" }, covers),
    works.length ? h("div", { class: "mt-wing__cards", dataset: { roving: "" } }, works.map((c) => workEl(c)))
                 : h("p", { class: "muted mt-none" }, "no works"));
}

/** One edge of a temple (sales, the craft bench): its cards, grouped.
 *  @param {string} title
 *  @param {string} testid
 *  @param {import("./contract.js").GameData[]} groupList
 *  @param {string} kind
 *  @param {import("./contract.js").GameData[]} cards
 *  @param {{legal?: {id: string, label: string}[], ctx?: import("./contract.js").ViewContext, verbs?: string[]}} [how]
 *    for clickable cards: the legal actions, the shell's context and the verbs the cards answer to */
function edge(title, testid, groupList, kind, cards, { legal, ctx, verbs = [] } = {}) {
  return h("section", { class: `mt-edge mt-edge--${testid}`, dataset: { testid }, "aria-label": title },
    h("h4", { class: "mt-edge__title" }, title),
    groups(groupList, kind),
    cards.length
      ? h("div", { class: "mt-edge__cards", dataset: { roving: "" } }, cards.map((c) => cardEl(c, {
          mini: true, testid: `${testid}-card`, action: verbs.length ? cardAction(legal, verbs, c.key) : null, ctx })))
      : null);
}

/** The player's own temple, drawn as the game draws it: wings beside, cards tucked on the edges. */
function myTemple(view, ctx, legal) {
  const t = view.table;
  const p = t.players[view.seat];
  return h("section", { class: "mt-temple", dataset: { testid: "my-temple", seat: p.seat },
                        "aria-label": `${ctx.names[p.seat]}'s temple` },
    wing(p, "gallery", t),
    edge("Helpers", "helpers", p.helper_groups, "helpers", p.helpers),
    h("div", { class: "mt-mat" },
      h("div", { class: "mt-mat__task" }, h("span", { class: "mt-mat__label" }, "Task"), taskSlot(p, { big: true })),
      h("div", { class: "mt-mat__name" }, `${ctx.names[p.seat]}'s temple`),
      h("div", { class: "mt-mat__waiting", dataset: { testid: "my-waiting", count: p.waiting_count } },
        h("span", { class: "mt-pile mt-pile--waiting", role: "img",
                    "aria-label": `Waiting area: ${plural(p.waiting_count, "card")}, face down until night` },
          String(p.waiting_count)),
        h("span", { class: "mt-mat__label" }, "Waiting area (face down until night)")),
      h("div", { class: "mt-mat__points" }, `Points on the table: ${p.points_on_table}`)),
    edge("Sales", "sales", p.sale_groups, "sales", p.sales),
    wing(p, "gift_shop", t),
    h("div", { class: "mt-temple__bench" },
      edge("Craft bench", "bench", p.bench_groups, "bench", p.craft_bench, { legal, ctx, verbs: ["sell"] })));
}

/** An opponent (or, for a spectator, any player) in a compact panel: counts, not hands. */
function playerPanel(view, ctx, p) {
  const t = view.table;
  const current = t.turn === p.seat;
  const rows = [
    ["Task", taskSlot(p)],
    ["Helpers", groups(p.helper_groups, "helpers")],
    ["Craft bench", groups(p.bench_groups, "bench")],
    ["Sales", groups(p.sale_groups, "sales")],
    [`Gallery ${p.gallery.length}/${t.works_to_end}`,
      p.gallery.length ? h("span", { class: "mt-mini-row", dataset: { roving: "" } }, p.gallery.map((c) => workEl(c)))
                       : h("span", { class: "muted mt-none" }, "none")],
    [`Gift Shop ${p.gift_shop.length}/${t.works_to_end}`,
      p.gift_shop.length ? h("span", { class: "mt-mini-row", dataset: { roving: "" } }, p.gift_shop.map((c) => workEl(c)))
                         : h("span", { class: "muted mt-none" }, "none")],
  ];
  if (p.final_hand) {
    rows.push(["Hand at the end", p.final_hand.length
      ? h("span", { class: "mt-mini-row", dataset: { roving: "" } }, p.final_hand.map((c) => cardEl(c, { mini: true, testid: "final-hand-card" })))
      : h("span", { class: "muted mt-none" }, "empty")]);
  }
  // one line (name, counts, works) that opens on demand; opened panels stay open across redraws
  const panel = h("details", { class: "mt-panel opponent" + (current ? " is-current" : ""),
                               open: openPanels.has(p.seat) || Boolean(p.final_hand),
                               dataset: { testid: `player-${p.seat}`, seat: p.seat, hand: p.hand_count,
                                          waiting: p.waiting_count },
                               "aria-current": current ? "true" : null },
    h("summary", { class: "mt-panel__head" },
      h("span", { class: "mt-panel__name" }, ctx.names[p.seat] ?? `Player ${p.seat + 1}`),
      view.seat === p.seat ? h("span", { class: "badge" }, "you") : null,
      current && !view.is_over ? h("span", { class: "badge badge--turn" }, "turn") : null,
      h("span", { class: "mt-panel__counts" },
        h("span", { dataset: { testid: "hand-count" } }, `Hand ${p.hand_count}`),
        h("span", { dataset: { testid: "waiting-count" } }, `Waiting ${p.waiting_count}`),
        h("span", {}, `Works ${p.gallery.length}+${p.gift_shop.length}`),
        h("span", {}, `${p.points_on_table} pts`))),
    h("dl", { class: "mt-panel__rows" }, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])));
  panel.addEventListener("toggle", () => (panel.open ? openPanels.add(p.seat) : openPanels.delete(p.seat)));
  return panel;
}

const openPanels = new Set(); // seats whose panel the player opened (kept across redraws)

// ---------------------------------------------------------------- centre: deck, floor, noon
function centre(view, ctx, legal) {
  const t = view.table;
  const floor = t.floor.map((c) => cardEl(c, { testid: "floor-card", action: cardAction(legal, ["hire", "collect"], c.key), ctx }));
  return h("section", { class: "mt-centre", "aria-label": "Middle of the table" },
    h("div", { class: "mt-deck", dataset: { testid: "deck", count: t.deck_count } },
      h("span", { class: "mt-pile mt-pile--deck", role: "img", "aria-label": `Deck: ${plural(t.deck_count, "card")}` },
        String(t.deck_count)),
      h("span", { class: "mt-deck__label" }, `Deck (${t.decks === 2 ? "two decks" : "one deck"})`),
      h("span", { class: "mt-deck__end" }, `Ends at ${t.works_to_end} works in a wing, or when the deck runs out`)),
    h("div", { class: "mt-floor" },
      h("h3", { class: "mt-section-title" }, "Floor ", h("span", { class: "muted" }, `(${t.floor.length})`)),
      floor.length ? h("div", { class: "mt-floor__cards", role: "group", "aria-label": "Floor cards",
                                dataset: { testid: "floor", roving: "" } }, floor)
                   : h("p", { class: "muted", dataset: { testid: "floor" } }, "The floor is empty.")));
}

function statusStrip(view, ctx) {
  const t = view.table;
  const bits = [h("span", { class: "mt-status__phase", dataset: { testid: "phase", phase: t.phase } }, PHASES[t.phase] ?? t.phase)];
  if (t.turn != null) bits.push(h("span", {}, `${ctx.names[t.turn]}'s turn`));
  const noon = t.noon;
  if (noon) {
    let text;
    if (noon.prayer_only) text = `${ctx.names[noon.performer]} has no task: one Prayer`;
    else {
      const whose = noon.task_owner === noon.performer ? "own" : `${ctx.names[noon.task_owner]}'s`;
      text = `${ctx.names[noon.performer]} performs ${whose} ${ROLE_NAMES[noon.role]} task (${MATERIAL_NAMES[noon.material]})`;
    }
    bits.push(h("span", { class: "mt-status__task", dataset: { testid: "noon-task", role: noon.role ?? "",
                                                                     owner: noon.task_owner ?? "" } },
      noon.material ? icon(noon.material, "mt-icon mt-icon--small") : null, text));
    bits.push(h("span", { class: "mt-status__actions", dataset: { testid: "actions-left", left: noon.actions_left,
                                                                   total: noon.actions_total } },
      `${plural(noon.actions_left, "action")} left of ${noon.actions_total}`));
  }
  return h("div", { class: "mt-status", dataset: { testid: "status" } }, bits);
}

// ---------------------------------------------------------------- choices and hand
/** The card action ids some card on screen carries (hand, floor, craft bench). A card action
 *  with no card on screen (e.g. Brick: a task card shown as support) gets a button instead. */
function clickableCards(view) {
  const t = view.table;
  const ids = new Set();
  for (const c of t.hand ?? []) for (const v of ["task", "return", "work", "support"]) ids.add(`${v}:${c.key}`);
  for (const c of t.floor) for (const v of ["hire", "collect"]) ids.add(`${v}:${c.key}`);
  const me = view.seat != null ? t.players[view.seat] : null;
  for (const c of me?.craft_bench ?? []) ids.add(`sell:${c.key}`);
  return ids;
}

/** A "use:<card>..." choice reads as the work whose effect it uses (its text on focus, hover, a
 *  long press); any other choice is left as it is. */
function withWork(view, id, button) {
  const [verb, key] = id.split(":");
  if (verb !== "use") return button;
  const me = view.table.players[view.seat];
  return readable(button, [...me.gallery, ...me.gift_shop].find((c) => c.key === key));
}

function choiceBar(view, ctx, legal) {
  const t = view.table;
  const buttons = [];
  const onScreen = clickableCards(view);
  for (const a of legal.values()) {
    const verb = a.id.split(":")[0];
    if (CARD_VERBS.includes(verb) && onScreen.has(a.id)) continue; // clicked on the cards themselves
    let cls = "mt-choice";
    let lead = null;
    if (ROLE_NAMES[a.id] && t.noon?.material) {
      cls += " mt-choice--task";
      lead = icon(t.noon.material, "mt-icon mt-icon--small");
    } else if (a.id === "craft") cls += " mt-choice--craft";
    else if (a.id === "prayer") cls += " mt-choice--prayer";
    else if (a.id === "cancel") cls += " mt-choice--cancel";
    buttons.push(withWork(view, a.id, h("button", { type: "button", class: cls, disabled: !ctx.canAct,
                               dataset: { testid: "choice", action: a.id, key: `choice-${a.id}`, choice: "",
                                          shortcut: a.id === "prayer" ? "p" : null },
                               "aria-keyshortcuts": a.id === "prayer" ? "P" : null,
                               onclick: () => ctx.act(a.id) }, lead, ctx.fill(a.label))));
  }
  const choice = t.choice;
  let progress = null;
  if (choice && choice.work) {
    progress = h("p", { class: "mt-progress", dataset: { testid: "choice-progress" } },
      "Completing ", cardEl(choice.work, { mini: true, testid: "choice-work" }),
      choice.supports.length ? [" with support ", choice.supports.map((c) => cardEl(c, { mini: true, testid: "choice-support" }))] : null);
  }
  const cardHint = [...legal.keys()].some((id) => CARD_VERBS.includes(id.split(":")[0]) && onScreen.has(id))
    ? h("p", { class: "hint" }, "Click a highlighted card to choose it.") : null;
  if (!buttons.length && !progress && !cardHint) return null;
  return h("section", { class: "mt-choices", dataset: { testid: "choices" }, "aria-label": "Your choices" },
    h("p", { class: "mt-choices__prompt", dataset: { testid: "prompt" } }, ctx.fill(view.prompt)),
    progress,
    buttons.length ? h("div", { class: "mt-choices__buttons", role: "group", "aria-label": "Choices",
                                dataset: { roving: "" } }, buttons) : null,
    cardHint);
}

function handSection(view, ctx, legal) {
  const t = view.table;
  const me = ctx.names[view.seat];
  const chosen = new Set();
  if (t.choice?.work) chosen.add(t.choice.work.key);
  // what a click on a card that cannot be used would mean (the engine then says why not)
  const verbs = ["task", "return", "work", "support"];
  const verb = verbs.find((v) => [...legal.keys()].some((id) => id.startsWith(`${v}:`))) ?? "work";
  const cards = t.hand.map((c) => cardEl(c, {
    testid: "hand-card", action: cardAction(legal, verbs, c.key), ctx, tryId: `${verb}:${c.key}`,
    extra: chosen.has(c.key) ? "is-chosen" : "", option: true, selected: chosen.has(c.key) }));
  return h("section", { class: "mt-hand", dataset: { testid: "hand", count: t.hand.length }, "aria-label": `${me}'s hand` },
    h("h3", { class: "mt-section-title" }, `${me}'s hand `, h("span", { class: "muted" }, `(${plural(t.hand.length, "card")})`)),
    h("p", { class: "mt-hand__hint muted", dataset: { testid: "card-info-hint" } },
      "To read a card: touch and hold it, hover over it, or focus it."),
    cards.length ? h("div", { class: "mt-hand__cards", role: "listbox", "aria-orientation": "horizontal",
                              "aria-label": `${me}'s hand: highlighted cards can be chosen (arrow keys move)` }, cards)
                 : h("p", { class: "muted" }, "No cards in hand."));
}

function legend(view) {
  const t = view.table;
  return h("details", { class: "mt-legend" },
    h("summary", {}, "Materials, values and tasks"),
    h("ul", {}, t.materials.map((m) => h("li", {},
      icon(m.key, "mt-icon mt-icon--small"), h("strong", {}, ` ${m.name} ${m.value}`),
      ` — ${m.role_name}: ${m.role_text}.`))));
}

/** Where the cards of the current decision lie: "floor" (hire, collect), "hand" (a task, a
 *  work, a support, a card to return) or "" (buttons only, or not the player's turn). */
function optionsAt(legal) {
  const verbs = [...legal.keys()].map((id) => id.split(":")[0]);
  if (verbs.some((v) => v === "hire" || v === "collect")) return "floor";
  if (verbs.some((v) => ["task", "return", "work", "support"].includes(v))) return "hand";
  return "";
}

// ---------------------------------------------------------------- entry point
/** @type {import("./contract.js").Render} */
/** Single answers the page never takes for the player (js/one-choice.js): the Fan ("top:<card>")
 *  shows the top 3 cards of the deck; when all three are the same card there is one answer, and
 *  taking it would hide the look. */
export const shownSteps = [/^top:/];

export function render(root, view, ctx) {
  closeCardInfo();
  const t = view.table;
  learnNames(t.materials);
  const legal = new Map((view.legal_actions ?? []).map((a) => [a.id, a]));
  const mine = view.seat != null && Array.isArray(t.hand);
  const others = t.players.filter((p) => !mine || p.seat !== view.seat);
  // the opponents, the floor and the player's temple scroll; the choices and the hand are docked.
  // Where the decision's cards are (the floor, the hand) tells a phone which row gets the room.
  root.append(h("div", { class: "mottainai tablelayout", dataset: { options: optionsAt(legal) } },
    h("div", { class: "tablelayout__area mottainai__area" },
      statusStrip(view, ctx),
      h("section", { class: "mt-panels", "aria-label": mine ? "Opponents" : "Players" },
        others.map((p) => playerPanel(view, ctx, p))),
      centre(view, ctx, legal),
      view.is_over && view.result?.note
        ? h("p", { class: "mt-result-note notice", dataset: { testid: "result-note" } }, ctx.fill(view.result.note))
        : null,
      mine ? myTemple(view, ctx, legal) : null,
      legend(view)),
    h("div", { class: "tablelayout__dock" },
      mine && ctx.canAct ? choiceBar(view, ctx, legal) : null,
      mine ? handSection(view, ctx, legal)
           : h("p", { class: "muted mt-spectator" }, "You are watching: no hand is shown."))));
}

// ---------------------------------------------------------------- the score table
/** Under the final scores: each player's completed works, readable like on the table (their
 *  effects explain the "Card bonuses" column), with the points each card's bonus gave.
 *  @type {import("./contract.js").DecorateResult} */
export function decorateResult(box, view, ctx) {
  const t = view.table;
  learnNames(t.materials);
  const bonuses = view.result?.card_bonuses ?? [];
  const rows = t.players.map((p) => {
    const points = new Map((bonuses[p.seat] ?? []).map((b) => [b.card, b.points]));
    const works = [...p.gallery, ...p.gift_shop];
    return h("li", { dataset: { testid: "result-works", seat: p.seat } },
      h("strong", {}, `${ctx.names[p.seat]}: `),
      works.length
        ? h("span", { class: "mt-mini-row", role: "group", "aria-label": `${ctx.names[p.seat]}'s works`,
                      dataset: { roving: "" } }, works.map((c) => {
            const el = workEl(c, "result-work");
            if (points.has(c.name)) {
              el.append(h("span", { class: "mt-result__bonus" }, ` +${points.get(c.name)}`));
              nameWith(el, `${c.material_name}, completed work, card bonus ${points.get(c.name)} points`);
            }
            return el;
          }))
        : h("span", { class: "muted" }, "no works"));
  });
  const list = h("section", { class: "mt-result", "aria-label": "Completed works" },
    h("h3", { class: "mt-result__title" }, "Completed works"),
    h("ul", { class: "mt-result__list" }, rows));
  box.querySelector(".result__actions")?.before(list) ?? box.append(list);
  rove(list);
}

// ---------------------------------------------------------------- the table as text
/** The table in plain sentences (the "Describe the table" control); no hidden card is named.
 *  @type {import("./contract.js").Describe} */
export function describe(view, ctx) {
  const t = view.table;
  learnNames(t.materials);
  const cards = (list) => (list.length ? list.map((c) => c.label).join(", ") : "none");
  const grp = (list) => (list.length ? list.map((g) => `${g.count} ${MATERIAL_NAMES[g.material]}`).join(", ") : "none");
  const lines = [`${PHASES[t.phase] ?? t.phase}.${t.turn != null ? ` ${ctx.names[t.turn]}'s turn.` : ""}`];
  if (t.noon) lines.push(statusStripText(t, ctx));
  for (const p of t.players) {
    const task = p.task_face_down ? "a face-down starting card" : p.task ? p.task.label : "none";
    lines.push(`${ctx.names[p.seat]}${view.seat === p.seat ? " (you)" : ""}: task ${task}; ${p.hand_count} cards in hand, ` +
      `${p.waiting_count} in the waiting area; helpers ${grp(p.helper_groups)}; craft bench ${grp(p.bench_groups)}; ` +
      `sales ${grp(p.sale_groups)}; gallery ${cards(p.gallery)}; gift shop ${cards(p.gift_shop)}; ` +
      `${p.points_on_table} points on the table.`);
  }
  lines.push(`Floor: ${cards(t.floor)}. Deck: ${t.deck_count} cards.`);
  if (Array.isArray(t.hand)) lines.push(`Your hand: ${cards(t.hand)}.`);
  return lines;
}

function statusStripText(t, ctx) {
  const noon = t.noon;
  if (noon.prayer_only) return `${ctx.names[noon.performer]} has no task: one Prayer.`;
  return `${ctx.names[noon.performer]} performs a ${ROLE_NAMES[noon.role]} task (${MATERIAL_NAMES[noon.material]}), ` +
    `${plural(noon.actions_left, "action")} left of ${noon.actions_total}.`;
}

// ---------------------------------------------------------------- open hands (replay)
/** One seat's hidden cards shown to everyone (a replay after the end): hand, waiting area and a
 *  face-down task, as plain cards.
 *  @type {import("./contract.js").RenderHoldings} */
export function renderHoldings(holding) {
  const row = (title, cards) => [
    h("p", { class: "replay-hands__label" }, title),
    cards.length ? h("div", { class: "replay-hands__cards" },
                     cards.map((c) => cardEl(c, { mini: true, testid: "open-hand-card" })))
                 : h("p", { class: "muted mt-none" }, "none")];
  return h("div", {},
    row("Hand", holding.hand),
    holding.waiting.length ? row("Waiting area", holding.waiting) : null,
    holding.face_down_task ? row("Task, face down", [holding.face_down_task]) : null);
}

// ---------------------------------------------------------------- the Rules panel
// Its pictures and its card reference, from rules/mottainai-cards.json (written by the build
// from engine/games/mottainai/cards.json and the card table of docs/rules/mottainai.md).
const upper = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function rulesCard(card, note = "") {
  return h("span", { class: `mt-card mt-card--${card.material}`, role: "img",
                     "aria-label": `${card.label}, ${upper(card.role)} task${note ? `, ${note}` : ""}` },
    cardFace(card));
}

const rulesLabel = (text) => h("span", { class: "rules-pieces__label" }, text);

/** The pictures of rules/mottainai.html (<figure data-figure="NAME">), see rules-figures.js. */
export const rulesFigures = {
  async "mottainai-materials"() {
    const data = await loadRulesData("mottainai-cards");
    const firstOf = (material) => data.cards.find((c) => c.material === material);
    return pieces("mottainai", ["paper", "stone", "cloth", "clay", "metal"].map((m) => rulesCard(firstOf(m))));
  },
  async "mottainai-work"() {
    const data = await loadRulesData("mottainai-cards");
    const [work, ...support] = data.cards.filter((c) => c.material === "clay").slice(0, 3);
    return pieces("mottainai",
      h("span", { class: "rules-pieces__group" }, rulesLabel("work, from your hand"), rulesCard(work, "the work")),
      h("span", { class: "rules-pieces__plus", "aria-hidden": "true" }, "+"),
      h("span", { class: "rules-pieces__group" }, rulesLabel("support, in your craft bench"),
        h("span", { class: "rules-pieces__row" }, support.map((c) => rulesCard(c, "support")))),
      arrow(),
      h("span", { class: "rules-pieces__group" }, rulesLabel("a completed work"),
        h("span", { class: `mt-card mt-card--${work.material} mt-card--mini`, role: "img",
                    "aria-label": `${work.label}, completed work` }, cardFace(work, { mini: true }))));
  },
  async "mottainai-cover"() {
    const data = await loadRulesData("mottainai-cards");
    learnNames(data.cards);
    return pieces("mottainai",
      h("span", { class: "rules-pieces__group" }, rulesLabel("helpers"),
        groupChip({ material: "paper", count: 2, covered: true, cover: 2 }, "helpers")),
      h("span", { class: "rules-pieces__group" }, rulesLabel("sales"),
        groupChip({ material: "clay", count: 3, covered: false, cover: 2 }, "sales")));
  },
};

/** The Rules panel's card reference (rules-cards.js): all 54 cards, searched by name,
 *  material or task, filtered by material (the materials' and tasks' names are the engine's). */
export async function cardReference() {
  const data = await loadRulesData("mottainai-cards");
  return {
    cards: data.cards,
    listClass: "mottainai",
    face: (card) => h("span", { class: `mt-card mt-card--${card.material} mt-card--mini` }, cardFace(card, { mini: true })),
    meta: (card) => `${card.material_name} · value ${card.value} · ${card.role_name} task${card.timing ? ` · when: ${card.timing}` : ""}`,
    words: (card) => `${card.name} ${card.material_name} ${card.role_name}`,
    group: (card) => [card.material, card.material_name],
    hint: "By name, material or task, e.g. “Kite”, “clay” or “Smith”.",
    groupsLabel: "Show the cards of one material",
  };
}
