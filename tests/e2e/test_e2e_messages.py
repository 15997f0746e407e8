"""Messages a new player reads: the lobby's choices and refusals, where an error shows, the end of
a game, and every refusal said in the game's own words (no engine terms).

Positions come from short random games played with the engine here and loaded as save files
(with page seats), so each test starts where the message appears.
"""
from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

import engine
from engine.games.mottainai.cards import KIND_BY_KEY
from e2e_helpers import (settle, ask_for_one_choice_steps, assert_no_axe_violations, click_and_wait, setup_lobby, start,
                         wait_idle)

ERROR = "[data-testid=error]"


def find_position(game: str, players: int, wanted, seeds=range(300), moves: int = 4000):
    """The first state of a seeded random game where ``wanted(state)`` holds."""
    for seed in seeds:
        state = engine.new_game(game, players, seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if state.is_over:
                break
            if wanted(state):
                return state
            state.apply(rng.choice(state.legal_actions()).id)
    raise AssertionError(f"no {game} position found")


def save_file(tmp_path, state, *, human: int | None, names: list[str] | None = None, name="game.json"):
    """A save of ``state`` with page seats: ``human`` plays, the others are random computers."""
    names = names or [f"P{i + 1}" for i in range(state.num_players)]
    seats = [{"kind": "human", "bot": None, "name": names[i]} if i == human
             else {"kind": "bot", "bot": "random", "name": names[i]} for i in range(state.num_players)]
    path = tmp_path / name
    path.write_text(json.dumps({**state.save(), "seats": seats}))
    return path


def load(app, path) -> str:
    app.set_input_files("[data-testid=load-file]", str(path))
    return wait_idle(app)


def page_box(app, selector: str) -> dict:
    """Where an element is on the page (not on the screen: scrolling does not change it)."""
    box = app.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                                       return {x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height}; }""",
                       selector)
    return {k: round(v) for k, v in box.items()}


def in_viewport(app, selector: str) -> bool:
    return app.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                                        return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; }""", selector)


# ------------------------------------------------------------------ 1. the lobby
def test_first_player_offers_only_seats_in_play_and_lobby_errors_show_by_start(app):
    app.check("[data-testid=game-moteneba]")
    first = app.locator("[data-testid=opt-first_player] option")
    setup_lobby(app, players=5, seats=["human", "random", "random", "random", "random"],
                options={"first_player": "5"})
    assert first.all_inner_texts() == ["random", "1", "2", "3", "4", "5"]
    app.select_option("[data-testid=num-players]", "3")
    # seats 4 and 5 are gone from the choices, and the chosen seat 5 fell back to random
    assert first.all_inner_texts() == ["random", "1", "2", "3"]
    expect(app.locator("[data-testid=opt-first_player]")).to_have_value("0")
    app.select_option("[data-testid=opt-first_player]", label="3")
    app.select_option("[data-testid=num-players]", "4")
    assert first.all_inner_texts() == ["random", "1", "2", "3", "4"]
    expect(app.locator("[data-testid=opt-first_player] option:checked")).to_have_text("3")

    # a refusal is shown next to the Start button, in words
    app.fill("[data-testid=seed]", "99999999999999999999")
    app.click("[data-testid=start]")
    assert wait_idle(app) == "lobby"
    error = app.locator("[data-testid=lobby-error]")
    expect(error).to_be_visible()
    expect(error).to_have_attribute("role", "alert")
    expect(error).to_have_text("The seed must be a whole number from 0 to 9,007,199,254,740,991.")
    # it sits right under the Start button
    box, button = error.bounding_box(), app.locator("[data-testid=start]").bounding_box()
    assert 0 <= box["y"] - (button["y"] + button["height"]) < 40
    assert_no_axe_violations(app, "the lobby with a refusal")
    app.fill("[data-testid=seed]", "7")
    app.click("[data-testid=start]")
    assert wait_idle(app) in ("human", "over")
    assert app.evaluate("window.__app.status.seed") == 7


