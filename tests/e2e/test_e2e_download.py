"""The download line: how much of the engine (a first visit) or of an update is downloaded.

The site is served slowly on purpose (``serve_in_thread(rate=…)``: every file no faster than
so many bytes a second) with a request log, so the line has time to count and the log says
what really went over the wire. The first visit runs in a browser profile with a disk cache,
as players have (an incognito profile keeps its HTTP cache in memory, which does not hold a
file as large as Pyodide's wasm).
"""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse

import pytest
from conftest import SITE, PageProblems
from e2e_helpers import BOOT_TIMEOUT_MS, PACE, WAIT_MS, assert_no_axe_violations
from playwright.sync_api import expect
from serve_site import serve_in_thread
from test_e2e_offline import BASE, Site, changed_build, open_site, wait_offline_ready

# every value the line showed: [done, total, text], noted by the page itself at each change
NOTE_CHANGES = """
window.__seen = [];
new MutationObserver(() => {
  const bar = document.querySelector("[data-testid=download-bar]");
  const box = document.querySelector("[data-testid=download]");
  if (!bar || box.hidden) return;
  const now = [Number(bar.getAttribute("aria-valuenow")), Number(bar.getAttribute("aria-valuemax")),
               document.querySelector("[data-testid=download-text]").textContent];
  const last = window.__seen.at(-1);
  if (!last || last.some((x, i) => x !== now[i])) window.__seen.push(now);
}).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
"""


def engine_files(site: Path) -> dict[str, int]:
    """build.json's list of the engine's files a first visit downloads: path -> bytes."""
    return {f["path"]: f["bytes"] for f in json.loads((site / "build.json").read_text())["download"]}


def sent(log: Path, base: str = "/") -> list[tuple[str, int, int]]:
    """The request log: (path in the site without the query, status, body bytes sent)."""
    rows = []
    for line in log.read_text().splitlines() if log.exists() else []:
        _, path, status, size = line.split(" ")
        rows.append((path.split("?")[0].removeprefix(base), int(status), int(size)))
    return rows


def counted_up(seen: list, total: int) -> None:
    """The line showed several amounts, never going back, each out of `total`, up to (nearly) it."""
    done = [d for d, _, _ in seen]
    assert len(set(done)) >= 4, seen
    assert done == sorted(done), seen
    assert {t for _, t, _ in seen} == {total}, (seen, total)
    assert done[-1] >= 0.5 * total, seen


