// Moteneba table view (the table is described in engine/games/moteneba/rules.py, _table()).
// A view module: the contract it keeps is views/contract.js (ViewModule).
//
// Clicks map to action ids:
//   draft pile cube          -> "draft:<colour>"
//   one of your cubes        -> "cube:<colour>"   (or "give:<colour>" for Trade / Replace)
//   a girl                   -> "girl:<pos>"      (or "power:<pos>" in the +3 Power step)
//   a topic card             -> "topic:<colour>"  ("Remove" beside it: "remove:<colour>", house rule b)
//   another player's cube    -> "take:<seat>:<colour>" (Trade)
//   an event card            -> "event:<kind>";   Cancel -> "cancel";  Done -> "done"
//   a girl to choose         -> "pick:<key>"
// Every cube shows its colour's letter (R, B, Y, W, K) and a pattern, so nothing depends on hue.

import { h, nameWith, plural, spaced } from "../dom.js";
import { loadRulesData, pieces } from "../rules-figures.js";

const PLACE = { 1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th" };
const PHASES = {
  pick: "Choosing the girls", draft: "Cube draft", play: "Placing cubes",
  power: "+3 Power, then the scoring", over: "Game over",
};

// Which scoring panels the player opened or closed by hand (kept across redraws).
const toggled = new Map();

// ---------------------------------------------------------------- small pieces
function colourInfo(table) {
  const info = {};
  for (const c of table.colours) info[c.key] = c;
  return info;
}

/** A cube chip: pattern + letter; `count` adds "×n". */
export function cube(colour, info, count = null, extra = "", inButton = false) {
  const c = info[colour];
  const label = count == null ? `${c.name} cube` : `${count} ${c.name.toLowerCase()}`;
  // inside a button the cube is read as text ("R ×2"): the button's name starts with it
  if (inButton) {
    return h("span", { class: `mn-cube mn-cube--${colour}${extra ? " " + extra : ""}`, title: label },
      spaced(h("span", { class: "mn-cube__letter" }, c.letter),
        count == null ? null : h("span", { class: "mn-cube__count" }, `×${count}`)));
  }
  return h("span", { class: `mn-cube mn-cube--${colour}${extra ? " " + extra : ""}`, role: "img",
                     "aria-label": label, title: label },
    h("span", { class: "mn-cube__letter", "aria-hidden": "true" }, c.letter),
    count == null ? null : h("span", { class: "mn-cube__count", "aria-hidden": "true" }, `×${count}`));
}

function cubeRow(colours, info, emptyText = "none") {
  const chips = Object.entries(colours).filter(([, n]) => n > 0).map(([c, n]) => cube(c, info, n));
  return chips.length ? h("span", { class: "mn-cubes" }, chips) : h("span", { class: "muted" }, emptyText);
}

export function heartsLine(printed, paid) {
  return h("span", { class: "mn-hearts" },
    h("span", { class: "sr-only" }, `hearts ${printed.join(", ")} `),
    printed.map((v, i) => h("span", { class: "mn-heart" + (i < paid.length ? "" : " is-ignored"),
                                      title: i < paid.length ? `${PLACE[i + 1]} place: ${v} hearts`
                                                             : `${PLACE[i + 1]} place: not paid this year`,
                                      "aria-hidden": "true" }, `♥${v}`)));
}

const shortName = (name) => (name.length > 10 ? name.slice(0, 9) + "…" : name);

// ---------------------------------------------------------------- sections
function statusStrip(view, ctx, info) {
  const t = view.table;
  const bits = [
    h("span", { class: "mn-status__year", dataset: { testid: "mn-year", year: t.year } },
      `Year ${t.year} of ${t.years}`),
    h("span", {}, PHASES[t.phase] ?? t.phase),
    t.draft ? h("span", { dataset: { testid: "mn-draft-round" } },
      `Draft round ${t.draft.round} of ${t.draft.rounds} · leader ${ctx.names[t.draft.leader]}`) : null,
    h("span", {}, `Starting player: ${ctx.names[t.start_player]}`),
    h("span", { class: "mn-bag", dataset: { testid: "mn-bag", total: t.bag.total } },
      `Bag: ${t.bag.total} cubes `, cubeRow(t.bag.colours, info, "empty")),
    h("span", {}, `Event deck: ${t.event_deck}`),
  ];
  const rules = Object.entries({ equal_pass: "(a) topics pass equal ones", remove_cube: "(b) remove a topic cube",
                                 all_colours: "(c) all colours count" })
    .filter(([k]) => t.house_rules[k]).map(([, text]) => text);
  if (rules.length) bits.push(h("span", { class: "mn-house" }, `House rules: ${rules.join(", ")}`));
  return h("div", { class: "mn-status" }, bits);
}

function girlsSection(view, ctx, info, legal) {
  const t = view.table;
  if (!t.girls.length) return null;
  return h("section", { class: "mn-girls", "aria-label": "The girls (arrow keys move between them)", dataset: { roving: "" } },
    t.girls.map((g) => {
      const placeId = `girl:${g.pos}`;
      const powerId = `power:${g.pos}`;
      const id = legal.has(powerId) ? powerId : placeId;
      const target = legal.has(id);
      const pending = t.pending;
      let more = "";
      if (legal.has(powerId)) more = "play +3 Power on her";
      else if (target && pending) more = `place the ${pending.colour} cube by her`;
      const rows = g.cubes.filter((c) => c.total > 0 || g.power[c.seat] > 0).map((c) =>
        h("li", { class: "mn-girl__player" + (c.seat === view.seat ? " is-you" : ""),
                  dataset: { seat: c.seat } },
          h("span", { class: "mn-girl__who" }, shortName(ctx.names[c.seat] ?? `P${c.seat + 1}`)),
          cubeRow(c.colours, info, ""),
          g.power[c.seat] ? h("span", { class: "mn-power" }, `+${3 * g.power[c.seat]}`) : null));
      return h("article", { class: "mn-girl" + (target ? " is-target" : ""),
                            dataset: { testid: `mn-girl-${g.pos}`, key: g.key } },
        nameWith(h("button", { type: "button", class: "mn-girl__card", disabled: !ctx.canAct,
                      dataset: { key: `girl-${g.pos}`, action: id },
                      onclick: () => ctx.act(id) },
          spaced(h("span", { class: "mn-girl__name" }, g.name),
            heartsLine(g.printed_hearts, g.hearts),
            g.event ? h("span", { class: "mn-event-mark", title: "Event card symbol" }, "✉ event") : null)), more),
        rows.length ? h("ul", { class: "mn-girl__cubes" }, rows)
                    : h("p", { class: "mn-girl__empty muted" }, "no cubes yet"));
    }));
}

function rankingSection(view, ctx, info, legal) {
  const t = view.table;
  return h("section", { class: "mn-ranking", "aria-label": "Topic ranking" },
    h("h3", { class: "mn-title" }, "Ranking"),
    h("ol", { class: "mn-ladder", dataset: { roving: "" } },
      t.ranking.map((r) => {
        const c = info[r.colour];
        const removeId = `remove:${r.colour}`;
        const topicId = `topic:${r.colour}`;
        const target = legal.has(topicId);
        return h("li", { class: "mn-rung" },
          h("span", { class: "mn-value", "aria-label": `value ${r.value}` }, String(r.value)),
          nameWith(h("button", { type: "button", class: `mn-topic mn-topic--${r.colour}` + (target ? " is-target" : ""),
                        disabled: !ctx.canAct, dataset: { testid: `mn-topic-${r.colour}`, key: topicId, action: topicId },
                        onclick: () => ctx.act(topicId) },
            spaced(cube(r.colour, info, null, "", true),
              h("span", { class: "mn-topic__name" }, c.name),
              h("span", { class: "mn-topic__count" }, plural(r.cubes, "cube")))),
          `topic card, value ${r.value}`),
          legal.has(removeId)
            ? h("button", { type: "button", class: "mn-remove", disabled: !ctx.canAct,
                            dataset: { testid: `mn-remove-${r.colour}`, key: removeId, action: removeId },
                            "aria-label": `Remove a cube from the ${c.name} topic card`,
                            onclick: () => ctx.act(removeId) }, "Remove")
            : null);
      })));
}

function centreSection(view, ctx, info, legal) {
  const t = view.table;
  const parts = [];
  if (t.phase === "pick") {
    parts.push(h("h3", { class: "mn-title" }, `Choose the girls (${t.girls.length} of 7)`),
      h("div", { class: "mn-picks" }, t.girls_to_pick.map((g) => {
        const id = `pick:${g.key}`;
        return nameWith(h("button", { type: "button", class: "mn-pick", disabled: !ctx.canAct,
                             dataset: { testid: `mn-pick-${g.key}`, key: id, choice: "", action: id },
                             onclick: () => ctx.act(id) },
          spaced(h("span", { class: "mn-girl__name" }, g.name), heartsLine(g.hearts, g.hearts),
            g.event ? h("span", { class: "mn-event-mark" }, "✉ event") : null)), "choose her");
      })));
  }
  if (t.draft) {
    parts.push(h("h3", { class: "mn-title" }, `Draft pile (${t.draft.pile_total})`),
      h("div", { class: "mn-pile", role: "group", "aria-label": "Draft pile", dataset: { testid: "mn-pile", roving: "" } },
        Object.entries(t.draft.pile).filter(([, n]) => n > 0).map(([colour, n]) => {
          const id = `draft:${colour}`;
          return nameWith(h("button", { type: "button", class: "mn-take", disabled: !ctx.canAct,
                               dataset: { testid: `mn-draft-${colour}`, key: id, choice: "", action: id },
                               onclick: () => ctx.act(id) }, cube(colour, info, n, "", true)),
                          `take a ${colour} cube (${n} in the pile)`);
        })));
  }
  if (t.pending) {
    const p = t.pending;
    const what = { place: `placing a ${p.colour} cube`, random: `placing the random ${p.colour} cube`,
                   trade: p.colour ? `playing Trade, giving a ${p.colour} cube for a cube of another player`
                                   : "playing Trade",
                   replace: "playing Replace", return: "playing Return" }[p.kind] ?? p.kind;
    parts.push(h("p", { class: "mn-pending", dataset: { testid: "mn-pending", kind: p.kind } },
      `${ctx.names[p.seat]} is ${what}.`));
  }
  const buttons = [];
  if (legal.has("cancel")) {
    buttons.push(h("button", { type: "button", disabled: !ctx.canAct, dataset: { testid: "mn-cancel", key: "cancel", action: "cancel" },
                               onclick: () => ctx.act("cancel") }, "Cancel"));
  }
  if (legal.has("done")) {
    buttons.push(h("button", { type: "button", class: "primary", disabled: !ctx.canAct,
                               dataset: { testid: "mn-done", key: "done", choice: "", action: "done" }, onclick: () => ctx.act("done") },
      t.events?.some((e) => e.kind === "power") ? "Done with +3 Power" : "Done: go on to the scoring"));
  }
  if (buttons.length) parts.push(h("div", { class: "mn-buttons" }, buttons));
  if (ctx.canAct && t.phase === "play" && !t.pending) {
    parts.push(h("p", { class: "hint" }, "Click one of your cubes, then a girl or the topic card of its colour."));
  }
  if (ctx.canAct && t.phase === "power" && legal.has("power:0")) {
    parts.push(h("p", { class: "hint" }, "Click a girl to play a +3 Power card on her."));
  }
  if (!parts.length) return null;   // nothing to draft or to answer here: the turn line says what happens
  return h("section", { class: "mn-centre", "aria-label": "Draft and actions" }, parts);
}

/** The players' panels: `which` = "me" (the seat on screen, docked with the choices) or
 *  "others" (everyone else, or everyone for a spectator). */
function playersSection(view, ctx, info, legal, which) {
  const t = view.table;
  const players = t.players.filter((p) => (which === "me") === (p.seat === view.seat));
  if (!players.length) return null;
  return h("section", { class: `mn-players mn-players--${which}`, "aria-label": which === "me" ? "Your cubes" : "Players" },
    players.map((p) => {
      const you = view.seat === p.seat;
      const current = view.current_player === p.seat && !view.is_over;
      const chips = Object.entries(p.cubes).filter(([, n]) => n > 0).map(([colour, n]) => {
        const ids = you ? [`cube:${colour}`, `give:${colour}`] : [`take:${p.seat}:${colour}`];
        const id = ids.find((x) => legal.has(x));
        const clickable = you || id;
        if (!clickable) return cube(colour, info, n);
        const actionId = id ?? ids[0];
        const text = actionId.startsWith("take:") ? `Take a ${colour} cube from ${ctx.names[p.seat]}`
          : actionId.startsWith("give:") ? `Give one of your ${colour} cubes` : `Place a ${colour} cube`;
        const selected = you && t.pending && t.pending.seat === p.seat && t.pending.kind === "place" &&
                         t.pending.colour === colour;
        const button = h("button", { type: "button", class: "mn-cubebtn" + (id ? " is-target" : "") + (selected ? " is-selected" : ""),
                             disabled: !ctx.canAct, "aria-pressed": selected ? "true" : null,
                             dataset: { testid: you ? `mn-cube-${colour}` : `mn-cube-${p.seat}-${colour}`, key: actionId, action: actionId },
                             onclick: () => ctx.act(actionId) },
          cube(colour, info, n, "", true));
        nameWith(button, `${text} (${n})`);
        return button;
      });
      return h("article", { class: "mn-player" + (current ? " is-current" : "") + (you ? " is-you" : ""),
                            dataset: { testid: `player-${p.seat}`, seat: p.seat, score: p.hearts },
                            "aria-current": current ? "true" : null },
        h("header", { class: "mn-player__head" },
          h("span", { class: "mn-player__name" }, ctx.names[p.seat] ?? `Player ${p.seat + 1}`),
          you ? h("span", { class: "badge" }, "you") : null,
          current ? h("span", { class: "badge badge--turn" }, "to move") : null),
        h("p", { class: "mn-player__stats" },
          h("span", { dataset: { testid: "hearts" } }, h("strong", {}, `♥ ${p.hearts}`), " hearts"),
          h("span", { dataset: { testid: "event-count" } }, plural(p.event_count, "event card"))),
        h("div", { class: "mn-player__cubes", role: "group", "aria-label": `${ctx.names[p.seat]}'s unplaced cubes`,
                   dataset: { roving: "" } },
          chips.length ? chips : h("span", { class: "muted" }, "no cubes to place")));
    }));
}

function eventsSection(view, ctx, legal) {
  const t = view.table;
  if (view.seat == null || !t.events) return null;
  const cards = t.events.map((e, i) => {
    const id = `event:${e.kind}`;
    const playable = legal.has(id);
    const usable = ctx.canAct && playable;
    // a card that cannot be played now still answers a click: the engine says why (data-why)
    const why = ctx.canAct && !playable ? id : null;
    return h("div", { role: "option", class: "mn-event" + (playable ? " is-target" : ""),
                      tabindex: usable || why ? "-1" : null, "aria-disabled": usable ? null : "true", "aria-selected": "false",
                      dataset: { testid: `mn-event-${e.kind}`, key: `event-${i}`, action: id, why },
                      onclick: () => { if (usable || why) ctx.act(id); } },
      spaced(h("span", { class: "mn-event__title" }, `${e.title}:`),
        h("span", { class: "mn-event__text" }, e.text)));
  });
  return h("section", { class: "mn-hand", dataset: { testid: "hand" }, "aria-label": "Your event cards" },
    h("h3", { class: "mn-title" }, "Your event cards"),
    cards.length ? h("div", { class: "mn-events", role: "listbox", "aria-orientation": "horizontal",
                              "aria-label": "Your event cards (arrow keys move, Enter plays)" }, cards)
                 : h("p", { class: "muted" }, "None. A girl with the ✉ symbol gives one to the player who impresses her most."));
}

/** The year-end scoring table of `s` (a scoring of the view's table): a row per girl with each
 *  player's influence, place and hearts, then the hearts before, the year's and the totals. */
function scoringTable(s, view, ctx, info) {
  const seats = [...Array(view.num_players).keys()];
  const cell = (row, girl) => {
    if (!row.influence) return h("td", { class: "mn-sc__none" }, "–");
    const how = row.colour ? [cube(row.colour, info, row.colour_cubes), ` × ${row.colour_value}`]
      : row.colour_cubes ? [`all colours (${row.colour_cubes} cubes)`] : [];
    const won = row.hearts > 0;
    return h("td", { class: "mn-sc__cell" + (won ? " is-paid" : "") + (row.place === 1 ? " is-top" : ""),
                     dataset: { seat: row.seat, hearts: row.hearts } },
      h("span", { class: "mn-sc__infl" }, String(row.influence)),
      h("span", { class: "mn-sc__how" }, how, row.power ? `${how.length ? " + " : ""}${3 * row.power} Power` : ""),
      h("span", { class: "mn-sc__place" }, `${PLACE[row.place]}${row.tied ? " (tie)" : ""}`),
      h("span", { class: "mn-sc__hearts" }, row.hearts ? `♥ ${row.hearts}` : "no heart"),
      girl.event_taker === row.seat ? h("span", { class: "mn-sc__event" }, "✉ takes an event card") : null);
  };

  const body = s.girls.map((g) => h("tr", {},
    h("th", { scope: "row" },
      h("span", { class: "mn-girl__name" }, g.name), " ", heartsLine(g.printed_hearts, g.hearts),
      h("span", { class: "mn-sc__summary" }, ctx.fill(g.summary))),
    seats.map((seat) => cell(g.players.find((r) => r.seat === seat), g))));

  const totals = [
    ["Hearts before", s.totals_before],
    [`Year ${s.year}`, s.year_hearts.map((v) => `+${v}`)],
    [s.paid ? "Total" : "Total after", s.totals_after],
  ];
  return h("table", { class: "mn-sc" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Girl"),
      seats.map((seat) => h("th", { scope: "col", dataset: { seat } }, ctx.names[seat])))),
    h("tbody", {}, body),
    h("tfoot", {}, totals.map(([label, values]) => h("tr", {},
      h("th", { scope: "row" }, label),
      seats.map((seat) => h("td", label.startsWith("Total") ? { dataset: { testid: `mn-total-${seat}` } } : {},
        String(values[seat])))))));
}

