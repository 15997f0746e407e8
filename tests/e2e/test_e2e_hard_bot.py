"""The search bots think in the engine's worker: the page shows them thinking and stays responsive."""
from __future__ import annotations

from e2e_helpers import setup_lobby, wait_idle


def test_page_stays_responsive_while_the_hard_bot_thinks(app):
    # The human moves first (first player = seat 1), then the hard bot thinks ~1 s per decision.
    setup_lobby(app, players=2, seats=["human", "hard"], names=["Ada", "Deep"], seed=77,
                options={"first_player": "1"})
    app.click("[data-testid=start]")
    wait_idle(app)
    app.click("[data-testid=deck]")          # Ada draws; now the hard bot is to move
    app.wait_for_selector("[data-testid=thinking]", timeout=30_000)
    # While it thinks, the main thread answers at once: timers fire on time and the page
    # scrolls and reacts to input.
    worst, busy = app.evaluate("""() => new Promise((done) => {
        let last = performance.now(), worst = 0, ticks = 0;
        const timer = setInterval(() => {
            const now = performance.now();
            worst = Math.max(worst, now - last); last = now;
            if (++ticks === 10) { clearInterval(timer); done([worst, window.__app.phase === "bot" && !!document.querySelector("[data-testid=thinking]")]); }
        }, 25);
    })""")
    assert busy is True, "the bot finished before the check: it did not measure anything"
    assert worst < 250, f"the main thread stalled for {worst:.0f} ms while the bot was thinking"
    app.mouse.wheel(0, 400)
    phase = wait_idle(app)
    assert phase == "human"
    log = app.inner_text("[data-testid=log]")
    assert "Deep" in log


def test_the_lobby_offers_the_expert_and_it_plays_its_turn_in_the_page(app):
    levels = app.eval_on_selector_all("[data-testid=seat-kind-1] option", "os => os.map(o => o.textContent)")
    assert "Computer — Expert (learned evaluation)" in levels, levels
    setup_lobby(app, players=2, seats=["human", "expert"], names=["Ada", "Sage"], seed=78,
                options={"first_player": "1"})
    app.click("[data-testid=start]")
    wait_idle(app)
    app.click("[data-testid=deck]")          # Ada draws; now the expert is to move
    phase = wait_idle(app)
    assert phase == "human"
    assert "Sage" in app.inner_text("[data-testid=log]")
