// Replay: step through the current game, over the normal table area.
//
// The engine keeps the game as its seed and actions, so any position can be rebuilt (bridge
// replay_info / replay_view, docs/bridge-contract.md). A step is one decision of a player as
// the log tells it (a Motto play of three cards is one step), captioned with its log lines.
// The page shows one seat's ordinary view at that step, drawn by the game's own view module with
// nothing clickable, the log with the lines of this step highlighted (each line jumps to its
// step), and a control bar: First, Previous, Next, Last, Play/Pause, "View as", Exit replay.
//
// Who may be watched is decided by replayViewers() below (the one place for that policy).
//
// The shell (app.js) opens it with openReplay() and gets control back through onExit.

import { failureText } from "./engine-client.js";
import { session } from "./session.js";
import { $, h, fillNames, show } from "./dom.js";
import { pace } from "./pace.js";
import { announce, rove } from "./a11y.js";
import { viewFor } from "./views/index.js";

/** Time between two steps while playing, in ms (the page's pace now, at least 40 ms). */
const playMs = () => Math.max(40, pace());

/**
 * The policy: whose view a replay may show.
 *   - after the end: any seat, or everyone with all hands open;
 *   - during a game with one person against the computer: that person's seat, or the
 *     spectator view (no hands);
 *   - during any other game (hotseat with 2+ people, or computers only): the spectator view
 *     only, so no hand shows on a shared screen.
 * Returns [{key, seat, open, label}] (seat null: spectator), the default first.
 */
export function replayViewers({ isOver, humans, names }) {
  const seat = (s) => ({ key: `seat-${s}`, seat: s, open: false, label: names[s] ?? `Player ${s + 1}` });
  const spectator = { key: "spectator", seat: null, open: false, label: "Spectator — no hands" };
  if (isOver) {
    return [{ key: "everyone", seat: null, open: true, label: "Everyone — all hands" },
            ...names.map((_, s) => seat(s))];
  }
  if (humans.length === 1) return [seat(humans[0]), spectator];
  return [spectator];
}

let replay = null; // the open replay, or null

/** Open the replay of the current game. `opts`: {game, names, humans, isOver, onExit,
 *  showError, wanted}. Resolves to false (and shows the error) if the engine cannot replay it,
 *  or if `wanted()` says the page has moved on meanwhile (the lobby, another game). */
export async function openReplay(opts) {
  closeReplay();
  const reply = await session().replayInfo();
  if (opts.wanted && !opts.wanted()) return false;
  if (!reply.ok) {
    opts.showError?.(failureText(reply, (error) => `The replay could not start: ${error}`));
    return false;
  }
  const info = reply.replay;
  const viewers = replayViewers({ isOver: opts.isOver && info.is_over, humans: opts.humans, names: opts.names });
  replay = { ...opts, info, viewers, viewer: viewers[0], step: info.steps, want: info.steps, timer: null, token: 0,
             module: await viewFor(opts.game) };
  if (opts.wanted && !opts.wanted()) {
    replay = null;
    return false;
  }
  buildBar();
  buildLog();
  show($("replay"), true);
  document.body.classList.add("is-replaying");
  await goTo(info.steps, { say: false });
  /** @type {HTMLElement} */ ($("replay-bar").querySelector("[data-testid=replay-first]")).focus({ preventScroll: true });
  announce(`Replay: step ${info.steps} of ${info.steps}. The arrow keys step back and forth.`);
  return true;
}

/** Leave the replay (without calling onExit): stop playing, empty the bar, the table and the log. */
export function closeReplay() {
  if (!replay) return;
  clearTimeout(replay.timer);
  replay = null;
  $("replay").replaceChildren();
  show($("replay"), false);
  document.body.classList.remove("is-replaying");
  $("table").replaceChildren();
  $("table").classList.remove("is-open-hands");
  $("log").replaceChildren();
}

