// Motto table view (see docs/bridge-contract.md, "Motto table"). A view module: the
// contract it keeps is views/contract.js (ViewModule).
//
// Clicks map to action ids: face-up card i -> "take:i", deck -> "draw",
// hand card -> "select:<key>", Confirm -> "confirm", Cancel -> "cancel", Pass -> "pass".
// Cards are readable without colour vision: every card prints its colour and stage
// of life as text, and each colour has its own band pattern (dots / solid / stripes).

import { h, nameWith, plural, spaced } from "../dom.js";
import { arrow, pieces } from "../rules-figures.js";

// ---------------------------------------------------------------- symbols (inline SVG)
const ICONS = {
  love: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 21.2 3.6 12.9A5.1 5.1 0 0 1 12 6.2a5.1 5.1 0 0 1 8.4 6.7z"/></svg>',
  passion: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 1.5l2.2 5.3 5.2-2.3-2.3 5.2 5.4 2.3-5.4 2.3 2.3 5.2-5.2-2.3L12 22.5l-2.2-5.3-5.2 2.3 2.3-5.2L1.5 12l5.4-2.3-2.3-5.2 5.2 2.3z"/></svg>',
  money: '<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="10.5"/><text x="12" y="17.2" text-anchor="middle" font-size="15" font-weight="700" font-family="DejaVu Sans, Arial, sans-serif">$</text></svg>',
};
const SYMBOL_NAMES = { love: "Love", passion: "Passion", money: "Money" };
const STAGE_SHORT = { youth: "Youth", adulthood: "Adult", "old age": "Old age" };
const SIZE_NAMES = { 3: "Large", 2: "Medium", 1: "Small" };
const cap = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);

const icon = (symbol, cls = "icon") => h("span", { class: `${cls} icon--${symbol}`, html: Object.hasOwn(ICONS, symbol) ? ICONS[symbol] : "" });

// ---------------------------------------------------------------- cards and tokens
/** The face of a card (used inside buttons and in the "last play" strip). */
export function cardFace(card) {
  const symbols = [];
  for (let i = 0; i < card.count; i++) symbols.push(icon(card.symbol, "card__symbol"));
  return spaced(
    h("span", { class: "card__corner", "aria-hidden": "true" },
      h("span", { class: "card__count" }, String(card.count)), icon(card.symbol, "card__mini")),
    h("span", { class: `card__symbols card__symbols--${card.count}`, "aria-hidden": "true" }, symbols),
    h("span", { class: "card__name", "aria-hidden": "true" }, SYMBOL_NAMES[card.symbol] ?? card.symbol),
    // colour and stage on two lines: the band is never cut, even on a phone's small card
    h("span", { class: "card__band", "aria-hidden": "true" }, spaced(
      h("span", { class: "card__colour" }, cap(card.colour)),
      h("span", { class: "card__stage" }, STAGE_SHORT[card.stage] ?? cap(card.stage)))));
}

export const cardClass = (card, extra = "") =>
  `card card--${card.colour} card--${card.symbol}${extra ? " " + extra : ""}`;

/** A token chip; its diameter follows its size (3 large, 2 medium, 1 small). */
export function token(tok, extra = "") {
  const label = `${SIZE_NAMES[tok.size] ?? ""} ${tok.label} token (${plural(tok.size, "point")})`.trim();
  let mark;
  if (tok.kind === "symbol") mark = icon(tok.key, "token__icon");
  else if (tok.kind === "number") mark = h("span", { class: "token__digit" }, tok.key);
  else mark = h("span", { class: "token__letter" }, tok.label.charAt(0));
  return h("span", { class: `token token--${tok.size} token--${tok.kind} token--${tok.key}${extra ? " " + extra : ""}`,
                     role: "img", "aria-label": label, title: label },
    mark, h("span", { class: "token__size", "aria-hidden": "true" }, String(tok.size)));
}

function tokenList(tokens, emptyText = "no tokens") {
  if (!tokens.length) return h("span", { class: "muted" }, emptyText);
  return h("span", { class: "tokens" }, tokens.map((t) => token(t)));
}

