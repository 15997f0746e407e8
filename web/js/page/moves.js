// This page's player's moves: a click on a choice (act), "Undo", and a step with one choice
// taken for the player after a short pause (one-choice.js). Each goes to the table's authority
// (a guest's page: to the host, session.js), the page busy meanwhile; the answer is drawn here:
// a refusal said with the table as it was, a stale click with the table as it is now.

import { failureText } from "../engine-client.js";
import { session } from "../session.js";
import { sleep } from "../dom.js";
import { showError, clearError } from "../toast.js";
import { refusalText } from "../undo.js";
import { oneChoice, declineOneChoice, pauseBeforeOneChoice, noteOneChoice, clearOneChoiceNote,
         dropNotesFrom } from "../one-choice.js";

/** @typedef {import("./state.js").Page} Page */
/** @typedef {import("./seats.js").Seats} Seats */
/** @typedef {import("./game-log.js").GameLog} GameLog */
/** @typedef {import("./game-screen.js").GameScreen} GameScreen */
/** @typedef {import("../play/authority.js").Authority} Authority */
/** @typedef {import("../play/types.js").Status} Status */
/** @typedef {import("../play/types.js").Reply} Reply */

/**
 * What the moves need: the page's state, who sits where, the log and the game screen; the
 * authority; `status()`: the game's status now; `guest()`: a guest's page (moves go to the
 * host); `others()`: other people play this game (the one-choice pause is longer);
 * `passScreen(before, token)`: hotseat, the curtain for the next person (hotseat-news.js),
 * whether it is up; `hideNews()`: the hotseat note of the player's turn goes.
 * @typedef {{
 *   page: Page, seats: Seats, log: GameLog, screen: GameScreen, authority: Authority,
 *   status: () => Status | null, guest: () => boolean, others: () => boolean,
 *   passScreen: (before: any, token: number) => Promise<boolean>, hideNews: () => void,
 * }} MovesDeps
 */

/** @param {MovesDeps} deps */
export function createMoves(deps) {
  const { page, seats, log, screen, authority } = deps;
  const status = () => /** @type {Status} */ (deps.status());

  /** A call the player on screen started (a move, an undo): the page is busy meanwhile, and the
   *  new status is recorded (and autosaved) even if the player has left the game by then.
   *  @param {() => Promise<Reply>} call */
  async function playerCall(call) {
    page.set({ busy: true, idle: false });
    try {
      return await call();
    } finally {
      page.set({ busy: false });
    }
  }

  /** A click on a choice; errors are shown, then the view drawn again. `forMe`: a step with one
   *  choice taken for the player (takeOneChoice), not a click.
   *  @param {string} actionId @param {{forMe?: boolean}} [how] */
  async function act(actionId, { forMe = false } = {}) {
    if (page.state.busy || page.state.phase !== "human") return null;
    const t = screen.token();
    const { view: before, viewer, viewAt } = page.state;
    const seat = /** @type {number} */ (viewer);
    if (!forMe) clearOneChoiceNote();
    const reply = await playerCall(() => (deps.guest() ? session().act(seat, actionId)
      : authority.submit({ kind: "act", seat, action: actionId, at: viewAt ?? status().actions })));
    if (!screen.live(t)) return reply;
    if (reply.ok && actionId === "cancel" && !forMe) declineOneChoice(seat, status()); // back to a step: theirs to click
    if (reply.stale) { // the game moved on before the click was applied: the table as it is now
      showError(String(reply.error));
      screen.redraw();
      return reply;
    }
    if (!reply.ok) {
      showError(failureText(reply, (error) => `Not allowed: ${seats.fill(error)}`));
      await screen.drawView();
      page.set({ idle: true });
      return reply;
    }
    clearError();
    if (deps.status()?.current_player !== seat) deps.hideNews(); // the note was for that turn
    if (!(await deps.passScreen(before, t))) screen.advance();
    return reply;
  }

  /** A step with one choice that shows nothing new (one-choice.js): say so, pause, then play it as
   *  the player's own move. A click meanwhile, another screen or a new game leaves it undone.
   *  @param {{id: string, label: string}} action @param {number} t */
  async function takeOneChoice(action, t) {
    const seat = page.state.viewer;
    const at = status().actions;
    const text = `Only one choice: ${seats.fill(action.label)} — taken for you.`;
    noteOneChoice({ seat, turn: status().turn, at: log.lines().length, text });
    log.draw(page.state.view.log ?? []);
    await sleep(pauseBeforeOneChoice({ others: deps.others() }));
    const { phase, busy, viewer } = page.state;
    if (!screen.live(t) || phase !== "human" || busy || viewer !== seat || deps.status()?.actions !== at) return;
    if (!oneChoice(page.state.view, seat, deps.status(), page.state.viewModule)) { // turned off in Settings meanwhile
      page.set({ idle: true });
      return;
    }
    await act(action.id, { forMe: true });
  }

  /** Undo may be asked now: the person on screen is to move. */
  const undoMayAsk = () => page.state.phase === "human" && !page.state.busy && page.state.viewer === deps.status()?.current_player;

  /** Undo: the player on screen takes back their last decision, if the engine allows. */
  async function undo() {
    const t = screen.token();
    const seat = /** @type {number} */ (page.state.viewer);
    const reply = await playerCall(() => (deps.guest() ? session().undo(seat)
      : authority.submit({ kind: "undo", seat, at: page.state.viewAt ?? status().actions })));
    if (!screen.live(t)) return null;
    if (!reply.ok) showError(failureText(reply, (error) => refusalText(error, seats.names())));
    else {
      clearError();
      clearOneChoiceNote();
      declineOneChoice(seat, status()); // the step taken back is the player's to click, even with one choice
    }
    await screen.showView(seat, t);
    const { view } = page.state;
    if (reply.ok && view && screen.live(t)) {
      dropNotesFrom(view.log?.length ?? 0); // the log's note of a move taken back goes with it
      log.draw(view.log ?? []);
    }
    page.set({ idle: true });
    return reply;
  }

  return {
    act: (/** @type {string} */ actionId) => act(actionId),
    takeOneChoice,
    undo,
    undoMayAsk,
    /** Undo is offered: the person on screen may ask, and the engine would allow it. */
    undoAllowed: () => undoMayAsk() && deps.status()?.can_undo === true,
  };
}
