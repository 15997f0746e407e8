// The Rules panel: how to play each game, in a native <dialog>, offline.
//
// The games and their texts come from each game's spec, through games.js (written by the
// build). The texts are static files of the site, in our own words: rules/<game>.html (one
// <section data-section="…"> per part: overview, setup, turn, scoring, end, rulings, and any a game
// adds, such as a glossary and its cards). They follow docs/rules/<game>.md, which is the source of
// truth. Pictures are drawn by rules-figures.js and a card reference by rules-cards.js, each
// with what the game's view module gives (its `rulesFigures` and `cardReference`,
// views/contract.js), so this panel names no game.
//
// Opened by the "Rules" button of the top bar (at the current game's rules during a game,
// else at the game chosen in the lobby), by each game's "How to play" in the lobby and by any
// button with data-rules-game="<game>" (a view's own "How to play").
// Esc or the close button closes it, and the focus goes back to the button that opened it.

import { h } from "./dom.js";
import { drawFigures, loadRulesFile } from "./rules-figures.js";
import { drawCardReference } from "./rules-cards.js";
import { GAMES } from "./games.js";
import { viewFor } from "./views/index.js";

let dialog = null;
let opener = null;
let shownGame = null;
let currentGame = () => null;

/** Wire the top bar's Rules button. `getGame()` names the game being played, or null. */
/** @param {{getGame?: () => string|null}} [how] */
export function initRules({ getGame } = {}) {
  if (getGame) currentGame = getGame;
  document.getElementById("btn-rules")?.addEventListener("click", (e) => {
    openRules(currentGame() ?? lobbyGame(), /** @type {HTMLElement} */ (e.currentTarget));
  });
  document.addEventListener("click", (e) => {
    const button = /** @type {HTMLElement|null} */ (/** @type {Element} */ (e.target).closest?.("[data-rules-game]"));
    if (button) openRules(button.dataset.rulesGame, button);
  });
}

/** The game ticked in the lobby (if the lobby is drawn), else the first one. */
function lobbyGame() {
  return /** @type {HTMLInputElement|null} */ (document.querySelector("#lobby input[name=game]:checked"))?.value ?? GAMES[0].name;
}

/** A game's rules text (its spec's `rules`, a path from the site's root under rules/). */
const loadText = (info) => loadRulesFile(info.rules.replace(/^rules\//, ""), "text");

function build() {
  dialog = h("dialog", { class: "rules", "aria-labelledby": "rules-title", dataset: { testid: "rules-dialog" } },
    h("div", { class: "rules__head" },
      h("h2", { id: "rules-title", class: "rules__title" }, "How to play"),
      h("button", { type: "button", class: "rules__close", "aria-label": "Close the rules",
                    dataset: { testid: "rules-close" }, onclick: () => dialog.close() }, "×")),
    h("nav", { class: "rules__games", "aria-label": "Rules of" },
      GAMES.map((g) => h("button", { type: "button", dataset: { testid: `rules-game-${g.name}`, game: g.name },
                                           onclick: () => show(g.name) }, g.title))),
    h("nav", { class: "rules__toc", "aria-label": "Sections" }),
    h("div", { class: "rules__body", dataset: { testid: "rules-body" }, tabindex: "0" }));
  dialog.addEventListener("close", () => {
    const back = opener;
    opener = null;
    if (back?.isConnected) back.focus();
  });
  // Esc closes it from anywhere inside, the search field included (where Chromium would
  // only clear the text)
  dialog.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); dialog.close(); }
  });
  // a click on the backdrop (outside the box) closes it too
  dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
  document.body.append(dialog);
}

/** Open the rules of `game`; the focus returns to `from` when the panel closes. */
export async function openRules(game, from = document.activeElement) {
  if (!dialog) build();
  if (!dialog.open) {
    opener = from;
    dialog.showModal();
  }
  await show(game);
}

async function show(game) {
  const info = GAMES.find((g) => g.name === game) ?? GAMES[0];
  shownGame = info.name;
  dialog.dataset.game = info.name;
  dialog.querySelector(".rules__title").textContent = `How to play ${info.title}`;
  for (const b of dialog.querySelectorAll(".rules__games button")) {
    b.setAttribute("aria-current", String(b.dataset.game === info.name));
  }
  const body = dialog.querySelector(".rules__body");
  const toc = dialog.querySelector(".rules__toc");
  body.dataset.ready = "false";
  let source, view;
  try {
    // without its view module the text is still shown, without its pictures
    [source, view] = await Promise.all([loadText(info), viewFor(info.name).catch((err) => {
      console.error(err);
      return {};
    })]);
  } catch (err) {
    if (shownGame !== info.name) return;
    body.replaceChildren(h("p", { role: "alert" }, `The rules could not be loaded (${err.message ?? err}).`));
    return;
  }
  if (shownGame !== info.name) return; // another game was picked meanwhile
  const template = document.createElement("template");
  template.innerHTML = source; // our own static file, shipped with the site
  const content = template.content;
  const refs = view.cardReference ? [...content.querySelectorAll("[data-card-reference]")] : [];
  await Promise.all([drawFigures(content, view.rulesFigures), ...refs.map(async (el) => {
    try {
      drawCardReference(el, await view.cardReference());
    } catch (err) {
      el.replaceChildren(h("p", { role: "alert" }, `The card list could not be loaded (${err.message ?? err}).`));
    }
  })]);
  if (shownGame !== info.name) return;
  toc.replaceChildren(h("ul", {}, [...content.querySelectorAll("section[data-section] > h3")].map((h3) =>
    h("li", {}, h("a", { href: `#${h3.id}`, onclick: (e) => { e.preventDefault(); jump(h3.id); } }, h3.textContent)))));
  body.replaceChildren(content);
  body.scrollTop = 0;
  body.dataset.ready = "true";
}

/** Scroll the body to a section and put the focus on its heading (for keyboard users). */
function jump(id) {
  const heading = dialog.querySelector(`#${CSS.escape(id)}`);
  if (!heading) return;
  heading.setAttribute("tabindex", "-1");
  heading.scrollIntoView({ block: "start" });
  heading.focus({ preventScroll: true });
}