// ---------------------------------------------------------------- sections
function playersSection(view, ctx) {
  const t = view.table;
  return h("section", { class: "m-players", "aria-label": "Players" },
    t.players.map((p) => {
      const current = view.current_player === p.seat && !view.is_over;
      const you = view.seat === p.seat;
      return h("article", { class: "m-player" + (current ? " is-current" : "") + (you ? " is-you" : ""),
                            dataset: { testid: `player-${p.seat}`, seat: p.seat, score: p.score },
                            "aria-current": current ? "true" : null },
        h("header", { class: "m-player__head" },
          h("span", { class: "m-player__name" }, ctx.names[p.seat] ?? `Player ${p.seat + 1}`),
          you ? h("span", { class: "badge" }, "you") : null,
          current ? h("span", { class: "badge badge--turn" }, "to move") : null),
        h("p", { class: "m-player__stats" },
          h("span", { class: "m-player__score", dataset: { testid: "score" } },
            h("strong", {}, String(p.score)), ` point${p.score === 1 ? "" : "s"}`),
          h("span", { class: "m-player__hand" }, `${plural(p.hand_count, "card")} in hand`)),
        tokenList(p.tokens));
    }));
}

function centreSection(view, ctx) {
  const t = view.table;
  const legal = new Set((view.legal_actions ?? []).map((a) => a.id));
  const slots = t.pool.map((card, i) => {
    if (!card) {
      // an empty slot answers a click with the engine's reason, while the player can act
      return h("button", { type: "button", class: "card card--empty", disabled: !ctx.canAct, "aria-disabled": "true",
                           dataset: { testid: `pool-${i}`, key: `pool-${i}`, why: ctx.canAct ? `take:${i}` : null },
                           "aria-label": "Empty face-up slot", onclick: () => ctx.act(`take:${i}`) }, "Empty");
    }
    // named by what its face shows, then what a click does: "1 Money Red · Adult: take it from the table"
    return nameWith(h("button", { type: "button", class: cardClass(card), disabled: !ctx.canAct,
                                  dataset: { testid: `pool-${i}`, key: `pool-${i}`, card: card.key, action: `take:${i}` },
                                  onclick: () => ctx.act(`take:${i}`) }, cardFace(card)), "take it from the table");
  });
  const deck = nameWith(h("button", { type: "button", class: "pile pile--deck", disabled: !ctx.canAct,
                             dataset: { testid: "deck", key: "deck", count: t.deck_count, shortcut: "d",
                                        choice: legal.has("draw") ? "" : null, action: "draw" },
                             "aria-keyshortcuts": "D",
                             onclick: () => ctx.act("draw") },
    spaced(h("span", { class: "pile__title" }, "Deck"),
      h("span", { class: "pile__count" }, String(t.deck_count)),
      h("span", { class: "pile__hint" }, "draw"))), `take the top card (${t.deck_count} cards left)`);
  const discard = h("div", { class: "pile pile--discard", dataset: { testid: "discard", count: t.discard_count } },
    h("span", { class: "pile__title" }, "Discard"),
    h("span", { class: "pile__count" }, String(t.discard_count)));

  let last = null;
  if (t.last_play) {
    const lp = t.last_play;
    last = h("div", { class: "m-lastplay", dataset: { testid: "last-play" } },
      h("span", { class: "m-lastplay__who" }, `Last play: ${ctx.names[lp.seat]}`),
      h("span", { class: "m-lastplay__cards" },
        lp.cards.map((c) => h("span", { class: cardClass(c, "card--mini"), role: "img", "aria-label": c.label },
          cardFace(c)))),
      h("span", { class: "m-lastplay__arrow", "aria-hidden": "true" }, "→"),
      tokenList(lp.tokens, "no token"));
  }
  return h("section", { class: "m-centre", "aria-label": "Table" },
    h("div", { class: "m-piles" }, deck, discard),
    h("div", { class: "m-pool", role: "group", dataset: { roving: "" },
               "aria-label": "Face-up cards: click one to take it (arrow keys move between them)" }, slots),
    last);
}

function stacksSection(view) {
  const t = view.table;
  const groups = [["symbol", "Symbols"], ["number", "Numbers"], ["colour", "Colours"]];
  return h("section", { class: "m-stacks", "aria-label": "Token stacks" },
    h("h3", { class: "m-section-title" }, "Tokens left"),
    t.final_turns != null && !view.is_over
      ? h("p", { class: "m-final", dataset: { testid: "final-turns" } },
          `Final round: ${plural(t.final_turns, "turn")} left`)
      : null,
    groups.map(([kind, title]) => h("div", { class: "m-stackrow" },
      h("span", { class: "m-stackrow__title" }, title),
      t.stacks.filter((s) => s.kind === kind).map((s) => {
        const left = s.remaining;
        const label = left.length ? `${s.label}: ${left.join(", ")} left` : `${s.label}: empty`;
        return h("div", { class: "m-stack", dataset: { testid: `stack-${s.key}`, remaining: left.join(",") },
                          role: "group", "aria-label": label },
          h("span", { class: "m-stack__label" }, s.label),
          h("span", { class: "m-stack__tokens" },
            [3, 2, 1].map((size) => left.includes(size)
              ? token({ key: s.key, kind: s.kind, label: s.label, size })
              : h("span", { class: `token token--${size} token--taken`, "aria-hidden": "true" }))));
      }))));
}

