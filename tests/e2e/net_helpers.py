"""Helpers for the tests of play on several devices: a host page and guest pages, each in its
own browser context (as on separate devices, conftest.py's ``devices``), connected through the
real relay the tests start (``nostr_relay``) or by connection codes."""
from __future__ import annotations

import json
import random

from playwright.sync_api import Page

from e2e_helpers import BOOT_TIMEOUT_MS, PACE, WAIT_MS, setup_lobby


def device_page(devices, problems, **options) -> Page:
    """A page on a new device (browser context), watched for errors like every test page."""
    page = devices(**options).new_page()
    problems.watch(page)
    return page


def open_host(page: Page, site_url: str, relay: str, *, game: str, players: int, seats: list[str],
              names: list[str] | None = None, options: dict | None = None, pace: int = PACE,
              ice: str = "ice=none") -> list[str | None]:
    """Open the host's lobby with its relay in the address, set the seats ("human" here,
    "remote" on another device, or a bot level), press Start and return the invitation links
    (None for seats not on another device) from the Waiting for players screen. ``pace``: the
    computer's pause on the host's page (ms, ``?pace=``); ``ice``: the address's ICE setting (no
    ICE server on loopback; the network lab's ``stun=stun:…``)."""
    page.goto(f"{site_url}?pace={pace}&relays={relay}&{ice}")
    page.wait_for_function("window.__app && window.__app.lobbyReady", timeout=BOOT_TIMEOUT_MS)
    page.check(f"[data-testid=game-{game}]")
    setup_lobby(page, players=players, seats=[s if s != "remote" else "human" for s in seats], names=names,
                options=options)
    for i, kind in enumerate(seats):
        if kind == "remote":
            page.select_option(f"[data-testid=seat-kind-{i}]", "remote")
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=waiting]", state="visible")
    page.wait_for_function("window.__app.net && window.__app.net.states.length > 0", timeout=WAIT_MS)
    return page.evaluate("window.__app.net.links")


def open_guest(page: Page, link: str, *, seated: bool = True) -> Page:
    """Open an invitation link as a guest; wait until the page is seated."""
    page.goto(link)
    if seated:
        wait_seated(page)
    return page


def wait_seated(page: Page) -> None:
    page.wait_for_function("window.__app.net && window.__app.net.seat !== undefined"
                           " && window.__app.net.connection === 'connected'", timeout=WAIT_MS)


def start_hosted(host: Page) -> None:
    """Press Start on the Waiting for players screen once everyone is there."""
    host.wait_for_function("!document.querySelector('[data-testid=waiting-start]').disabled", timeout=WAIT_MS)
    host.click("[data-testid=waiting-start]")
    host.wait_for_function("window.__app.status != null", timeout=BOOT_TIMEOUT_MS)


def my_turn(page: Page) -> bool:
    """Is it this page's turn (a human's turn on screen, nothing running)?"""
    return page.evaluate("""(() => { const a = window.__app; return a.idle && a.phase === 'human' && !a.busy
                              && a.view != null && a.view.legal_actions.length > 0 })()""")


def click_an_action(page: Page, rnd: random.Random, *, avoid=("cancel",), tap: bool = False,
                    first: str | None = None) -> str:
    """Press one of the legal actions of the seat on screen: a random one with an element on
    the table (``data-action``), ``first`` before any other when it is offered (Motto's
    confirm), never one of ``avoid`` while something else is there; clicked, or tapped with
    ``tap``. Returns its id once the page has handled it."""
    ids = page.evaluate("window.__app.view.legal_actions.map(a => a.id)")
    rnd.shuffle(ids)
    ids.sort(key=lambda i: i != first)
    for action in [i for i in ids if i not in avoid] or ids:
        locator = page.locator(f"#table [data-action={json.dumps(action)}]")
        visible = [k for k in range(locator.count()) if locator.nth(k).is_visible()]
        if not visible:
            continue
        target = locator.nth(visible[0])
        try:
            (target.tap if tap else target.click)(timeout=2000)
        except Exception:  # noqa: BLE001 - a card's text box over it: the same press, dispatched
            target.dispatch_event("click")
        # a press sets the page busy at once; it is idle again once the host's answer is drawn
        page.wait_for_function("window.__app.idle && !window.__app.busy", timeout=WAIT_MS)
        return action
    raise AssertionError(f"no element on the table for any of {ids}")


def continue_screen(page: Page) -> bool:
    """Press Continue on a screen that holds this page's table (a year scored, web/js/moments.js:
    on a guest's page it holds that page only); returns whether there was one."""
    if page.evaluate("window.__app.phase") != "moment":
        return False
    page.click("[data-testid=moment-continue]")
    return True


def play_until_over(host: Page, guests: list[Page], rnd: random.Random, *, max_moves: int = 2000) -> int:
    """The guests play random legal moves until the host's game is over, and continue past the
    screens that hold their tables; returns the moves made."""
    moves = 0
    while not host.evaluate("window.__app.status.is_over"):
        acted = False
        for guest in guests:
            continue_screen(guest)
            if my_turn(guest):
                click_an_action(guest, rnd)
                moves += 1
                acted = True
        if not acted:
            host.wait_for_timeout(40)
        assert moves < max_moves, "the game did not end"
    for guest in guests:   # the last year's screen comes before the end
        guest.wait_for_function("['moment', 'over'].includes(window.__app.phase)", timeout=WAIT_MS)
        continue_screen(guest)
    return moves


def received(page: Page) -> list[dict]:
    """Every message a guest's page received, parsed (texts that are not JSON objects left out)."""
    out = []
    for text in page.evaluate("window.__app.net.received"):
        try:
            msg = json.loads(text)
        except ValueError:
            continue
        if isinstance(msg, dict):
            out.append(msg)
    return out
