// The messages between a host and its guests, and their checks: the one place that says what
// may cross from one device to another (docs/multiplayer.md, "Messages").
//
// Every message is a JSON object sent as text, with `v` (the protocol's version) and `t` (its
// type). The host trusts nothing a guest sends: parseIntent() turns a guest's text into a
// checked intent or a refusal in plain words. A guest trusts only its verified host: it still
// parses the host's text with parseFromHost(), which checks shapes, never meaning. Nothing
// from another device is ever inserted as HTML: the shell draws it as text.

export const VERSION = 2;

/** The largest message a guest may send (intents are tiny). */
export const MAX_INTENT_BYTES = 4096;
/** The largest message a host may send (a view, or the whole game's save at the end). */
export const MAX_HOST_BYTES = 4_000_000;
/** How deep a message's JSON may nest. */
const MAX_DEPTH = 40;
/** Keys refused anywhere in a message: they could reach an object's prototype. */
const POISON = new Set(["__proto__", "constructor", "prototype"]);

/**
 * A message as parsed from JSON text: the protocol's version `v`, its type `t`, and the
 * type's fields (JSON, checked by parseIntent() or parseFromHost() below).
 * @typedef {{v: number, t: string, [field: string]: any}} Message
 */

/**
 * A parse: `{ok: true, msg}`, or `{ok: false, error}` with `re` (the refused request's id,
 * when it had a good one) and `version` (a page of another version: its version, or null).
 * Each side names the other's fields as absent, so that they may be read before `ok` is.
 * @typedef {{ok: true, msg: Message, error?: undefined, re?: undefined, version?: undefined} |
 *           {ok: false, msg?: undefined, error: string, re?: string, version?: number | null}} Parsed
 */

/**
 * The table as the host shows it to its guests (in `seated` and `state`): the game, its title
 * and options, whether hints are on, and each seat's name, kind ("human", "bot", "remote") and
 * whether its player is away. parseFromHost() checks the game and the seats' names only.
 * @typedef {{game: string, title?: string, hints?: boolean, options?: object,
 *            seats: {name: string, kind?: string, away?: boolean}[]}} TableInfo
 */

/** A check of one field's value. @typedef {(x: unknown) => boolean} FieldCheck */

/** @param {unknown} x @param {number} lo @param {number} hi @returns {x is number} */
const isInt = (x, lo, hi) => typeof x === "number" && Number.isSafeInteger(x) && x >= lo && x <= hi;
/** A request's id: a few letters or digits the guest chose.
 *  @param {unknown} x @returns {x is string} */
const isId = (x) => typeof x === "string" && /^[A-Za-z0-9_-]{1,24}$/.test(x);
/** @param {unknown} x @param {number} [max] @returns {x is string} */
const isToken = (x, max = 64) => typeof x === "string" && x.length >= 8 && x.length <= max && /^[A-Za-z0-9_-]+$/.test(x);

/** JSON text -> object, refusing what is too big, too deep, not an object, or has a poisoned key.
 *  @param {unknown} data @param {number} maxBytes @returns {Parsed} */
export function parseText(data, maxBytes) {
  if (typeof data !== "string") return { ok: false, error: "a message must be JSON text" };
  if (data.length > maxBytes) return { ok: false, error: `the message is too large (${data.length} characters, at most ${maxBytes})` };
  let msg;
  try {
    msg = JSON.parse(data);
  } catch {
    return { ok: false, error: "the message is not valid JSON" };
  }
  if (msg === null || typeof msg !== "object" || Array.isArray(msg)) return { ok: false, error: "a message must be a JSON object" };
  const bad = badKey(msg, 0);
  if (bad) return { ok: false, error: bad };
  if (msg.v !== VERSION) {
    const theirs = Number.isSafeInteger(msg.v) ? `version ${msg.v}` : "no version this page knows";
    return { ok: false, version: Number.isSafeInteger(msg.v) ? msg.v : null,
             error: `this page and the other run different versions of Moteplay (${theirs}, this page version ${VERSION}): reload this page; if that does not help, the host reloads theirs` };
  }
  if (typeof msg.t !== "string") return { ok: false, error: "a message needs a type" };
  return { ok: true, msg };
}

