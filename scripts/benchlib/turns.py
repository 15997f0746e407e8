"""(e) The page's computer turns at its default settings."""

from __future__ import annotations

import random
import statistics
from pathlib import Path

from .common import CHROMIUM, CHROMIUM_ARGS, OFFLINE_ARGS, ROOT, PagesServer


#: (game, players, seats) measured: one human (seat 0) and computer seats
TURN_GAMES = [("mottainai", 2, ["human", "hard"]), ("mottainai", 2, ["human", "expert"]),
              ("moteneba", 3, ["human", "hard", "hard"]), ("moteneba", 3, ["human", "expert", "expert"])]
#: one click of the human's, timed in the page: the waits for the computers from the click to
#: the next decision offered to the human (the page idle in its "human" phase, the view drawn)
#: or the game's end, when the computers played in between ("bot" phase seen). A step with one
#: choice that the page takes for the human (after its pause, js/one-choice.js) is not a wait
#: for the computers: one before their moves starts the wait when it is taken; one after them
#: ends the wait where it showed, and the computers' next moves start another.
TIMED_CLICK = """async (id) => {
    const el = [...document.querySelectorAll('[data-action]')]
        .find((e) => e.dataset.action === id && !e.disabled && e.getAttribute('aria-disabled') !== 'true');
    if (!el) return null;
    const waits = [];
    let start = performance.now();
    let sawBot = false;
    let shown = null;   // when the human's next step showed, and at which action
    let at = window.__app.status.actions;
    let moves = 0;      // the human's steps before the computers': the click's, then any taken for them
    el.click();
    await new Promise((done) => {
        const tick = () => {
            const app = window.__app;
            const now = performance.now();
            if (!sawBot && app.status.actions !== at) {
                at = app.status.actions;
                moves += 1;
                if (moves >= 2) start = now;   // a step with one choice taken for the human: the wait starts after it
            }
            if (app.phase === 'bot') sawBot = true;
            if (shown && app.status.actions !== shown.at) {
                // the step with one choice was taken for the human: the wait ended when it showed
                if (sawBot) waits.push(shown.ms - start);
                start = now;
                sawBot = app.phase === 'bot';
                shown = null;
            }
            if (app.phase === 'human' && sawBot && !shown) shown = { ms: now, at: app.status.actions };
            if (app.idle && app.phase !== 'bot') {
                if (sawBot) waits.push(now - start);
                done();
            } else setTimeout(tick, 5);
        };
        tick();
    });
    return { waits, phase: window.__app.phase };
}"""


def page_turns(p, base: str, game: str, players: int, seats: list[str], waits: int, seed: int) -> list[float]:
    """Play as the human of seat 0 (a seeded random choice among the clickable legal actions,
    never a bare "cancel") at the page's default pace until ``waits`` computer turns were timed:
    each wait is the seconds from the human's click to the next decision offered to them."""
    rng = random.Random(seed)
    browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + OFFLINE_ARGS)
    timed: list[float] = []
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(base)   # the default pace: the page's own pause before each computer turn
        page.wait_for_function("window.__app && window.__app.ready", timeout=120_000)
        game_seed = seed
        while len(timed) < waits:
            page.check(f"[data-testid=game-{game}]")
            page.select_option("[data-testid=num-players]", str(players))
            for i, kind in enumerate(seats):
                page.select_option(f"[data-testid=seat-kind-{i}]", "human" if kind == "human" else f"bot:{kind}")
            page.fill("[data-testid=seed]", str(game_seed))
            page.click("[data-testid=start]")
            page.wait_for_function("window.__app.idle", timeout=120_000)
            for _ in range(3000):
                if page.evaluate("window.__app.phase") != "human" or len(timed) >= waits:
                    break
                ids = [a["id"] for a in page.evaluate("window.__app.view").get("legal_actions", [])]
                forward = [a for a in ids if a != "cancel"] or ids
                rng.shuffle(forward)
                for action_id in forward:
                    r = page.evaluate(TIMED_CLICK, action_id)
                    if r is not None:
                        break
                else:
                    raise SystemExit(f"{game}: none of the legal actions {ids} is clickable in the page")
                if r["phase"] not in ("human", "over"):
                    raise SystemExit(f"{game}: the page stopped in phase {r['phase']}: "
                                     f"{page.evaluate('window.__app.lastError')}")
                for ms in r["waits"][: waits - len(timed)]:
                    timed.append(round(ms / 1000, 3))
                    print(f"  {game} {'+'.join(seats)}: {timed[-1]:.2f} s", flush=True)
            game_seed += 1     # the game is over: the next one, from the lobby
            page.click("[data-testid=new-game]")
            page.wait_for_function("window.__app.phase === 'lobby'", timeout=60_000)
    finally:
        browser.close()
    return timed


def bench_turns(waits: int) -> dict:
    """The page's computer turns at its default settings (pace and the bridge's turn budget),
    served like GitHub Pages from a process of its own."""
    import tempfile
    from playwright.sync_api import sync_playwright

    out = {"waits_per_setting": waits, "measure": "from the human's click to the next decision offered to "
           "the human (the page idle in its 'human' phase, the view drawn), when computer seats played in "
           "between; a step with one choice taken for the human ends a wait where it showed (the "
           "computers' moves after it are the next wait); the page's default pace (its pause before "
           "each computer turn) included"}
    rows = []
    with tempfile.TemporaryDirectory(prefix="moteplay-bench-log-") as logs:
        server = PagesServer(ROOT / "site", Path(logs) / "requests.log")
        try:
            with sync_playwright() as p:
                for i, (game, players, seats) in enumerate(TURN_GAMES):
                    timed = page_turns(p, server.url, game, players, seats, waits, seed=500 + i)
                    rows.append({"game": game, "players": players, "seats": seats, "seconds": timed,
                                 "max_s": max(timed), "mean_s": round(statistics.mean(timed), 3)})
        finally:
            server.stop()
    out["settings"] = rows
    return out
