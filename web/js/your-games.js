// "Your games" in the lobby: the games finished on this device (games-kept.js), newest first, each
// with its date, game, players (with the computers' levels), scores and winner, and a Replay
// button; how many were played and won against each computer level, per game; Export and Import
// of the list as a file; Delete of one game. A damaged entry is set aside and said in one line.

import { h, listWords, nameWith, downloadJSON } from "./dom.js";
import * as store from "./games-kept.js";

const PAGE = 10; // games shown at first; "Show more" adds as many again

/** The short name of a computer level: "Hard (search)" -> "Hard". */
const levelWord = (info, bot) => {
  const title = info?.bots?.find((b) => b.name === bot)?.title;
  return title ? title.split(" (")[0] : bot ?? null;
};

/** "5 Dec 2026, 21:40" in the player's own language. */
const when = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "2026-12-05": today, on this device's clock (the export file's name). */
function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/**
 * The "Your games" section (kept across the lobby's redraws: call refresh() when the lobby shows).
 * @param {{games: import("./lobby.js").GameInfo[], onReplay: (entry) => void}} args  games: list_games (titles, levels);
 *   onReplay: open a kept game in the replay.
 */
export function yourGames({ games, onReplay }) {
  const info = (name) => games.find((g) => g.name === name);
  const said = h("p", { class: "your-games__said", role: "status", dataset: { testid: "your-games-said" } });
  const body = h("div", { class: "your-games__body" });
  const picker = h("input", { type: "file", accept: ".json,application/json", hidden: true,
                              dataset: { testid: "your-games-import-file" }, onchange: importPicked });
  const section = h("section", { class: "your-games", dataset: { testid: "your-games" }, "aria-labelledby": "your-games-title" },
    h("h2", { id: "your-games-title" }, "Your games"), said, body, picker);
  let shown = PAGE;
  let drawing = 0;

  async function refresh() {
    const ticket = ++drawing;
    let kept;
    try {
      kept = await store.list();
    } catch (err) {
      console.warn("Your games could not be read:", err);
      if (ticket !== drawing) return;
      body.replaceChildren(h("p", { class: "hint", dataset: { testid: "your-games-off" } },
        "This browser keeps no data for this site now (storage is off, as in some private windows), " +
        "so finished games are not listed here."));
      section.dataset.count = "0";
      return;
    }
    if (ticket !== drawing) return;
    draw(kept);
  }

  function draw({ games: list, setAside }) {
    const parts = [];
    if (setAside.length) parts.push(asideNote(setAside));
    if (!list.length) {
      parts.push(h("p", { class: "hint", dataset: { testid: "your-games-empty" } },
        "Games you finish on this device are kept here, in this browser, to replay and to count your wins."));
    } else {
      parts.push(h("ol", { class: "your-games__list", dataset: { testid: "your-games-list" } },
        list.slice(0, shown).map(row)));
      if (list.length > shown) {
        parts.push(h("button", { type: "button", class: "your-games__more", dataset: { testid: "your-games-more" },
                                 onclick: () => showMore({ games: list, setAside }) },
          `Show more (${list.length - shown} more)`));
      }
      parts.push(stats(list));
    }
    parts.push(h("div", { class: "your-games__file" },
      list.length ? h("button", { type: "button", dataset: { testid: "your-games-export" }, onclick: exportList }, "Export")
                  : null,
      h("button", { type: "button", dataset: { testid: "your-games-import" }, onclick: () => { picker.value = ""; picker.click(); } },
        "Import…"),
      h("span", { class: "hint" }, "A file of your games, to keep or to move to another browser.")));
    body.replaceChildren(...parts);
    section.dataset.count = String(list.length);
  }

  /** Ten more games; the focus goes to the first of them (the button itself is redrawn). */
  function showMore(kept) {
    const first = shown;
    shown += PAGE;
    draw(kept);
    /** @type {NodeListOf<HTMLElement>} */ (body.querySelectorAll("[data-testid=your-game-replay]"))[first]?.focus();
  }

  function asideNote(setAside) {
    const reasons = [...new Set(setAside.map((a) => a.reason))];
    const n = setAside.length;
    return h("p", { class: "notice your-games__aside", dataset: { testid: "your-games-aside" } },
      `${n} damaged ${n === 1 ? "entry" : "entries"} set aside (${reasons.join("; ")}): ` +
      `${n === 1 ? "it is" : "they are"} not listed. `,
      h("button", { type: "button", class: "linkish", dataset: { testid: "your-games-aside-clear" },
                    onclick: async () => { await store.clearSetAside(); refresh(); } },
        n === 1 ? "Forget it" : "Forget them"));
  }

  /** "Ada (you)", "Ben (computer, hard)", "Cleo (other device)". */
  function playerText(entry, seat, s) {
    const game = info(entry.game);
    let who;
    if (entry.here.includes(seat)) who = entry.here.length === 1 ? "you" : "this device";
    else if (s.kind === "bot") who = s.bot ? `computer, ${levelWord(game, s.bot).toLowerCase()}` : "computer";
    else if (s.kind === "remote") who = "other device";
    else who = "this device";
    return `${s.name} (${who})`;
  }

  function winnerText(entry) {
    const names = entry.winners.map((s) => entry.seats[s].name);
    if (entry.here.length === 1 && entry.winners.length === 1 && entry.winners[0] === entry.here[0]) return "You won";
    if (!names.length) return "No winner";
    return names.length === 1 ? `${names[0]} won` : `${listWords(names)} shared the win`;
  }

  function row(entry) {
    const title = info(entry.game)?.title ?? entry.game;
    const date = when(entry.finishedAt);
    const what = `${title}, ${date}`;
    const winners = new Set(entry.winners);
    const players = entry.seats.map((s, i) => h("li", { class: winners.has(i) ? "is-winner" : "",
                                                       dataset: { testid: "your-game-player", seat: i } },
      h("span", { class: "your-game__name" }, playerText(entry, i, s)), " ",
      h("span", { class: "your-game__score", dataset: { testid: "your-game-score" } }, String(entry.scores[i])),
      winners.has(i) ? h("span", { class: "badge badge--win" }, "★ winner") : null));
    return h("li", { class: "your-game", dataset: { testid: "your-game", id: entry.id, game: entry.game } },
      h("p", { class: "your-game__head" },
        h("strong", { class: "your-game__title" }, title), " ",
        h("time", { datetime: entry.finishedAt }, date), " ",
        h("span", { class: "your-game__won", dataset: { testid: "your-game-won" } }, winnerText(entry))),
      h("ul", { class: "your-game__players", "aria-label": "Players and scores" }, players),
      h("div", { class: "your-game__actions" },
        nameWith(h("button", { type: "button", dataset: { testid: "your-game-replay" }, onclick: () => onReplay(entry) },
          "Replay"), what),
        nameWith(h("button", { type: "button", class: "linkish", dataset: { testid: "your-game-delete" },
                               onclick: () => deleteEntry(entry, what) }, "Delete"), what)));
  }

  /** Played and won per game against each computer level (a game against two levels counts for
   *  both), and without a computer; counted for the seats played at this device. */
  function stats(list) {
    const rows = new Map(); // game -> column -> {played, won}
    const columns = new Map(); // key -> label, in the order of the levels
    for (const g of games) for (const b of g.bots ?? []) columns.set(b.name, levelWord(g, b.name));
    columns.set("unknown", "Unknown level");
    columns.set("people", "People only");
    const used = new Set();
    for (const e of list) {
      if (!e.here.length) continue; // watched, not played
      const won = e.winners.some((s) => e.here.includes(s));
      // a guest at another's table is not told the computers' levels: "unknown"
      const levels = new Set(e.seats.filter((s, i) => !e.here.includes(i) && s.kind === "bot").map((s) => s.bot ?? "unknown"));
      if (!e.seats.some((s, i) => !e.here.includes(i) && s.kind === "bot")) levels.add("people");
      const counts = rows.get(e.game) ?? new Map();
      rows.set(e.game, counts);
      for (const level of levels) {
        if (!columns.has(level)) columns.set(level, level);
        used.add(level);
        const c = counts.get(level) ?? { played: 0, won: 0 };
        c.played += 1;
        c.won += won ? 1 : 0;
        counts.set(level, c);
      }
    }
    if (!rows.size) return null;
    const shownColumns = [...columns].filter(([key]) => used.has(key));
    const order = games.map((g) => g.name).filter((name) => rows.has(name));
    for (const name of rows.keys()) if (!order.includes(name)) order.push(name);
    // a row per level and a column per game: narrow enough for a phone (three games at most)
    return h("div", { class: "your-games__stats-fit" },
      h("table", { class: "your-games__stats", dataset: { testid: "your-games-stats" } },
        h("caption", {}, "Games won of games played, against each computer level"),
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, "Against"),
          order.map((name) => h("th", { scope: "col", dataset: { game: name } }, info(name)?.title ?? name)))),
        h("tbody", {}, shownColumns.map(([key, label]) => h("tr", { dataset: { testid: "your-games-stats-row", level: key } },
          h("th", { scope: "row" }, key === "people" ? label : key === "unknown" ? "Computer, level unknown" : `${label} computer`),
          order.map((name) => {
            const c = rows.get(name).get(key);
            return h("td", { dataset: { game: name, played: c?.played ?? 0, won: c?.won ?? 0 } },
              c ? `${c.won} of ${c.played}` : "—");
          }))))));
  }

  async function deleteEntry(entry, what) {
    if (!window.confirm(`Delete ${what} from Your games? Its replay goes with it.`)) return;
    try {
      await store.remove(entry.id);
      said.textContent = `Deleted ${what}.`;
    } catch (err) {
      said.textContent = `Could not delete it: ${err.message ?? err}.`;
    }
    await refresh();
    /** @type {HTMLElement | null} */ (section.querySelector("[data-testid=your-game-replay], [data-testid=your-games-import]"))?.focus();
  }

  async function exportList() {
    try {
      const file = await store.exportAll();
      downloadJSON(`moteplay-games-${today()}.json`, file);
      said.textContent = `Exported ${file.games.length} ${file.games.length === 1 ? "game" : "games"}.`;
    } catch (err) {
      said.textContent = `Could not export: ${err.message ?? err}.`;
    }
  }

  async function importPicked() {
    const file = picker.files?.[0];
    if (!file) return;
    picker.value = ""; // the same file may be picked again
    try {
      const text = new TextDecoder("utf-8").decode(await file.arrayBuffer());
      const { added, known, refused } = await store.importText(text);
      const parts = [`Imported ${added} ${added === 1 ? "game" : "games"}`];
      if (known) parts.push(`${known} already here`);
      let message = `${parts.join(", ")}.`;
      if (refused.length) {
        message += ` ${refused.length} damaged ${refused.length === 1 ? "entry was" : "entries were"} not imported (${refused.join("; ")}).`;
      }
      said.textContent = message;
    } catch (err) {
      said.textContent = `Could not import “${file.name}”: ${err.message ?? err}.`;
    }
    await refresh();
  }

  return { node: section, refresh };
}
