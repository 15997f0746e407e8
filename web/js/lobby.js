// The lobby: pick a game, the players (human or computer, names), options and seed.
// Settings are remembered in localStorage (except the seed, which is new each time
// unless the player types one). Whether the new table allows hints comes from the device's
// Settings (js/settings.js), not from the lobby.

import { h } from "./dom.js";
import { openRules } from "./rules-panel.js";
import { readSettings } from "./settings.js";

const STORE_KEY = "moteplay.lobby.v1";
/** The longest player name (the field refuses longer names; so does a loaded save). */
export const NAME_MAX = 20;

export const randomSeed = () => Math.floor(Math.random() * 1_000_000_000);

function loadStore() {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY)) || {};
  } catch {
    return {};
  }
}

function saveStore(store) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(store));
  } catch {
    /* private mode / quota: not remembering is fine */
  }
}

export const defaultName = (kind, i) => (kind === "bot" ? `Computer ${i + 1}` : `Player ${i + 1}`);
const isDefaultName = (name, i) => name === defaultName("human", i) || name === defaultName("bot", i);

function defaultSeat(game, i) {
  const kind = i === 0 || !game.bots?.length ? "human" : "bot";
  // computer seats start at the medium level: a fair game for a newcomer
  const bot = game.bots?.find((b) => b.name === "greedy") ?? game.bots?.[0];
  return { kind, bot: bot?.name ?? null, name: defaultName(kind, i) };
}

/** The settings to show for `game`: remembered ones if still valid, else defaults. */
function settingsFor(game, store) {
  const saved = store.games?.[game.name] ?? {};
  const clamp = (n) => Math.min(game.max_players, Math.max(game.min_players, n));
  const numPlayers = clamp(Number(saved.numPlayers) || Math.min(3, game.max_players));
  const botNames = new Set((game.bots ?? []).map((b) => b.name));
  const seats = [];
  for (let i = 0; i < game.max_players; i++) {
    const s = saved.seats?.[i];
    const seat = defaultSeat(game, i);
    if (s && (s.kind === "human" || s.kind === "remote" || (s.kind === "bot" && botNames.has(s.bot)))) {
      Object.assign(seat, { kind: s.kind, bot: s.kind === "bot" ? s.bot : seat.bot });
      // kept as typed: a name too long is shown in its field with the reason (never cut silently)
      if (typeof s.name === "string" && s.name.trim()) seat.name = s.name.slice(0, 10 * NAME_MAX);
    }
    seats.push(seat);
  }
  const options = {};
  for (const opt of game.options ?? []) {
    const has = saved.options && Object.hasOwn(saved.options, opt.name);
    const ok = has && (!opt.values?.length || opt.values.some((v) => v === saved.options[opt.name]));
    options[opt.name] = ok ? saved.options[opt.name] : opt.default;
  }
  return fitFirstPlayer({ numPlayers, seats, options });
}

/** "First player" offers only the seats in play: a chosen seat beyond them falls back to random. */
const seatExists = (value, numPlayers) => value === "random" || Number(value) <= numPlayers;
function fitFirstPlayer(settings) {
  const first = settings.options.first_player;
  if (first != null && !seatExists(first, settings.numPlayers)) settings.options.first_player = "random";
  return settings;
}

/**
 * A game as the engine's list_games gives it (its spec's info, options and bots).
 * @typedef {object} GameInfo
 * @property {string} name
 * @property {string} title
 * @property {number} min_players
 * @property {number} max_players
 * @property {string} [blurb]
 * @property {{name: string, title: string}[]} [bots]
 * @property {{name: string, title: string, help?: string, values?: any[], default?: any}[]} [options]
 *   an option's values and default are JSON values
 */

/**
 * Render the lobby into `root`.
 * @param {HTMLElement} root
 * @param {{games: GameInfo[], onStart: (setup) => (string|null|undefined|Promise<string|null|undefined>), onLoad: () => void,
 *          resume?: {label: string, over: boolean, onResume: () => void}, notice?: string,
 *          yourGames?: Node}} args
 *   resume: the game kept in this browser ("Continue: Motto, 3 players, turn 41"), if any;
 *   notice: a sentence to show at the top (e.g. why a stored game could not be restored);
 *   yourGames: the "Your games" section (your-games.js), shown after the new game's settings.
 */
