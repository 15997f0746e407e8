"""A whole Moteneba game in the page: one human (clicking) against two computer players,
through all three school years to the final table, offline.

The human clicks like a person would: a cube in the draft pile, one of their cubes and then a
girl or a topic card, event cards and their targets, +3 Power on a girl, Done. Which move is
made is mostly what the greedy bot would choose, sometimes a random legal one (seeded). Two
short tests load positions found with the engine to click an event card's targets step by step
and a +3 Power. The page's numbers are checked against the engine, replaying the game's save in
CPython.
"""
from __future__ import annotations

import json

import engine
from e2e_helpers import continue_past_screens, start, wait_idle
from engine.bots import make_bot
from engine.rng import Rng

NAMES = ["Ada", "Bea (bot)", "Cy (bot)"]


def selector(action_id: str) -> str:
    """The element a person clicks for an action id (see web/js/views/moteneba.js)."""
    verb, _, arg = action_id.partition(":")
    if verb in ("cube", "give"):
        return f"[data-testid=mn-cube-{arg}]"
    if verb == "take":
        seat, colour = arg.split(":")
        return f"[data-testid=mn-cube-{seat}-{colour}]"
    if verb in ("girl", "power"):
        return f"[data-testid=mn-girl-{arg}] button"
    if verb == "topic":
        return f"[data-testid=mn-topic-{arg}]"
    if verb in ("draft", "remove", "event", "pick"):
        return f"[data-testid=mn-{verb}-{arg}]"
    return f"[data-testid=mn-{verb}]"  # done, cancel


def test_whole_moteneba_game_one_human_two_bots(app):
    app.check("[data-testid=game-moteneba]")
    start(app, players=3, seats=["human", "greedy", "random"], names=NAMES, seed=2)
    assert app.evaluate("window.__app.setup.game") == "moteneba"
    rng = Rng(5)
    greedy = make_bot("moteneba", "greedy")
    years_scored = set()
    cancelled = False
    clicked = set()
    screens = []
    for _ in range(600):
        phase = wait_idle(app)
        if phase == "over":
            break
        if phase == "moment":
            # a year just scored: its screen holds the table until the player continues
            screens.append(int(app.get_attribute("[data-testid=mn-moment]", "data-year")))
            app.click("[data-testid=moment-continue]")
            continue
        assert phase == "human", app.evaluate("window.__app.lastError")
        view = app.evaluate("window.__app.view")
        assert view["game"] == "moteneba" and view["seat"] == 0
        table = view["table"]
        # only the human's own event cards are in the view; the others show counts
        assert "events" in table and all("events" not in p for p in table["players"])
        if table["scoring"] and table["scoring"]["paid"]:
            years_scored.add(table["scoring"]["year"])
            panel = app.locator("[data-testid=mn-scoring]")
            assert panel.get_attribute("data-year") == str(table["scoring"]["year"])
        ids = [a["id"] for a in view["legal_actions"]]
        assert app.get_attribute("[data-testid=mn-year]", "data-year") == str(table["year"])
        if not cancelled and any(i.startswith("cube:") for i in ids):
            # choose a cube, change one's mind, and carry on
            first = next(i for i in ids if i.startswith("cube:"))
            app.click(selector(first))
            wait_idle(app)
            assert app.evaluate("window.__app.view.table.pending.kind") == "place"
            app.click(selector("cancel"))
            wait_idle(app)
            assert app.evaluate("window.__app.view.table.pending") is None
            cancelled = True
            continue
        if rng.below(4):
            # mostly what the greedy bot would do (it wins girls, so it gets and plays event cards)
            choice = greedy.choose(engine.load(app.evaluate("window.__app.save()")), 0, rng)
        else:
            forward = [i for i in ids if i != "cancel"]
            choice = forward[rng.below(len(forward))]
        clicked.add(choice.partition(":")[0])
        app.click(selector(choice))
    else:
        raise AssertionError("the game did not end")
    assert cancelled
    print("kinds of clicks:", sorted(clicked))  # with this seed also event, give, power, done
    assert clicked >= {"draft", "cube", "girl", "topic"}
    assert years_scored >= {1, 2}
    assert screens == [1, 2, 3]   # each year's scoring on its screen, once

    # --- what the page shows at the end: the shell's final table and the year 3 scoring
    rows = app.locator("[data-testid=score-row]")
    assert rows.count() == 3
    page_totals = {int(r.get_attribute("data-seat")): int(r.get_attribute("data-total")) for r in rows.all()}
    page_winners = sorted(int(r.get_attribute("data-seat")) for r in rows.all()
                          if r.get_attribute("data-winner") == "true")
    panel = app.locator("[data-testid=mn-scoring]")
    assert panel.get_attribute("data-year") == "3" and panel.get_attribute("open") is not None
    panel_totals = [int(app.inner_text(f"[data-testid=mn-total-{s}]")) for s in range(3)]
    hearts = [int(app.get_attribute(f"[data-testid=player-{s}]", "data-score")) for s in range(3)]
    headline = app.inner_text("[data-testid=winner]")

    # --- what the engine says, replaying the same game in CPython
    saved = app.evaluate("window.__app.save()")
    state = engine.load(saved)
    assert state.is_over and state.year == 3
    assert [page_totals[s] for s in range(3)] == state.scores()
    assert panel_totals == state.scores() == hearts
    assert page_winners == state.winners()
    for seat in state.winners():
        assert NAMES[seat] in headline
    # the human really played: their moves are in the history
    human_moves = [a for a in state.history if a.startswith(("girl:", "topic:"))]
    assert len(human_moves) >= 30
    log = app.inner_text("[data-testid=log]")
    assert "{P" not in log and "Ada" in log and "The game is over" in log
    # offline: the problems fixture fails the test on any request off 127.0.0.1


