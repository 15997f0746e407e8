"""Helpers for the tests of play on several devices: a host page and guest pages, each in its
own browser context (as on separate devices), connected through a real relay on 127.0.0.1."""
from __future__ import annotations

import json
import random

from playwright.sync_api import Browser, Page

from e2e_helpers import BOOT_TIMEOUT_MS, PACE, WAIT_MS, setup_lobby

#: what a context needs for WebRTC on a machine with only loopback (see docs/multiplayer.md, "Tests")
DEVICE = {"permissions": ["camera", "microphone"], "service_workers": "block", "viewport": {"width": 1280, "height": 900}}


class Devices:
    """Browser contexts standing for devices; every page is watched for uncaught errors and for
    requests that leave 127.0.0.1 (checked by :meth:`check`)."""

    def __init__(self, browser: Browser, problems_cls):
        self.browser = browser
        self.problems = problems_cls()
        self.contexts = []

    def page(self, **options) -> Page:
        context = self.browser.new_context(**{**DEVICE, **options})
        self.problems.guard(context)
        self.contexts.append(context)
        page = context.new_page()
        self.problems.watch(page)
        return page

    def check(self) -> None:
        assert self.problems.blocked == [], f"a page tried to leave 127.0.0.1: {self.problems.blocked}"
        assert self.problems.errors == [], f"uncaught errors in a page: {self.problems.errors}"

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def open_host(page: Page, site_url: str, relay: str, *, game: str, players: int, seats: list[str],
              names: list[str], options: dict | None = None) -> list[str | None]:
    """Open the host's lobby with its relay in the address, set the seats ("human" here,
    "remote" on another device, or a bot level), press Start and return the invitation links
    (None for seats not on another device) from the Waiting for players screen."""
    page.goto(f"{site_url}?pace={PACE}&relays={relay}&ice=none")
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
    """Open an invitation link as a guest; wait until the page is seated (or has failed)."""
    page.goto(link)
    if seated:
        page.wait_for_function("window.__app.net && window.__app.net.seat !== undefined", timeout=WAIT_MS)
    return page


def wait_phase(page: Page, phases: tuple[str, ...], timeout: int = WAIT_MS) -> str:
    page.wait_for_function(f"window.__app.idle && {json.dumps(list(phases))}.includes(window.__app.phase)",
                           timeout=timeout)
    return page.evaluate("window.__app.phase")


def my_turn(page: Page) -> bool:
    return page.evaluate("""() => { const a = window.__app; return a.idle && a.phase === 'human' && !a.busy
                              && a.view && a.view.legal_actions.length > 0 }""")


def click_an_action(page: Page, rnd: random.Random) -> str:
    """Click one of the legal actions of the seat on screen (a random one that has an element
    on the table); returns its id."""
    ids = page.evaluate("window.__app.view.legal_actions.map(a => a.id)")
    rnd.shuffle(ids)
    forward = [i for i in ids if i not in ("cancel",)] or ids
    for action in forward:
        locator = page.locator(f"#table [data-action={json.dumps(action)}]")
        for k in range(locator.count()):
            if locator.nth(k).is_visible():
                at = page.evaluate("window.__app.status.actions")
                locator.nth(k).click()
                page.wait_for_function(f"window.__app.status.actions !== {at} || (window.__app.idle && !window.__app.busy)",
                                       timeout=WAIT_MS)
                return action
    raise AssertionError(f"no element on the table for any of {ids}")


def received(page: Page) -> list[dict]:
    """Every message a guest's page received, parsed (the raw texts that are JSON objects)."""
    out = []
    for text in page.evaluate("window.__app.net.received"):
        try:
            msg = json.loads(text)
        except ValueError:
            continue
        if isinstance(msg, dict):
            out.append(msg)
    return out
