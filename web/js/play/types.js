// The shapes the table's authority (authority.js) and the page's flow (flow.js) pass around:
// types only, for the checker and the reader.

/**
 * The engine's status of a game (docs/bridge-contract.md).
 * @typedef {{
 *   game: string, num_players: number, seed?: number, options?: object,
 *   current_player: number | null, is_over: boolean, scores: number[] | null, winners: number[],
 *   turn: number, actions: number, can_undo: boolean,
 * }} Status
 */

/**
 * An engine reply: `{ok: true, ...}` or `{ok: false, error}` (`internal`: a bug).
 * @typedef {{ok: boolean, error?: string, internal?: boolean, status?: Status, view?: any,
 *            undone?: {id: string, label: string}, actions?: string[], notice?: string | null,
 *            [key: string]: unknown}} Reply
 */

/**
 * What the authority needs of the engine: session.js's localSession, plus botChoose.
 * @typedef {{
 *   start(spec: object): Promise<Reply>,
 *   load(save: unknown, options?: {raw?: boolean}): Promise<Reply>,
 *   view(seat: number | null): Promise<Reply>,
 *   act(seat: number, action: string): Promise<Reply>,
 *   undo(seat: number): Promise<Reply>,
 *   hint(spec: {seat: number, seconds: number}): Promise<Reply>,
 *   botChoose(spec: {seat: number, bot: string, seed: number | undefined, at: number}): Promise<Reply>,
 * }} Engine
 */

/**
 * Who asked: "page" (this page), "computer", or a guest's link ("guest:<seat>").
 * @typedef {string} From
 */

/**
 * A change to the game, submitted to the authority. `at` is the step (status.actions) the
 * intent was made at: an intent whose step has passed is refused as stale. `computers` is
 * the computer level playing each seat (null: a person). `id` names the intent in its answer.
 * @typedef {(
 *   {kind: "start", spec: object, computers: (string | null)[]} |
 *   {kind: "load", save: unknown, raw?: boolean, computers: (string | null)[]} |
 *   {kind: "computers", computers: (string | null)[]} |
 *   {kind: "clear"} |
 *   {kind: "act", seat: number, action: string, at: number} |
 *   {kind: "undo", seat: number, at: number} |
 *   {kind: "hint", seat: number, at: number, seconds?: number} |
 *   {kind: "computer", seat: number, at: number, actions: string[]}
 * ) & {id?: string, from?: From}} Intent
 */

/**
 * The authority's answer to one intent: the engine's reply, with the intent's `id`; `stale`
 * when the game had moved on before it was applied.
 * @typedef {Reply & {id: string, stale?: boolean, at?: number}} Answer
 */

/**
 * One change made: its number (`rev`, rising), the new status, the one before, and what caused it.
 * @typedef {{rev: number, status: Status, before: Status | null, cause: {id: string, kind: string, from: From}}} Change
 */

/**
 * A change as one screen gets it: the view of the seat it shows (`viewer`; null: the
 * spectator; undefined: no seat, as behind a curtain, and `view` null).
 * @typedef {Change & {view: any, viewer: number | null | undefined, error?: string}} Delivery
 */

/**
 * Where a seat is shown: this page's screen, a guest's link, a table screen.
 * @typedef {{seat: () => number | null | undefined, show: (delivery: Delivery) => void}} Screen
 */

export {};

/**
 * One seat of the page's game: its player's `name` and `kind` ("human": played on this device,
 * "bot": a computer at level `bot`, "remote": a player on another device, `standIn` the computer
 * level playing it meanwhile; on a guest's page, `away`: that player's device has dropped).
 * @typedef {{name: string, kind: string, bot?: string | null, standIn?: string | null, away?: boolean}} Seat
 */

/**
 * The page's game: the lobby's choices (a guest's page: what the host sent), `seed` once known.
 * @typedef {{game: string, numPlayers: number, seats: Seat[], seed?: number | null, options?: object,
 *            hints?: boolean, title?: string}} Setup
 */
