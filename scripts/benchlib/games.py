"""(c), (d) Every game's clone time, random playouts and bot speed, in CPython and in Pyodide."""

from __future__ import annotations

from pathlib import Path

from .common import CHROMIUM, CHROMIUM_ARGS, ROOT, PagesServer


def bench_games_cpython(seconds: float, hard_iterations: int) -> dict:
    from engine.benchmarks import all_games
    return all_games(seconds, hard_iterations)


def bench_games_browser(seconds: float, hard_iterations: int) -> dict:
    """The same measurements inside Pyodide, in the page's engine worker (headless Chromium)."""
    import tempfile
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="moteplay-bench-log-") as logs:
        server = PagesServer(ROOT / "site", Path(logs) / "requests.log")
        try:
            return browser_benchmark(server.url, seconds, hard_iterations, sync_playwright)
        finally:
            server.stop()


def browser_benchmark(base: str, seconds: float, hard_iterations: int, sync_playwright) -> dict:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(base + "?pace=0")
        page.wait_for_function("window.__app && window.__app.ready", timeout=120_000)
        reply = page.evaluate(
            """async (spec) => {
                const client = await import('./js/engine-client.js');
                return await client.call('benchmark', spec);
            }""", {"seconds": seconds, "hard_iterations": hard_iterations})
        browser.close()
    if not reply.get("ok"):
        raise SystemExit(f"browser benchmark failed: {reply.get('error')}")
    return reply["results"]
