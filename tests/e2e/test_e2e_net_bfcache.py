"""A host's page that goes back and forward (another page opened in its tab, then Back): the
browser keeps the page in its back-forward cache, with its relay connections and its links to
the guests closed, and the guests' pages would not take it back as it was (without the page's
own remedy, the guest was still not connected 60 s later). Shown again, the page loads afresh,
as after a reload: the guest is connected again and the game goes on where it was.

Playwright turns the back-forward cache off in the browsers it launches: this test launches
its own, with the cache on."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from e2e_helpers import WAIT_MS
from net_helpers import open_guest, open_host, start_hosted, wait_seated

#: how many times the host's page goes to another page and back, until the browser keeps it
TRIES = 4
CONNECTED = "window.__app.net.states.join() === ',connected'"

# Run before the page's own scripts: notes (where a reload keeps it) that the page came from the cache.
SHOWN = "addEventListener('pageshow', (e) => { if (e.persisted) sessionStorage.setItem('fromCache', '1'); });"


@pytest.fixture
def cached_devices(browser_type, browser_type_launch_args, browser_context_args, problems):
    """Like conftest's ``devices``, in a browser whose back-forward cache is on."""
    browser = browser_type.launch(**browser_type_launch_args, ignore_default_args=["--disable-back-forward-cache"])

    def make():
        context = browser.new_context(**{**browser_context_args, "permissions": ["camera", "microphone"]})
        problems.guard(context)
        page = context.new_page()
        problems.watch(page)
        return page
    yield make
    browser.close()


def test_a_host_back_from_the_back_forward_cache_is_found_at_once(site_url, nostr_relay, cached_devices):
    host = cached_devices()
    host.add_init_script(SHOWN)
    links = open_host(host, site_url, nostr_relay, game="motto", players=2, seats=["human", "remote"],
                      names=["Host", "Ada"])
    guest = open_guest(cached_devices(), links[1])
    start_hosted(host)
    wait_seated(guest)
    actions = host.evaluate("window.__app.status.actions")
    # the browser decides whether it keeps a page (under load it sometimes does not): a page
    # loaded afresh instead comes back as after a reload, and the test tries again
    cdp = host.context.new_cdp_session(host)
    cdp.send("Page.enable")
    not_used: list[list[str]] = []
    cdp.on("Page.backForwardCacheNotUsed",
           lambda event: not_used.append(sorted(x["reason"] for x in event["notRestoredExplanations"])))
    for _ in range(TRIES):
        host.goto(f"{site_url}build.json")
        guest.wait_for_function("window.__app.net.connection !== 'connected'", timeout=WAIT_MS)
        host.go_back(wait_until="commit")   # from the cache: no load event
        # the page as it was, shown again from the cache (then loaded afresh by the page itself)
        try:
            host.wait_for_function("sessionStorage.getItem('fromCache') === '1'", timeout=10_000)
            break
        except PlaywrightTimeout:
            print(f"\nthe browser did not keep the page: {not_used[-1:]}")
            host.wait_for_function(f"window.__app && window.__app.net && {CONNECTED}", timeout=WAIT_MS)
            wait_seated(guest)
    else:
        raise AssertionError(f"the page was never shown from the back-forward cache in {TRIES} tries: {not_used}")
    back = time.monotonic()
    host.wait_for_function(f"window.__app && window.__app.net && {CONNECTED}", timeout=WAIT_MS)
    wait_seated(guest)
    seconds = time.monotonic() - back   # printed, not a target: the bench measures times
    print(f"\nthe guest was connected again {seconds:.1f} s after the host's page came back")
    assert host.evaluate("window.__app.status.actions") == actions
    guest.wait_for_function(f"window.__app.status.actions === {actions}", timeout=WAIT_MS)
