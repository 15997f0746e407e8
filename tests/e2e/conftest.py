"""Fixtures for the end-to-end tests: the built site in Debian's headless Chromium.

* Nothing is built here: run ``scripts/build`` first (``scripts/test`` does).
* ``site/`` is served on a free 127.0.0.1 port by a threaded server for the session.
* One browser for the session (pytest-playwright), a fresh context per test.
* Every request to a host other than 127.0.0.1 is aborted AND fails the test (WebSockets
  too), and so does any uncaught error in the page or a Content Security Policy violation.
* Play on several devices: ``nostr_relay`` runs a real Nostr relay on 127.0.0.1 for the
  session (nostr-relay from PyPI), ``devices`` makes more browser contexts (one per device)
  and ``room_name`` is a fresh room name for each test.
"""
from __future__ import annotations

import os
import shutil
import sys
import uuid
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("SITE_DIR", ROOT / "site"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# --allow-loopback-in-peer-connection: WebRTC between two contexts on a machine whose only
# network is loopback (with camera and microphone permission, see ``devices``).
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--allow-loopback-in-peer-connection"]

sys.path.insert(0, str(ROOT / "scripts"))          # serve_site, nostr_relay
sys.path.insert(0, str(ROOT))                      # engine, for cross-checks in CPython
sys.path.insert(0, str(Path(__file__).resolve().parent))  # e2e_helpers

try:
    import pytest_playwright  # noqa: F401 - only to check that it is installed
except ImportError:  # pragma: no cover - only without the dev requirements
    if os.environ.get("CI"):
        raise
    pytest.skip("pytest-playwright is not installed (pip install -r requirements-dev.txt)",
                allow_module_level=True)

from e2e_helpers import BOOT_TIMEOUT_MS, PACE, open_screen  # noqa: E402 - found through sys.path, set above
from serve_site import serve_in_thread  # noqa: E402 - found through sys.path, set above
from nostr_relay import NostrRelay, RelayError  # noqa: E402 - found through sys.path, set above


def pytest_collection_modifyitems(items):
    """Every test here is ``e2e`` and ``slow`` (a browser and the built site): the quick run,
    ``python -m pytest -m "not slow"``, leaves them out."""
    for item in items:
        if "tests/e2e/" in item.nodeid.replace("\\", "/"):
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
        pytest.fail(f"{CHROMIUM} not found: apt-get install -y chromium (scripts/test does it)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # Service workers are blocked here so every test starts from the network; the offline
    # tests (test_e2e_offline.py) make their own contexts that allow them.
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}, "accept_downloads": True,
            "service_workers": "block"}


@pytest.fixture(scope="session")
def site_url():
    """Serve the already-built site/ on a free port for the whole session."""
    if not (SITE / "index.html").exists() or not (SITE / "build.json").exists():
        pytest.fail(f"{SITE} is not built: run scripts/build first (scripts/test does)")
    server, url = serve_in_thread(SITE)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def nostr_relay(tmp_path_factory):
    """A real Nostr relay (scripts/nostr_relay.py) on a free 127.0.0.1 port for the session, its
    database in a temporary folder; yields its ``ws://127.0.0.1:PORT`` URL. It keeps events for
    a few minutes: give each test its own room (``room_name``)."""
    try:
        relay = NostrRelay(tmp_path_factory.mktemp("nostr-relay"))
    except RelayError as error:
        pytest.fail(str(error))
    yield relay.url
    relay.stop()


@pytest.fixture
def room_name():
    """A room nobody has used: the relay keeps a room's signalling events for minutes."""
    return f"test-{uuid.uuid4().hex[:16]}"


class PageProblems:
    """What went wrong in the page: requests that left 127.0.0.1, uncaught errors, Content
    Security Policy violations."""

    def __init__(self):
        self.blocked: list[str] = []
        self.errors: list[str] = []

    def guard(self, context) -> None:
        """Let ``context`` load only from 127.0.0.1; anything else is refused and noted."""
        def route(route):
            if urlparse(route.request.url).hostname == "127.0.0.1":
                route.continue_()
            else:
                self.blocked.append(route.request.url)
                route.abort()
        context.route("**/*", route)

        def web_socket(ws):
            self.blocked.append(ws.url)
            ws.close()
        context.route_web_socket(lambda url: urlparse(url).hostname != "127.0.0.1", web_socket)

    def watch(self, page) -> None:
        """Note every uncaught error of ``page`` and every CSP violation it reports."""
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on("console", lambda msg: self.errors.append(msg.text) if msg.type == "error"
                and "Content Security Policy" in msg.text else None)


@pytest.fixture
def problems(context):
    found = PageProblems()
    found.guard(context)
    yield found
    assert found.blocked == [], f"the page tried to leave 127.0.0.1: {found.blocked}"
    assert found.errors == [], f"uncaught errors in the page: {found.errors}"


@pytest.fixture
def devices(browser, browser_context_args, problems):
    """``make()`` -> a new browser context, as another device (same rules as ``context``:
    only 127.0.0.1). Camera and microphone are granted: Chromium lists the machine's network
    interfaces for WebRTC only to pages with that permission, and a machine whose only
    network is loopback needs them to connect two contexts. The screen wake lock, which a
    browser gives a page without asking, is listed too: a context given some permissions is
    refused every one not listed."""
    made = []

    def make(**options):
        context = browser.new_context(**{**browser_context_args, "permissions": ["camera", "microphone", "screen-wake-lock"],
                                         **options})
        problems.guard(context)
        made.append(context)
        return context
    yield make
    for context in made:
        context.close()


@pytest.fixture
def screen(browser, browser_context_args, problems, site_url):
    """``open(**context_options)`` -> the site's page in a context of its own (a screen size,
    touch…), loaded with the engine ready; the contexts close after the test."""
    made = []

    def open_(**options):
        page = open_screen(browser, site_url, problems, pace=PACE, **{**browser_context_args, **options})
        made.append(page.context)
        return page
    yield open_
    for context in made:
        context.close()


@pytest.fixture
def app(page, problems, site_url):
    """The site's page, loaded with the engine ready and the lobby showing."""
    problems.watch(page)
    page.goto(f"{site_url}?pace={PACE}")
    page.wait_for_function("window.__app && (window.__app.ready || window.__app.phase === 'error')",
                           timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__app.phase") == "lobby", page.inner_text("body")
    return page
