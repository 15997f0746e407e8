// The view-module contract: what a game's views/<game>.js exports for the shell (app.js,
// result.js, shortcuts.js, replay.js). Written once here, as JSDoc types every view module
// refers to, and checked by checkViewModule() (tests/e2e/test_e2e_view_contract.py checks every
// game's module with it). docs/web-guide.md ("Game views") explains it with an example.
//
// Rules for views: render only what `view` contains (it is already filtered for the seat), make
// every clickable a real <button> (or listbox option) with readable text or aria-label, mark it
// data-action="<action id>" and put data-testid on the main pieces so the e2e tests can find
// them. The log, the turn line, the score table, the hotseat curtain and the computer's pace
// belong to the shell.

/**
 * A bridge view (docs/bridge-contract.md): what one seat may see.
 * @typedef {object} View
 * @property {string} game
 * @property {number|null} seat            the seat whose view it is (null: a spectator)
 * @property {number|null} current_player
 * @property {boolean} is_over
 * @property {string} prompt               with {P0}-style seat names
 * @property {{id: string, label: string}[]} legal_actions  [] unless `seat` is to move
 * @property {string[]} log
 * @property {number} [num_players]
 * @property {string} [title]              the game's title
 * @property {Result|null} result          the final score table once over (State.result)
 * @property {GameData} table              the game's own table
 */

/**
 * The final score table (State.result), with a game's own fields beside (GameData).
 * @typedef {ResultTable & GameData} Result
 */

/**
 * A row per seat, its cells under `columns`.
 * @typedef {object} ResultTable
 * @property {number[]} winners
 * @property {[string, string]} [unit]    the score's unit, one and many ("point", "points")
 * @property {string[]} columns
 * @property {{seat: number, cells: (number|string)[], total: number}[]} rows
 * @property {number[]} [scores]
 */

/**
 * A game's own data as its engine sends it (JSON): each game's view module knows its fields.
 * @typedef {Record<string, any>} GameData
 */

/**
 * What the shell gives render() and the other hooks.
 * @typedef {object} ViewContext
 * @property {(actionId: string) => Promise<object|null>} act  send an action; resolves to the
 *   engine's reply. The shell says what went wrong itself when `ok` is false, then redraws.
 *   (render only)
 * @property {boolean} canAct       this seat is to move and no call is running (render only)
 * @property {string[]} names       seat names, index = seat
 * @property {(text: string) => string} fill  replace {P0}, {P1}... with the names
 * @property {(message: string) => void} [showError]  say something to the player (render only)
 * @property {number|null} seat     the seat whose view this is (null: a spectator)
 * @property {boolean} [replay]     true while the replay draws the view: nothing on the table may
 *   be clickable (no action, no link to elsewhere)
 */

/**
 * Draw `view` into `root`, an empty element (the shell empties it before every call).
 * @callback Render
 * @param {HTMLElement} root
 * @param {View} view
 * @param {ViewContext} ctx
 * @returns {void}
 */

/**
 * The table in sentences, for "Describe the table" (T): scores, hands as counts, what is face
 * up; never anything the view does not hold. The shell puts whose turn it is first.
 * @callback Describe
 * @param {View} view
 * @param {ViewContext} ctx
 * @returns {string[]}
 */

/**
 * Add the game's own parts to the drawn score table (Mottainai: each seat's card bonuses).
 * @callback DecorateResult
 * @param {HTMLElement} box   the result box, with its table drawn (result.js)
 * @param {View} view         the final view
 * @param {{names: string[], fill: (text: string) => string}} ctx
 * @returns {void}
 */

/**
 * Draw one seat's private holdings (a hand, face-down cards) from State.open_hands(), for a
 * finished game's replay with all hands open.
 * @callback RenderHoldings
 * @param {GameData} holding   {seat, ...} in the card shapes of the game's views
 * @param {ViewContext} ctx
 * @returns {Node|Node[]}
 */

/**
 * The screen of a public event that holds the table until the player continues (moments.js:
 * Moteneba's year scored). `moment` is one of the view's `moments` ({line, kind, seats}); the
 * shell gives the dialog, its heading (`title`) and the Continue button; `body` is the content
 * (it scrolls inside the screen), `foot` an optional line beside Continue. Public information
 * only. Null when the game has no screen for that event (it is then a banner).
 * @callback RenderMoment
 * @param {{line: number, kind: string, seats: number[]}} moment
 * @param {View} view
 * @param {{names: string[], fill: (text: string) => string, seat: number|null}} ctx
 * @returns {{title: string, body: Node, foot?: Node}|null}
 */

/**
 * The Rules panel's pictures for the game's help text (rules/<game>.html): figure name (its
 * <figure data-figure="NAME">) -> a function drawing the picture (rules-figures.js).
 * @typedef {Object<string, () => Promise<Node>>} RulesFigures
 */

/**
 * The Rules panel's card reference (rules-cards.js, drawCardReference: what each field is),
 * for a help text with a [data-card-reference] element.
 * @callback CardReference
 * @returns {Promise<object>}
 */

/**
 * A game's view module (views/<game>.js). Only render is required: generic.js, for a game
 * without its own views, has nothing else.
 * @typedef {object} ViewModule
 * @property {Render} render
 * @property {Describe} [describe]
 * @property {DecorateResult} [decorateResult]
 * @property {RenderHoldings} [renderHoldings]
 * @property {RenderMoment} [renderMoment]
 * @property {RulesFigures} [rulesFigures]
 * @property {CardReference} [cardReference]
 */

/** The hooks of the contract: each is a function when present; `render` must be present. */
export const REQUIRED_HOOKS = ["render"];
export const OPTIONAL_HOOKS = ["describe", "decorateResult", "renderHoldings", "renderMoment", "cardReference"];

/** What is wrong with `module` as a view module: [] when it keeps the contract. */
export function checkViewModule(module) {
  const problems = [];
  for (const name of REQUIRED_HOOKS) {
    if (typeof module?.[name] !== "function") problems.push(`${name} is missing or not a function`);
  }
  for (const name of OPTIONAL_HOOKS) {
    if (name in (module ?? {}) && typeof module[name] !== "function") problems.push(`${name} is not a function`);
  }
  if ("rulesFigures" in (module ?? {})) {
    for (const [figure, draw] of Object.entries(module.rulesFigures ?? {})) {
      if (typeof draw !== "function") problems.push(`rulesFigures["${figure}"] is not a function`);
    }
  }
  return problems;
}