/** Who starts the next year, after a paid scoring (null in the last year). */
const nextYearText = (s, ctx) => (s.paid && s.next_start != null
  ? `${ctx.names[s.next_start]} has the most hearts and starts year ${s.year + 1}.` : null);

/** The year-end scoring on the table: why each girl went to whom (a panel that folds). */
function scoringSection(view, ctx, info) {
  const t = view.table;
  const s = t.scoring;
  if (!s) return null;
  const key = `${s.year}-${s.paid}`;
  const fresh = t.phase === "power" || view.is_over || (t.phase === "draft" && t.year === s.year + 1 && t.draft?.round === 1);
  const open = toggled.has(key) ? toggled.get(key) : fresh;
  const title = s.paid ? `Year ${s.year} scoring` : `Year ${s.year} scoring — before the hearts are paid`;
  const next = nextYearText(s, ctx);
  const panel = h("details", { class: "mn-scoring", dataset: { testid: "mn-scoring", year: s.year, paid: String(s.paid) },
                               open: open ? true : null },
    h("summary", {}, title),
    // a table that may scroll sideways: focusable, so a keyboard can scroll it
    h("div", { class: "mn-sc__wrap", tabindex: "0", role: "region", "aria-label": `${title}, the table` },
      scoringTable(s, view, ctx, info)),
      next ? h("p", { class: "hint" }, next) : null,
      !s.paid ? h("p", { class: "hint" }, "Influence = cubes of the best colour × that colour's value (+3 per +3 Power). Ties get the heart one notch lower.") : null);
  panel.addEventListener("toggle", () => toggled.set(key, panel.open));
  return panel;
}

