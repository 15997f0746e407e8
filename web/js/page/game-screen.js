// The game on this page's screen: after every change, the step play/flow.js decides (a
// person's choices, a computer thinking, someone on another device, the hotseat curtain, the
// score table) is drawn, with the view of the seat it shows and its public events (moments.js:
// a banner, or a screen such as a year scored that holds the table until Continue).
//
// The authority hands this screen each change (changed(): a computer's or another device's
// move; this page's own moves are drawn by their own call, page/moves.js). A newer screen makes
// the drawing under way stop: every draw carries the screen's token (`token()`), and one whose
// token is not the current one draws nothing more (`stop()` starts a new one).
//
// Hidden information: a seat's view is asked only for the person to move at this screen, or,
// while others move, for the person whose screen is already up (play/flow.js); with several
// people here and no such screen, the spectator's view (no hand).

import { $, h, show } from "../dom.js";
import { failureText } from "../engine-client.js";
import { session } from "../session.js";
import { viewFor } from "../views/index.js";
import { drawHint, clearHint } from "../hint.js";
import { drawUndo } from "../undo.js";
import { setCurtain, restoreFocus, rove, showChoices, showDescription, descriptionOpen } from "../a11y.js";
import { showError, clearError } from "../toast.js";
import { takeMoments, hasNewScreen, showScreen, screenOnShow } from "../moments.js";
import { describeLines } from "../shortcuts.js";
import { oneChoice, clearOneChoiceNote } from "../one-choice.js";
import { nextStep } from "../play/flow.js";
import { GAME_PHASES } from "./state.js";
import { drawTurn } from "./turn-line.js";

/** @typedef {import("./state.js").Page} Page */
/** @typedef {import("./seats.js").Seats} Seats */
/** @typedef {import("./game-log.js").GameLog} GameLog */
/** @typedef {import("../play/authority.js").Authority} Authority */
/** @typedef {import("../play/types.js").Delivery} Delivery */
/** @typedef {import("../play/types.js").Status} Status */

/**
 * What the game screen needs:
 * - `page`, `seats`, `log`: the page's state, who sits where, the log on screen;
 * - `authority`: the table's one writer (the host's page and local play); `status()`: the game's
 *   status now (a guest's page: what the host sent); `guest()`: a guest's page (it asks the host
 *   for views: session.js);
 * - `away(seat)`: that seat's device has dropped;
 * - `act(actionId)`: a click on a choice (page/moves.js); `takeOneChoice(action, token)`: a step
 *   with one choice, taken for the player;
 * - `news`: the hotseat news (hotseat-news.js); `showResult()`: the score table (page/game-over.js);
 * - `drawn()`: a guest's page drew a position (its timing is noted).
 * @typedef {{
 *   page: Page, seats: Seats, log: GameLog, authority: Authority,
 *   status: () => Status | null, guest: () => boolean, away: (seat: number) => boolean,
 *   act: (actionId: string) => Promise<unknown>,
 *   takeOneChoice: (action: {id: string, label: string}, token: number) => Promise<void>,
 *   news: ReturnType<typeof import("../hotseat-news.js").createHotseatNews>,
 *   showResult: () => void,
 *   drawn: () => void,
 * }} GameScreenDeps
 */

