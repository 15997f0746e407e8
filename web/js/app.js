// The page shell: boot, lobby, game flow (humans, bots, hotseat curtain), the log, and the
// wiring of the shell's other parts, one idea a module: result.js (the score table), saves.js
// (save and load files), toast.js (what went wrong), navigation.js (Back and Forward),
// shortcuts.js ("Describe the table" and one-key shortcuts), panels.js (the log panel and the
// phone menu), net/host-page.js (the host's Waiting for players screen and Players panel),
// net/guest-page.js (a guest's page: joining the host's table, the connection's status chip),
// hotseat-news.js (the curtain's "what is new in your hand"), past-games.js (the replay and the
// finished games of Your games).
// Every engine call goes through engine-client.js's request() and failureText().
// Game-specific drawing lives in views/<game>.js (the contract: views/contract.js).
//
// Every change to the game goes through the table's authority (play/authority.js): this
// page's clicks, the computers' turns, the guests' moves, the stand-ins. It alone writes the
// status (app.status reads it; on a guest's page, what the host sent) and hands this page's
// screen its view after each change (pageChanged), which draws it.
//
// Flow of a game (advance()):
//   status.is_over            -> final view + score table
//   current seat is a bot     -> show the display seat's view with "thinking…"; the authority
//                                plays the computer's turn after the pace, and its change
//                                draws the next position
//   current seat is a human   -> with 2+ humans and another human's screen up:
//                                curtain "Pass to NAME" (no hand in the DOM);
//                                else view(seat) and wait for a click (ctx.act),
//                                or a step with one choice is taken for them (one-choice.js)
//   after every view drawn    -> its public events (moments.js): a banner in the turn line, or a
//                                screen (Moteneba's year scored) that holds the loop until Continue
//
// Lobby first: the lobby is drawn from build.json (the games, written at build time) as soon
// as the page's own files are in, while Python boots in PyScript's worker in the background.
// Start, Continue or Load before the engine is ready shows "Starting Python…" with its
// progress, then goes on by itself (engineFor()).
//
// Never losing a game: after every move the game is autosaved in the browser
// (js/autosave.js) and the lobby offers "Continue"; lobby and game are history entries,
// so Back in a game goes to the lobby. js/offline.js runs the service worker.
//
// Hidden information: view(seat) is only ever requested for the human whose turn it
// is, or (while a bot moves) for the human whose screen is already up. With several
// humans and no such screen, and at the end of a hotseat game, the spectator view
// (seat null, no hand) is used.

import { readBuild, start, failureText, bootMarks, forgetFailedBoot } from "./engine-client.js";
import { onDownload, retryDownload, downloadSettled } from "./engine-download.js";
import { drawDownload } from "./download-line.js";
import { session, localSession, useSession } from "./session.js";
import { isGuestPage } from "./net/invite.js";
import { hasRemote, seatLink } from "./net/host-record.js";
import { createHostPage } from "./net/host-page.js";
import { createGuestPage } from "./net/guest-page.js";
import { $, h, fillNames, show, sleep } from "./dom.js";
import { renderLobby, randomSeed } from "./lobby.js";
import { readAutosave, writeAutosave, setAsideAutosave, describeAutosave } from "./autosave.js";
import { startOffline, watchUpdateDownload } from "./offline.js";
import { viewFor } from "./views/index.js";
import { initRules } from "./rules-panel.js";
import { initHints, drawHint, clearHint } from "./hint.js";
import { closeReplay } from "./replay.js";
import { createHotseatNews } from "./hotseat-news.js";
import { createPastGames } from "./past-games.js";
import { initUndo, drawUndo, refusalText } from "./undo.js";
import { setCurtain, curtainOpen, restoreFocus, rove, announce, showDescription, clearDescription, descriptionOpen,
         showChoices } from "./a11y.js";
import { pace } from "./pace.js";
import { showError, clearError, showNotice, noteError, lastErrorText } from "./toast.js";
import { drawResult } from "./result.js";
import { resetMoments, takeMoments, hasNewScreen, showScreen, screenOnShow } from "./moments.js";
import { saveGame, pickFile, readSaveFile, setupFromSave, pageSave } from "./saves.js";
import { navigate, startHistory, stayInLobby } from "./navigation.js";
import { describeLines, initShortcuts } from "./shortcuts.js";
import { initPanels } from "./panels.js";
import { yourGames } from "./your-games.js";
import { initSettings } from "./settings-panel.js";
import { readSettings } from "./settings.js";
import { createAuthority } from "./play/authority.js";
import { nextStep } from "./play/flow.js";
import { oneChoice, declineOneChoice, pauseBeforeOneChoice, noteOneChoice, clearOneChoiceNote, forgetOneChoices,
         dropNotesFrom, notesFor, noteLine } from "./one-choice.js";

const app = {
  phase: "loading", // loading | lobby | starting | curtain | human | bot | remote | moment (a screen waits for Continue) | over | stalled | replay | error
  build: null,      // build.json (the games, the engine's files, versions)
  engine: null,     // build + the worker's info (versions, boot), once the engine answers
  engineReady: false,
  engineBoot: null, // promise: true once the engine answers (and the autosave is loaded), false if it failed
  engineSettled: null, // {promise, resolve}: true once it answers, false once it failed for good
  progress: "",     // the engine's boot step, for "Starting Python…"
  kept: null,       // the autosaved game, until it is loaded into the engine
  restoreNotice: undefined, // why the kept game could not be loaded (shown by the lobby)
  updateNotice: null, // the kept game goes on from its saved position (an earlier version's save)
  games: [],
  setup: null,      // {game, numPlayers, seats: [{kind, bot, name}], seed, options}
  view: null,       // last rendered view
  viewer: null,     // seat of the rendered view (null = spectator)
  shownHuman: null, // the human whose private screen is (or was last) up
  busy: false,      // an engine call started by the player is running
  idle: false,      // the page waits for a person (lobby, human turn, curtain, game over)
  gen: 0,           // bumps on every new/loaded game, to stop stale loops
  logLines: [],
  logOwn: "",      // the log's own lines drawn now (one-choice notes), as a key: drawLog redraws when it changes
  autosaved: 0,     // autosaves written (tests wait for it)
  offline: "no",    // no | ready (a service worker serves this site) | update (a new version waits)
  // play on several devices (docs/multiplayer.md): the host's table is net/host-page.js's
  // (hostPage), a guest's connection, seat and the host's news net/guest-page.js's (guestPage).
  // When each position was applied (host) or drawn (guest): [actions, ms on the machine's
  // clock]; read by scripts/bench's move latency (window.__app.net.timings), never by the game
  timings: [],
  yourGames: null,  // the lobby's "Your games" section (your-games.js), made with the lobby
  delivered: null,  // the authority's last delivery to this page's screen: {rev, viewer, view, status}
};

