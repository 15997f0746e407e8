// The page's wiring: it makes the page's parts, hands each the others it needs, and ties
// the shell's buttons to them. Where each idea lives (docs/web.md):
//
//   page/state.js      the page's state, one store (play/store.js): phase, setup, the view shown
//   page/boot.js       the lobby at once, Python in the background, "Starting Python…"
//   page/keeper.js     the autosave after every change, the kept game loaded at the next visit
//   page/entry.js      the lobby, Start, Continue, Back and Forward, Load
//   page/game-screen.js the game on screen after every change (play/flow.js decides the step)
//   page/moves.js      this page's player's clicks, Undo, a step with one choice taken for them
//   page/game-over.js  the score table (and a guest's Verify)
//   play/authority.js  the table's one writer: every move, computer's turn and guest's intent
//   net/host-page.js, net/guest-page.js   play on several devices (docs/multiplayer.md)
//
// The path of a click: views/<game>.js's choice -> moves.act -> authority.submit -> the
// engine (session.js) -> the authority's change -> game-screen.changed / each guest's link.

import { bootMarks } from "./engine-client.js";
import { drawDownload } from "./download-line.js";
import { localSession, useSession } from "./session.js";
import { seatLink } from "./net/host-record.js";
import { createHostPage } from "./net/host-page.js";
import { createGuestPage } from "./net/guest-page.js";
import { $, show } from "./dom.js";
import { randomSeed } from "./lobby.js";
import { startOffline, watchUpdateDownload } from "./offline.js";
import { initRules } from "./rules-panel.js";
import { initHints } from "./hint.js";
import { closeReplay } from "./replay.js";
import { createHotseatNews } from "./hotseat-news.js";
import { createPastGames } from "./past-games.js";
import { initUndo, drawUndo } from "./undo.js";
import { pace } from "./pace.js";
import { showError, showNotice, lastErrorText } from "./toast.js";
import { resetMoments } from "./moments.js";
import { saveGame, pickFile, pageSave } from "./saves.js";
import { navigate, startHistory } from "./navigation.js";
import { initShortcuts } from "./shortcuts.js";
import { initPanels } from "./panels.js";
import { initSettings } from "./settings-panel.js";
import { readSettings } from "./settings.js";
import { createAuthority } from "./play/authority.js";
import { forgetOneChoices } from "./one-choice.js";
import { createPage, GAME_PHASES } from "./page/state.js";
import { createSeats } from "./page/seats.js";
import { createGameLog } from "./page/game-log.js";
import { createGameScreen } from "./page/game-screen.js";
import { createMoves } from "./page/moves.js";
import { createGameOver } from "./page/game-over.js";
import { createKeeper, shorten } from "./page/keeper.js";
import { createBoot } from "./page/boot.js";
import { createEntry } from "./page/entry.js";

/** @typedef {import("./play/types.js").Setup} Setup */

// ------------------------------------------------------------------ the page's state
const page = createPage();
page.subscribe((now, before) => {
  if (now.phase !== before.phase) document.body.dataset.phase = now.phase;
  if (now.idle !== before.idle) document.body.dataset.idle = String(now.idle);
  if (now.phase !== before.phase || now.busy !== before.busy || now.viewer !== before.viewer) drawUndo();
});
const setPhase = (/** @type {import("./page/state.js").Phase} */ phase) => page.set({ phase });
const setIdle = (/** @type {boolean} */ idle) => page.set({ idle });
const getSetup = () => /** @type {Setup} */ (page.state.setup);
const setSetup = (/** @type {Setup} */ setup) => page.set({ setup });
const inGame = () => GAME_PHASES.has(page.state.phase);
let offline = "no"; // no | ready (a service worker serves this site) | update (a new version waits)

/** When each position was applied (host) or drawn (guest): [actions, ms on the machine's
 *  clock, performance.timeOrigin + performance.now()]; read by scripts/bench, never by the game.
 *  @type {[number | null, number][]} */
const timings = [];
const noteTiming = (/** @type {number | null} */ actions) => {
  if (timings.length < 10_000) timings.push([actions, performance.timeOrigin + performance.now()]);
};

// ------------------------------------------------------------------ the table's one writer
const authority = createAuthority({
  engine: localSession, pace,
  onStall: (seat, error) => {
    const name = page.state.setup?.seats[seat]?.name ?? "The computer";
    if (inGame() && page.state.phase !== "replay") screen.stall(`${name} (computer) could not move: ${seats.fill(error)}`);
  },
});
authority.hold("lobby", { search: false }); // no computer moves until a game is on screen
authority.listen(({ status }) => { if (hostPage.host) noteTiming(status.actions); });
/** The game's status now: the authority's, on a guest's page what the host sent. */
const status = () => (guestPage.guest ? guestPage.status : authority.status);
const isGuest = () => Boolean(guestPage.guest);

