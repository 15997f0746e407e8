"""A whole Motto game in the page: one human (clicking) against two computer players.

The page's final numbers are checked against the engine itself: the game's save
(what "Save game" downloads) is replayed in CPython with engine.load().
"""
from __future__ import annotations

import re

import engine
from e2e_helpers import motto_move, start, wait_idle

NAMES = ["Ada", "Bea (bot)", "Cy (bot)"]


def test_whole_game_one_human_two_bots(app):
    start(app, players=3, seats=["human", "random", "greedy"], names=NAMES, seed=2024)

    for _ in range(1000):
        phase = wait_idle(app)
        if phase == "over":
            break
        assert phase == "human", app.evaluate("window.__app.lastError")
        # one human: no curtain, and only ever that human's own view is shown
        assert app.evaluate("window.__app.viewer") == 0
        motto_move(app)
    else:
        raise AssertionError("the game did not end")

    # --- what the page shows
    rows = app.locator("[data-testid=score-row]")
    assert rows.count() == 3
    page_totals = {int(r.get_attribute("data-seat")): int(r.get_attribute("data-total")) for r in rows.all()}
    page_winners = sorted(int(r.get_attribute("data-seat")) for r in rows.all()
                          if r.get_attribute("data-winner") == "true")
    panel_scores = [int(app.get_attribute(f"[data-testid=player-{s}]", "data-score")) for s in range(3)]
    headline = app.inner_text("[data-testid=winner]")

    # --- what the engine says, replaying the same game in CPython
    saved = app.evaluate("window.__app.save()")
    state = engine.load(saved)
    assert state.is_over
    assert [page_totals[s] for s in range(3)] == state.scores()
    assert panel_scores == state.scores()
    assert page_winners == state.winners()
    for seat in state.winners():
        assert NAMES[seat] in headline
    assert str(max(state.scores())) in headline
    assert saved["seats"][0] == {"kind": "human", "bot": None, "name": "Ada"}

    # the human really played by clicking (the history has the human's own actions)
    assert state.history, "no actions"
    log = app.inner_text("[data-testid=log]")
    assert "{P" not in log and "Ada" in log and re.search(r"game is over", log, re.I)

    # "Play again" starts a new game with the same players
    app.click("[data-testid=play-again]")
    assert wait_idle(app) == "human"
    assert app.evaluate("window.__app.status.turn") < 5
    assert "Ada" in app.inner_text("[data-testid=player-0]")