/** The screen of a year just scored (moments.js shows it over the table until Continue): each
 *  girl, each player's influence and hearts, the year's hearts and the totals, who starts next.
 *  @type {import("./contract.js").RenderMoment} */
export function renderMoment(moment, view, ctx) {
  const s = view.table.scorings?.at(-1);
  if (moment.kind !== "year_scored" || !s) return null;
  const info = colourInfo(view.table);
  const gained = [...Array(view.num_players).keys()]
    .map((seat) => `${ctx.names[seat]} +${s.year_hearts[seat]} (${s.totals_after[seat]})`).join(", ");
  return {
    title: s.final_year ? `Year ${s.year} scored: the last year` : `Year ${s.year} scored`,
    body: h("div", { class: "moteneba mn-moment", dataset: { testid: "mn-moment", year: s.year } },
      scoringTable(s, view, ctx, info)),
    foot: h("p", { class: "mn-moment__next" }, `Hearts this year: ${gained}. `,
      nextYearText(s, ctx) ?? "The game is over: the final scores come next."),
  };
}

function rulesHelp() {
  return h("details", { class: "mn-help", dataset: { testid: "mn-rules" } },
    h("summary", {}, "Rules help"),
    h("p", {}, "Three school years. Each year: draft cubes from the pile one at a time; then, in turn, place a cube by a girl, ",
      "or on the topic card of its colour (which pushes that topic up the ranking), or play an event card. ",
      "At the year's end each girl gives her hearts to the players with the most influence: cubes of one colour × that colour's value ",
      "(the best colour only). Ties get the heart one notch lower; with 3 players the third heart is ignored; ",
      "the third year pays only the first heart. The player alone on top of a ✉ girl takes an event card."),
    h("p", { class: "mn-help__note" }, "Note: the girls' heart values are our reconstruction — the printed values are not published, ",
      "so the game uses a reconstructed set (and names of our own). The full rules and our rulings are in docs/rules/moteneba.md."));
}