# ------------------------------------------------------------------ 2. where an error shows
@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
def test_an_error_shows_under_the_turn_line_and_moves_no_card(app, width, height):
    app.set_viewport_size({"width": width, "height": height})
    start(app, players=2, seats=["human", "random"], names=["Ada", "Bea"], seed=5,
          options={"first_player": "1"})
    card = "[data-testid=hand-card]"
    before, table_before = page_box(app, card), page_box(app, "#table")
    click_and_wait(app, f"{card} >> nth=0")
    app.mouse.move(1, 1)  # a card under the mouse lifts a little (hover), and settles back
    settle(app)
    error = app.locator(ERROR)
    expect(error).to_be_visible()
    expect(error).to_have_attribute("role", "alert")
    expect(error).to_contain_text("Not allowed: no play includes this card")
    assert in_viewport(app, ERROR)
    # it has its own place between the turn line and the table: the table's area gets shorter,
    # the docked hand (the card just clicked) stays where it was, and nothing is covered
    assert page_box(app, card) == before
    table, msg, turn = page_box(app, "#table"), page_box(app, ERROR), page_box(app, "#turn")
    assert table["y"] + table["h"] == table_before["y"] + table_before["h"]
    assert turn["y"] + turn["h"] <= msg["y"] and msg["y"] + msg["h"] <= table["y"], (turn, msg, table)
    app.screenshot(path=f"/tmp/msgs-error-{width}.png")
    assert_no_axe_violations(app, f"an error at {width} px")


# ------------------------------------------------------------------ 3. the end of a game
MOTTO_CLICK = {"draw": "[data-testid=deck]", "confirm": "[data-testid=confirm]",
               **{f"take:{i}": f"[data-testid=pool-{i}]" for i in range(4)}}


def ending_move(state) -> str | None:
    """A Motto click that ends the game now, if there is one."""
    for action in state.legal_actions():
        if action.id in MOTTO_CLICK:
            after = state.clone()
            after.apply(action.id)
            if after.is_over:
                return action.id
    return None


def test_the_game_over_box_scrolls_into_view_and_takes_the_focus(app, tmp_path):
    state = find_position("motto", 2, lambda s: ending_move(s) is not None)
    move = ending_move(state)
    assert load(app, save_file(tmp_path, state, human=state.current_player)) == "human"
    app.set_viewport_size({"width": 390, "height": 844})  # a phone: the table's area scrolls by itself
    app.evaluate("() => { const a = document.querySelector('.tablelayout__area'); a.scrollTop = a.scrollHeight; }")
    app.evaluate("(sel) => document.querySelector(sel).click()", MOTTO_CLICK[move])
    assert wait_idle(app) == "over"
    # the box is at the top of the screen, right under the turn line, and the page never scrolled
    app.wait_for_function("""() => { const r = document.querySelector('[data-testid=result]').getBoundingClientRect();
                                     const turn = document.querySelector('.game__status').getBoundingClientRect();
                                     return r.top >= Math.max(0, turn.bottom) && r.top < innerHeight / 3 &&
                                            document.scrollingElement.scrollTop === 0; }""")
    result = app.locator("[data-testid=result]")
    expect(result).to_be_focused()
    expect(result).to_have_attribute("aria-labelledby", "result-title")
    app.screenshot(path="/tmp/msgs-over-390.png")
    assert_no_axe_violations(app, "the game-over box")


# ------------------------------------------------------------------ 4. Moteneba counts hearts
def finished(game: str, players: int, seed: int):
    state = engine.new_game(game, players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()).id)
    return state


def test_moteneba_ends_in_hearts(app, tmp_path):
    state = finished("moteneba", 3, 3)
    assert load(app, save_file(tmp_path, state, human=0, names=["Ada", "Bea", "Cy"])) == "over"
    best = max(state.scores())
    headline = app.locator("[data-testid=winner]")
    expect(headline).to_contain_text(f"with {best} heart")
    assert "point" not in headline.inner_text()
    expect(app.locator("[data-testid=score-table] thead th").last).to_have_text("Total hearts")


# ------------------------------------------------------------------ 5. Mottainai's possible actions
def prayer_only(state) -> bool:
    return state.decision == "action" and state._action_kinds() == ["prayer"]


def test_mottainai_names_only_the_actions_that_are_possible(app, tmp_path):
    state = find_position("mottainai", 2, prayer_only)
    ask_for_one_choice_steps(app)   # the page would take the one choice for the player
    assert load(app, save_file(tmp_path, state, human=state.current_player)) == "human"
    turn = app.locator("[data-testid=current-player]")
    expect(turn).to_contain_text("Only Prayer is possible.")
    assert "Craft" not in turn.inner_text()