function handSection(view, ctx) {
  const t = view.table;
  const me = ctx.names[view.seat];
  const legal = new Set((view.legal_actions ?? []).map((a) => a.id));
  // The hand includes the chosen cards; mark as many copies of each key as are chosen.
  const chosen = {};
  for (const c of t.selection ?? []) chosen[c.key] = (chosen[c.key] ?? 0) + 1;
  const cards = t.hand.map((card, i) => {
    const selected = (chosen[card.key] ?? 0) > 0;
    if (selected) chosen[card.key] -= 1;
    const playable = legal.has(`select:${card.key}`);
    const what = selected ? "chosen" : playable ? "can be chosen" : "";
    // an option of a multi-select listbox (WAI-ARIA): Enter or Space chooses it, as a click does
    return nameWith(h("div", { role: "option", tabindex: ctx.canAct ? "-1" : null, "aria-disabled": ctx.canAct ? null : "true",
                               class: cardClass(card, (selected ? "is-selected" : "") + (playable ? " is-playable" : "")),
                               dataset: { testid: "hand-card", key: `hand-${i}`, card: card.key, selected: selected ? "true" : "false",
                                          action: selected ? null : `select:${card.key}` },
                               "aria-selected": selected ? "true" : "false",
                               onclick: () => { if (ctx.canAct) ctx.act(`select:${card.key}`); } }, cardFace(card)), what);
  });

  const n = t.selection?.length ?? 0;
  const bar = [];
  if (n > 0) {
    bar.push(h("p", { class: "m-play__count", dataset: { testid: "selection-count" } },
      n === 3 ? "Three cards chosen." : `${n} of 3 cards chosen.`));
  }
  if (t.preview) {
    bar.push(h("p", { class: "m-play__preview", dataset: { testid: "preview" } },
      "This play earns: ", tokenList(t.preview.tokens, "no tokens (those stacks are empty)")));
  }
  if (legal.has("confirm")) {
    bar.push(h("button", { type: "button", class: "primary", disabled: !ctx.canAct,
                           dataset: { testid: "confirm", key: "confirm", choice: "", action: "confirm" }, onclick: () => ctx.act("confirm") },
      "Play these three cards"));
  }
  if (n > 0) {
    bar.push(h("button", { type: "button", disabled: !ctx.canAct, dataset: { testid: "cancel", key: "cancel", action: "cancel" },
                           onclick: () => ctx.act("cancel") }, "Cancel"));
  }
  if (legal.has("pass")) {
    bar.push(h("button", { type: "button", disabled: !ctx.canAct, dataset: { testid: "pass", key: "pass", action: "pass" },
                           onclick: () => ctx.act("pass") }, "Pass"));
  }

  return h("section", { class: "m-hand", "aria-label": `${me}'s hand`, dataset: { testid: "hand" } },
    h("h3", { class: "m-section-title" }, `${me}'s hand`,
      h("span", { class: "muted" }, ` — ${plural(t.hand.length, "card")}`)),
    t.hand.length
      ? h("div", { class: "m-hand__cards", role: "listbox", "aria-multiselectable": "true", "aria-orientation": "horizontal",
                   "aria-label": "Your cards: choose three that share a symbol, number or colour" }, cards)
      : h("p", { class: "muted" }, "No cards in hand."),
    bar.length ? h("div", { class: "m-play", dataset: { testid: "play-bar" } }, bar) : null,
    ctx.canAct && n === 0
      ? h("p", { class: "hint" }, "Take a face-up card or draw from the deck, or choose three cards from your hand that share a symbol, a number or a colour.")
      : null);
}

/** The way to the rules from the table (as from the lobby): the Rules panel at Motto's rules
 *  (rules-panel.js opens it for any button with data-rules-game). */
function rulesButton() {
  return h("button", { type: "button", class: "m-rules", dataset: { testid: "rules", rulesGame: "motto" } },
    "How to play Motto");
}