/** @param {GameScreenDeps} deps */
export function createGameScreen(deps) {
  const { page, seats, log, authority } = deps;
  let token = 0;
  /** @type {Delivery | null} the authority's last delivery to this screen */
  let delivered = null;

  /** @param {Partial<import("./state.js").PageState>} patch */
  const set = (patch) => page.set(patch);
  const live = (/** @type {number} */ t) => t === token;

  /** The seat whose view this screen shows after a change: the person to move here, else the one
   *  whose screen is up (null: the spectator's table; undefined: none, as when the curtain is to
   *  come up or the page shows no game). The authority hands its view over.
   *  @returns {number | null | undefined} */
  function displaySeat() {
    const { phase } = page.state;
    if (deps.guest() || !authority.status || !GAME_PHASES.has(phase) || phase === "replay" || phase === "curtain") return undefined;
    return stepNow().seat;
  }

  /** What this screen shows next, for the game as it is now (play/flow.js). */
  const stepNow = () => nextStep({ status: /** @type {Status} */ (deps.status()), here: seats.humans(),
                                   computers: seats.computers(), shown: page.state.shownHuman });

  /** A change the authority made: the screen shows the game as it is now. A move made on this
   *  page is drawn by its own call (moves.js), which waits for the answer.
   *  @param {Delivery} delivery */
  function changed(delivery) {
    if (delivery.viewer !== undefined && delivery.view) delivered = delivery;
    const own = delivery.cause.from === "page" && (delivery.cause.kind === "act" || delivery.cause.kind === "undo");
    const { phase } = page.state;
    if (own || !["remote", "bot", "over", "moment", "stalled"].includes(phase)) return;
    if (phase === "stalled") clearError();
    redraw();
  }

  /** Draw the game as it is now from a fresh token (what was being drawn stops). */
  function redraw() {
    token += 1;
    return advance();
  }

  /** Draw the game as it is now: the step play/flow.js decides, then wait for the next change
   *  (a computer's or another device's move comes as the authority's change: changed()). */
  async function advance() {
    const t = token;
    try {
      await drawStep(t);
    } finally {
      if (live(t)) authority.release("draw"); // drawn: a computer may move now
    }
  }

  /** @param {number} t */
  async function drawStep(t) {
    set({ idle: false });
    const { step, seat, mover } = stepNow();
    const status = /** @type {Status} */ (deps.status());
    switch (step) {
      case "over":
        clearOneChoiceNote();
        await showView(seat ?? null, t);
        if (live(t)) {
          deps.showResult();
          set({ idle: true });
        }
        return;
      case "computer":
        // the authority plays the computer's turn (after the pace); its change draws it here
        set({ phase: "bot" });
        await showView(seat ?? null, t, { thinking: mover });
        return;
      case "elsewhere":
        // someone on another device (on a guest's page, anyone but this seat) is to move: the
        // table waits for the host's next news (a guest) or that player's move (the host)
        set({ phase: "remote" });
        await showView(seat ?? null, t, { waiting: mover });
        if (live(t)) set({ idle: true });
        return;
      case "curtain":
        if (page.state.shownHuman != null) await screenBeforeCurtain(t);
        if (live(t)) showCurtain(/** @type {number} */ (mover), t);
        return;
      case "person": {
        const cp = /** @type {number} */ (mover);
        set({ shownHuman: cp, phase: "human" });
        clearOneChoiceNote({ seat: cp, turn: status.turn }); // a note of this same turn stays
        await showView(cp, t);
        if (deps.news.takeRevealed() === cp && live(t)) deps.news.drawNews(cp);
        if (!live(t)) return;
        const only = oneChoice(page.state.view, cp, deps.status(), page.state.viewModule);
        if (only) {
          deps.takeOneChoice(only, t);
          return; // the page stays busy until it is taken
        }
        set({ idle: true }); // wait for a click (moves.js act)
        return;
      }
    }
  }

  /** A computer could not move: say so and offer to try again. @param {string} message */
  function stall(message) {
    token += 1;
    set({ phase: "stalled", idle: true });
    showError(message);
    const retry = h("button", { type: "button", dataset: { testid: "retry" }, onclick: () => {
      clearError();
      redraw();
      authority.retry();
    } }, "Try again");
    $("turn")?.replaceChildren(h("span", {}, "The game is paused. "), retry);
  }

  /** Ask for the view of `seat` (null: the spectator's) and draw it, then show its public events
   *  (outcomes(): a screen holds the game until the player continues).
   *  @param {number | null} seat @param {number} t
   *  @param {{thinking?: number | null, waiting?: number | null, events?: boolean}} [how] */
  async function showView(seat, t, { thinking = null, waiting = null, events = true } = {}) {
    // the view the authority handed this screen with its last change, else asked for (after
    // the intents already submitted: never a position ahead of the status)
    const fresh = !deps.guest() && delivered?.rev === authority.rev && delivered.viewer === seat;
    const reply = fresh ? { ok: true, view: delivered?.view, status: delivered?.status }
      : deps.guest() ? await session().view(seat) : await authority.view(seat);
    if (!live(t)) return;
    if (!reply.ok) {
      showError(failureText(reply));
      return;
    }
    // the step the player's clicks are made at
    set({ view: reply.view, viewer: seat, viewAt: /** @type {Status | undefined} */ (reply.status)?.actions ?? null });
    await drawView({ thinking, waiting });
    // the spectator's table was shown behind a screen: this seat's again
    if (events && (await outcomes(t)) && live(t)) await showView(seat, t, { thinking, waiting, events: false });
  }

  /** The public events of the view just drawn: banners at once; a screen (a year scored) holds
   *  the game until the player continues: no computer moves and no decision is offered meanwhile
   *  (a guest's screen holds only its own page). With two or more people at this screen the
   *  table behind it is the spectator's (no hand). Returns whether it drew the spectator's table.
   *  @param {number} t @returns {Promise<boolean>} */
  async function outcomes(t) {
    if (!page.state.view || !live(t)) return false;
    const here = seats.humans();
    const ctx = { names: seats.names(), fill: seats.fill, module: page.state.viewModule };
    const wanted = takeMoments(page.state.view, { ...ctx, viewer: page.state.viewer, screens: here.length > 0 });
    if (!wanted.length && !screenOnShow()) return false;
    const { phase } = page.state;
    const spectator = wanted.length > 0 && here.length >= 2 && page.state.viewer != null;
    if (spectator) {
      clearHint();
      await showView(null, t, { events: false });
      if (!live(t)) return false;
    }
    set({ phase: "moment", idle: true });
    authority.hold("screen"); // no computer moves while the screen is read
    try {
      for (const moment of wanted) if (live(t)) await showScreen(moment, page.state.view, ctx);
      await screenOnShow();
    } finally {
      authority.release("screen");
    }
    if (!live(t)) return false;
    set({ phase, idle: false });
    return spectator;
  }

  /** Hotseat: a screen's event (a year scored) is shown on the shared screen before the curtain,
   *  over the spectator's table. Returns whether one was shown (the curtain is then down).
   *  @param {number} t @returns {Promise<boolean>} */
  async function screenBeforeCurtain(t) {
    const reply = await authority.view(null);
    if (!live(t) || !reply.ok || !hasNewScreen(reply.view)) return false;
    setCurtain(false);
    set({ view: reply.view, viewer: null });
    await drawView();
    await outcomes(t);
    return true;
  }

  /** Draw the view on screen (page.state.view), with the turn line, the hint, the log.
   *  @param {{thinking?: number | null, waiting?: number | null}} [how] */
  async function drawView({ thinking = null, waiting = null } = {}) {
    const { view, viewer: seat } = page.state;
    const setup = /** @type {import("../play/types.js").Setup} */ (page.state.setup);
    const module = await viewFor(view.game);
    // a newer view came while the module loaded (a guest's next state, say): its own call draws
    // it, and this older one must not be drawn over it
    if (page.state.view !== view || page.state.viewer !== seat) return;
    const canAct = page.state.phase === "human" && !page.state.busy && seat === view.current_player &&
                   !view.is_over && (view.legal_actions?.length ?? 0) > 0;
    const ctx = { act: deps.act, canAct, names: seats.names(), fill: seats.fill, showError, seat };

    // keep keyboard focus on "the same" control across redraws (a11y.js), and the table's own
    // scrolling where it was (the page brings the current choices into view after)
    const table = /** @type {HTMLElement} */ ($("table"));
    const hadFocus = table.contains(document.activeElement);
    const scrolled = table.querySelector(".tablelayout__area")?.scrollTop ?? 0;
    table.replaceChildren();
    module.render(table, view, ctx);
    const area = table.querySelector(".tablelayout__area");
    if (area) area.scrollTop = scrolled;
    set({ viewModule: module }); // the score table lets it add to it (decorateResult)
    drawTurn(view, { thinking, waiting, seats: setup.seats, away: deps.away, guest: deps.guest(), fill: seats.fill });
    drawHint({ enabled: setup.hints !== false, canAct, seat, turn: deps.status()?.actions, fill: seats.fill });
    drawUndo();
    restoreFocus(table, { canAct, hadFocus });
    if (canAct) showChoices(table);
    rove(table);
    if (descriptionOpen()) showDescription(describeLines(module, view, ctx, setup.seats), { focus: false });
    log.draw(view.log ?? []);
    if (deps.guest()) deps.drawn();
  }

  /** Hotseat: "Pass to NAME", with nothing private left in the page behind it.
   *  @param {number} seat @param {number} t @param {{idle?: boolean}} [how] */
  function showCurtain(seat, t, { idle = true } = {}) {
    set({ phase: "curtain", idle });
    const name = page.state.setup?.seats[seat]?.name ?? "";
    clearHint();
    clearOneChoiceNote();
    $("table")?.replaceChildren(h("p", { class: "muted curtain-placeholder" }, `Waiting for ${name}…`));
    deps.news.drawNews(null);
    show($("curtain-news"), false);
    set({ view: null, viewer: null });
    log.draw(log.lines()); // without the last player's own notes
    /** @type {HTMLElement} */ ($("turn")).textContent = `${name}'s turn`;
    /** @type {HTMLElement} */ ($("curtain-title")).textContent = `Pass to ${name}`;
    const button = /** @type {HTMLButtonElement} */ ($("curtain-button"));
    button.textContent = `I am ${name}`;
    button.onclick = () => {
      if (!live(t)) return;
      setCurtain(false);
      set({ shownHuman: seat });
      deps.news.revealed(seat); // its drawn-card note shows with its table
      advance(); // the focus goes to the player's first choice (a11y.js restoreFocus)
    };
    setCurtain(true);
  }

  // this page's screen is one of the authority's: after every change it gets the view of the
  // seat it shows; no computer moves until it has drawn the change (advance() lets go)
  authority.screen({ seat: displaySeat, show: changed });
  authority.listen(() => authority.hold("draw"));

  return {
    /** The current token: a draw started now carries it. */
    token: () => token,
    /** Whether a draw with token `t` is still the screen's. */
    live,
    /** The drawing under way stops (a new screen: the lobby, another game). */
    stop() { token += 1; },
    displaySeat, changed, redraw, advance, stall, showView, drawView, showCurtain, screenBeforeCurtain,
  };
}

/** @typedef {ReturnType<typeof createGameScreen>} GameScreen */
