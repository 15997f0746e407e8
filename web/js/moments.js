// Outcomes in view: the public events a player should notice, shown where they are looking and
// not only in the log (docs/web-guide.md, "Outcomes in view"). The engine marks the log lines of such
// events (the view's `moments`: [{line, kind, seats}], docs/bridge-contract.md); after every view
// the page draws, page/game-screen.js hands it to takeMoments(), which looks at the lines new since the last
// view and shows each event:
//
//   kind          shown as                                             to whom
//   year_scored   a screen that holds the table until Continue          everyone (Moteneba)
//   last_round    a banner in the turn line                             everyone (Motto)
//   reshuffle     a banner                                              everyone
//   work          a banner                                              the other players (Mottainai)
//   effect        a banner                                              the seats it touched (Mottainai)
//   (the end)     a banner "Game over — Ada wins with 23 points!"       everyone
//
// A banner stays a few seconds in the turn line's row (never over the hand, the controls or the
// other players) and is said to screen readers; the log keeps every line as before. A screen is a
// modal <dialog> drawn by the game's view module (renderMoment): keyboard focus on Continue,
// Enter or Escape continue. Only public lines are marked, so nothing here can show a hidden card.

import { h, show } from "./dom.js";
import { announce } from "./a11y.js";
import { headlineOf } from "./result.js";

/** The kinds that hold the table on a screen of their own; every other kind is a banner. */
const SCREENS = new Set(["year_scored"]);
const BANNER_MS = 7000;
const KEPT = "moteplay.moment.v1"; // a screen not yet continued, shown again after a reload

let seen = null;      // log lines already looked at; null: the next view is taken as it stands
let wasOver = false;
let game = null;      // {game, seed} of the game on screen (a kept screen belongs to it)
let open = null;      // the screen on show: {line, done: Promise, finish()}
let bannerTimer = 0;

/** A new game on screen (or the same one again, after the lobby or a replay): the events already
 *  in its log are not shown again, except a screen that was not continued on this device. */
export function resetMoments(which = null) {
  closeScreen();
  seen = null;
  game = which;
  clearBanner();
}

/** The events of `view` new since the last view: banners are shown at once; returns the
 *  moments that want a screen (shown by showScreen), [] when there are none. `viewer` is the
 *  seat whose view it is (null: a spectator); `screens` false turns screens into banners (a page
 *  with nobody at it to press Continue). */
export function takeMoments(view, { viewer, names, fill, screens = true }) {
  const lines = view.log ?? [];
  if (seen == null || seen > lines.length) {
    const kept = readKept();
    seen = kept != null && kept < lines.length ? kept : lines.length;
    wasOver = view.is_over && seen === lines.length;
  }
  const fresh = (view.moments ?? []).filter((m) => m.line >= seen && m.line < lines.length);
  seen = lines.length;
  const banners = [];
  const wanted = [];
  for (const m of fresh) {
    const text = fill(lines[m.line]);
    if (SCREENS.has(m.kind) && screens) wanted.push(m);
    else if (m.kind === "work" && !m.seats.includes(viewer)) banners.push([`${names[m.seats[0]]} completed a work`, text]);
    else if (m.kind === "effect" && viewer != null && m.seats.includes(viewer)) banners.push(["A card effect touched you", text]);
    else if (m.kind === "last_round") banners.push(["Last round", text]);
    else if (m.kind === "reshuffle") banners.push(["Reshuffle", text]);
    else if (m.kind === "year_scored") banners.push(["Year scored", text]);
  }
  if (view.is_over && !wasOver && view.result) banners.push(["Game over", headlineOf(view.result, { names, fill }), true]);
  wasOver = view.is_over;
  if (banners.length) showBanner(banners);
  return wanted;
}

/** Whether `view` has a screen's event not yet shown (a hotseat hand-over shows it before the curtain). */
export function hasNewScreen(view) {
  const from = seen ?? view.log?.length ?? 0;
  return (view.moments ?? []).some((m) => SCREENS.has(m.kind) && m.line >= from);
}

/** The screen on show, or null: a promise that settles when the player continues. */
export const screenOnShow = () => open?.done ?? null;

/** Show the screen of `moment` over the table (drawn by the game's view module from `view`) and
 *  wait until the player continues. A screen already on show is waited for instead. */