// The one writer of the game on this page (play/authority.js): every move, undo, computer's
// turn and stand-in goes through it; app.status reads it (a guest's page: what the host sent).
const authority = createAuthority({
  engine: localSession, pace,
  onStall: (seat, error) => {
    const name = app.setup?.seats[seat]?.name ?? "The computer";
    if (GAME_PHASES.has(app.phase) && app.phase !== "replay") stall(`${name} (computer) could not move: ${fill(error)}`);
  },
});
Object.defineProperty(app, "status", { get: () => (guestPage.guest ? guestPage.status : authority.status) });
authority.hold("lobby", { search: false }); // no computer moves until a game is on screen
authority.screen({ seat: () => displaySeat(), show: (delivery) => pageChanged(delivery) });
/** The computer level playing each seat now (null: a person; all null on a guest's page). */
const computersOf = (setup) => setup.seats.map(botLevel);

// ------------------------------------------------------------------ helpers
const names = () => app.setup?.seats.map((s) => s.name) ?? [];
const fill = (text) => fillNames(text, names());
/** The people at this device: a guest's own seat, else the seats played "on this device". */
const humans = () => (guestPage.guest ? (guestPage.seat != null ? [guestPage.seat] : [])
                                : app.setup.seats.flatMap((s, i) => (s.kind === "human" ? [i] : [])));
/** The computer level that plays `seat` now on this page (a remote seat handed to a computer
 *  plays at its stand-in level), or null. A guest's page never moves a computer. */
const botLevel = (seat) => (guestPage.guest ? null : seat.kind === "bot" ? seat.bot : seat.kind === "remote" ? seat.standIn ?? null : null);
const gameInfo = (name) => app.games.find((g) => g.name === name);
/** Note the moment the position after `actions` actions was applied (host) or drawn (guest),
 *  on a clock every page of one machine shares (performance.timeOrigin + performance.now()). */
const noteTiming = (actions) => {
  if (app.timings.length < 10_000) app.timings.push([actions, performance.timeOrigin + performance.now()]);
};

function setPhase(phase) {
  app.phase = phase;
  document.body.dataset.phase = phase;
  drawUndo();
}

/** Mark whether the page is waiting for a person (tests wait for this). */
function setIdle(idle) {
  app.idle = idle;
  document.body.dataset.idle = String(idle);
}

function showSection(name) {
  if ($(name).hidden) window.scrollTo(0, 0); // a new screen starts at its top
  for (const id of ["loading", "fatal", "lobby", "waiting", "game"]) show($(id), id === name);
  const inGame = name === "game" || name === "waiting";
  show($("btn-load"), !guestPage.guest && (inGame || name === "lobby"));
  show($("btn-save"), !guestPage.guest && inGame && app.status != null);
  show($("btn-new"), !guestPage.guest && inGame);
  show($("btn-players"), hostPage.hosting === "playing" && inGame);
  const title = gameInfo(app.setup?.game)?.title;
  document.title = inGame && title ? `${title} — Moteplay` : "Moteplay — Motto, Mottainai, Moteneba";
  // a table with players on other devices draws its seed only at Start (net/host-record.js tableSeed)
  const seed = app.status?.seed ?? (hostPage.hosting ? null : app.setup?.seed);
  $("game-title").textContent = inGame && app.setup
    ? `${gameInfo(app.setup.game)?.title ?? app.setup.game}${seed != null && !guestPage.guest ? ` · seed ${seed}` : ""}`
    : "";
}

function fatal(message, details = "") {
  setPhase("error");
  setIdle(true);
  $("fatal-text").textContent = message;
  $("fatal-details").textContent = details || message;
  showSection("fatal");
  setCurtain(false);
}

// ------------------------------------------------------------------ boot
/** The lobby at once (from build.json), the engine in the background. Settles once the
 *  engine has started (or failed). */
async function boot() {
  setPhase("loading");
  try {
    app.build = await readBuild();
  } catch (err) {
    bootFailed(err);
    return;
  }
  app.games = app.build.games;
  $("versions").textContent = `Engine ${app.build.engine_version} · Pyodide ${app.build.pyodide}`;
  if (isGuestPage()) return guestPage.boot();
  const stored = readAutosave();
  let notice;
  if (stored?.corrupt) {
    setAsideAutosave();
    notice = "Your last game could not be restored (it is not readable), so it was set aside.";
  } else {
    app.kept = stored;
  }
  onDownload((download) => drawDownload(app.engineReady && download.state !== "done" ? null
    : { what: "engine", ...download, onRetry: retryEngine }));
  app.engineSettled = Promise.withResolvers(); // a download that stopped waits for its Retry
  app.engineBoot = startEngine();
  gotoLobby(notice);
  app.lobbyMs = Math.round(performance.now());
  // the host's page reloaded while its players were joining: the same Waiting for players
  hostPage.reopenWaiting();
  // a table with players on other devices goes on by itself after a reload of the host's
  // page: they are waiting for it (and reconnect meanwhile)
  app.engineBoot.then((ready) => {
    if (ready && hostPage.hosting === "playing" && app.phase === "lobby" && app.status && !app.status.is_over) continueGame();
  });
  return app.engineSettled.promise; // boot() settles when the engine is up or has failed for good
}

/** Boot Python and the engine, then load the autosaved game into it. Resolves to true when
 *  the engine answers; on a failure the page says so (with Reload) and it resolves to false. */