// ------------------------------------------------------------------ the control bar
function buildBar() {
  const r = replay;
  const word = (text) => h("span", { class: "replay__word" }, ` ${text} `);
  const button = (testid, label, text, onclick, extra = {}) =>
    h("button", { type: "button", dataset: { testid }, "aria-label": label, onclick, ...extra }, text);
  const select = h("select", { id: "replay-viewer", dataset: { testid: "replay-viewer" },
                               onchange: (e) => setViewer(e.target.value) },
    r.viewers.map((v) => h("option", { value: v.key }, v.label)));
  const bar = h("div", { id: "replay-bar", class: "replay__bar", role: "group",
                         "aria-label": "Replay controls (arrow keys step, Home and End jump)",
                         onkeydown: barKeys },
    button("replay-first", "First step", [glyph("«"), word("First")], () => goTo(0)),
    button("replay-prev", "Previous step", [glyph("‹"), word("Previous")], () => goTo(replay.want - 1)),
    button("replay-play", "Play", [glyph("▶"), h("span", { class: "replay__play-word" }, " Play")], togglePlay, { class: "primary" }),
    button("replay-next", "Next step", [word("Next"), glyph("›")], () => goTo(replay.want + 1)),
    button("replay-last", "Last step", [word("Last"), glyph("»")], () => goTo(replay.info.steps)),
    h("span", { class: "replay__step", dataset: { testid: "replay-step" } }));
  $("replay").replaceChildren(
    h("div", { class: "replay__head" },
      h("h2", { class: "replay__title" }, "Replay"),
      h("label", { class: "replay__viewer", for: "replay-viewer" }, "View as ", select),
      h("button", { type: "button", class: "replay__exit", dataset: { testid: "replay-exit" }, onclick: exitReplay },
        "Exit replay")),
    bar,
    h("p", { class: "replay__turn", dataset: { testid: "replay-turn" } }),
    ...(r.viewers.length === 1 && !r.info.is_over
      ? [h("p", { class: "hint" }, "During this game the replay shows no hands (the spectator's view).")]
      : []));
}

function barKeys(ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey || !replay) return;
  const to = { ArrowLeft: replay.want - 1, ArrowRight: replay.want + 1, Home: 0, End: replay.info.steps }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  stopPlay();
  goTo(to);
}

function exitReplay() {
  const onExit = replay?.onExit;
  closeReplay();
  onExit?.();
}

function setViewer(key) {
  replay.viewer = replay.viewers.find((v) => v.key === key) ?? replay.viewers[0];
  goTo(replay.want, { say: false });
}

// ------------------------------------------------------------------ playing
function togglePlay() {
  if (replay.timer != null) {
    stopPlay();
    announce(`Paused at step ${replay.step}.`);
    return;
  }
  if (replay.step >= replay.info.steps) goTo(0, { say: false });
  setPlaying(true);
  const tick = async () => {
    if (!replay || replay.timer == null) return;
    if (replay.step >= replay.info.steps) {
      stopPlay();
      return;
    }
    await goTo(replay.step + 1, { say: false, playing: true });
    if (replay && replay.timer != null) replay.timer = setTimeout(tick, playMs());
  };
  replay.timer = setTimeout(tick, playMs());
}

function stopPlay() {
  if (!replay) return;
  clearTimeout(replay.timer);
  if (replay.timer != null) {
    // a step the play had asked the engine for is not shown once paused: it stays where it is
    replay.token++;
    replay.want = replay.step;
  }
  setPlaying(false);
}

function setPlaying(playing) {
  replay.timer = playing ? -1 : null;
  const play = $("replay-bar")?.querySelector("[data-testid=replay-play]");
  if (!play) return;
  play.replaceChildren(glyph(playing ? "❚❚" : "▶"), h("span", { class: "replay__play-word" }, playing ? " Pause" : " Play"));
  play.setAttribute("aria-label", playing ? "Pause" : "Play");
  $("replay").dataset.playing = String(playing);
}

// ------------------------------------------------------------------ one step
/** Show the position after `step` actions (clamped to the game). */
async function goTo(step, { say = true, playing = false } = {}) {
  const r = replay;
  if (!r) return;
  if (!playing) stopPlay();
  step = Math.max(0, Math.min(r.info.steps, step));
  r.want = step; // steps asked for quickly one after another count from here
  const token = ++r.token;
  const reply = await session().replayView({ step, seat: r.viewer.seat, open: r.viewer.open });
  if (replay !== r || token !== r.token) return; // closed, or a later step was asked for
  if (!reply.ok) {
    r.showError?.(failureText(reply));
    return;
  }
  r.step = step;
  draw(reply.view);
  if (say) announce(`Step ${step} of ${r.info.steps}. ${caption(step)}`);
}

/** What happened at `step`, in the game's words: its log lines (a step is one decision). */
function caption(step) {
  const lines = (replay.info.captions?.[step] ?? []).map(fill);
  if (step === 0 && replay.info.from_saved_position) {
    return "Where the game was brought back from an earlier version's save (what came before cannot be replayed).";
  }
  if (step === 0) return lines.length ? `The start of the game. ${lines.join(" ")}` : "The start of the game.";
  if (lines.length) return lines.join(" ");
  return `${replay.names[replay.info.actors[step - 1]]} is choosing (the game was saved in the middle of a decision).`;
}