export function renderLobby(root, { games, onStart, onLoad, resume, notice, yourGames }) {
  const store = loadStore();
  let game = games.find((g) => g.name === store.game) ?? games[0];
  let settings = settingsFor(game, store);
  let seed = randomSeed();

  const remember = () => {
    store.game = game.name;
    store.games = { ...(store.games ?? {}), [game.name]: settings };
    saveStore(store);
  };

  function draw() {
    const focusKey = /** @type {HTMLElement|null} */ (document.activeElement)?.dataset?.key;
    root.replaceChildren(...[
      notice ? h("p", { class: "notice", role: "status", dataset: { testid: "lobby-notice" } }, notice) : null,
      resume ? continueBlock() : null,
      // the heading with Start beside it: in view on load and a few Tab presses from the top
      // (the settings below are remembered, so Start is often all a player needs)
      h("div", { class: "lobby__head" },
        h("h2", { id: "lobby-title" }, "New game"),
        h("div", { class: "lobby__actions" },
          h("button", { type: "button", class: "primary big", dataset: { testid: "start", key: "start" },
                        onclick: start }, `Start ${game.title}`),
          h("button", { type: "button", dataset: { testid: "lobby-load", key: "load" }, onclick: onLoad },
            "Load a saved game…"),
          yourGames ? h("a", { href: "#your-games-title", class: "lobby__jump", dataset: { testid: "lobby-your-games" },
                               onclick: jumpToYourGames }, "Your games") : null)),
      gamePicker(),
      playersBlock(),
      optionsBlock(),
      seedBlock(),
      yourGames,
    ].filter(Boolean));
    if (focusKey) /** @type {HTMLElement|null} */ (root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`))?.focus();
  }

  function continueBlock() {
    return h("section", { class: "continue", dataset: { testid: "continue-block" }, "aria-labelledby": "continue-title" },
      h("h2", { id: "continue-title" }, resume.over ? "Your last game" : "Your game in progress"),
      resume.over ? h("p", { class: "continue__what" }, resume.label) : null,
      h("button", { type: "button", class: "primary big", dataset: { testid: "resume", key: "resume" },
                    onclick: resume.onResume },
        resume.over ? "Show the result" : `Continue: ${resume.label}`),
      resume.over ? null : h("p", { class: "hint" }, "Starting a new game replaces it."));
  }

  function gamePicker() {
    return h("fieldset", { class: "games" },
      h("legend", {}, "Game"),
      games.map((g) => h("div", { class: "gamecard-wrap" }, h("label", { class: "gamecard" + (g === game ? " is-selected" : "") },
        h("input", { type: "radio", name: "game", value: g.name, checked: g === game,
                     dataset: { testid: `game-${g.name}`, key: `game-${g.name}` },
                     onchange: () => { game = g; settings = settingsFor(g, store); remember(); draw(); } }),
        h("span", { class: "gamecard__title" }, g.title),
        h("span", { class: "gamecard__meta" }, `${g.min_players}–${g.max_players} players`),
        g.blurb ? h("span", { class: "gamecard__blurb" }, g.blurb) : null),
        h("button", { type: "button", class: "linkish", "aria-haspopup": "dialog",
                      dataset: { testid: `rules-${g.name}`, key: `rules-${g.name}` },
                      onclick: (e) => openRules(g.name, e.currentTarget) }, `How to play ${g.title}`))));
  }

  function playersBlock() {
    const counts = [];
    for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
    return h("fieldset", { class: "players-setup" },
      h("legend", {}, "Players"),
      h("label", { class: "inline" }, "Number of players ",
        h("select", { dataset: { testid: "num-players", key: "num-players" },
                      onchange: (e) => { settings.numPlayers = Number(e.target.value); fitFirstPlayer(settings);
                                         remember(); draw(); } },
          counts.map((n) => h("option", { value: n, selected: n === settings.numPlayers }, String(n))))),
      h("ol", { class: "seats" },
        settings.seats.slice(0, settings.numPlayers).map((seat, i) => seatRow(seat, i))),
      h("p", { class: "hint" },
        "Two or more humans on this device share its screen (hotseat): hands are hidden between turns. " +
        "A player on another device gets an invitation link or QR code for their phone, tablet or laptop."));
  }

  /** "7/20", or the reason a name is refused; the field says it too (aria-invalid). */
  function nameCount(input, count) {
    const n = input.value.trim().length;
    const tooLong = n > NAME_MAX;
    count.textContent = tooLong ? `${n}/${NAME_MAX}: too long, names are up to ${NAME_MAX} characters`
                                : `${n}/${NAME_MAX}`;
    count.classList.toggle("is-invalid", tooLong);
    input.setAttribute("aria-invalid", String(tooLong));
  }

  function seatRow(seat, i) {
    const kindValue = seat.kind === "bot" ? `bot:${seat.bot}` : seat.kind;
    const count = h("span", { class: "seat__count", id: `seat-count-${i}`, dataset: { testid: `seat-name-count-${i}` } });
    const input = h("input", { type: "text", value: seat.name, autocomplete: "off", "aria-describedby": `seat-count-${i}`,
                               dataset: { testid: `seat-name-${i}`, key: `seat-name-${i}` },
                               oninput: (e) => { seat.name = e.target.value; nameCount(e.target, count); remember(); } });
    nameCount(input, count);
    return h("li", { class: "seat" },
      h("label", {}, h("span", { class: "seat__label" }, `Seat ${i + 1} name`), input, count),
      h("label", {}, h("span", { class: "seat__label" }, "Played by"),
        h("select", { dataset: { testid: `seat-kind-${i}`, key: `seat-kind-${i}` },
                      onchange: (e) => {
                        const v = e.target.value;
                        const wasDefault = isDefaultName(seat.name.trim(), i);
                        if (v === "human" || v === "remote") seat.kind = v;
                        else Object.assign(seat, { kind: "bot", bot: v.slice(4) });
                        if (wasDefault) seat.name = defaultName(seat.kind, i);
                        remember(); draw();
                      } },
          h("option", { value: "human", selected: kindValue === "human" }, "Human — this device"),
          h("option", { value: "remote", selected: kindValue === "remote" }, "Human — on another device"),
          (game.bots ?? []).map((b) => h("option", { value: `bot:${b.name}`, selected: kindValue === `bot:${b.name}` },
            `Computer — ${b.title}`)))));
  }

  function optionsBlock() {
    if (!game.options?.length) return null;
    return h("fieldset", { class: "options" },
      h("legend", {}, "Options"),
      game.options.map((opt) => {
        const id = `opt-${opt.name}`;
        const value = settings.options[opt.name];
        let control;
        if (opt.values?.length) {
          // "First player": only the seats in play (the value k keeps its index in opt.values)
          const offered = (v) => opt.name !== "first_player" || seatExists(v, settings.numPlayers);
          control = h("select", { id, dataset: { testid: id, key: id },
                                  onchange: (e) => { settings.options[opt.name] = opt.values[Number(e.target.value)]; remember(); } },
            opt.values.map((v, k) => (offered(v) ? h("option", { value: k, selected: v === value }, optionText(v)) : null)));
        } else if (typeof opt.default === "number") {
          control = h("input", { id, type: "number", value, dataset: { testid: id, key: id },
                                 oninput: (e) => { settings.options[opt.name] = Number(e.target.value); remember(); } });
        } else {
          control = h("input", { id, type: "text", value: value ?? "", dataset: { testid: id, key: id },
                                 oninput: (e) => { settings.options[opt.name] = e.target.value; remember(); } });
        }
        return h("div", { class: "option" },
          h("label", { for: id }, opt.title ?? opt.name), control,
          opt.help ? h("p", { class: "hint" }, opt.help) : null);
      }));
  }

  function seedBlock() {
    return h("fieldset", { class: "seed" },
      h("legend", {}, "Seed"),
      h("label", { class: "inline" }, "Shuffle seed ",
        h("input", { type: "number", min: 0, step: 1, value: seed, inputmode: "numeric",
                     dataset: { testid: "seed", key: "seed" },
                     oninput: (e) => { seed = e.target.value; } })),
      h("button", { type: "button", dataset: { testid: "new-seed", key: "new-seed" },
                    onclick: () => { seed = randomSeed(); draw(); } }, "New random seed"),
      h("p", { class: "hint" }, "The same seed and the same moves always give the same game."));
  }

  function start() {
    const n = Number(seed);
    if (!Number.isSafeInteger(n) || n < 0) {
      alertIn(`The seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER.toLocaleString("en")}.`);
      return;
    }
    const seats = settings.seats.slice(0, settings.numPlayers).map((s, i) => ({
      kind: s.kind, bot: s.kind === "bot" ? s.bot : null,
      name: (s.name ?? "").trim() || defaultName(s.kind, i),
    }));
    const long = seats.findIndex((s) => s.name.length > NAME_MAX);
    if (long >= 0) {
      alertIn(`The name for seat ${long + 1} is ${seats[long].name.length} characters long: ` +
              `names can be up to ${NAME_MAX} characters. Shorten it to start.`);
      /** @type {HTMLElement|null} */ (root.querySelector(`[data-testid=seat-name-${long}]`))?.focus();
      return;
    }
    remember();
    root.querySelector(".lobby__error")?.remove();
    // a refusal from the engine comes back here, to be shown next to the Start button
    Promise.resolve(onStart({ game: game.name, numPlayers: settings.numPlayers, seats, seed: n,
                              options: { ...settings.options }, hints: readSettings().hints }))
      .then((error) => { if (error && root.isConnected && !root.hidden) alertIn(error); });
  }

  /** "Your games": down to the section, its heading focused (the page's address stays as it is). */
  function jumpToYourGames(event) {
    event.preventDefault();
    const title = /** @type {HTMLElement} */ (root.querySelector("#your-games-title"));
    title.tabIndex = -1;
    title.scrollIntoView({ block: "start" });
    title.focus({ preventScroll: true });
  }

  /** A sentence under the Start button saying why the game cannot start. */
  function alertIn(text) {
    root.querySelector(".lobby__error")?.remove();
    root.querySelector(".lobby__head").after(
      h("p", { class: "lobby__error", role: "alert", dataset: { testid: "lobby-error" } }, text));
  }

  draw();
}

function optionText(v) {
  if (v === true) return "Yes";
  if (v === false) return "No";
  if (v === null) return "None";
  return String(v);
}

/** Default seats for a game loaded from a file that has no page seat info. */
export function defaultSeats(game, numPlayers) {
  return Array.from({ length: numPlayers }, (_, i) => {
    const s = defaultSeat(game, i);
    return { ...s, bot: s.kind === "bot" ? s.bot : null };
  });
}