// ------------------------------------------------------------------ the game on screen
const seats = createSeats({ page, guest: () => (guestPage.guest ? guestPage.seat ?? null : undefined), games: () => boot.games });
const log = createGameLog({ viewer: () => page.state.viewer, fill: seats.fill });
const hotseatNews = createHotseatNews({
  status, viewer: () => page.state.viewer, humans: seats.humans,
  nameOf: (seat) => getSetup().seats[seat].name,
  gen: () => screen.token(),
  raiseCurtain: (seat, token) => screen.showCurtain(seat, token, { idle: false }),
  screenBeforeCurtain: (token) => screen.screenBeforeCurtain(token),
  view: (seat) => authority.view(seat),
  setIdle,
});
const screen = createGameScreen({
  page, seats, log, authority, status, guest: isGuest,
  // a player on another device who has dropped: the host's page knows it first hand, a guest's
  // page from the host's seat list
  away: (seat) => (hostPage.host ? hostPage.host.states()[seat] !== "connected" : page.state.setup?.seats[seat]?.away === true),
  act: (actionId) => moves.act(actionId),
  takeOneChoice: (action, token) => moves.takeOneChoice(action, token),
  news: hotseatNews,
  showResult: () => showResult(),
  drawn: () => noteTiming(guestPage.guest?.last?.at ?? null),
});
const moves = createMoves({
  page, seats, log, screen, authority, status, guest: isGuest,
  others: () => Boolean(hostPage.host || guestPage.guest) || seats.humans().length >= 2,
  passScreen: (before, token) => hotseatNews.passScreen(before, token),
  hideNews: () => hotseatNews.drawNews(null),
});
initUndo({ allowed: moves.undoAllowed, mayAsk: moves.undoMayAsk, run: moves.undo, names: seats.names });

function showSection(name) {
  if ($(name).hidden) window.scrollTo(0, 0); // a new screen starts at its top
  for (const id of ["loading", "fatal", "lobby", "waiting", "game"]) show($(id), id === name);
  const shown = name === "game" || name === "waiting";
  const guest = isGuest();
  show($("btn-load"), !guest && (shown || name === "lobby"));
  show($("btn-save"), !guest && shown && status() != null);
  show($("btn-new"), !guest && shown);
  show($("btn-players"), hostPage.hosting === "playing" && shown);
  const setup = page.state.setup;
  document.title = shown && setup ? `${seats.title(setup.game)} — Moteplay` : "Moteplay — Motto, Mottainai, Moteneba";
  // a table with players on other devices draws its seed only at Start (net/host-record.js tableSeed)
  const seed = status()?.seed ?? (hostPage.hosting ? null : setup?.seed);
  $("game-title").textContent = shown && setup ? `${seats.title(setup.game)}${seed != null && !guest ? ` · seed ${seed}` : ""}` : "";
}

// ------------------------------------------------------------------ several devices
// The host's screens (Waiting for players, Players) and a guest's page (joining, the status
// chip, the host's news): this page runs the engine and is the only authority.
const hostPage = createHostPage({
  authority, engine: localSession, getSetup, setSetup,
  gameInfo: seats.gameInfo, botLevel: seats.botLevel, hintsWanted: () => readSettings().hints,
  startGame: (setup, how) => entry.startGame(setup, how),
  inGame, stopDrawing: () => screen.stop(),
  setPhase, setIdle, showSection, navigate, showError,
  // a seat that drops or comes back changes the turn line while the table waits for it
  onSeatsChanged: () => { if (page.state.phase === "remote") screen.redraw(); },
});
const guestPage = createGuestPage({
  getSetup, setSetup, phase: () => page.state.phase, inGame, busy: () => page.state.busy,
  setPhase, setIdle, showSection, fatal: (message) => boot.fatal(message), showError, showNotice,
  stopDrawing: () => screen.stop(),
  redraw: () => screen.redraw(),
  showGame: () => {
    screen.stop();
    page.set({ shownHuman: null, view: null });
    log.clear();
    forgetOneChoices();
    show($("result"), false);
    resetMoments();
    showSection("game");
    screen.advance();
  },
  leaveGame: () => {
    screen.stop();
    closeReplay();
    show($("result"), false);
    $("table").replaceChildren();
    resetMoments();
  },
  showResult: () => showResult(),
  onSession: (guestSession) => {
    useSession(guestSession);
    boot.markLobby();
  },
});