async function startEngine() {
  const t0 = performance.now();
  const timer = setInterval(() => {
    $("loading-time").textContent = `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  }, 100);
  const progress = (text) => {
    app.progress = text;
    $("loading-step").textContent = text;
  };
  try {
    app.engine = await start(app.build, { onProgress: progress });
    $("versions").textContent = `Engine ${app.engine.engine} · Python ${app.engine.python} · ` +
      `Pyodide ${app.engine.pyodide} · PyScript ${app.engine.pyscript_version}`;
    progress("Reading your last game…");
    await restoreAutosave();
    app.engineReady = true;
    drawDownload(null);
    app.readyMs = Math.round(performance.now());
    document.body.dataset.engine = "ready";
    app.engineSettled.resolve(true);
    return true;
  } catch (err) {
    clearInterval(timer);
    // the engine's files stopped coming: the download line says so, with Retry; the lobby stays
    if (["stalled", "failed"].includes(await downloadSettled())) {
      console.warn("Moteplay: the engine could not start, its download stopped.", err);
      if (app.phase === "starting") gotoLobby(undefined, { fromHistory: true });
      return false;
    }
    bootFailed(err);
    app.engineSettled.resolve(false);
    return false;
  } finally {
    clearInterval(timer);
  }
}

/** The download line's Retry: the files not yet downloaded come again (the finished ones are
 *  in the browser's HTTP cache). A boot that failed starts again in place; one still waiting
 *  for a stalled file is given up with a reload of the page (nothing is lost: before the
 *  engine answers no game has started, and the lobby's choices and the autosave are stored). */
function retryEngine() {
  if (app.engineReady) {
    retryDownload();
  } else if (forgetFailedBoot()) {
    retryDownload();
    app.engineBoot = startEngine();
  } else {
    location.reload();
  }
}

function bootFailed(err) {
  console.error(err);
  const reason = String(err?.message ?? err).split("\n")[0];
  fatal(`The game engine could not be loaded (${reason}). ` +
        "Check that the site was built completely (scripts/build) and is served over http.",
        String(err?.stack ?? err));
}

/** Wait for the engine: at once when it is ready, else "Starting Python…" with its progress
 *  until it is. Resolves to false if it failed (the failure is on screen). */
async function engineFor() {
  if (app.engineReady) return true;
  setPhase("starting");
  setIdle(false);
  $("loading-text").textContent = "Starting Python…";
  $("loading-step").textContent = app.progress;
  showSection("loading");
  return app.engineBoot;
}

// ------------------------------------------------------------------ lobby
function gotoLobby(notice, { fromHistory = false } = {}) {
  if (guestPage.guest) return; // a guest's page has no lobby
  app.gen += 1; // stops drawing the game
  authority.hold("lobby", { search: false }); // the computers wait for the player to come back
  authority.release("replay");
  if (hostPage.hosting === "waiting") hostPage.closeTable(); // nobody plays yet: the invitations end here
  if (!fromHistory) navigate("lobby");
  setPhase("lobby");
  setIdle(true);
  setCurtain(false);
  closeReplay();
  $("table").replaceChildren(); // no hand stays in the page behind the lobby
  resetMoments();
  hotseatNews.drawNews(null);
  clearOneChoiceNote();
  clearHint();
  clearDescription();
  app.view = null;
  pastGames.leavePast();
  const kept = keptGame();
  app.yourGames ??= yourGames({ games: app.games, onReplay: pastGames.replayPast });
  renderLobby($("lobby"), { games: app.games, onStart: (setup) => startGame(setup, { fromLobby: true }),
                            onLoad: pickFile, notice, yourGames: app.yourGames.node,
                            resume: kept ? { ...kept, onResume: continueGame } : null });
  showSection("lobby");
  app.yourGames.refresh();
}

/** Start a new game; from the lobby, a refusal is returned for the lobby to show by its Start button.
 *  With seats on other devices the Waiting for players screen comes first (net/host-page.js). */
async function startGame(setup, { fromLobby = false, table = null } = {}) {
  clearError();
  if (!table) {
    hostPage.closeTable();
    if (hasRemote(setup.seats)) return hostPage.openTable(setup);
  }
  setIdle(false);
  setPhase("starting");
  const waited = !app.engineReady;
  if (!(await engineFor())) return null;
  const before = app.setup;
  app.setup = setup; // what the new game's autosave keeps
  const reply = await authority.submit({
    kind: "start", computers: computersOf(setup),
    spec: { game: setup.game, num_players: setup.numPlayers, seed: setup.seed, options: setup.options },
  });
  if (!reply.ok) {
    app.setup = before;
    if (waited && fromLobby) gotoLobby(undefined, { fromHistory: true }); // the refusal shows there
    const message = failureText(reply, (error) => `The game could not start: ${error}.`);
    setPhase("lobby");
    setIdle(true);
    if (!fromLobby) showError(message);
    noteError(message);
    return message;
  }
  enterGame(setup);
  return null;
}

/** The game the authority now holds, on screen from its start. */
function enterGame(setup) {
  pastGames.forgetPast(); // the engine holds this game now
  app.setup = setup;
  // a loaded game learns here who plays each seat (a new one already knows: a change then would
  // only make a computer's search that has begun start again)
  const computers = computersOf(setup);
  if (JSON.stringify(computers) !== JSON.stringify(authority.computers)) authority.submit({ kind: "computers", computers });
  authority.release("lobby");
  authority.release("replay");
  app.gen += 1;
  navigate("game");
  app.shownHuman = null;
  hotseatNews.forget();
  hotseatNews.drawNews(null);
  app.view = null;
  closeReplay();
  app.logLines = [];
  $("log").replaceChildren();
  forgetOneChoices();
  show($("result"), false);
  $("table").replaceChildren();
  clearDescription();
  resetMoments(momentsKey());
  showSection("game");
  advance();
}

/** The lobby's Continue: the kept game, once the engine has loaded it. */
async function continueGame() {
  if (!(await engineFor())) return;
  if (!app.status) {
    gotoLobby(app.restoreNotice, { fromHistory: true }); // it could not be loaded
    return;
  }
  resumeGame();
  if (app.updateNotice) showNotice(app.updateNotice);
  app.updateNotice = null;
}

/** Back from the lobby to the kept game (the curtain shows again in hotseat). */
function resumeGame({ fromHistory = false } = {}) {
  app.gen += 1;
  authority.release("lobby");
  authority.release("replay");
  if (!fromHistory) navigate("game");
  app.shownHuman = null;
  app.view = null;
  show($("result"), false);
  resetMoments(momentsKey());
  showSection("game");
  advance();
}

// ------------------------------------------------------------------ autosave and history
/** "Motto, 3 players, turn 41": the kept game, for the lobby. */
function gameLabel() {
  return describeAutosave({ title: gameInfo(app.setup.game)?.title ?? app.setup.game,
                            numPlayers: app.status.num_players, turn: app.status.turn,
                            isOver: app.status.is_over });
}

/** Every change the authority makes: autosave the game (save + seats) in the browser, and keep
 *  a game that a move ended in Your games. A load's own change is not saved again (the loader
 *  hands over the seats next, and that change is). */
authority.listen(({ status, before, cause }) => {
  // no computer moves until this page has drawn the change (and its outcomes: a screen to read
  // holds the table): advance() lets go once it has
  authority.hold("draw");
  // a move ended the game here (not a finished game loaded or shown again): Your games keeps it
  const ended = status.is_over && before != null && !before.is_over &&
                before.game === status.game && before.seed === status.seed;
  const setup = app.setup;
  if (hostPage.host) noteTiming(status.actions);
  // a past game in the replay is not the one to keep
  if (cause.kind === "load" || pastGames.showingPast() || !setup) return;
  const here = humans();
  localSession.save().then((reply) => {
    if (!reply.ok || reply.save.game !== setup.game) return;
    if (ended) pastGames.keepFinished(reply.save, setup.seats, here, status);
    if (writeAutosave({ save: reply.save, seats: setup.seats, hints: setup.hints !== false, status,
                        title: gameInfo(setup.game)?.title ?? setup.game, room: hostPage.record?.room })) app.autosaved += 1;
  });
});

/** The game the lobby offers to continue: the engine's, else the autosave not loaded yet. */
function keptGame() {
  if (app.status) return { label: gameLabel(), over: app.status.is_over };
  if (app.kept) return { label: describeAutosave(app.kept), over: app.kept.isOver };
  return null;
}

/** Once the engine runs: load the autosaved game into it. If it cannot be loaded it is set
 *  aside, and the lobby (drawn again if it shows) says why in one sentence. */
async function restoreAutosave() {
  const data = app.kept;
  if (!data) return;
  if (hostPage.hosting === "waiting") {
    app.kept = null; // players are joining a new table: the kept game is replaced once it starts
    return;
  }
  const reply = await authority.submit({ kind: "load", save: data.save, computers: [] });
  app.kept = null;
  if (!reply.ok) {
    setAsideAutosave();
    app.restoreNotice = `Your last game could not be restored (${shorten(failureText(reply))}), so it was set aside.`;
    if (app.phase === "lobby") gotoLobby(app.restoreNotice, { fromHistory: true });
    return;
  }
  app.setup = setupFromSave(reply.status, data.seats, data.hints, gameInfo(reply.status.game));
  if (hasRemote(app.setup.seats)) await hostPage.reopenTable(data.room);
  await authority.submit({ kind: "computers", computers: computersOf(app.setup) });
  if (reply.notice) {
    // made by an earlier version: the game goes on from its saved position. Keep the game in
    // its new form at once, so the notice is said once (not at every reload until a move).
    const saved = await localSession.save();
    if (saved.ok) writeAutosave({ save: saved.save, seats: app.setup.seats, hints: app.setup.hints, status: reply.status,
                                  title: gameInfo(app.setup.game)?.title ?? app.setup.game });
    if (app.phase === "lobby") gotoLobby(reply.notice, { fromHistory: true });
    else app.updateNotice = reply.notice;   // Continue was pressed while Python started: said in the game
  }
}

const shorten = (text, max = 120) => {
  const s = String(text).replace(/\s+/g, " ").trim().replace(/[.]$/, "");
  return s.length > max ? `${s.slice(0, max)}…` : s;
};

const GAME_PHASES = new Set(["curtain", "human", "bot", "remote", "moment", "over", "stalled", "replay"]);

/** Back and Forward (navigation.js): between the lobby and the game. */
function historyMoved(screen) {
  if (screen === "game" && app.phase === "lobby" && app.status) resumeGame({ fromHistory: true });
  else if (screen !== "game" && GAME_PHASES.has(app.phase)) gotoLobby(undefined, { fromHistory: true });
  else if (screen === "game" && app.phase === "lobby") stayInLobby();
}

// ------------------------------------------------------------------ game flow
/** The seat whose view this page's screen shows after a change: the person to move here, else
 *  the one whose screen is up (null: the spectator's table; undefined: none, as when the
 *  curtain is to come up or the page shows no game). The authority hands its view over. */
function displaySeat() {
  if (guestPage.guest || !authority.status || !GAME_PHASES.has(app.phase) || app.phase === "replay" || app.phase === "curtain") return undefined;
  return stepNow().seat;
}

/** A change the authority made: this page's screen shows the game as it is now. A move made
 *  on this page is drawn by its own call (act, undo), which waits for the answer. */
function pageChanged(delivery) {
  if (delivery.viewer !== undefined && delivery.view) app.delivered = delivery;
  const own = delivery.cause.from === "page" && (delivery.cause.kind === "act" || delivery.cause.kind === "undo");
  if (own || !["remote", "bot", "over", "moment", "stalled"].includes(app.phase)) return;
  if (app.phase === "stalled") clearError();
  app.gen += 1;
  advance();
}

/** What this page's screen shows next, for the game as it is now (play/flow.js). */
const stepNow = () => nextStep({ status: app.status, here: humans(), computers: computersOf(app.setup),
                                 shown: app.shownHuman });

/** Draw the game as it is now: the step play/flow.js decides, then wait for the next change
 *  (a computer's or another device's move comes as the authority's change: pageChanged). */
async function advance() {
  const gen = app.gen;
  try {
    await drawStep(gen);
  } finally {
    if (gen === app.gen) authority.release("draw"); // drawn: a computer may move now
  }
}

async function drawStep(gen) {
  setIdle(false);
  const { step, seat, mover } = stepNow();
  const status = app.status;
  switch (step) {
    case "over":
      clearOneChoiceNote();
      await showView(seat ?? null, gen);
      if (gen === app.gen) {
        showResult();
        setIdle(true);
      }
      return;
    case "computer":
      // the authority plays the computer's turn (after the pace); its change draws it here
      setPhase("bot");
      await showView(seat ?? null, gen, { thinking: mover });
      return;
    case "elsewhere":
      // a player on another device (or, on a guest's page, anyone but this seat) is to move:
      // the table waits for the host's next news (a guest) or that player's move (the host)
      setPhase("remote");
      await showView(seat ?? null, gen, { waiting: mover });
      if (gen === app.gen) setIdle(true);
      return;
    case "curtain":
      if (app.shownHuman != null) await screenBeforeCurtain(gen);
      if (gen === app.gen) showCurtain(mover, gen);
      return;
    case "person": {
      const cp = /** @type {number} */ (mover);
      app.shownHuman = cp;
      setPhase("human");
      clearOneChoiceNote({ seat: cp, turn: status.turn }); // a note of this same turn stays
      await showView(cp, gen);
      if (hotseatNews.takeRevealed() === cp && gen === app.gen) hotseatNews.drawNews(cp);
      if (gen !== app.gen) return;
      const only = oneChoice(app.view, cp, app.status, app.viewModule);
      if (only) {
        takeOneChoice(only, gen);
        return; // the page stays busy until it is taken
      }
      setIdle(true); // wait for a click (ctx.act)
      return;
    }
  }
}

/** A step with one choice that shows nothing new (one-choice.js): say so, pause, then play it as
 *  the player's own move. A click meanwhile, another screen or a new game leaves it undone. */
async function takeOneChoice(action, gen) {
  const seat = app.viewer;
  const at = app.status.actions;
  const text = `Only one choice: ${fill(action.label)} — taken for you.`;
  noteOneChoice({ seat, turn: app.status.turn, at: app.logLines.length, text });
  drawLog(app.view.log ?? []);
  const others = Boolean(hostPage.host || guestPage.guest) || humans().length >= 2;
  await sleep(pauseBeforeOneChoice({ others }));
  const still = () => gen === app.gen && app.phase === "human" && !app.busy && app.viewer === seat &&
                      app.status?.actions === at;
  if (!still()) return;
  if (!oneChoice(app.view, seat, app.status, app.viewModule)) { // turned off in Settings meanwhile: the player's to click
    setIdle(true);
    return;
  }
  await act(action.id, { forMe: true });
}

/** A bot failed: say so and offer to try again. */
function stall(message) {
  app.gen += 1;
  setPhase("stalled");
  setIdle(true);
  showError(message);
  const retry = h("button", { type: "button", dataset: { testid: "retry" }, onclick: () => {
    clearError();
    app.gen += 1;
    advance();
    authority.retry();
  } }, "Try again");
  $("turn").replaceChildren(h("span", {}, "The game is paused. "), retry);
}

/** Fetch the view of `seat` (null = spectator) and draw it, then show its public events
 *  (outcomes(): a screen holds the game until the player continues). */
async function showView(seat, gen, { thinking = null, waiting = null, events = true } = {}) {
  // the view the authority handed this screen with its last change, else asked for (after
  // the intents already submitted: never a position ahead of the status)
  const fresh = !guestPage.guest && app.delivered?.rev === authority.rev && app.delivered.viewer === seat;
  const reply = fresh ? { ok: true, view: app.delivered.view, status: app.delivered.status }
    : guestPage.guest ? await session().view(seat) : await authority.view(seat);
  if (gen !== app.gen) return;
  if (!reply.ok) {
    showError(failureText(reply));
    return;
  }
  app.view = reply.view;
  app.viewer = seat;
  app.viewAt = reply.status?.actions ?? null; // the step the player's clicks are made at
  await drawView({ thinking, waiting });
  // the spectator's table was shown behind a screen: this seat's again
  if (events && (await outcomes(gen)) && gen === app.gen) await showView(seat, gen, { thinking, waiting, events: false });
}

// ------------------------------------------------------------------ outcomes in view (js/moments.js)
/** Which game is on screen, for a screen not yet continued that a reload shows again. */
const momentsKey = () => (guestPage.guest || !app.status ? null : { game: app.status.game, seed: app.status.seed });

/** The public events of the view just drawn: banners at once; a screen (a year scored) holds
 *  the game until the player continues: no computer moves and no decision is offered meanwhile
 *  (a guest's screen holds only its own page). With two or more people at this screen the
 *  table behind it is the spectator's (no hand). Returns whether it drew the spectator's table. */
async function outcomes(gen) {
  if (!app.view || gen !== app.gen) return false;
  const here = humans();
  const ctx = { names: names(), fill, module: app.viewModule };
  const wanted = takeMoments(app.view, { ...ctx, viewer: app.viewer, screens: here.length > 0 });
  if (!wanted.length && !screenOnShow()) return false;
  const phase = app.phase;
  const spectator = wanted.length > 0 && here.length >= 2 && app.viewer != null;
  if (spectator) {
    clearHint();
    await showView(null, gen, { events: false });
    if (gen !== app.gen) return false;
  }
  setPhase("moment");
  setIdle(true);
  authority.hold("screen"); // no computer moves while the screen is read
  try {
    for (const moment of wanted) if (gen === app.gen) await showScreen(moment, app.view, ctx);
    await screenOnShow();
  } finally {
    authority.release("screen");
  }
  if (gen !== app.gen) return false;
  setPhase(phase);
  setIdle(false);
  return spectator;
}

/** Hotseat: a screen's event (a year scored) is shown on the shared screen before the curtain,
 *  over the spectator's table. Returns whether one was shown (the curtain is then down). */
async function screenBeforeCurtain(gen) {
  const reply = await authority.view(null);
  if (gen !== app.gen || !reply.ok || !hasNewScreen(reply.view)) return false;
  setCurtain(false);
  app.view = reply.view;
  app.viewer = null;
  await drawView();
  await outcomes(gen);
  return true;
}

async function drawView({ thinking = null, waiting = null } = {}) {
  const view = app.view;
  const seat = app.viewer;
  const module = await viewFor(view.game);
  // a newer view came while the module loaded (a guest's next state, say): its own call draws
  // it, and this older one must not be drawn over it
  if (app.view !== view || app.viewer !== seat) return;
  const canAct = app.phase === "human" && !app.busy && seat === view.current_player &&
                 !view.is_over && (view.legal_actions?.length ?? 0) > 0;
  const ctx = { act, canAct, names: names(), fill, showError, seat };

  // Keep keyboard focus on "the same" control across redraws (a11y.js), and the table's own
  // scrolling where it was (the page brings the current choices into view after).
  const table = $("table");
  const hadFocus = table.contains(document.activeElement);
  const scrolled = table.querySelector(".tablelayout__area")?.scrollTop ?? 0;
  table.replaceChildren();
  module.render(table, view, ctx);
  const area = table.querySelector(".tablelayout__area");
  if (area) area.scrollTop = scrolled;
  app.viewModule = module;   // showResult lets it add to the score table (decorateResult)
  drawTurn(view, thinking, waiting);
  drawHint({ enabled: app.setup.hints !== false, canAct, seat, turn: app.status?.actions, fill });
  drawUndo();
  restoreFocus(table, { canAct, hadFocus });
  if (canAct) showChoices(table);
  rove(table);
  if (descriptionOpen()) showDescription(describeLines(module, view, ctx, app.setup.seats), { focus: false });
  drawLog(view.log ?? []);
  if (guestPage.guest) noteTiming(guestPage.guest.last?.at ?? null);
}

function drawTurn(view, thinking, waiting) {
  const turn = $("turn");
  turn.dataset.seat = view.current_player ?? "";
  if (waiting != null && !view.is_over && app.setup.seats[waiting]?.kind === "bot") thinking = waiting;
  if (view.is_over) {
    turn.textContent = "The game is over.";
  } else if (waiting != null && thinking == null) {
    const name = app.setup.seats[waiting]?.name ?? "";
    // a player on another device who has dropped: every page says so (the host's page knows
    // it first hand, a guest's page from the host's seat list)
    const away = hostPage.host ? hostPage.host.states()[waiting] !== "connected" : app.setup.seats[waiting]?.away === true;
    turn.replaceChildren(
      h("span", { class: "turn__who", dataset: { testid: "waiting-for" } },
        away ? `Waiting for ${name} to come back` : guestPage.guest ? `${name}'s turn` : `${name}'s turn, on their device`),
      h("span", { class: "turn__prompt" }, !away ? fill(view.prompt)
        : guestPage.guest ? "The game goes on when they reconnect, or when the host gives their seat to the computer."
        : "The game goes on when they reconnect, or give the seat to the computer (Players)."));
  } else if (thinking != null) {
    turn.replaceChildren(
      h("span", { class: "turn__who" }, app.setup.seats[thinking].name),
      h("span", { class: "thinking", dataset: { testid: "thinking" } }, " is thinking",
        h("span", { class: "dots", "aria-hidden": "true" }, h("span", {}, "."), h("span", {}, "."), h("span", {}, "."))));
  } else {
    const who = app.setup.seats[view.current_player]?.name ?? "";
    turn.replaceChildren(
      h("span", { class: "turn__who" }, `${who}'s turn`),
      h("span", { class: "turn__prompt" }, fill(view.prompt)));
  }
}

