"""The engine runs in PyScript's worker: no cross-origin isolation needed, the page stays responsive."""
from __future__ import annotations

from playwright.sync_api import expect

from e2e_helpers import BOOT_TIMEOUT_MS


def test_engine_boots_in_a_worker_without_special_headers(page, problems, site_url):
    page.on("pageerror", lambda exc: problems.errors.append(str(exc)))
    # a main-thread heartbeat: if Python ran on the main thread, it would stall for seconds
    page.add_init_script("window.__beats = []; setInterval(() => window.__beats.push(performance.now()), 25);")
    response = page.goto(f"{site_url}?pace=20")
    assert "cross-origin-opener-policy" not in response.headers
    assert "cross-origin-embedder-policy" not in response.headers
    # the lobby comes first, from build.json, while Python starts in PyScript's worker
    page.wait_for_function("window.__app && window.__app.lobbyReady", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("[data-testid=lobby]")).to_be_visible()
    page.wait_for_function("window.__app.ready", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("[data-testid=loading]")).to_be_hidden()
    expect(page.locator("[data-testid=lobby]")).to_be_visible()
    assert page.evaluate("window.__app.lobbyMs") < page.evaluate("window.__app.readyMs")

    assert page.evaluate("self.crossOriginIsolated") is False
    assert page.evaluate("typeof SharedArrayBuffer") == "undefined"
    ready = page.evaluate("window.__app.readyMs")
    beats = page.evaluate("window.__beats")
    gaps = [b - a for a, b in zip(beats, beats[1:]) if b <= ready]
    print(f"ready after {ready} ms; {len(gaps)} heartbeats, longest gap {max(gaps):.0f} ms")
    assert len(gaps) > 10
    # the main thread never froze while Pyodide started (generous bound for 2 loaded cores)
    assert max(gaps) < 1500, f"main thread blocked for {max(gaps):.0f} ms"
    versions = page.inner_text("[data-testid=versions]")
    assert "Python 3." in versions and "Pyodide" in versions


def test_a_missing_engine_wheel_shows_a_clear_error(page, problems, site_url):
    page.on("pageerror", lambda exc: problems.errors.append(str(exc)))
    page.route("**/wheels/**", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site_url)
    page.wait_for_function("window.__app && window.__app.phase === 'error'", timeout=BOOT_TIMEOUT_MS)
    fatal = page.locator("[data-testid=fatal-error]")
    expect(fatal).to_be_visible()
    expect(fatal).to_contain_text("The game engine could not be loaded")
    expect(fatal).to_contain_text("moteplay-")  # names the file that failed
    expect(page.locator("[data-testid=loading]")).to_be_hidden()
    expect(page.locator("[data-testid=lobby]")).to_be_hidden()