def find_save(predicate, players=3):
    """The save of the first position (greedy bots, seeds 0..) where ``predicate(state)`` holds."""
    bot = make_bot("moteneba", "greedy")
    for seed in range(300):
        state = engine.new_game("moteneba", players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            if predicate(state):
                return state.save()
            state.apply(bot.choose(state, state.current_player, rng))
    raise AssertionError("no such position found")


def load_in_page(app, tmp_path, saved) -> None:
    seats = [{"kind": "human", "bot": None, "name": NAMES[0]},
             {"kind": "bot", "bot": "greedy", "name": NAMES[1]},
             {"kind": "bot", "bot": "greedy", "name": NAMES[2]}]
    path = tmp_path / "moteneba.json"
    path.write_text(json.dumps({**saved, "seats": seats}))
    app.set_input_files("[data-testid=load-file]", str(path))
    assert wait_idle(app) == "human", app.evaluate("window.__app.lastError")


def test_event_card_targets_step_by_step(app, tmp_path):
    saved = find_save(lambda s: s.phase == "play" and s.current_player == 0 and s.pending is None
                      and any(a.id.startswith("event:") for a in s.legal_actions()))
    load_in_page(app, tmp_path, saved)
    view = app.evaluate("window.__app.view")
    kind = next(a["id"] for a in view["legal_actions"] if a["id"].startswith("event:")).split(":")[1]
    held = len(view["table"]["events"])
    app.click(f"[data-testid=mn-event-{kind}]")
    steps = 0
    while wait_idle(app) == "human" and app.evaluate("window.__app.view.table.pending") is not None:
        ids = [a["id"] for a in app.evaluate("window.__app.view.legal_actions")]
        app.click(selector(next(i for i in ids if i != "cancel")))
        steps += 1
    assert 1 <= steps <= 2
    state = engine.load(app.evaluate("window.__app.save()"))
    assert kind in state.discard and len(state.hands[0]) == held - 1
    assert "Ada plays" in app.inner_text("[data-testid=log]")


def test_power_on_a_girl_then_done(app, tmp_path):
    saved = find_save(lambda s: s.phase == "power" and s.current_player == 0 and "power" in s.hands[0])
    load_in_page(app, tmp_path, saved)
    view = app.evaluate("window.__app.view")
    assert view["table"]["scoring"]["paid"] is False
    panel = app.locator("[data-testid=mn-scoring]")
    assert "before the hearts are paid" in panel.inner_text() and panel.get_attribute("open") is not None
    app.click(selector("power:2"))
    assert continue_past_screens(app) == "human"   # her last +3 Power card: the year is scored
    state = engine.load(app.evaluate("window.__app.save()"))
    if state.phase == "power" and state.current_player == 0:     # another +3 Power card in hand
        preview = app.evaluate("window.__app.view.table.scoring")
        row = next(r for r in preview["girls"][2]["players"] if r["seat"] == 0)
        assert row["power"] == 1 and "3 Power" in panel.inner_text()
        app.click("[data-testid=mn-done]")
        wait_idle(app)
        state = engine.load(app.evaluate("window.__app.save()"))
    else:   # her last one: "done" is all that is left, and the engine says it for her
        assert "{P0} is done with +3 Power." in state.log and state.history[-1] != "done"
    assert any(r["seat"] == 0 and r["power"] == 1 for r in state.scorings[-1]["girls"][2]["players"])