@pytest.fixture
def profile(browser_type, browser_type_launch_args, tmp_path):
    """A browser with a profile on disk (its HTTP cache too), service workers blocked, no
    request outside 127.0.0.1 and no error in the page, and the line's changes noted."""
    context = browser_type.launch_persistent_context(
        str(tmp_path / "profile"), **browser_type_launch_args, service_workers="block",
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    # requests are watched, not routed: Playwright's routing turns the HTTP cache off
    requests = []
    context.on("request", lambda request: requests.append(request.url))
    problems = PageProblems()
    context.add_init_script(NOTE_CHANGES)
    page = context.pages[0] if context.pages else context.new_page()
    problems.watch(page)
    yield page, problems
    context.close()
    assert [u for u in requests if urlparse(u).scheme not in ("blob", "data") and urlparse(u).hostname != "127.0.0.1"] == []
    assert problems.errors == []


def test_first_visit_counts_the_engine_up_to_its_real_size(profile, tmp_path):
    page, _ = profile
    log = tmp_path / "requests.log"
    server, url = serve_in_thread(SITE, rate=2_500_000, log_file=log)   # the wasm takes about 4 s
    try:
        page.goto(f"{url}?pace={PACE}")
        expect(page.locator("[data-testid=download]")).to_be_visible(timeout=WAIT_MS)
        assert page.evaluate("window.__app.lobbyReady")
        text = page.text_content("[data-testid=download-text]")
        assert text.startswith("Downloading the game engine: ") and text.endswith("\u00a0MB"), text
        assert_no_axe_violations(page, "the lobby while the engine downloads")
        # the lobby is usable meanwhile: another game can be chosen
        page.locator("[data-testid=lobby] .gamecard").last.click()
        expect(page.locator("[data-testid=lobby] input[name=game]").last).to_be_checked()
        # Start before the engine is in: the loading screen waits, the line above it counts on
        page.click("[data-testid=start]")
        expect(page.locator("[data-testid=loading]")).to_be_visible()
        expect(page.locator("[data-testid=download]")).to_be_visible()
        assert_no_axe_violations(page, "the loading screen while the engine downloads")
        page.wait_for_function("window.__app.ready", timeout=BOOT_TIMEOUT_MS)
        expect(page.locator("[data-testid=game]")).to_be_visible(timeout=WAIT_MS)
        expect(page.locator("[data-testid=download]")).to_be_hidden()

        files = engine_files(SITE)
        real = sum(size for path, status, size in sent(log) if status == 200 and path in files)
        assert real == sum(files.values())
        counted_up(page.evaluate("window.__seen"), real)
        # nothing went over the wire twice (the worker's requests met the page's in the cache)
        twice = {p: n for p, n in Counter(p for p, status, _ in sent(log) if status == 200).items() if n > 1}
        assert twice == {}, twice
    finally:
        server.shutdown()
        server.server_close()


def test_a_failed_download_says_so_and_retry_goes_on_where_it_stopped(profile, tmp_path):
    page, problems = profile
    log = tmp_path / "requests.log"
    server, url = serve_in_thread(SITE, rate=4_000_000, log_file=log)
    handler = server.RequestHandlerClass.func
    broken = {"on": True}
    stdlib = json.loads((SITE / "build.json").read_text())["stdlib"]  # Python's standard library
    send_head = handler.send_head

    def failing_send_head(self):
        if broken["on"] and self.path.endswith(f"/{stdlib}"):
            self.send_error(500, "broken on purpose")
            return None
        return send_head(self)

    handler.send_head = failing_send_head
    try:
        page.goto(f"{url}?pace={PACE}")
        retry = page.locator("[data-testid=download-retry]")
        expect(retry).to_be_visible(timeout=WAIT_MS)
        text = page.text_content("[data-testid=download-text]")
        assert text.startswith("The download failed (") and text.endswith("\u00a0MB). Check your connection."), text
        # said once to a screen reader (the visible amount goes on: the other files still come)
        assert page.text_content("[data-testid=download-said]").startswith("The download failed (")
        # the lobby stays (no error screen) and says nothing else went wrong
        expect(page.locator("[data-testid=lobby]")).to_be_visible()
        expect(page.locator("[data-testid=fatal-error]")).to_be_hidden()
        page.emulate_media(color_scheme="dark")
        assert_no_axe_violations(page, "the lobby with a failed download, dark")
        # the other files go on and finish: the amount shown reaches all but the standard library
        files = engine_files(SITE)
        rest = sum(files.values()) - files[stdlib]
        page.wait_for_function(
            "(rest) => Number(document.querySelector('[data-testid=download-bar]').getAttribute('aria-valuenow')) >= rest",
            arg=rest, timeout=WAIT_MS)

        # the worker's Python could not start without its standard library: its own words
        problems.errors[:] = [e for e in problems.errors if stdlib not in e]
        before = sent(log)
        broken["on"] = False
        retry.click()
        page.wait_for_function("window.__app && window.__app.ready", timeout=BOOT_TIMEOUT_MS)
        expect(page.locator("[data-testid=download]")).to_be_hidden()
        downloads = Counter(p for p, status, _ in sent(log) if status == 200 and p in files)
        assert downloads[stdlib] == 1
        assert all(n == 1 for n in downloads.values()), downloads   # nothing came twice
        finished_first = {p for p, status, _ in before if status == 200 and p in files}
        assert "pyodide/pyodide.asm.wasm" in finished_first
    finally:
        server.shutdown()
        server.server_close()


def test_an_update_counts_up_then_offers_reload(browser, browser_context_args, tmp_path):
    site_b = changed_build(tmp_path)
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow"})
    context.add_init_script(NOTE_CHANGES)
    site = Site(SITE)
    try:
        site.serve()
        page = context.new_page()
        open_site(page, site.url)
        wait_offline_ready(page)
        # build B, served slowly: the browser finds its sw.js on the next visit and installs it
        log = tmp_path / "requests.log"
        site.stop()
        site.server, _ = serve_in_thread(site_b, port=site.port, base=BASE, rate=150_000, log_file=log)
        open_site(page, site.url)
        expect(page.locator("[data-testid=update-banner]")).to_be_visible(timeout=WAIT_MS)
        expect(page.locator("[data-testid=download]")).to_be_hidden()
        seen = page.evaluate("window.__seen")
        assert seen and all(text.startswith("Downloading the update: ") for _, _, text in seen), seen
        # SUMS as the build wrote it in: `const SUMS = /** @type {any} */ ({\n"path": [...],\n...\n});`
        sums = re.search(r'const SUMS = [^\n]*?(\{\n".*?\n\})', (site_b / "sw.js").read_text(), re.S)
        precached = json.loads(sums.group(1))
        wanted = {p.split("?")[0] for p in precached}
        real = sum(size for path, status, size in sent(log, BASE) if status == 200 and path in wanted)
        assert 0 < real < sum(size for _, size in precached.values())   # only what changed came
        counted_up(seen, real)
    finally:
        context.close()
        site.stop()