function drawLog(lines) {
  const log = $("log");
  // this page's own lines (steps with one choice taken for the viewer), among the engine's
  const own = notesFor(app.viewer).filter((n) => n.at <= lines.length);
  const ownKey = own.map((n) => `${n.at}:${n.text}`).join("\n");
  const same = lines.length >= app.logLines.length &&
               app.logLines.every((line, i) => line === lines[i]) &&
               ownKey === app.logOwn && log.childElementCount === app.logLines.length + own.length;
  if (!same) {
    log.replaceChildren();
    app.logLines = [];
    app.logOwn = ownKey;
  }
  const ownBefore = (i) => (same ? [] : own.filter((n) => n.at === i).map((n) => noteLine(n.text)));
  for (const [k, line] of lines.slice(app.logLines.length).entries()) {
    log.append(...ownBefore(app.logLines.length + k), h("li", {}, fill(line)));
    // what the other seats just did, said once (a11y.js); the viewer's own moves are not repeated
    if (same && !(app.viewer != null && line.startsWith(`{P${app.viewer}}`))) announce(fill(line));
  }
  log.append(...ownBefore(lines.length));
  app.logLines = [...lines];
  log.scrollTop = log.scrollHeight;
}

/** A call the player on screen started (a move, an undo): the page is busy meanwhile, and the
 *  new status is recorded (and autosaved) even if the player has left the game by then. */