/** What is wrong with a parsed value's keys (a poisoned key, too deep), or null.
 *  @param {unknown} value @param {number} depth @returns {string | null} */
function badKey(value, depth) {
  if (depth > MAX_DEPTH) return "the message is nested too deeply";
  if (value === null || typeof value !== "object") return null;
  for (const key of Object.keys(value)) {
    if (POISON.has(key)) return `the message has a forbidden key (${key})`;
    const bad = badKey(/** @type {Record<string, unknown>} */ (value)[key], depth + 1);
    if (bad) return bad;
  }
  return null;
}

/**
 * What a guest may ask of the host, each with its fields (anything else is refused). `id` names
 * a request: the host's answer to it, and the `state` an act or undo caused, carry it as `re`.
 *   hello   {nonce}                      prove that you are the host (before anything else)
 *   join    {seat, secret, device, contribution}   take my seat (seat null: the table screen)
 *   act     {id, action, at}             take this action, offered to me at step `at`
 *   undo    {id, at}                     take back my last decision
 *   hint    {id, at}                     suggest a move for my seat
 *   replay  {id, step, seat, open} | {id}   replay: the game's steps, else a seat's view at a step
 *   pong    {}                           I am still here (answers the host's ping)
 *   bye     {}                           I am leaving (the page closes)
 * @type {Record<string, Record<string, FieldCheck>>}
 */
const INTENTS = {
  hello: { nonce: (x) => isToken(x) },
  join: { seat: (x) => x === null || isInt(x, 0, 15), secret: (x) => isToken(x), device: (x) => isToken(x),
          contribution: (x) => isToken(x) },
  act: { id: (x) => isId(x), action: (x) => typeof x === "string" && x.length > 0 && x.length <= 200, at: (x) => isInt(x, 0, 1e7) },
  undo: { id: (x) => isId(x), at: (x) => isInt(x, 0, 1e7) },
  hint: { id: (x) => isId(x), at: (x) => isInt(x, 0, 1e7) },
  replay: { id: (x) => isId(x), step: (x) => x === undefined || isInt(x, 0, 1e7), seat: (x) => x === undefined || x === null || isInt(x, 0, 15),
            open: (x) => x === undefined || typeof x === "boolean" },
  pong: {},
  bye: {},
};

/** A guest's text -> `{ok: true, msg}` (a checked intent) or `{ok: false, error}`, with `re`
 *  (the refused request's id, when it had a good one) and, for a page of another version of
 *  the messages, `version` (its version, or null).
 *  @param {unknown} data @returns {Parsed} */
export function parseIntent(data) {
  const parsed = parseText(data, MAX_INTENT_BYTES);
  if (!parsed.ok) return parsed;
  const { msg } = parsed;
  const fields = Object.hasOwn(INTENTS, msg.t) ? INTENTS[msg.t] : null;
  if (!fields) return { ok: false, error: `unknown message type “${msg.t.slice(0, 30)}”` };
  const re = isId(msg.id) ? msg.id : undefined;
  for (const key of Object.keys(msg)) {
    if (key !== "v" && key !== "t" && !Object.hasOwn(fields, key)) return { ok: false, re, error: `unexpected field “${key.slice(0, 30)}” in ${msg.t}` };
  }
  for (const [key, check] of Object.entries(fields)) {
    if (!check(msg[key])) return { ok: false, re, error: `bad or missing field “${key}” in ${msg.t}` };
  }
  return { ok: true, msg };
}