// ---------------------------------------------------------------- entry point
/** The table: the players, the middle and the token stacks in an area that scrolls by itself;
 *  the player's hand and its "Play these three cards" bar docked under it (docs/web-guide.md, "Layout").
 *  @type {import("./contract.js").Render} */
export function render(root, view, ctx) {
  const hasHand = view.seat != null && Array.isArray(view.table.hand);
  root.append(h("div", { class: "motto tablelayout" },
    h("div", { class: "tablelayout__area motto__area" },
      playersSection(view, ctx),
      h("div", { class: "motto__main" },
        centreSection(view, ctx),
        stacksSection(view)),
      ctx.replay ? null : rulesButton()),
    h("div", { class: "tablelayout__dock" },
      hasHand ? handSection(view, ctx)
              : h("p", { class: "m-spectator muted" }, "Hands are hidden: this is the spectator view."))));
}

// ---------------------------------------------------------------- the table as text
/** The table in plain sentences (the "Describe the table" control): what a sighted player reads
 *  off it, and nothing hidden (other hands are counts).
 *  @type {import("./contract.js").Describe} */
export function describe(view, ctx) {
  const t = view.table;
  const toks = (list) => (list.length ? list.map((k) => `${k.label} ${k.size}`).join(", ") : "no tokens");
  const lines = t.players.map((p) =>
    `${ctx.names[p.seat]}${view.seat === p.seat ? " (you)" : ""}: ${p.score} points, ${p.hand_count} cards in hand, tokens: ${toks(p.tokens)}.`);
  lines.push(`Face-up cards: ${t.pool.map((c, i) => (c ? `${i + 1}. ${c.label}` : `${i + 1}. empty`)).join("; ")}.`);
  lines.push(`Deck: ${t.deck_count} cards. Discard pile: ${t.discard_count} cards.`);
  if (t.last_play) {
    lines.push(`Last play by ${ctx.names[t.last_play.seat]}: ${t.last_play.cards.map((c) => c.label).join(", ")}; took ${toks(t.last_play.tokens)}.`);
  }
  lines.push(`Tokens left: ${t.stacks.map((s) => `${s.label} ${s.remaining.length ? s.remaining.join(", ") : "none"}`).join("; ")}.`);
  if (t.final_turns != null && !view.is_over) lines.push(`Final round: ${t.final_turns} turns left.`);
  if (Array.isArray(t.hand)) {
    lines.push(`Your hand: ${t.hand.map((c) => c.label).join("; ") || "empty"}.`);
    if (t.selection?.length) lines.push(`Chosen for a play: ${t.selection.map((c) => c.label).join(", ")}.`);
  }
  return lines;
}

// ---------------------------------------------------------------- open hands (replay)
/** One seat's hand shown to everyone (a replay after the end): the cards, not clickable.
 *  @type {import("./contract.js").RenderHoldings} */
export function renderHoldings(holding) {
  return holding.hand.length
    ? h("div", { class: "replay-hands__cards", role: "list", "aria-label": "Hand" },
        holding.hand.map((card) => h("span", { class: cardClass(card), role: "listitem", "aria-label": card.label,
                                               dataset: { testid: "open-hand-card", card: card.key } }, cardFace(card))))
    : h("p", { class: "muted" }, "No cards in hand.");
}

// ---------------------------------------------------------------- the Rules panel's pictures
function rulesCard(symbol, count, colour) {
  const stage = { purple: "youth", red: "adulthood", blue: "old age" }[colour];
  const card = { key: `${symbol}-${count}-${colour}`, symbol, count, colour, stage };
  return h("span", { class: cardClass(card), role: "img", "aria-label": `${count} ${SYMBOL_NAMES[symbol]}, ${colour} (${stage})` },
    cardFace(card));
}

const rulesToken = (key, kind, label, size) => token({ key, kind, label, size });

/** The pictures of rules/motto.html (<figure data-figure="NAME">), see rules-figures.js. */
export const rulesFigures = {
  async "motto-card"() {
    return pieces("motto", rulesCard("passion", 2, "red"));
  },
  async "motto-stack"() {
    return pieces("motto", h("span", { class: "tokens" },
      [3, 2, 1].map((size) => rulesToken("love", "symbol", "Love", size))));
  },
  async "motto-set"() {
    return pieces("motto",
      rulesCard("love", 2, "red"), rulesCard("passion", 2, "red"), rulesCard("passion", 2, "red"),
      arrow(),
      h("span", { class: "tokens" }, rulesToken("red", "colour", "Red", 3), rulesToken("2", "number", "Two", 3)));
  },
};
