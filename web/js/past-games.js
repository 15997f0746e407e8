// Looking back: the replay of the game on the table ("Replay" in the game tools and after the
// end), and the finished games of Your games, kept when a game ends and opened in the same
// replay. Opening a past game loads it into the engine in place of the current game, whose save
// is kept aside and loaded back when the player leaves the replay.

import { $, show } from "./dom.js";
import { openReplay } from "./replay.js";
import { curtainOpen, clearDescription } from "./a11y.js";
import { clearOneChoiceNote } from "./one-choice.js";
import { clearHint } from "./hint.js";
import { showError } from "./toast.js";
import { failureText } from "./engine-client.js";
import { navigate } from "./navigation.js";
import { record as keepEntry, makeEntry, setAside as setAsideEntry } from "./games-kept.js";

/** @typedef {import("./play/types.js").Status} Status */
/** @typedef {import("./play/types.js").Reply} Reply */
/** @typedef {import("./play/authority.js").Authority} Authority */

/**
 * What the replays need of the page.
 * @typedef {object} PastGamesDeps
 * @property {Pick<Authority, "hold" | "submit">} authority  the game's one writer (holds its
 *   computers while the replay is up; loads a past game, and the current one back)
 * @property {() => Status | null | undefined} status  the current game's status (none before a game)
 * @property {() => string} phase  the page's phase ("replay" while a replay is up)
 * @property {() => boolean} busy  whether an engine call started by the player is running
 * @property {() => string} game  the current game's name
 * @property {() => string[]} names  the current game's players' names
 * @property {() => number[]} humans  the current game's seats played by people at this screen
 * @property {() => (string | null)[]} computers  the computer level playing each seat of the current game
 * @property {() => number} newGen  starts a new game generation (stops the game's loop) and returns it
 * @property {() => number} gen  the page's game generation now (a newer one means: stop)
 * @property {(phase: string) => void} setPhase
 * @property {(idle: boolean) => void} setIdle  marks whether the page waits for a person
 * @property {() => void} dropView  forgets the view on screen ("Describe the table" has nothing live)
 * @property {() => void} clearLog  empties the game's log panel
 * @property {() => void} resumeGame  the current game again, as it was
 * @property {() => boolean} hasGuests  whether players on other devices are at this page's table
 * @property {() => Promise<boolean>} engineFor  waits for the engine; false if it could not start
 * @property {() => Promise<Reply & {save?: any}>} saveCurrent  the engine's save of the current game
 * @property {(notice?: string, opts?: {fromHistory?: boolean}) => void} gotoLobby
 * @property {(name: string) => void} showSection  shows one of the page's screens ("game", ...)
 * @property {(game: string) => string} gameTitle  a game's title
 * @property {(text: string) => string} shorten  a message cut to one short line
 */

/** The replays of one page.
 *  @param {PastGamesDeps} deps */
