"""A whole Mottainai game in the page, offline: one human (clicking) against the greedy bot,
to the final score table. The page's numbers are checked against the engine itself by replaying
the game's save in CPython."""
from __future__ import annotations

import engine
from e2e_helpers import start, wait_idle

NAMES = ["Ada", "Bo (bot)"]
CARD_VERBS = ("task", "return", "work", "support", "hire", "collect", "sell")


def choose(ids: list[str], step: int) -> str:
    """A simple human: complete works whenever possible, use the task's own action now and then
    (to click floor and craft-bench cards too), otherwise pray (which keeps the game short)."""
    forward = [i for i in ids if i != "cancel"]
    for wanted in ("smith", "craft"):
        if wanted in forward:
            return wanted
    for verb in ("work", "support", "return", "sell", "hire", "collect"):
        picks = [i for i in forward if i.startswith(verb + ":")]
        if picks:
            return picks[0]
    if "wing:gallery" in forward:
        return "wing:gallery" if step % 2 else "wing:gift_shop"
    tasks = [i for i in forward if i.startswith("task:")]
    if tasks:
        return tasks[step % len(tasks)]
    if "done" in forward:
        return "done"
    if "pin-draw" in forward:            # Pin's Tailor action: just draw
        return "pin-draw"
    roles = [i for i in forward if i in ("clerk", "monk", "potter", "tailor")]
    if roles and step % 4 == 0:
        return roles[0]
    if "prayer" in forward:
        return "prayer"
    return forward[0]


def test_whole_game_one_human_against_the_greedy_bot(app):
    app.check("[data-testid=game-mottainai]")
    start(app, players=2, seats=["human", "greedy"], names=NAMES, seed=4242)

    seen_noon = seen_cards = seen_effect = False
    clicked = set()
    for step in range(2000):
        phase = wait_idle(app)
        if phase == "over":
            break
        assert phase == "human", app.evaluate("window.__app.lastError")
        assert app.evaluate("window.__app.viewer") == 0
        view = app.evaluate("window.__app.view")
        table = view["table"]
        # what the page shows: my hand as cards, the bot's hand and every waiting area as counts
        assert app.locator("[data-testid=hand-card]").count() == len(table["hand"])
        bot_panel = app.locator("[data-testid=player-1]")
        assert bot_panel.get_attribute("data-hand") == str(table["players"][1]["hand_count"])
        assert app.get_attribute("[data-testid=my-waiting]", "data-count") == str(table["players"][0]["waiting_count"])
        if table["noon"]:
            seen_noon = True
            left = app.get_attribute("[data-testid=actions-left]", "data-left")
            assert left == str(table["noon"]["actions_left"])
        if not seen_effect and app.locator("[data-testid=work]:visible").count():
            # a completed work shows its effect in plain words in the card panel on keyboard
            # focus (and hover, tap); the text is its accessible description too
            work = app.locator("[data-testid=work]:visible").first   # not in an opponent's folded panel
            panel = app.locator("[data-testid=card-info]")
            assert not panel.is_visible()
            card = work.get_attribute("data-card")
            texts = {c["key"]: c["text"] for p in table["players"] for c in p["gallery"] + p["gift_shop"]}
            described = app.evaluate("(id) => document.getElementById(id).textContent",
                                     work.get_attribute("aria-describedby"))
            assert described == f"Effect: {texts[card]}"
            work.click()                      # a tap or click opens it
            app.mouse.move(0, 0)
            assert panel.is_visible() and texts[card] in panel.inner_text()
            work.click()                      # and closes it again
            app.mouse.move(0, 0)
            assert not panel.is_visible()
            seen_effect = True
        ids = [a["id"] for a in view["legal_actions"]]
        action = choose(ids, step)
        verb = action.split(":")[0]
        if verb in CARD_VERBS:
            seen_cards = True
            # a card action is clicked on the card itself (hand, floor or craft bench)
            assert app.locator(f"[data-action='{action}']").first.get_attribute("data-testid") in (
                "hand-card", "floor-card", "bench-card")
        clicked.add(verb)
        app.locator(f"[data-action='{action}']").first.click()
    else:
        raise AssertionError("the game did not end")
    assert seen_noon and seen_cards and seen_effect
    assert {"task", "prayer"} <= clicked

    # --- the final table
    rows = app.locator("[data-testid=score-row]")
    assert rows.count() == 2
    headers = app.inner_text("[data-testid=score-table] thead")
    for column in ("Works", "Covered sales", "Backorders", "Card bonuses", "Total"):
        assert column in headers
    page_totals = {int(r.get_attribute("data-seat")): int(r.get_attribute("data-total")) for r in rows.all()}
    page_winners = [int(r.get_attribute("data-seat")) for r in rows.all() if r.get_attribute("data-winner") == "true"]
    note = app.inner_text("[data-testid=result-note]")

    # --- the engine's own account of the same game
    saved = app.evaluate("window.__app.save()")
    state = engine.load(saved)
    assert state.is_over
    assert [page_totals[s] for s in range(2)] == state.scores()
    assert page_winners == state.winners() and len(page_winners) == 1
    assert NAMES[page_winners[0]] in app.inner_text("[data-testid=winner]")
    assert NAMES[page_winners[0]] in note and "{P" not in note
    assert state.end_reason in ("deck", "wing", "cup", "instant")
    # the human's own clicks are in the game's history
    assert any(a.startswith("task:") for a in state.history)
    log = app.inner_text("[data-testid=log]")
    assert "{P" not in log and "Ada" in log and "game ends at once" in log
    # at the end every hand is shown (backorders are scored from them)
    assert app.locator("[data-testid=player-1] [data-testid=final-hand-card]").count() == len(state.hands[1])