async function playerCall(call) {
  app.busy = true;
  setIdle(false);
  try {
    return await call();
  } finally {
    app.busy = false;
  }
}

/** ctx.act: a human's click -> apply(action); errors are shown, then the view redrawn.
 *  `forMe`: a step with one choice taken for the player (takeOneChoice), not a click. */
async function act(actionId, { forMe = false } = {}) {
  if (app.busy || app.phase !== "human") return null;
  const gen = app.gen;
  const before = app.view;
  const seat = app.viewer;
  if (!forMe) clearOneChoiceNote();
  const reply = await playerCall(() => (guestPage.guest ? session().act(seat, actionId)
    : authority.submit({ kind: "act", seat, action: actionId, at: app.viewAt ?? app.status.actions })));
  if (gen !== app.gen) return reply;
  if (reply.ok && actionId === "cancel" && !forMe) declineOneChoice(seat, app.status); // back to a step: theirs to click
  if (reply.stale) { // the game moved on before the click was applied: the table as it is now
    showError(reply.error);
    app.gen += 1;
    advance();
    return reply;
  }
  if (!reply.ok) {
    showError(failureText(reply, (error) => `Not allowed: ${fill(error)}`));
    await drawView();
    setIdle(true);
    return reply;
  }
  clearError();
  if (app.status?.current_player !== seat) hotseatNews.drawNews(null); // the note was for that turn
  if (!(await hotseatNews.passScreen(before, gen))) advance();
  return reply;
}

