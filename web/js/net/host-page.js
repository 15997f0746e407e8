// The host's screens of a table with seats "on another device" (docs/multiplayer.md): the
// Waiting for players screen before the game, the Players panel during it, and the table kept
// in this browser so that a reload of the host's page finds it again.
//
// This page runs the engine and is the only authority; net/host.js talks to the guests and
// submits their intents to the authority, which hands each guest's link its view after every
// change. The table's own state lives here: its record (host-record.js), the host's
// connections (host.js) and where the table is (waiting for players, or playing). The page
// (app.js) makes one with createHostPage(), handing it the few parts of the game flow it needs,
// and reads that state through its getters.
//
//   const hostPage = createHostPage({ authority, engine, getSetup, ... });
//   hostPage.openTable(setup);   // the lobby's Start with seats on other devices
//   hostPage.hosting;            // null | "waiting" | "playing"

import { $, part, show } from "../dom.js";
import { newTable, renewTable, readTable, writeTable, clearTable, tableSeed, seatLink } from "./host-record.js";
import { keepScreenOn } from "./wake-lock.js";

/** @typedef {import("./host-record.js").Table} Table */
/** @typedef {import("./host.js").HostShell} HostShell */
/** @typedef {Awaited<ReturnType<typeof import("./host.js").openHost>>} Host */
/** @typedef {ReturnType<typeof import("./config.js").netConfig>} NetConfig */
/** @typedef {import("../play/authority.js").Authority} Authority */
/** @typedef {import("../play/types.js").Setup} Setup */
/** @typedef {import("../play/types.js").Seat} Seat */

/**
 * What the host's screens need of the page (app.js):
 * - `authority`: the table's one writer (play/authority.js); `engine`: this page's engine, for
 *   the guests' replay and the save (session.js's localSession);
 * - `getSetup()`, `setSetup(setup)`: the page's game (the Waiting screen's table sets it);
 * - `gameInfo(game)`: the game's title and computer levels; `botLevel(seat)`: the computer
 *   level playing a seat now (null: a person); `hintsWanted()`: Settings' hints;
 * - `startGame(setup, {table})`: start the game (a refusal's text, or null);
 * - `inGame()`: a game is on screen; `stopDrawing()`: the drawing under way stops (a new screen);
 * - `setPhase`, `setIdle`, `showSection`, `navigate`, `showError`: the page's screen;
 * - `onSeatsChanged()`: a seat dropped or came back (the turn line may say so).
 * @typedef {{
 *   authority: Authority,
 *   engine: Pick<HostShell, "save" | "replayInfo" | "replayView">,
 *   getSetup: () => Setup,
 *   setSetup: (setup: Setup) => void,
 *   gameInfo: (game: string) => {title?: string, bots?: {name: string, title: string}[]} | undefined,
 *   botLevel: (seat: Seat) => string | null,
 *   hintsWanted: () => boolean,
 *   startGame: (setup: Setup, options: {table: Table}) => Promise<string | null>,
 *   inGame: () => boolean,
 *   stopDrawing: () => void,
 *   setPhase: (phase: string) => void,
 *   setIdle: (idle: boolean) => void,
 *   showSection: (name: string) => void,
 *   navigate: (screen: string) => void,
 *   showError: (text: string) => void,
 *   onSeatsChanged: () => void,
 * }} HostPageDeps
 */

/** The address's relay and ICE lists (config.js), loaded when a table needs them.
 *  @returns {Promise<NetConfig>} */
const netConfigOf = async () => (await import("./config.js")).netConfig();

/**
 * The host's screens, for the page's game flow `deps`.
 * @param {HostPageDeps} deps
 */
