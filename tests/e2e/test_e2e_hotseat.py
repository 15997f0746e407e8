"""Hotseat: two humans share the screen; a curtain hides every hand between them."""
from __future__ import annotations

from collections import Counter

from playwright.sync_api import expect

from e2e_helpers import assert_no_axe_violations, click_and_wait, start, wait_idle

NAMES = ["Alice", "Bob", "Carl"]


def assert_curtain_up(app, name: str) -> None:
    """The curtain for `name`, over the whole window, with nothing private behind it."""
    curtain = app.locator("[data-testid=curtain]")
    expect(curtain).to_be_visible()
    expect(app.locator("[data-testid=curtain-title]")).to_have_text(f"Pass to {name}")
    # nothing private is in the page behind it, not even hidden
    assert app.locator("[data-testid=hand-card]").count() == 0
    assert app.locator("[data-testid=hand]").count() == 0
    assert app.locator("[data-testid=drawn-note]").inner_text() == ""
    assert app.evaluate("window.__app.view") is None
    box = curtain.bounding_box()
    assert box["width"] >= 1280 and box["height"] >= 900


def new_in_hand(before: list[dict], after: list[dict]) -> list[dict]:
    """The cards of `after` that are not in `before` (by key, copies counted)."""
    left = Counter(c["key"] for c in before)
    got = []
    for card in after:
        if left[card["key"]]:
            left[card["key"]] -= 1
        else:
            got.append(card)
    return got


def test_curtain_between_humans_hides_hands(app):
    start(app, players=3, seats=["human", "human", "random"], names=NAMES, seed=77)
    curtains = 0
    hands: dict[int, list[dict]] = {}
    for _ in range(8):
        phase = wait_idle(app)
        seat = app.evaluate("window.__app.status.current_player")
        if phase == "curtain":
            curtains += 1
            assert_curtain_up(app, NAMES[seat])
            # one press brings the player's own table
            phase = click_and_wait(app, "[data-testid=curtain-reveal]")
            expect(app.locator("[data-testid=curtain]")).to_be_hidden()
        assert phase == "human"
        # only the seat to move is shown, with its own hand
        assert app.evaluate("window.__app.viewer") == seat
        view = app.evaluate("window.__app.view")
        assert view["seat"] == seat
        assert app.locator("[data-testid=hand-card]").count() == view["table"]["players"][seat]["hand_count"]
        expect(app.locator("[data-testid=hand]")).to_contain_text(f"{NAMES[seat]}'s hand")
        note = app.locator("[data-testid=drawn-note]")
        if seat == 0 and 0 in hands:
            # Alice's draw passed the screen straight to Bob: she is told the card now, on her own screen
            drawn = new_in_hand(hands[0], view["table"]["hand"])
            assert len(drawn) == 1
            expect(note).to_be_visible()
            expect(note).to_have_text(f"Since your last turn you drew {drawn[0]['label']}.")
        else:
            # Bob's draw gave the turn to the computer: his table stayed up, with the card in it
            expect(note).to_be_hidden()
        hands[seat] = view["table"]["hand"]
        phase = click_and_wait(app, "[data-testid=deck]")  # drawing ends the turn
        # the curtain comes up at once: for Bob after Alice, for Alice after Bob and the computer
        assert phase == "curtain"
        assert_curtain_up(app, NAMES[1 - seat])
        news = app.locator("[data-testid=curtain-news]")
        if seat == 0:
            # the next player reads that a card was drawn, never which
            expect(news).to_have_text("Alice drew a card from the deck.")
        else:
            expect(news).to_be_hidden()
    # Alice, Bob, then the bot: every human turn follows the other human's screen
    assert curtains == 8

    # the lobby remembers the players after a reload
    app.reload()
    app.wait_for_function("window.__app && window.__app.ready", timeout=90_000)
    expect(app.locator("[data-testid=seat-name-1]")).to_have_value("Bob")
    expect(app.locator("[data-testid=seat-kind-1]")).to_have_value("human")


def test_a_face_up_card_is_named_on_the_curtain_and_a_drawn_one_only_to_its_player(app):
    names = ["Ann", "Ben"]
    start(app, players=2, seats=["human", "human"], names=names, seed=9)
    assert click_and_wait(app, "[data-testid=curtain-reveal]") == "human"
    view = app.evaluate("window.__app.view")
    first = view["seat"]
    one, other = names[first], names[1 - first]
    expect(app.locator("[data-testid=drawn-note]")).to_be_hidden()
    slot, card = next((i, c) for i, c in enumerate(view["table"]["pool"]) if c)
    # the first player takes a face-up card: the hand leaves the page at once, and everyone saw the card
    assert click_and_wait(app, f"[data-testid=pool-{slot}]") == "curtain"
    assert_curtain_up(app, other)
    expect(app.locator("[data-testid=curtain-news]")).to_have_text(f"{one} took {card['label']}.")
    assert_no_axe_violations(app, "the hotseat curtain with what the last player took")

    # the other: one press, no note (nothing new in that hand); a card from the deck
    assert click_and_wait(app, "[data-testid=curtain-reveal]") == "human"
    assert app.evaluate("window.__app.viewer") == 1 - first
    expect(app.locator("[data-testid=drawn-note]")).to_be_hidden()
    hand = app.evaluate("window.__app.view")["table"]["hand"]
    assert click_and_wait(app, "[data-testid=deck]") == "curtain"
    assert_curtain_up(app, one)
    expect(app.locator("[data-testid=curtain-news]")).to_have_text(f"{other} drew a card from the deck.")

    # the first player: reminded of the card taken
    assert click_and_wait(app, "[data-testid=curtain-reveal]") == "human"
    expect(app.locator("[data-testid=drawn-note]")).to_have_text(f"Since your last turn you took {card['label']}.")
    assert click_and_wait(app, "[data-testid=deck]") == "curtain"
    assert_curtain_up(app, other)

    # the other: told, on their own screen, the card drawn (it was hidden from the first player)
    assert click_and_wait(app, "[data-testid=curtain-reveal]") == "human"
    drawn = new_in_hand(hand, app.evaluate("window.__app.view")["table"]["hand"])
    assert len(drawn) == 1
    note = app.locator("[data-testid=drawn-note]")
    expect(note).to_have_text(f"Since your last turn you drew {drawn[0]['label']}.")
    assert_no_axe_violations(app, "the hotseat note of the card drawn")