// ------------------------------------------------------------------ hotseat news (js/hotseat-news.js)
/** What came into a hotseat player's hand: named on the curtain if taken face up, else kept for
 *  a note on their own next screen. */
const hotseatNews = createHotseatNews({
  status: () => app.status,
  viewer: () => app.viewer,
  humans,
  nameOf: (seat) => app.setup.seats[seat].name,
  gen: () => app.gen,
  raiseCurtain: (seat, gen) => showCurtain(seat, gen, { idle: false }),
  screenBeforeCurtain,
  view: (seat) => authority.view(seat),
  setIdle,
});

/** Undo (js/undo.js): the player on screen takes back their last decision, if the engine allows. */
const undoMayAsk = () => app.phase === "human" && !app.busy && app.viewer === app.status?.current_player;
const undoAllowed = () => undoMayAsk() && app.status?.can_undo === true;

async function undoLast() {
  const gen = app.gen;
  const seat = app.viewer;
  const reply = await playerCall(() => (guestPage.guest ? session().undo(seat)
    : authority.submit({ kind: "undo", seat, at: app.viewAt ?? app.status.actions })));
  if (gen !== app.gen) return null;
  if (!reply.ok) showError(failureText(reply, (error) => refusalText(error, names())));
  else {
    clearError();
    clearOneChoiceNote();
    declineOneChoice(seat, app.status); // the step taken back is the player's to click, even with one choice
  }
  await showView(seat, gen);
  if (reply.ok && app.view && gen === app.gen) {
    dropNotesFrom(app.view.log?.length ?? 0); // the log's note of a move taken back goes with it
    drawLog(app.view.log ?? []);
  }
  setIdle(true);
  return reply;
}

initUndo({ allowed: undoAllowed, mayAsk: undoMayAsk, run: undoLast, names });