export function createHostPage(deps) {
  const { authority } = deps;
  /** @type {Table | null} */
  let record = null;   // the host's record of the table (host-record.js)
  /** @type {Host | null} */
  let host = null;     // the connections to the guests (host.js)
  /** @type {null | "waiting" | "playing"} */
  let hosting = null;  // the Waiting for players screen, or the game
  let relayErrorShown = false; // the relays' failure is said once
  /** @type {ReturnType<typeof keepScreenOn> | null} */
  let awake = null;    // the screen kept on while the table is open (wake-lock.js)

  /** The lobby's Start with seats on other devices: a new table and the Waiting for players screen.
   *  @param {Setup} setup */
  async function openTable(setup) {
    const config = await netConfigOf();
    const local = setup.seats.find((s) => s.kind === "human");
    const table = await newTable(setup.seats, {
      hostName: local?.name ?? "", relays: config.custom ? config.relays : null,
      ice: config.custom && !config.iceServers.length ? "none" : null, stun: config.stun });
    table.setup = { ...setup, seats: setup.seats.map((s) => ({ ...s })) };
    table.phase = "waiting";
    return showTable(table, config);
  }

  /** The Waiting for players screen of `table` (new, or kept through a reload of this page).
   *  @param {Table} table @param {NetConfig} config */
  async function showTable(table, config) {
    deps.stopDrawing();
    deps.setSetup(/** @type {Setup} */ (table.setup));
    await authority.submit({ kind: "clear" }); // no game until Start
    record = table;
    hosting = "waiting";
    awake ??= keepScreenOn();
    writeTable(table);
    deps.navigate("game");
    deps.setPhase("waiting");
    deps.showSection("waiting");
    drawWaiting();
    deps.setIdle(true);
    host = await hostFor(table, config);
    drawWaiting();
    return null;
  }

  /** The host's page reloaded while its players were joining: the same Waiting for players
   *  screen. Returns whether there was such a table. */
  function reopenWaiting() {
    const waiting = readTable();
    if (!(waiting?.phase === "waiting" && waiting.setup)) return false;
    hosting = "waiting"; // before the autosave is read: the new table is what this page shows
    netConfigOf().then((config) => showTable(waiting, config));
    return true;
  }

  /** After a reload of the host's page: the same table again, so the guests find it.
   *  @param {string | undefined} room the table the autosaved game was played at */
  async function reopenTable(room) {
    const seats = deps.getSetup().seats;
    const table = readTable();
    if (!table || table.room !== room || table.seats.length !== seats.length) {
      // the table is gone (another browser's save, or storage cleared): new invitations
      record = await newTable(seats, { hostName: seats.find((s) => s.kind === "human")?.name ?? "" });
      for (const s of record.seats) if (s.remote) s.joined = true;
      writeTable(record);
    } else {
      record = table;
    }
    hosting = "playing";
    awake ??= keepScreenOn();
    host = await hostFor(record, await netConfigOf());
  }

  /** Open the table's connections (host.js). @param {Table} table @param {NetConfig} config */
  function hostFor(table, config) {
    return import("./host.js").then(({ openHost }) => openHost({
      record: table, authority, shell, config, onRecord: () => { writeTable(table); drawWaiting(); } }));
  }

  /** Leave the table: every guest's connection closes (a new game, or the page's own hotseat). */
  function closeTable() {
    host?.close();
    host = null;
    record = null;
    hosting = null;
    awake?.release();
    awake = null;
    clearTable();
    drawPlayers();
  }

  /** What net/host.js needs of this page besides the authority.
   *  @type {HostShell} */
  const shell = {
    table: () => {
      const setup = deps.getSetup();
      return {
        game: setup.game, title: deps.gameInfo(setup.game)?.title ?? setup.game, hints: setup.hints !== false,
        options: setup.options,
        seats: setup.seats.map((s, i) => ({ name: s.name, kind: s.kind === "remote" && !s.standIn ? "remote" : deps.botLevel(s) ? "bot" : "human",
                                            ...(s.kind === "remote" && !s.standIn && host?.states()[i] === "away" ? { away: true } : {}) })),
      };
    },
    started: () => hosting === "playing" && authority.status != null,
    hints: () => deps.getSetup().hints !== false,
    replayInfo: () => deps.engine.replayInfo(),
    replayView: (spec) => deps.engine.replayView(spec),
    save: () => deps.engine.save(),
    onSeats: () => {
      const failed = host?.relayError();
      if (failed && hosting === "playing" && !relayErrorShown) {
        relayErrorShown = true;
        deps.showError(`The players on other devices cannot reconnect by themselves: ${failed} Connect them with codes (Players).`);
      }
      drawWaiting();
      drawPlayers();
      deps.onSeatsChanged();
    },
  };

  /** "Let the computer play" (level) or "Give the seat back" (null) for a seat on another device.
   *  @param {number} seat @param {string | null} level */
  function standIn(seat, level) {
    const s = deps.getSetup().seats[seat];
    if (level) s.standIn = level;
    else delete s.standIn;
    // a change like a move: kept in the autosave, every guest sees the new seat list, this
    // page's turn line too, and a computer takes its turn if it is the seat's
    if (authority.status) authority.submit({ kind: "computers", computers: deps.getSetup().seats.map(deps.botLevel) });
    drawWaiting();
    drawPlayers();
  }

  /** The seat cards (invitations, states, computer stand-ins) into `root`.
   *  @param {HTMLElement | null} root */
  async function drawSeatsInto(root) {
    if (!record || !root) return;
    const { drawSeats } = await import("./waiting.js");
    const setup = deps.getSetup();
    drawSeats(root, {
      seats: setup.seats, states: host?.states() ?? [], watching: host?.watching() ?? 0,
      links: setup.seats.map((s, i) => (s.kind === "remote" ? seatLink(/** @type {Table} */ (record), i) : null)),
      watchLink: seatLink(/** @type {Table} */ (record), null),
      levels: deps.gameInfo(setup.game)?.bots ?? [],
      onStandIn: standIn,
      offer: async (seat) => {
        if (!host) throw new Error("the table is not open");
        const made = await host.offer(seat);
        return { link: seatLink(/** @type {Table} */ (record), seat, { offer: made.code }), accept: made.accept };
      },
    });
  }

  /** The Waiting for players screen: each remote seat's invitation, then Start. */
  async function drawWaiting() {
    if (hosting !== "waiting") return;
    const setup = deps.getSetup();
    const table = /** @type {Table} */ (record);
    const missing = setup.seats.filter((s, i) => s.kind === "remote" && !s.standIn && !table.seats[i].joined);
    const start = /** @type {HTMLButtonElement} */ (part("waiting-start"));
    start.disabled = missing.length > 0 || !host;
    start.textContent = missing.length ? `Waiting for ${missing.map((s) => s.name).join(", ")}…` : `Start ${deps.gameInfo(setup.game)?.title ?? ""}`;
    const relayError = host?.relayError();
    part("waiting-status").textContent = !host ? "Opening the table…"
      : relayError ? `The invitation links cannot work now: ${relayError} Check the internet connection, or connect with codes.`
      : missing.length ? `${missing.length} of ${setup.seats.filter((s) => s.kind === "remote").length} players still to join.`
      : "Everyone is here.";
    part("waiting-relays").textContent = host?.relaysText() ?? "";
    if (!part("waiting-help").childElementCount) {
      const { howToConnect } = await import("./waiting.js");
      part("waiting-help").replaceChildren(howToConnect());
    }
    await drawSeatsInto($("waiting-seats"));
  }

  /** Start from the Waiting for players screen: the seed everyone made, then the game. */
  async function startHosted() {
    if (hosting !== "waiting") return;
    const setup = { ...deps.getSetup(), seed: await tableSeed(/** @type {Table} */ (record)), hints: deps.hintsWanted() };
    const table = /** @type {Table} */ (record);
    hosting = "playing";
    table.phase = "playing";
    writeTable(table);
    const error = await deps.startGame(setup, { table });
    if (error) {
      hosting = "waiting";
      deps.showSection("waiting");
      deps.showError(error);
      return;
    }
    part("waiting-seats").replaceChildren(); // from now on the seat cards are in the Players panel
    drawPlayers();
  }

  /** Play again at the same table: the same players and invitations, a new deal made together
   *  (the host's new commitment, each guest's new part), from the Waiting for players screen. */
  async function playAgainHosted() {
    await renewTable(/** @type {Table} */ (record));
    const table = /** @type {Table} */ (record);
    table.phase = "waiting";
    table.setup = deps.getSetup();
    writeTable(table);
    deps.stopDrawing();
    await authority.submit({ kind: "clear" });
    hosting = "waiting";
    show(part("result"), false);
    deps.setPhase("waiting");
    deps.showSection("waiting");
    /** @type {Host} */ (host).newDeal();
    await drawWaiting();
    deps.setIdle(true);
  }

  /** The Players panel during a hosted game (the same seat cards). */
  function drawPlayers() {
    const panel = part("players");
    const button = part("btn-players");
    if (!host || hosting !== "playing") {
      show(panel, false);
      show(button, false);
      return;
    }
    show(button, deps.inGame());
    const states = host.states();
    const away = deps.getSetup().seats.filter((s, i) => s.kind === "remote" && !s.standIn && states[i] !== "connected");
    button.textContent = away.length ? `Players (${away.length} away)` : "Players";
    part("players-relays").textContent = host.relaysText();
    if (!panel.hidden) drawSeatsInto($("players-seats"));
  }

  return {
    /** The host's record of the table (host-record.js), or null. */
    get record() { return record; },
    /** The connections to the guests (host.js), or null. */
    get host() { return host; },
    /** null | "waiting" (the Waiting for players screen) | "playing". */
    get hosting() { return hosting; },
    /** Whether the browser keeps the screen on for the table now. */
    get screenKept() { return awake?.held ?? false; },
    openTable,
    reopenWaiting,
    reopenTable,
    closeTable,
    startHosted,
    playAgainHosted,
    drawPlayers,
  };
}