export function createPastGames(deps) {
  /** a game of Your games open in the replay: {game, kept: the current game's save, or null}
   *  @type {{game: string, kept: any} | null} */
  let past = null;
  /** finished games added to Your games since the page loaded (tests wait for it) */
  let recorded = 0;

  /** Step through the game so far. The game waits meanwhile (no computer moves); replay.js
   *  decides whose view may be shown (replayViewers); leaving it resumes the game as it was. */
  async function startReplay() {
    const status = deps.status();
    if (curtainOpen() || deps.busy() || !status || deps.phase() === "replay") return;
    const gen = deps.newGen(); // pauses the game loop
    deps.setPhase("replay");
    deps.setIdle(false);
    deps.authority.hold("replay", { search: false }); // the game waits while its past is shown
    show($("result"), false);
    clearDescription();
    clearOneChoiceNote();
    clearHint(); // a suggestion for the live position never stays over a past step
    deps.dropView(); // "Describe the table" has nothing live to describe meanwhile
    const opened = await openReplay({
      game: deps.game(), names: deps.names(), humans: deps.humans(), isOver: status.is_over, showError,
      wanted: () => gen === deps.gen(),
      onExit: () => {
        deps.clearLog();
        deps.resumeGame();
      },
    });
    if (gen !== deps.gen()) return; // the player went elsewhere meanwhile
    if (!opened) deps.resumeGame();
    else deps.setIdle(true);
  }

  /** Add a finished game to Your games (once: the same game is never kept twice).
   *  @param {any} save the engine's save of the whole game
   *  @param {any[]} seats who played each seat
   *  @param {number[]} here the seats played at this device
   *  @param {Status} status the game's status at its end */
  function keepFinished(save, seats, here, status) {
    keepEntry(makeEntry({ save, seats, here, status }))
      .then((added) => { if (added) recorded += 1; })
      .catch((err) => console.warn("The finished game could not be kept in Your games:", err));
  }

  /** Replay a game from Your games: the engine loads it in place of the current game (whose save
   *  is kept aside and loaded back when the player leaves: leavePast()). Exit goes to the lobby.
   *  @param {{id: string, game: string, save: any, seats: {name: string}[], here: number[], finishedAt: string}} entry */
  async function replayPast(entry) {
    // the guests' pages read their views and replay from this page's engine: it keeps their game
    if (deps.hasGuests()) {
      showError("Players on other devices are still at your table: past games open in the replay " +
                "once you start a game without them.");
      return;
    }
    if (!(await deps.engineFor())) return;
    const gen = deps.newGen();
    deps.setIdle(false);
    let kept = null;
    if (deps.status() && !past) {
      const saved = await deps.saveCurrent();
      if (!saved.ok) {
        deps.gotoLobby(`That game could not be opened: ${deps.shorten(failureText(saved))}.`, { fromHistory: true });
        return;
      }
      kept = saved.save;
    }
    past = { kept: past?.kept ?? kept, game: entry.game };
    const loaded = await deps.authority.submit({ kind: "load", save: entry.save, computers: [] });
    if (gen !== deps.gen()) return;
    if (!loaded.ok) {
      const why = deps.shorten(failureText(loaded));
      await setAsideEntry(entry.id, `the game cannot be replayed: ${why}`).catch(() => {});
      deps.gotoLobby(`That game could not be opened (${why}), so it was set aside.`, { fromHistory: true });
      return;
    }
    navigate("game");
    deps.setPhase("replay");
    deps.showSection("game");
    show($("btn-save"), false); // the engine holds the past game: Save game would not save yours
    const title = deps.gameTitle(entry.game);
    $("game-title").textContent = `${title} · ${new Date(entry.finishedAt).toLocaleDateString()}`;
    document.title = `${title} (replay) — Moteplay`;
    show($("result"), false);
    clearDescription();
    deps.dropView();
    const opened = await openReplay({
      game: entry.game, names: entry.seats.map((s) => s.name), humans: entry.here, isOver: true, showError,
      wanted: () => gen === deps.gen(),
      onExit: () => deps.gotoLobby(),
    });
    if (gen !== deps.gen()) return;
    if (!opened) deps.gotoLobby(undefined, { fromHistory: true });
    else deps.setIdle(true);
  }

  /** Leaving a past game's replay: the current game (if any) goes back into the engine. */
  function leavePast() {
    const leaving = past;
    past = null;
    if (leaving?.kept) {
      deps.authority.submit({ kind: "load", save: leaving.kept, computers: deps.computers() }).then((reply) => {
        if (!reply.ok) console.warn("The current game could not be loaded back:", reply.error);
      });
    }
  }

  return {
    startReplay,
    keepFinished,
    replayPast,
    leavePast,
    /** The engine holds another game now: no game kept aside is loaded back. */
    forgetPast() { past = null; },
    /** The game (its name) of Your games open in the replay, or null. */
    pastGame() { return past?.game ?? null; },
    /** Whether a game of Your games is open (the engine holds it, not the current game). */
    showingPast() { return past != null; },
    /** How many finished games were added to Your games since the page loaded. */
    recorded() { return recorded; },
  };
}