// ------------------------------------------------------------------ hotseat curtain
function showCurtain(seat, gen, { idle = true } = {}) {
  setPhase("curtain");
  setIdle(idle);
  const name = app.setup.seats[seat].name;
  // Nothing private may stay in the page behind the curtain.
  clearHint();
  clearOneChoiceNote();
  $("table").replaceChildren(h("p", { class: "muted curtain-placeholder" }, `Waiting for ${name}…`));
  hotseatNews.drawNews(null);
  show($("curtain-news"), false);
  app.view = null;
  app.viewer = null;
  drawLog(app.logLines); // without the last player's own notes
  $("turn").textContent = `${name}'s turn`;
  $("curtain-title").textContent = `Pass to ${name}`;
  const button = $("curtain-button");
  button.textContent = `I am ${name}`;
  button.onclick = () => {
    if (gen !== app.gen) return;
    setCurtain(false);
    app.shownHuman = seat;
    hotseatNews.revealed(seat); // its drawn-card note shows with its table
    advance(); // the focus goes to the player's first choice (a11y.js restoreFocus)
  };
  setCurtain(true);
}

// ------------------------------------------------------------------ several devices: the host
// A table with seats "on another device" (docs/multiplayer.md): the Waiting for players screen,
// the Players panel and the table's record are net/host-page.js's; this page runs the engine
// and is the only authority.
const hostPage = createHostPage({
  authority, engine: localSession,
  getSetup: () => app.setup, setSetup: (setup) => { app.setup = setup; },
  gameInfo, botLevel, hintsWanted: () => readSettings().hints,
  startGame,
  inGame: () => GAME_PHASES.has(app.phase),
  stopDrawing: () => { app.gen += 1; },
  setPhase, setIdle, showSection, navigate, showError,
  onSeatsChanged: () => {
    // a seat that drops or comes back changes the turn line while the table waits for it
    if (app.phase === "remote") {
      app.gen += 1;
      advance();
    }
  },
});

// ------------------------------------------------------------------ several devices: a guest
// A page opened from an invitation: no Python, no lobby; it draws what the host sends. Joining,
// the status chip and the host's news are net/guest-page.js's.
const guestPage = createGuestPage({
  getSetup: () => app.setup, setSetup: (setup) => { app.setup = setup; },
  phase: () => app.phase, inGame: () => GAME_PHASES.has(app.phase), busy: () => app.busy,
  setPhase, setIdle, showSection, fatal, showError, showNotice,
  stopDrawing: () => { app.gen += 1; },
  redraw: () => {
    app.gen += 1;
    advance();
  },
  showGame: () => {
    app.gen += 1;
    app.shownHuman = null;
    app.view = null;
    app.logLines = [];
    $("log").replaceChildren();
    forgetOneChoices();
    show($("result"), false);
    resetMoments();
    showSection("game");
    advance();
  },
  leaveGame: () => {
    app.gen += 1;
    closeReplay();
    show($("result"), false);
    $("table").replaceChildren();
    resetMoments();
  },
  showResult,
  onSession: (guestSession) => {
    useSession(guestSession);
    app.lobbyMs = Math.round(performance.now());
  },
});

// ------------------------------------------------------------------ game over (js/result.js)
function showResult() {
  setPhase("over");
  drawResult($("result"), app.view, {
    names: names(), fill, module: app.viewModule,
    onPlayAgain: guestPage.guest ? null : hostPage.hosting === "playing" ? hostPage.playAgainHosted
                                   : () => startGame({ ...app.setup, seed: randomSeed(), hints: readSettings().hints }),
    onNewGame: guestPage.guest ? null : () => gotoLobby(),
    onReplay: pastGames.startReplay,
  });
  if (guestPage.guest) drawVerify($("result"));
  // a guest's page: the host's reveal holds the whole game's save, kept in Your games here too
  if (guestPage.guest && guestPage.reveal?.save) pastGames.keepFinished(guestPage.reveal.save, app.setup.seats, humans(), app.status);
}

/** A guest's "Verify this game": the host's secret against its commitment, then a replay of the
 *  whole game in this page's own engine against every view this page was shown. */
function drawVerify(box) {
  const reveal = guestPage.reveal;
  const said = h("p", { class: "verify__said", role: "status", dataset: { testid: "verify-result" } });
  if (!reveal) {
    box.append(h("p", { class: "hint", dataset: { testid: "verify-wait" } }, "Waiting for the host to reveal its secret…"));
    return;
  }
  const notes = reveal.notes ?? [];
  if (!reveal.ok) said.textContent = `Warning: ${reveal.problems.join("; ")}.`;
  else if (notes.length) said.textContent = `Note: ${notes.join("; ")}.`;
  const button = h("button", { type: "button", dataset: { testid: "verify" }, onclick: async () => {
    button.disabled = true;
    const { verifyGame } = await import("./net/verify.js");
    const result = await verifyGame(reveal, { onProgress: (text) => { said.textContent = text; } });
    said.textContent = !result.ok ? `Not verified: ${result.problems.join("; ")}.`
      : notes.length ? `Verified: the deal came from the agreed seed, and all ${result.checked} views this device was shown follow from it and the moves. Note: ${notes.join("; ")}.`
      : `Verified: the deal came from the seed you helped make, and all ${result.checked} views you were shown follow from it and the moves.`;
    said.dataset.ok = String(result.ok);
    button.disabled = false;
  } }, "Verify this game");
  box.append(h("div", { class: "verify" }, button, said,
    h("p", { class: "hint" }, "It replays the game here from the seed everyone made and the host's moves. " +
      "It cannot tell whether the host looked at the cards: the host's device holds them during play.")));
}

// ------------------------------------------------------------------ replay and Your games (js/past-games.js)
/** The replay of the game so far, and the finished games of Your games: kept at their end,
 *  opened in the replay in place of the current game. */
const pastGames = createPastGames({
  authority,
  status: () => app.status,
  phase: () => app.phase,
  busy: () => app.busy,
  game: () => app.setup.game,
  names,
  humans,
  computers: () => computersOf(app.setup),
  newGen: () => ++app.gen,
  gen: () => app.gen,
  setPhase,
  setIdle,
  dropView: () => { app.view = null; },
  clearLog: () => {
    app.logLines = [];
    $("log").replaceChildren();
  },
  resumeGame: () => resumeGame({ fromHistory: true }),
  hasGuests: () => Boolean(hostPage.host),
  engineFor,
  saveCurrent: () => localSession.save(),
  gotoLobby,
  showSection,
  gameTitle: (game) => gameInfo(game)?.title ?? game,
  shorten,
});

