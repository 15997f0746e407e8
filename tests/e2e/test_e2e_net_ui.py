"""Play on several devices, as the players see it: the host's Waiting for players screen, a
guest's page and the Players panel pass axe-core (WCAG 2.0/2.1 A + AA, light and dark), and on
a phone (390×844, touch) a guest's turn line, own hand and every control of its decision are in
the window together at each of its decisions, the page itself never scrolled."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from engine.registry import game_names
from e2e_helpers import WAIT_MS, assert_no_axe_violations, settle
from e2e.test_e2e_layout import CHECK
from phone_check import DECISION, followable_problems
from net_helpers import click_an_action, device_page, my_turn, open_guest, open_host, start_hosted

NAMES = ["Robo", "Ada", "Bea"]
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)


def act(page, rnd: random.Random, *, tap: bool = False) -> str:
    """One legal action of the seat on screen, pressed on its element: a play already chosen
    first (Motto's confirm), never "cancel" while something else is there."""
    return click_an_action(page, rnd, tap=tap, first="confirm")


def test_waiting_screen_guest_pages_and_players_panel_pass_axe(site_url, nostr_relay, devices, problems):
    host = device_page(devices, problems)
    links = open_host(host, site_url, nostr_relay, game="motto", players=3, seats=["random", "remote", "remote"],
                      names=NAMES)
    ada = open_guest(device_page(devices, problems, **PHONE), links[1])
    host.wait_for_function("window.__app.net.states.join() === ',connected,waiting'", timeout=WAIT_MS)
    host.wait_for_selector("[data-testid=net-seat-2][data-state=waiting]")

    # one seat joined, one not; then with "What does this need?" and a seat's codes open
    assert_no_axe_violations(host, "the Waiting for players screen")
    host.click("#waiting-help summary")
    host.click("[data-testid=net-seat-2] .invite__manual summary")
    assert_no_axe_violations(host, "the Waiting for players screen with its help and codes open")
    assert host.is_disabled("[data-testid=waiting-start]")
    # the Start button stays in sight while the invitations scroll under it
    box = host.locator("[data-testid=waiting-start]").bounding_box()
    assert box and box["y"] + box["height"] <= host.viewport_size["height"], box

    ada.wait_for_function("window.__app.idle", timeout=WAIT_MS)
    assert "You are Ada." in ada.inner_text("[data-testid=loading]")
    assert_no_axe_violations(ada, "a guest's page waiting for the start")

    bea = open_guest(device_page(devices, problems), links[2])
    start_hosted(host)
    ada.wait_for_function("window.__app.phase === 'human' || window.__app.phase === 'remote'", timeout=WAIT_MS)
    rnd = random.Random(1)
    for _ in range(500):
        if my_turn(ada):
            break
        if my_turn(bea):  # Bea may come first: she plays, so Ada's turn comes
            act(bea, rnd)
        ada.wait_for_timeout(40)
    assert my_turn(ada), "the guest's turn never came"
    assert_no_axe_violations(ada, "a guest's table at its own decision")

    host.click("[data-testid=players-open]")
    host.wait_for_selector("#players [data-testid=net-seat-1]")
    assert_no_axe_violations(host, "the host's game with the Players panel open")
    host.click("#players-close")
    assert host.is_hidden("[data-testid=players]")
    assert host.get_attribute("[data-testid=players-open]", "aria-expanded") == "false"


# Every legal action of the view the page holds has its control on the table.
CONTROLS_DRAWN = """() => { const view = window.__app.view; return view != null && view.legal_actions.every(
  (a) => document.querySelector(`#table [data-action="${CSS.escape(a.id)}"]`)); }"""

def in_reach(page, problems: list[str]) -> list[str]:
    """The problems of CHECK, but a control out of the window that one scroll of the table's area
    or the hand's rows brings into view (Mottainai's floor when it holds many cards), as on a local
    table; and what keeps a phone's decision from being followed (phone_check): fewer than eight
    options (all, when fewer) whole on screen, an option in a row that scrolls sideways, the hand
    pushed below the choices, a card label under 12 px. Such rows are the same on a guest's page
    and on the host's (the same view module)."""
    d = page.evaluate(DECISION)
    scroll = set(d["scroll"])
    return [p for p in problems if not (p.startswith("control ") and "is not in the window" in p
                                        and p[len("control "):].split(": ", 1)[0] in scroll)] + followable_problems(d)


@pytest.mark.parametrize("game", game_names())
def test_a_guest_on_a_phone_sees_its_turn_hand_and_choices_together(game, site_url, nostr_relay, devices, problems):
    host = device_page(devices, problems)
    links = open_host(host, site_url, nostr_relay, game=game, players=3, seats=["random", "remote", "random"],
                      names=NAMES)
    guest = open_guest(device_page(devices, problems, **PHONE), links[1])
    start_hosted(host)
    rnd = random.Random(game)
    checked = 0
    for _ in range(400):
        if checked >= 4 or host.evaluate("window.__app.status.is_over"):
            break
        if not my_turn(guest):
            guest.wait_for_timeout(40)
            continue
        settle(guest)  # the page's own scrolling into view done
        found = in_reach(guest, guest.evaluate(CHECK, False))
        if found:  # a state that came in just now: measured again once its controls are drawn
            try:
                guest.wait_for_function(CONTROLS_DRAWN, timeout=5000)
            except PlaywrightTimeout:
                pass  # measured as it is: the failure names what is missing
            settle(guest)
            if not my_turn(guest):
                continue
            found = in_reach(guest, guest.evaluate(CHECK, False))
        assert not found, f"{game}, a guest's decision {checked + 1} at 390x844: " + "\n  ".join(found)
        checked += 1
        act(guest, rnd, tap=True)
    assert checked >= 4, f"{game}: only {checked} of the guest's decisions came"