/** A button's symbol: seen, not read out (the button's name says it in words). */
const glyph = (text) => h("span", { "aria-hidden": "true" }, text);

const fill = (text) => fillNames(text, replay?.names ?? []);

function draw(view) {
  const r = replay;
  const { step } = r;
  const steps = r.info.steps;
  const bar = $("replay-bar");
  bar.querySelector("[data-testid=replay-step]").textContent = `Step ${step} of ${steps}`;
  $("replay").dataset.step = String(step);
  const atStart = step === 0;
  const atEnd = step === steps;
  // aria-disabled (not disabled) keeps the focus on a button that reaches the end
  for (const [id, off] of [["replay-first", atStart], ["replay-prev", atStart], ["replay-next", atEnd], ["replay-last", atEnd]]) {
    bar.querySelector(`[data-testid=${id}]`).setAttribute("aria-disabled", String(off));
  }
  // the step's caption: what happened, in the game's own words (its log lines)
  $("replay").querySelector("[data-testid=replay-turn]").textContent = caption(step);

  const table = $("table");
  table.replaceChildren();
  const ctx = { act: async () => null, canAct: false, names: r.names, fill, showError: () => {}, seat: view.seat,
                replay: true };
  table.classList.toggle("is-open-hands", Boolean(view.open_hands));
  r.module.render(table, view, ctx);
  // inside the game's own root, so its card styles apply
  if (view.open_hands) {
    (table.querySelector(".tablelayout__area") ?? table.firstElementChild ?? table).append(openHands(view.open_hands, ctx));
  }
  rove(table);
  // a table with nothing to click still scrolls by keyboard: its area takes the focus itself
  const area = /** @type {HTMLElement|null} */ (table.querySelector(".tablelayout__area"));
  const focusable = "button:not([disabled]), a[href], summary, select, input, [tabindex]:not([tabindex='-1'])";
  if (area && !area.querySelector(focusable)) {
    area.tabIndex = 0;
    area.setAttribute("aria-label", "The table at this step");
    area.setAttribute("role", "region");
  }
  markLog(step);
}

/** Every seat's private cards, drawn with the game's own pieces (views/<game>.js renderHoldings). */
function openHands(hands, ctx) {
  const module = replay.module;
  return h("section", { class: "replay-hands", dataset: { testid: "open-hands" }, "aria-labelledby": "open-hands-title" },
    h("h3", { id: "open-hands-title" }, "All hands"),
    hands.map((holding) =>
      h("div", { class: "replay-hands__seat", dataset: { testid: "open-hand", seat: holding.seat } },
        h("h4", {}, ctx.names[holding.seat] ?? `Player ${holding.seat + 1}`),
        module.renderHoldings ? module.renderHoldings(holding, ctx)
          : h("pre", {}, JSON.stringify(holding, null, 1)))));
}

// ------------------------------------------------------------------ the log
function buildLog() {
  const r = replay;
  $("log").replaceChildren(...r.info.log.map((line, i) =>
    h("li", { dataset: { step: r.info.log_steps[i] } },
      h("button", { type: "button", class: "replay-log__line", dataset: { testid: "replay-log-line", step: r.info.log_steps[i] },
                    onclick: () => goTo(r.info.log_steps[i]) },
        h("span", { class: "sr-only" }, `Step ${r.info.log_steps[i]}: `), fill(line)))));
}

/** Lines up to this step are shown as said, the latest of them highlighted (what just happened);
 *  later ones muted. */
function markLog(step) {
  const log = $("log");
  let current = null;
  const latest = Math.max(-1, ...replay.info.log_steps.filter((at) => at <= step));
  for (const li of /** @type {HTMLCollectionOf<HTMLElement>} */ (log.children)) {
    const at = Number(li.dataset.step);
    li.classList.toggle("is-future", at > step);
    const here = at === latest;
    li.classList.toggle("is-current", here);
    if (here) li.firstElementChild.setAttribute("aria-current", "step");
    else li.firstElementChild.removeAttribute("aria-current");
    if (at <= step) current = li;
  }
  if (current) { // keep the last line said so far in sight, inside the log only
    const top = current.offsetTop - log.offsetTop;
    if (top < log.scrollTop || top + current.offsetHeight > log.scrollTop + log.clientHeight) {
      log.scrollTop = Math.max(0, top - log.clientHeight / 2);
    }
  } else {
    log.scrollTop = 0;
  }
}