function movesList(view, ctx) {
  const actions = view.legal_actions ?? [];
  if (!actions.length) return null;
  return h("details", { class: "mn-moves", dataset: { testid: "mn-moves" } },
    h("summary", {}, `All possible moves (${actions.length})`),
    h("div", { class: "mn-moves__list" }, actions.map((a) =>
      h("button", { type: "button", disabled: !ctx.canAct, dataset: { action: a.id, key: `move-${a.id}` },
                    onclick: () => ctx.act(a.id) }, ctx.fill(a.label)))));
}

// ---------------------------------------------------------------- entry point
/** @type {import("./contract.js").Render} */
export function render(root, view, ctx) {
  const t = view.table;
  const info = colourInfo(t);
  const legal = new Set((view.legal_actions ?? []).map((a) => a.id));
  // the girls, the ranking and the other players scroll; the draft, the player's own cubes and
  // event cards and the buttons of the current step are docked at the bottom
  root.append(h("div", { class: "moteneba tablelayout", dataset: { testid: "mn-table", phase: t.phase } },
    h("div", { class: "tablelayout__area moteneba__area" },
      statusStrip(view, ctx, info),
      girlsSection(view, ctx, info, legal),
      h("div", { class: "mn-middle" },
        rankingSection(view, ctx, info, legal),
        playersSection(view, ctx, info, legal, "others")),
      scoringSection(view, ctx, info),
      movesList(view, ctx),
      rulesHelp()),
    // at the end nothing in the dock can be used: focusable itself, so a keyboard can scroll it
    h("div", { class: "tablelayout__dock moteneba__dock",
               ...(view.is_over ? { tabindex: "0", role: "region", "aria-label": "Your cubes and event cards" } : {}) },
      centreSection(view, ctx, info, legal),
      h("div", { class: "mn-mine" },
        playersSection(view, ctx, info, legal, "me"),
        eventsSection(view, ctx, legal)))));
}

