// The ways into and out of a game on this page: the lobby, Start (a table with seats on other
// devices first shows the host's Waiting for players screen), Continue (the kept game, once
// the engine has loaded it), Back and Forward between the lobby and the game, and Load (a save
// file). Each hands the game to the game screen, which draws it from its first position.

import { $, show } from "../dom.js";
import { failureText } from "../engine-client.js";
import { renderLobby } from "../lobby.js";
import { setCurtain, clearDescription } from "../a11y.js";
import { clearHint } from "../hint.js";
import { closeReplay } from "../replay.js";
import { showError, clearError, showNotice, noteError } from "../toast.js";
import { resetMoments } from "../moments.js";
import { readSaveFile, setupFromSave, pickFile } from "../saves.js";
import { navigate, stayInLobby } from "../navigation.js";
import { yourGames } from "../your-games.js";
import { clearOneChoiceNote, forgetOneChoices } from "../one-choice.js";
import { hasRemote } from "../net/host-record.js";
import { GAME_PHASES } from "./state.js";

/** @typedef {import("./state.js").Page} Page */
/** @typedef {import("./seats.js").Seats} Seats */
/** @typedef {import("./boot.js").Boot} Boot */
/** @typedef {import("./keeper.js").Keeper} Keeper */
/** @typedef {import("./game-screen.js").GameScreen} GameScreen */
/** @typedef {import("./game-log.js").GameLog} GameLog */
/** @typedef {import("../play/authority.js").Authority} Authority */
/** @typedef {import("../play/types.js").Setup} Setup */
/** @typedef {ReturnType<typeof import("../net/host-page.js").createHostPage>} HostPage */
/** @typedef {ReturnType<typeof import("../past-games.js").createPastGames>} PastGames */
/** @typedef {ReturnType<typeof import("../hotseat-news.js").createHotseatNews>} HotseatNews */

/**
 * What the ways into a game need: the page's state and its parts (`boot`: the engine,
 * `keeper`: the kept game, `screen` and `log`: the game on screen), the authority, the host's
 * table (`host`), the replay and past games (`past`), the hotseat news (`news`); `guest()`: a
 * guest's page (it has no lobby); `showSection(name)`: one of the page's screens.
 * @typedef {{
 *   page: Page, seats: Seats, boot: Boot, keeper: Keeper, screen: GameScreen, log: GameLog,
 *   authority: Authority, host: HostPage, past: PastGames, news: HotseatNews,
 *   guest: () => boolean, showSection: (name: string) => void,
 * }} EntryDeps
 */

