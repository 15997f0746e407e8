// A guest's page: a page opened from an invitation (docs/multiplayer.md). It runs no Python
// and has no lobby: it joins the host's table (net/guest.js), says how the connection stands
// (the status chip), and hands the game flow what the host sends: the table, the status, the
// end's check of the host's secret.
//
// The guest's own state lives here: its connection to the host, its seat, the status the host
// sent last, and the end's check. The page (app.js) makes one with createGuestPage(), handing
// it the few parts of the game flow it needs, and reads that state through its getters; it
// draws the game itself, as on any page.
//
//   const guestPage = createGuestPage({ getSetup, setSetup, ... });
//   guestPage.boot();            // join the table of the address's invitation
//   guestPage.guest;             // the connection to the host (net/guest.js), or null

import { part, h, show, fillNames } from "../dom.js";
import { readInvitation } from "./invite.js";

/** @typedef {ReturnType<typeof import("./guest.js").joinTable>} Guest */
/** @typedef {import("./guest.js").Reveal} Reveal */
/** @typedef {import("./protocol.js").TableInfo} TableInfo */
/** @typedef {import("../play/types.js").Setup} Setup */
/** @typedef {import("../play/types.js").Status} Status */

/**
 * What a guest's page needs of the page (app.js):
 * - `getSetup()`, `setSetup(setup)`: the page's game (here: what the host sent, this seat the human);
 * - `phase()`, `inGame()`, `busy()`: where the page is (a game on screen, a move under way);
 * - `setPhase`, `setIdle`, `showSection`, `fatal`, `showError`, `showNotice`: the page's screen;
 * - `stopDrawing()`: the drawing under way stops; `redraw()`: the game drawn again as it is now;
 * - `showGame()`: the game screen from its start (the first state of a game);
 * - `leaveGame()`: the game leaves the screen (the host deals again): the drawing stops, the
 *   replay closes, the score table and the table go, its outcomes are forgotten;
 * - `showResult()`: the score table again (the host's secret came);
 * - `onSession(session)`: the host is this page's session from now on, and the page is up.
 * @typedef {{
 *   getSetup: () => Setup | null,
 *   setSetup: (setup: Setup) => void,
 *   phase: () => string,
 *   inGame: () => boolean,
 *   busy: () => boolean,
 *   setPhase: (phase: string) => void,
 *   setIdle: (idle: boolean) => void,
 *   showSection: (name: string) => void,
 *   fatal: (message: string) => void,
 *   showError: (text: string) => void,
 *   showNotice: (text: string) => void,
 *   stopDrawing: () => void,
 *   redraw: () => void,
 *   showGame: () => void,
 *   leaveGame: () => void,
 *   showResult: () => void,
 *   onSession: (session: Guest["session"]) => void,
 * }} GuestPageDeps
 */

/**
 * A guest's page, for the page's game flow `deps`.
 * @param {GuestPageDeps} deps
 */