// ---------------------------------------------------------------- the table as text
/** The table in plain sentences (the "Describe the table" control); other players' event cards
 *  are counts only.
 *  @type {import("./contract.js").Describe} */
export function describe(view, ctx) {
  const t = view.table;
  const info = colourInfo(t);
  const cubes = (colours) => Object.entries(colours).filter(([, n]) => n > 0)
    .map(([c, n]) => `${n} ${info[c].name.toLowerCase()}`).join(", ") || "none";
  const lines = [`Year ${t.year} of ${t.years}: ${PHASES[t.phase] ?? t.phase}. Starting player ${ctx.names[t.start_player]}.`];
  lines.push(`Ranking: ${t.ranking.map((r) => `${info[r.colour].name} value ${r.value} (${r.cubes} cubes)`).join(", ")}.`);
  for (const g of t.girls) {
    const by = g.cubes.filter((c) => c.total > 0 || g.power[c.seat] > 0)
      .map((c) => `${ctx.names[c.seat]} ${cubes(c.colours)}${g.power[c.seat] ? ` and +${3 * g.power[c.seat]} Power` : ""}`);
    lines.push(`${g.name}: hearts ${g.printed_hearts.join(", ")}${g.event ? ", event card symbol" : ""}; ` +
      `${by.length ? by.join("; ") : "no cubes yet"}.`);
  }
  if (t.girls_to_pick?.length) lines.push(`Girls to choose from: ${t.girls_to_pick.map((g) => g.name).join(", ")}.`);
  if (t.draft) lines.push(`Draft pile: ${cubes(t.draft.pile)} (round ${t.draft.round} of ${t.draft.rounds}).`);
  for (const p of t.players) {
    lines.push(`${ctx.names[p.seat]}${view.seat === p.seat ? " (you)" : ""}: ${p.hearts} hearts, cubes to place ${cubes(p.cubes)}, ` +
      `${p.event_count} event cards.`);
  }
  if (view.seat != null && t.events) lines.push(`Your event cards: ${t.events.map((e) => e.title).join(", ") || "none"}.`);
  return lines;
}