/** @param {EntryDeps} deps */
export function createEntry(deps) {
  const { page, seats, boot, keeper, screen, log, authority, host, past, news } = deps;
  /** @type {ReturnType<typeof yourGames> | null} the lobby's "Your games" section, made with the lobby */
  let kept = null;

  /** The lobby. `notice`: a sentence at its top; `fromHistory`: Back brought it (no new entry).
   *  @param {string} [notice] @param {{fromHistory?: boolean}} [how] */
  function gotoLobby(notice, { fromHistory = false } = {}) {
    if (deps.guest()) return; // a guest's page has no lobby
    screen.stop();
    authority.hold("lobby", { search: false }); // the computers wait for the player to come back
    authority.release("replay");
    if (host.hosting === "waiting") host.closeTable(); // nobody plays yet: the invitations end here
    if (!fromHistory) navigate("lobby");
    page.set({ phase: "lobby", idle: true });
    setCurtain(false);
    closeReplay();
    $("table")?.replaceChildren(); // no hand stays in the page behind the lobby
    resetMoments();
    news.drawNews(null);
    clearOneChoiceNote();
    clearHint();
    clearDescription();
    page.set({ view: null });
    past.leavePast();
    const resume = keeper.kept();
    kept ??= yourGames({ games: boot.games, onReplay: past.replayPast });
    renderLobby(/** @type {HTMLElement} */ ($("lobby")), {
      games: boot.games, onStart: (/** @type {Setup} */ setup) => startGame(setup, { fromLobby: true }),
      onLoad: pickFile, notice, yourGames: kept.node,
      resume: resume ? { ...resume, onResume: continueGame } : null,
    });
    deps.showSection("lobby");
    kept.refresh();
  }

  /** Start a new game; from the lobby, a refusal is returned for the lobby to show by its Start
   *  button. With seats on other devices the Waiting for players screen comes first.
   *  @param {Setup} setup @param {{fromLobby?: boolean, table?: unknown}} [how]
   *  @returns {Promise<string | null>} */
  async function startGame(setup, { fromLobby = false, table = null } = {}) {
    clearError();
    if (!table) {
      host.closeTable();
      if (hasRemote(setup.seats)) return host.openTable(setup);
    }
    page.set({ idle: false, phase: "starting" });
    const waited = !boot.ready;
    if (!(await boot.engineFor())) return null;
    const before = page.state.setup;
    page.set({ setup }); // what the new game's autosave keeps
    const reply = await authority.submit({
      kind: "start", computers: seats.computers(setup),
      spec: { game: setup.game, num_players: setup.numPlayers, seed: setup.seed, options: setup.options },
    });
    if (!reply.ok) {
      page.set({ setup: before });
      if (waited && fromLobby) gotoLobby(undefined, { fromHistory: true }); // the refusal shows there
      const message = failureText(reply, (error) => `The game could not start: ${error}.`);
      page.set({ phase: "lobby", idle: true });
      if (!fromLobby) showError(message);
      noteError(message);
      return message;
    }
    enterGame(setup);
    return null;
  }

  /** The game the authority now holds, on screen from its start. @param {Setup} setup */
  function enterGame(setup) {
    past.forgetPast(); // the engine holds this game now
    page.set({ setup });
    // a loaded game learns here who plays each seat (a new one already knows: a change then would
    // only make a computer's search that has begun start again)
    const computers = seats.computers();
    if (JSON.stringify(computers) !== JSON.stringify(authority.computers)) authority.submit({ kind: "computers", computers });
    authority.release("lobby");
    authority.release("replay");
    screen.stop();
    navigate("game");
    page.set({ shownHuman: null, view: null });
    news.forget();
    news.drawNews(null);
    closeReplay();
    log.clear();
    forgetOneChoices();
    show($("result"), false);
    $("table")?.replaceChildren();
    clearDescription();
    resetMoments(momentsKey());
    deps.showSection("game");
    screen.advance();
  }

  /** Which game is on screen, for a screen not yet continued that a reload shows again. */
  const momentsKey = () => {
    const status = authority.status;
    return deps.guest() || !status ? null : { game: status.game, seed: status.seed };
  };

  /** The lobby's Continue: the kept game, once the engine has loaded it. */
  async function continueGame() {
    if (!(await boot.engineFor())) return;
    if (!authority.status) {
      gotoLobby(keeper.restoreNotice, { fromHistory: true }); // it could not be loaded
      return;
    }
    resumeGame();
    const notice = keeper.takeUpdateNotice();
    if (notice) showNotice(notice);
  }

  /** Back from the lobby to the kept game (the curtain shows again in hotseat).
   *  @param {{fromHistory?: boolean}} [how] */
  function resumeGame({ fromHistory = false } = {}) {
    screen.stop();
    authority.release("lobby");
    authority.release("replay");
    if (!fromHistory) navigate("game");
    page.set({ shownHuman: null, view: null });
    show($("result"), false);
    resetMoments(momentsKey());
    deps.showSection("game");
    screen.advance();
  }

  /** Back and Forward (navigation.js): between the lobby and the game. @param {string} to */
  function historyMoved(to) {
    const { phase } = page.state;
    if (to === "game" && phase === "lobby" && authority.status) resumeGame({ fromHistory: true });
    else if (to !== "game" && GAME_PHASES.has(phase)) gotoLobby(undefined, { fromHistory: true });
    else if (to === "game" && phase === "lobby") stayInLobby();
  }

  /** Load a save file: the engine checks it and says what is wrong; the game on screen (if any)
   *  goes on untouched when it cannot be loaded. @param {File} file */
  async function loadFile(file) {
    const wasIdle = page.state.idle;
    page.set({ idle: false });
    const { text, seats: kept, hints } = await readSaveFile(file);
    if (!boot.ready) {
      if (!(await boot.engineFor())) return;
      if (page.state.phase === "starting") gotoLobby(undefined, { fromHistory: true });
    }
    // the file as it is: the engine checks it and explains what is wrong
    const reply = await authority.submit({ kind: "load", save: text, raw: true, computers: [] });
    if (!reply.ok) {
      showError(failureText(reply, (error) => `Could not load “${file.name}”: ${error}`));
      page.set({ idle: wasIdle || page.state.idle });
      return;
    }
    clearError();
    host.closeTable(); // a loaded game is played here: its seats on other devices become this screen's
    const status = /** @type {import("../play/types.js").Status} */ (reply.status);
    const setup = setupFromSave(status, kept, hints, seats.gameInfo(status.game));
    for (const seat of setup.seats) if (seat.kind === "remote") Object.assign(seat, { kind: "human", standIn: undefined });
    enterGame(setup);
    if (reply.notice) showNotice(String(reply.notice)); // made by an earlier version: said once, here
  }

  return { gotoLobby, startGame, continueGame, resumeGame, historyMoved, loadFile };
}