def test_sales_that_pillar_or_quilt_will_cover_are_marked_on_the_table(app, tmp_path):
    """Sales not covered by the Gift Shop but covered at the end by Pillar or Quilt show so."""
    import json

    from engine.bots import make_bot
    from engine.rng import Rng

    def marked(state):
        return [(p["seat"], g) for p in state.view(0)["table"]["players"] for g in p["sale_groups"]
                if g.get("covered_at_scoring")]

    bot, saved = make_bot("mottainai", "greedy"), None
    for seed in range(100):
        state, rng = engine.new_game("mottainai", 2, seed=seed), Rng(seed)
        while not state.is_over and saved is None:
            if state.current_player == 0 and marked(state):
                saved = state.save()
            else:
                state.apply(bot.choose(state, state.current_player, rng))
        if saved:
            break
    assert saved, "no position with Pillar or Quilt covering sales at scoring"
    seat, group = marked(engine.load(saved))[0]
    path = tmp_path / "mottainai.json"
    path.write_text(json.dumps({**saved, "seats": [{"kind": "human", "bot": None, "name": NAMES[0]},
                                                   {"kind": "bot", "bot": "greedy", "name": NAMES[1]}]}))
    app.check("[data-testid=game-mottainai]")
    start(app, players=2, seats=["human", "greedy"], names=NAMES, seed=1)
    app.set_input_files("[data-testid=load-file]", str(path))
    assert wait_idle(app) == "human", app.evaluate("window.__app.lastError")
    if seat != 0:   # an opponent's sales: in their panel, which opens on demand
        app.click(f"[data-testid=player-{seat}] > summary")
    chips = app.locator(f"[data-testid=group-sales-{group['material']}][data-covered=false]")
    labels = [chips.nth(i).get_attribute("aria-label") for i in range(chips.count())]
    by = group["covered_at_scoring"]
    assert any(f"covered at scoring by {by}" in label for label in labels), labels
    assert any(f"at scoring ({by})" in chips.nth(i).inner_text() for i in range(chips.count()))