// ------------------------------------------------------------------ the end, the replay, Your games
const pastGames = createPastGames({
  authority, status, phase: () => page.state.phase, busy: () => page.state.busy,
  game: () => getSetup().game, names: seats.names, humans: seats.humans, computers: () => seats.computers(),
  newGen: () => {
    screen.stop();
    return screen.token();
  },
  gen: () => screen.token(),
  setPhase, setIdle,
  dropView: () => page.set({ view: null }),
  clearLog: () => log.clear(),
  resumeGame: () => entry.resumeGame({ fromHistory: true }),
  hasGuests: () => Boolean(hostPage.host),
  engineFor: () => boot.engineFor(),
  saveCurrent: () => localSession.save(),
  gotoLobby: (notice, how) => entry.gotoLobby(notice, how),
  showSection, gameTitle: seats.title, shorten,
});
const showResult = createGameOver({
  page, seats,
  playAgain: () => (isGuest() ? null : hostPage.hosting === "playing" ? hostPage.playAgainHosted
    : () => entry.startGame({ ...getSetup(), seed: randomSeed(), hints: readSettings().hints })),
  newGame: () => (isGuest() ? null : () => entry.gotoLobby()),
  replay: () => pastGames.startReplay(),
  reveal: () => (isGuest() ? guestPage.reveal ?? null : undefined),
  keep: (save) => pastGames.keepFinished(save, getSetup().seats, seats.humans(), status()),
});

// ------------------------------------------------------------------ the start and the ways into a game
const keeper = createKeeper({
  page, seats, authority, save: () => localSession.save(),
  host: { hosting: () => hostPage.hosting, room: () => hostPage.record?.room, reopen: (room) => hostPage.reopenTable(room) },
  past: { showing: () => pastGames.showingPast(), keep: (...kept) => pastGames.keepFinished(...kept) },
  toLobby: (notice) => entry.gotoLobby(notice, { fromHistory: true }),
});
const boot = createBoot({
  page, keeper, showSection,
  guestBoot: () => guestPage.boot(),
  toLobby: (notice, how) => entry.gotoLobby(notice, how),
  reopenWaiting: () => hostPage.reopenWaiting(),
  // a table with players on other devices goes on by itself after a reload of the host's page:
  // they are waiting for it (and reconnect meanwhile)
  engineUp: () => {
    const now = authority.status;
    if (hostPage.hosting === "playing" && page.state.phase === "lobby" && now && !now.is_over) entry.continueGame();
  },
});
const entry = createEntry({
  page, seats, boot, keeper, screen, log, authority, host: hostPage, past: pastGames, news: hotseatNews,
  guest: isGuest, showSection,
});

// ------------------------------------------------------------------ the shell's buttons
$("btn-save").addEventListener("click", () => saveGame(page.state.setup, status()?.turn ?? 0));
$("btn-load").addEventListener("click", pickFile);
$("btn-new").addEventListener("click", () => entry.gotoLobby());
$("btn-replay").addEventListener("click", pastGames.startReplay);
$("waiting-start").addEventListener("click", hostPage.startHosted);
$("btn-players").addEventListener("click", () => {
  const panel = $("players");
  show(panel, Boolean(panel.hidden));
  $("btn-players").setAttribute("aria-expanded", String(!panel.hidden));
  hostPage.drawPlayers();
});
$("players-close").addEventListener("click", () => {
  show($("players"), false);
  $("btn-players").setAttribute("aria-expanded", "false");
  $("btn-players").focus();
});
$("btn-reload").addEventListener("click", () => location.reload());
initPanels();
initShortcuts(() => {
  const { view, viewer, setup } = page.state;
  return view && setup ? { view, viewer, names: seats.names(), seats: setup.seats, fill: seats.fill } : null;
});
initHints();
initSettings();
initRules({ getGame: () => (inGame() ? pastGames.pastGame() ?? page.state.setup?.game : null) });
$("file-load").addEventListener("change", (e) => {
  const file = /** @type {HTMLInputElement} */ (e.target).files?.[0];
  if (file) entry.loadFile(file);
});