/**
 * What the host sends (a guest checks the shape, then draws it as text):
 *   proof    {nonce, peer, sig, commitment, host}   the host's answer to hello
 *   seated   {seat, table, waiting, part?} you have this seat; `table`: the game, seats, names
 *                                   and who is away; `waiting`: the game is not dealt yet;
 *                                   `part`: the deal holds the part this device sent
 *   closed   {}                     the host has ended this table: nothing more will come
 *   deal     {commitment}           a new game at this table: the host's new commitment (join again
 *                                   with a new contribution)
 *   state    {rev, at, status, view, table, re?}   the game now: your seat's view at step `at`
 *                                   after the host's change number `rev` (rising: an older one
 *                                   is never drawn over a newer); `re`: your request that made it
 *   refused  {re, error, stale?, held?, version?}   your request `re` (its id, or the type of a
 *                                   message without one) changed nothing, because `error`;
 *                                   `stale`: the game had moved on; `held`: the seat is played
 *                                   on another device; `version`: the host's, when yours differs
 *   undone   {re, undone}           your undo `re` took back this decision ({id, label})
 *   hint     {re, reply}            the answer to your hint `re` (the bridge's hint reply)
 *   replay   {re, reply}            the answer to your replay request `re`
 *   reveal   {at, secret, contributions, save}   the game is over: the host's secret and the moves
 *   ping     {}                     are you still there?
 * @type {Record<string, (m: Message) => boolean>}
 */
const FROM_HOST = {
  proof: (m) => isToken(m.nonce) && typeof m.peer === "string" && typeof m.sig === "string" &&
                /^[0-9a-f]{64}$/.test(m.commitment ?? "") && typeof m.host === "string",
  seated: (m) => (m.seat === null || isInt(m.seat, 0, 15)) && isTable(m.table) && typeof m.waiting === "boolean" &&
                 (m.part === undefined || typeof m.part === "boolean"),
  closed: () => true,
  deal: (m) => /^[0-9a-f]{64}$/.test(m.commitment ?? ""),
  state: (m) => isInt(m.rev, 0, 1e9) && isInt(m.at, 0, 1e7) && isObject(m.status) && isObject(m.view) && isTable(m.table) &&
                 (m.re === undefined || isId(m.re)),
  refused: (m) => typeof m.re === "string" && typeof m.error === "string",
  undone: (m) => isId(m.re) && isObject(m.undone) && typeof m.undone.label === "string",
  hint: (m) => isId(m.re) && isObject(m.reply),
  replay: (m) => isId(m.re) && isObject(m.reply),
  reveal: (m) => typeof m.secret === "string" && Array.isArray(m.contributions) && isObject(m.save),
  ping: () => true,
};
/** @param {unknown} x @returns {x is Record<string, any>} */
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
/** @param {unknown} t @returns {boolean} */
const isTable = (t) => isObject(t) && typeof t.game === "string" && Array.isArray(t.seats) &&
  t.seats.every((/** @type {unknown} */ s) => isObject(s) && typeof s.name === "string");

/** The host's text -> `{ok: true, msg}` or `{ok: false, error}` (a guest ignores what fails).
 *  @param {unknown} data @returns {Parsed} */
export function parseFromHost(data) {
  const parsed = parseText(data, MAX_HOST_BYTES);
  if (!parsed.ok) return parsed;
  const check = Object.hasOwn(FROM_HOST, parsed.msg.t) ? FROM_HOST[parsed.msg.t] : null;
  if (!check || !check(parsed.msg)) return { ok: false, error: `unexpected ${String(parsed.msg.t).slice(0, 30)} message` };
  return parsed;
}

/** A message as text, ready to send.
 *  @param {string} t @param {Record<string, unknown>} [fields] @returns {string} */
export const encode = (t, fields = {}) => JSON.stringify({ v: VERSION, t, ...fields });

/** How many messages a guest may send in a burst, and how many a second after that. */
export const RATE = { burst: 30, perSecond: 10 };

/** A token bucket: take() says whether one more message is allowed now.
 *  @param {{burst: number, perSecond: number}} [rate] @param {() => number} [now]
 *  @returns {{take(): boolean}} */
export function rateLimiter({ burst, perSecond } = RATE, now = () => performance.now()) {
  let tokens = burst;
  let last = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - last) / 1000) * perSecond);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
