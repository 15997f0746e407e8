// Hotseat news: when people share one screen, what came into a player's hand on their own turn
// is told without showing it to the next player. A card taken face up from the table is public
// and named on the "Pass to NAME" curtain; a card drawn unseen is only counted there, and named
// in a note on that player's own screen at their next turn ("Since your last turn you drew …").
//
// newCards() and newsWords() are pure (hotseat-news.test.js); createHotseatNews() keeps the
// notes waiting for each seat and draws them.

import { $, show } from "./dom.js";

/** @typedef {import("./play/types.js").Status} Status */
/** @typedef {import("./play/types.js").Reply} Reply */
/** @typedef {{key: string, label: string}} Card */
/** The part of a seat's view read here: its hand, the table around it, the log.
 *  @typedef {{table: {hand: Card[], [part: string]: any}, log?: string[]}} HandView */
/** @typedef {{took: string[], drew: string[]}} News */

/** The cards new in `seat`'s hand from view `before` to view `after`, as labels: `took` those
 *  that were in sight (face up on the table before and gone from it after, or named in the
 *  player's own log lines of the move), `drew` the others (unseen by the other players).
 *  @param {HandView} before @param {HandView} after @param {number} seat
 *  @returns {News} */
export function newCards(before, after, seat) {
  const left = before.table.hand.map((c) => c.key);
  const got = after.table.hand.filter((c) => {
    const i = left.indexOf(c.key);
    if (i >= 0) left.splice(i, 1);
    return i < 0;
  });
  /** How many cards of each key lie face up on the table (hands left out). @param {HandView} view */
  const inSight = (view) => {
    /** @type {Map<string, number>} */
    const count = new Map();
    /** @param {any} v @param {string | null} key */
    const walk = (v, key) => {
      if (key === "hand" || v == null || typeof v !== "object") return;
      if (typeof v.key === "string" && typeof v.label === "string") count.set(v.key, (count.get(v.key) ?? 0) + 1);
      for (const [k, x] of Object.entries(v)) walk(x, k);
    };
    walk(view.table, null);
    return count;
  };
  const was = inSight(before);
  const is = inSight(after);
  const said = (after.log ?? []).slice((before.log ?? []).length).filter((l) => l.startsWith(`{P${seat}}`)).join("\n");
  /** @type {string[]} */
  const took = [];
  /** @type {string[]} */
  const drew = [];
  for (const c of got) {
    if ((was.get(c.key) ?? 0) > (is.get(c.key) ?? 0)) {
      was.set(c.key, (was.get(c.key) ?? 0) - 1);
      took.push(c.label);
    } else if (said.includes(c.label)) {
      took.push(c.label);
    } else {
      drew.push(c.label);
    }
  }
  return { took, drew };
}

/** "took Clay, Paper and drew a card": the words for the cards new in a hand, `took` as labels,
 *  `drew` already worded ("" when none was drawn).
 *  @param {string[]} took @param {string} drew @returns {string} */
export function newsWords(took, drew) {
  const parts = [];
  if (took.length) parts.push(`took ${took.join(", ")}`);
  if (drew) parts.push(`drew ${drew}`);
  return parts.join(" and ");
}

/**
 * What the hotseat news needs of the page.
 * @typedef {object} HotseatNewsDeps
 * @property {() => Status | null | undefined} status  the game's status now
 * @property {() => number | null | undefined} viewer  the seat whose view is on screen (null: spectator)
 * @property {() => number[]} humans  the seats played by people at this screen
 * @property {(seat: number) => string} nameOf  a seat's player's name
 * @property {() => number} gen  the page's game generation now (a newer one means: stop)
 * @property {(seat: number, gen: number) => void} raiseCurtain  brings up "Pass to NAME" for `seat`
 *   (the page is not waiting for a person yet)
 * @property {(gen: number) => Promise<boolean>} screenBeforeCurtain  shows an event's screen to
 *   everyone first; whether one was shown (the curtain is then down)
 * @property {(seat: number) => Promise<Reply>} view  a seat's view, asked of the game's authority
 * @property {(idle: boolean) => void} setIdle  marks whether the page waits for a person
 */

/** The hotseat news of one page: the notes waiting for each seat, and the seat that just
 *  pressed "I am NAME" (its note shows once, with its table).
 *  @param {HotseatNewsDeps} deps */
export function createHotseatNews(deps) {
  /** seat -> the cards new in its hand since its last turn @type {Record<number, News>} */
  let news = {};
  /** the person who just pressed "I am NAME" @type {number | null} */
  let revealed = null;

  /** The note on a hotseat player's own screen: the cards that came into their hand since their
   *  last turn ("you took" a face-up card, "you drew" one from the deck). `null` hides it.
   *  Shown once: the seat's news is used up.
   *  @param {number | null} seat */
  function drawNews(seat) {
    const note = $("drawn-note");
    const kept = seat == null ? null : news[seat];
    if (seat != null) delete news[seat];
    const words = kept ? newsWords(kept.took, kept.drew.join(", ")) : "";
    note.textContent = words ? `Since your last turn you ${words}.` : "";
    show(note, Boolean(words));
  }

  /** When the player's decision gives the turn to another person at this screen, the curtain
   *  comes up at once (their hand leaves the page). The cards that just came into their hand are
   *  told without showing them to the next player: a card taken face up is public and named on
   *  the curtain; a card drawn unseen is kept for a note on the player's own next screen.
   *  `before`: the player's view before the decision. Returns whether the curtain is up.
   *  @param {any} before @param {number} gen @returns {Promise<boolean>} */
  async function passScreen(before, gen) {
    const status = deps.status();
    const next = status?.current_player;
    const seat = deps.viewer();
    const humans = deps.humans();
    if (humans.length < 2 || status.is_over || next == null || next === seat || seat == null ||
        !humans.includes(next)) return false;
    deps.raiseCurtain(next, gen);
    if (await deps.screenBeforeCurtain(gen)) {
      if (gen !== deps.gen()) return true;
      deps.raiseCurtain(next, gen);
    }
    const reply = Array.isArray(before?.table?.hand) ? await deps.view(seat) : null;
    if (gen !== deps.gen()) return true;
    if (reply?.ok && Array.isArray(reply.view.table?.hand)) {
      const { took, drew } = newCards(before, reply.view, seat);
      const kept = news[seat] ?? { took: [], drew: [] };
      news[seat] = { took: [...kept.took, ...took], drew: [...kept.drew, ...drew] };
      const name = deps.nameOf(seat);
      // the curtain is public: cards drawn unseen are counted, never named
      const words = newsWords(took, drew.length === 0 ? "" : `${drew.length === 1 ? "a card" : `${drew.length} cards`} from the deck`);
      const line = $("curtain-news");
      line.textContent = words ? `${name} ${words}.` : "";
      show(line, Boolean(words));
    }
    deps.setIdle(true);
    return true;
  }

  return {
    passScreen,
    drawNews,
    /** `seat` pressed "I am NAME": its note shows with its table. @param {number} seat */
    revealed(seat) { revealed = seat; },
    /** The seat that pressed "I am NAME" since the last call, or null (asked once per table drawn). */
    takeRevealed() {
      const seat = revealed;
      revealed = null;
      return seat;
    },
    /** A new game: no news waits for anyone. */
    forget() { news = {}; },
  };
}