export function showScreen(moment, view, { module, names, fill }) {
  if (open) return open.done;
  const drawn = module?.renderMoment?.(moment, view, { names, fill, seat: view.seat });
  if (!drawn) return Promise.resolve();
  keep(moment.line);
  let finish;
  const done = new Promise((resolve) => { finish = resolve; });
  const dialog = h("dialog", { class: "moment-screen", "aria-labelledby": "moment-title",
                               dataset: { testid: "moment-screen", kind: moment.kind } });
  const go = h("button", { type: "button", class: "primary big", dataset: { testid: "moment-continue" } }, "Continue");
  dialog.append(
    h("h2", { id: "moment-title", class: "moment-screen__title" }, drawn.title),
    // the screen's content scrolls inside it (a keyboard can scroll it: focusable)
    h("div", { class: "moment-screen__body", tabindex: "0", role: "region", "aria-label": drawn.title,
               dataset: { testid: "moment-body" } }, drawn.body),
    h("div", { class: "moment-screen__foot" }, drawn.foot ?? null, go));
  // Continue; or the game left the screen (`kept`: shown again when the game comes back)
  const close = ({ kept = false } = {}) => {
    if (open?.dialog !== dialog) return;
    open = null;
    if (!kept) forget();
    dialog.close();
    dialog.remove();
    finish();
  };
  go.addEventListener("click", () => close());
  dialog.addEventListener("cancel", (ev) => { ev.preventDefault(); close(); }); // Escape
  open = { line: moment.line, dialog, done, finish: close };
  document.body.append(dialog);
  dialog.showModal();
  go.focus();
  announce(`${drawn.title}. Continue when you are ready.`);
  return done;
}

/** Take the screen away without waiting for Continue (the game left the screen). */
function closeScreen() {
  open?.finish({ kept: true });
}

// While a screen is up the keys are its own: Enter continues, and the page's shortcuts (one-key
// shortcuts, Ctrl+Z) wait behind it, wherever the focus is. Escape is the dialog's "cancel".
window.addEventListener("keydown", (ev) => {
  if (!open) return;
  if (ev.key === "Enter" && !ev.altKey && !ev.ctrlKey && !ev.metaKey) {
    ev.preventDefault();
    open.finish();
  }
  ev.stopPropagation();
}, true);

// ---------------------------------------------------------------- the banner
function bannerBox() {
  let box = document.getElementById("moment-banner");
  if (!box) {
    box = h("div", { id: "moment-banner", class: "moment-banner", dataset: { testid: "moment-banner" }, hidden: true });
    document.querySelector(".game__status")?.append(box);
  }
  return box;
}

let lines = []; // the banner's lines on show: [title, text, until (ms)]

function showBanner(items) {
  const now = Date.now();
  lines = [...lines.filter(([, , until]) => until > now), ...items.map(([title, text]) => [title, text, now + BANNER_MS])].slice(-3);
  drawBanner();
  // said once: the log says its own line already, so only the title, or the whole of a
  // sentence the log does not have (the end's headline)
  for (const [title, text, own] of items) announce(own ? `${title}: ${text}` : `${title}.`);
}

function drawBanner() {
  clearTimeout(bannerTimer);
  const now = Date.now();
  lines = lines.filter(([, , until]) => until > now);
  const box = bannerBox();
  box.replaceChildren(...lines.map(([title, text]) =>
    h("p", { class: "moment-banner__line" }, h("strong", {}, `${title}: `), text)));
  show(box, lines.length > 0);
  if (lines.length) bannerTimer = setTimeout(drawBanner, Math.min(...lines.map(([, , until]) => until)) - now);
}

function clearBanner() {
  lines = [];
  drawBanner();
}

// ---------------------------------------------------------------- a screen kept across a reload
function readKept() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT) ?? "null");
    return kept && game && kept.game === game.game && kept.seed === game.seed ? kept.line : null;
  } catch {
    return null;
  }
}

function keep(line) {
  if (!game) return;
  try { localStorage.setItem(KEPT, JSON.stringify({ game: game.game, seed: game.seed, line })); } catch { /* private mode */ }
}

function forget() {
  try { localStorage.removeItem(KEPT); } catch { /* private mode */ }
}