// ------------------------------------------------------------------ load (js/saves.js)
async function loadFile(file) {
  const wasIdle = app.idle;
  setIdle(false);
  const { text, seats, hints } = await readSaveFile(file);
  if (!app.engineReady) {
    if (!(await engineFor())) return;
    if (app.phase === "starting") gotoLobby(undefined, { fromHistory: true });
  }
  // Send the file as it is: the engine checks it and explains what is wrong.
  const reply = await authority.submit({ kind: "load", save: text, raw: true, computers: [] });
  if (!reply.ok) {
    showError(failureText(reply, (error) => `Could not load “${file.name}”: ${error}`));
    setIdle(wasIdle || app.idle);
    return; // the current game (if any) goes on untouched
  }
  clearError();
  hostPage.closeTable(); // a loaded game is played here: its seats on other devices become this screen's
  const setup = setupFromSave(reply.status, seats, hints, gameInfo(reply.status.game));
  for (const seat of setup.seats) if (seat.kind === "remote") Object.assign(seat, { kind: "human", standIn: undefined });
  enterGame(setup);
  if (reply.notice) showNotice(reply.notice); // made by an earlier version: said once, here
}

// ------------------------------------------------------------------ wiring
$("btn-save").addEventListener("click", () => saveGame(app.setup, app.status?.turn ?? 0));
$("btn-load").addEventListener("click", pickFile);
$("btn-new").addEventListener("click", () => gotoLobby());
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
initShortcuts(() => app.view && app.setup
  ? { view: app.view, viewer: app.viewer, names: names(), seats: app.setup.seats, fill } : null);
initHints();
initSettings();
initRules({ getGame: () => (GAME_PHASES.has(app.phase) ? pastGames.pastGame() ?? app.setup?.game : null) });
$("file-load").addEventListener("change", (e) => {
  const file = /** @type {HTMLInputElement} */ (e.target).files?.[0];
  if (file) loadFile(file);
});

// Read-only handle for the e2e tests and for debugging in the console. It exposes
// only what the page already shows (the rendered view is the viewer's own view).
const copy = (x) => (x == null ? x : structuredClone(x));
window.__app = Object.freeze({
  /** The engine answers (and the autosave is loaded): everything works. */
  get ready() { return app.engineReady && app.games.length > 0; },
  /** ms from navigation start until the engine was ready. */
  get readyMs() { return app.readyMs ?? null; },
  /** The lobby is on screen and usable (the engine may still be starting). */
  get lobbyReady() { return app.lobbyMs != null; },
  /** ms from navigation start until the lobby was drawn. */
  get lobbyMs() { return app.lobbyMs ?? null; },
  /** When each step of the engine's boot happened (ms from navigation start). */
  get bootMarks() { return { ...bootMarks }; },
  /** The engine's boot step while it starts ("" once it is ready). */
  get progress() { return app.engineReady ? "" : app.progress; },
  get phase() { return app.phase; },
  get busy() { return app.busy; },
  /** True while the page waits for a person: lobby, a human's turn, the curtain, game over. */
  get idle() { return app.idle; },
  get status() { return copy(app.status); },
  get view() { return copy(app.view); },
  get viewer() { return app.viewer; },
  get setup() { return copy(app.setup); },
  get lastError() { return lastErrorText(); },
  get engine() { return copy(app.engine); },
  /** The computer's pace now, in ms (Settings' speed, or the address's ?pace=). */
  get pace() { return pace(); },
  /** How many autosaves were written since the page loaded. */
  get autosaved() { return app.autosaved; },
  /** How many finished games were added to Your games since the page loaded. */
  get recorded() { return pastGames.recorded(); },
  /** Offline state: "no", "ready" (served by the service worker) or "update" (a new version waits). */
  get offline() { return app.offline; },
  /** Play on several devices: this page's part (host or guest), for the tests. Only what this
   *  page holds anyway: a guest's received messages are its own. `timings`: [actions, ms] of
   *  each position the host applied or the guest drew (the machine's clock; scripts/bench). */
  get net() {
    const { guest } = guestPage;
    if (guest) {
      return { role: "guest", seat: guestPage.seat, connection: guest.connection, ignored: guest.ignored,
               received: guest.received, reveal: copy(guestPage.reveal), timings: copy(app.timings) };
    }
    const { record, host, hosting } = hostPage;
    if (record) {
      return { role: "host", hosting, states: host?.states() ?? [], watching: host?.watching() ?? 0,
               links: app.setup.seats.map((s, i) => (s.kind === "remote" ? seatLink(record, i) : null)),
               watchLink: seatLink(record, null), timings: copy(app.timings) };
    }
    return null;
  },
  /** The engine's save of the current game (what "Save game" downloads). */
  async save() {
    const reply = await pageSave(app.setup);
    return reply.ok ? copy(reply.file) : null;
  },
});

startHistory(historyMoved); // each screen starts at its top (showSection)
// a page of a table on several devices shown again from the browser's back-forward cache (Back
// after another page in this tab): its connections were closed when it went away, and the
// others' pages would not take it back as it was (the same peer, not heard from). It loads
// afresh, as a reload would: the game is kept (the host's autosave, the guest's invitation).
addEventListener("pageshow", (event) => {
  if (event.persisted && (hostPage.record || guestPage.guest)) location.reload();
});
// a new version downloading (the service worker's install): a quiet line, play goes on
watchUpdateDownload(({ done, total, failed }, retry) => {
  if (app.offline === "update") return; // installed already: the Reload offer is up
  drawDownload({ what: "update", state: failed ? "failed" : done >= total ? "done" : "downloading",
                 done, total, onRetry: retry });
});
// the service worker's precache (the whole site) waits until the engine has booted: on a first
// visit it would compete with Python's start for the same CPU; and, when the player started a
// game meanwhile, until the page waits for them (its first decision is on screen; 10 s at most):
// on a phone its hundred requests would share the connection with the game's first moments
const untilIdle = () => /** @type {Promise<void>} */ (new Promise((resolve) => {
  const since = performance.now();
  const look = () => (app.idle || performance.now() - since > 10_000 ? resolve() : setTimeout(look, 100));
  look();
}));
boot().then(untilIdle).then(() => startOffline({
  // said once, quietly: a polite status line in the footer (never over the table)
  onReady: () => {
    app.offline = "ready";
    $("offline-note").textContent = "Moteplay is now stored in this browser: it plays offline too.";
    show($("offline-note"), true);
  },
  onUpdate: (reload) => {
    app.offline = "update";
    drawDownload(null);
    $("update-reload").onclick = reload;
    show($("update"), true);
  },
})).then((registration) => {
  if (registration && navigator.serviceWorker.controller && app.offline === "no") app.offline = "ready";
});