// Read-only handle for the e2e tests and for debugging in the console. It exposes
// only what the page already shows (the rendered view is the viewer's own view).
const copy = (x) => (x == null ? x : structuredClone(x));
window.__app = Object.freeze({
  /** The engine answers (and the autosave is loaded): everything works. */
  get ready() { return boot.ready && boot.games.length > 0; },
  /** ms from navigation start until the engine was ready. */
  get readyMs() { return boot.readyMs; },
  /** The lobby is on screen and usable (the engine may still be starting). */
  get lobbyReady() { return boot.lobbyMs != null; },
  /** ms from navigation start until the lobby was drawn. */
  get lobbyMs() { return boot.lobbyMs; },
  /** When each step of the engine's boot happened (ms from navigation start). */
  get bootMarks() { return { ...bootMarks }; },
  /** The engine's boot step while it starts ("" once it is ready). */
  get progress() { return boot.progress; },
  get phase() { return page.state.phase; },
  get busy() { return page.state.busy; },
  /** True while the page waits for a person: lobby, a human's turn, the curtain, game over. */
  get idle() { return page.state.idle; },
  get status() { return copy(status()); },
  get view() { return copy(page.state.view); },
  get viewer() { return page.state.viewer; },
  get setup() { return copy(page.state.setup); },
  get lastError() { return lastErrorText(); },
  get engine() { return copy(boot.engine); },
  /** The computer's pace now, in ms (Settings' speed, or the address's ?pace=). */
  get pace() { return pace(); },
  /** How many autosaves were written since the page loaded. */
  get autosaved() { return keeper.autosaved; },
  /** How many finished games were added to Your games since the page loaded. */
  get recorded() { return pastGames.recorded(); },
  /** Offline state: "no", "ready" (served by the service worker) or "update" (a new version waits). */
  get offline() { return offline; },
  /** Play on several devices: this page's part (host or guest), for the tests. Only what this
   *  page holds anyway: a guest's received messages are its own. `timings`: [actions, ms] of
   *  each position the host applied or the guest drew (the machine's clock; scripts/bench). */
  get net() {
    const { guest } = guestPage;
    if (guest) {
      return { role: "guest", seat: guestPage.seat, connection: guest.connection, ignored: guest.ignored,
               received: guest.received, reveal: copy(guestPage.reveal), timings: copy(timings) };
    }
    const { record, host, hosting } = hostPage;
    if (record) {
      return { role: "host", hosting, screenKept: hostPage.screenKept, states: host?.states() ?? [], watching: host?.watching() ?? 0,
               links: getSetup().seats.map((s, i) => (s.kind === "remote" ? seatLink(record, i) : null)),
               watchLink: seatLink(record, null), timings: copy(timings) };
    }
    return null;
  },
  /** The engine's save of the current game (what "Save game" downloads). */
  async save() {
    const reply = await pageSave(page.state.setup);
    return reply.ok ? copy(reply.file) : null;
  },
});

startHistory(entry.historyMoved); // each screen starts at its top (showSection)
// a page of a table on several devices shown again from the browser's back-forward cache (Back
// after another page in this tab): its connections were closed when it went away, and the
// others' pages would not take it back as it was (the same peer, not heard from). It loads
// afresh, as a reload would: the game is kept (the host's autosave, the guest's invitation).
addEventListener("pageshow", (event) => {
  if (event.persisted && (hostPage.record || guestPage.guest)) location.reload();
});
// a new version downloading (the service worker's install): a quiet line, play goes on
watchUpdateDownload(({ done, total, failed }, retry) => {
  if (offline === "update") return; // installed already: the Reload offer is up
  drawDownload({ what: "update", state: failed ? "failed" : done >= total ? "done" : "downloading",
                 done, total, onRetry: retry });
});
// the service worker's precache (the whole site) waits until the engine has booted: on a first
// visit it would compete with Python's start for the same CPU; and, when the player started a
// game meanwhile, until the page waits for them (its first decision is on screen; 10 s at most):
// on a phone its hundred requests would share the connection with the game's first moments
const untilIdle = () => /** @type {Promise<void>} */ (new Promise((resolve) => {
  const since = performance.now();
  const look = () => (page.state.idle || performance.now() - since > 10_000 ? resolve() : setTimeout(look, 100));
  look();
}));
boot.boot().then(untilIdle).then(() => startOffline({
  // said once, quietly: a polite status line in the footer (never over the table)
  onReady: () => {
    offline = "ready";
    $("offline-note").textContent = "Moteplay is now stored in this browser: it plays offline too.";
    show($("offline-note"), true);
  },
  onUpdate: (reload) => {
    offline = "update";
    drawDownload(null);
    $("update-reload").onclick = reload;
    show($("update"), true);
  },
})).then((registration) => {
  if (registration && navigator.serviceWorker.controller && offline === "no") offline = "ready";
});