export function createGuestPage(deps) {
  /** @type {Guest | null} */
  let guest = null;      // the connection to the host (net/guest.js)
  /** @type {number | null | undefined} */
  let mySeat;            // this page's seat (null: the table screen; undefined: not seated yet)
  /** @type {Status | null} */
  let status = null;     // the status the host sent last
  /** @type {Reveal | null} */
  let reveal = null;     // the check of the host's secret at the end (net/guest.js)

  /** @param {string} text */
  const fill = (text) => fillNames(text, deps.getSetup()?.seats.map((s) => s.name) ?? []);

  /** Join the table of the address's invitation. Settles once seated (or once it cannot be). */
  async function boot() {
    const invite = readInvitation();
    deps.setPhase("joining");
    deps.setIdle(false);
    part("loading-text").textContent = "Joining the table…";
    part("loading-step").textContent = "";
    part("loading-hint").textContent = "This page shows your own cards; the host's page runs the game.";
    deps.showSection("loading");
    if (invite && "error" in invite) {
      deps.fatal(invite.error);
      return;
    }
    const { joinTable } = await import("./guest.js");
    /** @type {() => void} */
    let seated = () => {};
    const settled = new Promise((resolve) => { seated = () => resolve(undefined); });
    // (not damaged: checked above)
    const joined = joinTable(/** @type {import("./invite.js").Invitation} */ (invite), {
      onConnection: (state, detail) => {
        connection(state, detail);
        if (state === "failed") seated();
      },
      onSeated: (msg) => {
        seated();
        mySeat = msg.seat;
        document.body.classList.toggle("is-table-screen", msg.seat == null);
        const setup = setupOf(msg.table);
        deps.setSetup(setup);
        if (!status) {
          part("loading-text").textContent = msg.seat == null ? "Connected as the table screen."
            : `You are ${setup.seats[msg.seat].name}.`;
          part("loading-step").textContent = "Waiting for the host to start the game…";
          deps.setIdle(true);
        }
      },
      onState: state,
      onRefused: (msg) => deps.showError(fill(msg.error)),
      onHeld: (error) => {
        seated();
        stopped("held", error);
      },
      onEnded: () => {
        seated();
        stopped("ended", "The host ended this table. To play again, ask the host for a new invitation.");
      },
      onDeal: () => {
        // the host deals a new game at this table: wait for it as at the start
        status = null;
        reveal = null;
        deps.leaveGame();
        deps.setPhase("joining");
        part("loading-text").textContent = `You are ${deps.getSetup()?.seats[/** @type {number} */ (mySeat)]?.name ?? "at the table"}.`;
        part("loading-step").textContent = "The host is dealing a new game…";
        deps.showSection("loading");
        deps.setIdle(true);
      },
      onReveal: (checked) => {
        reveal = checked;
        if (deps.phase() === "over") deps.showResult();
      },
      onReplyCode: async (code) => {
        part("loading-text").textContent = "Show this reply code to the host";
        part("loading-step").textContent = "";
        const box = part("reply-code");
        box.replaceChildren(h("input", { type: "text", readonly: true, value: code, class: "invite__link",
                                         "aria-label": "Reply code", dataset: { testid: "reply-code" } }));
        show(box, true);
        try {
          const { qrSvg } = await import("./qr.js");
          box.append(await qrSvg(code, { label: "QR code of the reply code" }));
        } catch { /* the text is enough */ }
      },
    });
    guest = joined;
    deps.onSession(joined.session);
    // settles once seated: only then may the service worker start storing the site (offline.js),
    // which would otherwise compete with the first join on a phone's network
    return settled;
  }

  /** The page's setup from the host's table: this page's seat is the human here.
   *  @param {TableInfo} table @returns {Setup} */
  function setupOf(table) {
    const name = (/** @type {unknown} */ x, /** @type {number} */ i) => (typeof x === "string" && x.trim() ? x.trim().slice(0, 40) : `Player ${i + 1}`);
    return {
      game: String(table.game), numPlayers: table.seats.length, hints: table.hints !== false,
      options: table.options ?? {}, title: String(table.title ?? table.game),
      seats: table.seats.map((s, i) => ({ name: name(s.name, i), kind: i === mySeat ? "human" : s.kind === "bot" ? "bot" : "remote",
                                          away: s.away === true })),
    };
  }

  /** A guest's page that stops trying: the seat is played on another device, or the host ended
   *  the table. A game on screen stays (its end, say), with the word in the status chip.
   *  @param {"held" | "ended"} why @param {string} text */
  function stopped(why, text) {
    const titles = { held: "This seat is already taken", ended: "This table has ended" };
    connection(why, text);
    if (deps.inGame()) {
      deps.showNotice(text);
      return;
    }
    deps.stopDrawing();
    deps.setPhase("stopped");
    deps.setIdle(true);
    part("loading").classList.add("is-stopped");
    part("loading-text").textContent = titles[why];
    part("loading-step").textContent = text;
    part("loading-hint").textContent = "";
    const actions = part("loading-actions");
    actions.replaceChildren(...(why === "held"
      ? [h("button", { type: "button", dataset: { testid: "guest-retry" }, onclick: () => location.reload() }, "Try again")] : []));
    show(actions, why === "held");
    deps.showSection("loading");
  }

  /** The host's news: the table and the status after a change; the game is drawn from it.
   *  @param {import("./protocol.js").Message} msg */
  function state(msg) {
    deps.setSetup(setupOf(msg.table));
    status = msg.status;
    connection(/** @type {Guest} */ (guest).connection); // who is away, in the status chip
    show(part("reply-code"), false);
    if (!deps.inGame() && deps.phase() !== "starting") {
      deps.showGame();
      return;
    }
    if (deps.busy() || deps.phase() === "replay") return; // the move's own call (or leaving the replay) redraws
    deps.redraw();
  }

  /** The status chip: how the connection to the host stands, and who is away.
   *  @param {string} state @param {string} [detail] */
  function connection(state, detail) {
    document.body.dataset.net = state;
    const chip = part("net-status");
    const away = state === "connected" ? (deps.getSetup()?.seats ?? []).filter((s, i) => s.away && i !== mySeat).map((s) => s.name) : [];
    // the game is over and the host's page has gone: nothing is coming, unless the host deals again
    if (state === "reconnecting" && status?.is_over) state = "left";
    /** @type {Record<string, string>} */
    const texts = {
      connecting: "Connecting to the host…",
      // a host with no seat of their own has no name here (an older host says "The host")
      joining: detail && detail !== "The host" ? `Joining ${detail}'s table…` : "Joining the host's table…",
      connected: away.length ? `Connected to the host · ${away.join(", ")} ${away.length === 1 ? "is" : "are"} away` : "Connected to the host",
      reconnecting: "Connection lost: reconnecting…",
      left: "The game is over and the host has left the table",
      failed: `Could not connect: ${detail}`,
      held: "This seat is played on another device",
      ended: "The host ended this table",
    };
    // a phone's top bar has room for a word: the short text there, the whole one elsewhere (CSS)
    /** @type {Record<string, string>} */
    const short = { connecting: "Connecting…", joining: "Joining…", connected: away.length ? `${away.length} away` : "Connected",
                    reconnecting: "Reconnecting…", left: "Host left", failed: "Not connected", held: "Seat taken", ended: "Table ended" };
    chip.replaceChildren(h("span", { class: "net-status__long" }, texts[state] ?? state),
                         h("span", { class: "net-status__short" }, short[state] ?? texts[state] ?? state));
    chip.dataset.state = state;
    show(chip, true);
    if (deps.phase() === "joining" || deps.phase() === "loading") part("loading-step").textContent = texts[state] ?? "";
  }

  return {
    /** The connection to the host (net/guest.js), or null (not joined yet). */
    get guest() { return guest; },
    /** This page's seat (null: the table screen; undefined: not seated yet). */
    get seat() { return mySeat; },
    /** The status the host sent last, or null. */
    get status() { return status; },
    /** The check of the host's secret at the end, or null. */
    get reveal() { return reveal; },
    boot,
  };
}