# ------------------------------------------------------------------ 6 and 8. refusals in game words
def test_cards_that_cannot_be_used_say_why_in_every_game(app, tmp_path):
    # Motto: a hand card that is in no play
    start(app, players=2, seats=["human", "random"], names=["Ada", "Bea"], seed=5,
          options={"first_player": "1"})
    click_and_wait(app, "[data-testid=hand-card] >> nth=0")
    expect(app.locator(ERROR)).to_contain_text(
        "no play includes this card: it shares no symbol, number or colour with two other cards in your hand")

    # Mottainai: while choosing the action, a hand card is focusable, marked unusable, and says why
    state = find_position("mottainai", 2, lambda s: prayer_only(s) and s.hands[s.current_player])
    status = None
    ask_for_one_choice_steps(app)   # the page would take the one choice (Prayer) for the player
    assert load(app, save_file(tmp_path, state, human=state.current_player, name="mottainai.json")) == "human"
    status = app.evaluate("window.__app.status")
    card = app.locator("[data-testid=hand-card]").first
    expect(card).to_have_attribute("aria-disabled", "true")
    name = KIND_BY_KEY[card.get_attribute("data-card")].name
    card.focus()
    app.keyboard.press("Enter")
    wait_idle(app)
    expect(app.locator(ERROR)).to_contain_text(
        f"Not allowed: {name} cannot be used now: choose what to do with this action first (only Prayer is possible)")
    expect(app.locator("[data-testid=hand-card]").first).to_be_focused()
    assert app.evaluate("window.__app.status") == status  # nothing changed
    assert_no_axe_violations(app, "Mottainai, a card that cannot be used")

    # Moteneba: a +3 Power card during the year
    state = find_position("moteneba", 3, lambda s: s.phase not in ("pick", "draft", "power") and s.pending is None
                          and "power" in s.hands[s.current_player])
    assert load(app, save_file(tmp_path, state, human=state.current_player, name="moteneba.json")) == "human"
    power = app.locator("[data-testid=mn-event-power]").first
    expect(power).to_have_attribute("aria-disabled", "true")
    power.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    wait_idle(app)
    expect(app.locator(ERROR)).to_contain_text("Not allowed: +3 Power is played only at the year-end scoring")
    app.screenshot(path="/tmp/msgs-moteneba-why.png")


# ------------------------------------------------------------------ 7. no engine terms
def test_a_damaged_save_is_explained_in_plain_words(app, tmp_path):
    good = engine.new_game("motto", 2, seed=1).save()
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps(good, indent=2)[:-12])
    load(app, damaged)
    error = app.locator(ERROR)
    expect(error).to_contain_text("Could not load “damaged.json”: the file is damaged or is not a Moteplay save")
    expect(error).to_contain_text("it breaks off or goes wrong at line")
    assert "Expecting" not in error.inner_text() and "char" not in error.inner_text()


# ------------------------------------------------------------------ 9. names too long
def test_a_name_too_long_is_refused_at_the_field(app, tmp_path):
    field = app.locator("[data-testid=seat-name-0]")
    count = app.locator("[data-testid=seat-name-count-0]")
    field.fill("Ada")
    expect(count).to_have_text("3/20")
    long = "Alexandrina Victoria Hanover"
    field.fill(long)
    expect(field).to_have_value(long)  # not cut
    expect(count).to_contain_text(f"{len(long)}/20: too long, names are up to 20 characters")
    expect(field).to_have_attribute("aria-invalid", "true")
    app.click("[data-testid=start]")
    expect(app.locator("[data-testid=lobby-error]")).to_contain_text(
        f"The name for seat 1 is {len(long)} characters long: names can be up to 20 characters")
    expect(field).to_be_focused()
    assert app.evaluate("window.__app.phase") == "lobby"
    app.screenshot(path="/tmp/msgs-name-1280.png")
    assert_no_axe_violations(app, "the lobby with a name too long")

    # a save with a name too long: the seat gets its default name, like the lobby would
    state = engine.new_game("motto", 2, seed=2)
    path = save_file(tmp_path, state, human=state.current_player, names=[long, "Bea"])
    load(app, path)
    assert [s["name"] for s in app.evaluate("window.__app.setup.seats")] == [
        "Player 1" if state.current_player == 0 else "Computer 1", "Bea"]