// ---------------------------------------------------------------- open hands (replay)
/** One seat's event cards shown to everyone (a replay after the end).
 *  @type {import("./contract.js").RenderHoldings} */
export function renderHoldings(holding) {
  return holding.events.length
    ? h("div", { class: "replay-hands__cards mn-events" },
        holding.events.map((e) => h("div", { class: "mn-event", dataset: { testid: "open-hand-card", card: e.kind } },
          spaced(h("span", { class: "mn-event__title" }, `${e.title}:`), h("span", { class: "mn-event__text" }, e.text)))))
    : h("p", { class: "muted" }, "No event cards.");
}

// ---------------------------------------------------------------- the Rules panel's pictures
// From rules/moteneba-girls.json (written by the build from engine/games/moteneba/data.json).
function rulesGirl(girl) {
  const hearts = girl.hearts;
  return h("article", { class: "mn-girl rules-girl" },
    h("span", { class: "mn-girl__card", role: "img",
                "aria-label": `${girl.name}: hearts ${hearts.join(", ")}${girl.event ? ", event card symbol" : ""}` },
      h("span", { class: "mn-girl__name" }, girl.name),
      heartsLine(hearts, hearts),
      girl.event ? h("span", { class: "mn-event-mark" }, "✉ event") : null));
}

/** The pictures of rules/moteneba.html (<figure data-figure="NAME">), see rules-figures.js. */
export const rulesFigures = {
  async "moteneba-cubes"() {
    const data = await loadRulesData("moteneba-girls");
    const info = colourInfo(data);
    return pieces("moteneba", data.colours.map((c) =>
      h("span", { class: "rules-pieces__cube" }, cube(c.key, info), h("span", {}, c.name))));
  },
  async "moteneba-girl"() {
    const data = await loadRulesData("moteneba-girls");
    const girl = data.girls.find((g) => g.event && g.hearts.length === 3) ?? data.girls[0];
    return pieces("moteneba", rulesGirl(girl));
  },
  async "moteneba-ranking"() {
    const data = await loadRulesData("moteneba-girls");
    const info = colourInfo(data);
    /** @type {[string, number][]} */
    const rungs = [["red", 2], ["blue", 1], ["yellow", 1], ["white", 0], ["black", 0]];
    return pieces("moteneba", h("ol", { class: "mn-ladder rules-ladder", "aria-label": "Example ranking" },
      rungs.map(([colour, cubes], i) => h("li", { class: "mn-rung" },
        h("span", { class: "mn-value", "aria-label": `value ${5 - i}` }, String(5 - i)),
        h("span", { class: `mn-topic mn-topic--${colour}` },
          cube(colour, info),
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
