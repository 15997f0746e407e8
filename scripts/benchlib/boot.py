"""(b) The page's time to playable in headless Chromium, next to the bare Pyodide page."""

from __future__ import annotations

import statistics
from pathlib import Path
from urllib.parse import urlparse

from .common import BIG, CHROMIUM, CHROMIUM_ARGS, OFFLINE_ARGS, PagesServer, bench_site, wait_for


# name -> (URL, done when, lobby usable at (ms), engine ready at (ms))
BOOT_PAGES = {
    "site": ("?pace=0", "window.__app && (window.__app.ready || window.__app.phase === 'error')",
             "window.__app.lobbyMs", "window.__app.ready ? window.__app.readyMs : null"),
    # the floor: Pyodide as npm ships it (full standard library), loadPyodide in a module
    # worker, one Python call; it has no lobby: nothing is usable before Python runs
    "bare": ("bench/bare.html", "window.__bareReadyMs || window.__bareError",
             "window.__bareReadyMs || null", "window.__bareReadyMs || null"),
}
SNAPSHOT_SAVED = """async () => {
    const key = window.__app.engine.snapshot_key;
    if (!(await caches.keys()).includes('moteplay-snapshot-' + key)) return false;
    const cache = await caches.open('moteplay-snapshot-' + key);
    return !!(await cache.match(new URL('js/snapshot.bin', location.href).href));
}"""


def visit(p, profile: Path, server: PagesServer, name: str) -> dict:
    """One page load in a persistent profile (kept on disk between visits, like a browser)."""
    url, ready, lobby, value = BOOT_PAGES[name]
    since = server.lines()
    context = p.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM,
                                                   args=CHROMIUM_ARGS + OFFLINE_ARGS)
    try:
        elsewhere = []
        context.on("request", lambda r: elsewhere.append(r.url)
                   if urlparse(r.url).hostname not in ("127.0.0.1", None) else None)
        page = context.new_page()
        page.goto(server.url + url)
        page.wait_for_function(ready, timeout=120_000)
        ms, lobby_ms = page.evaluate(value), page.evaluate(lobby)
        if ms is None or elsewhere:
            raise SystemExit(f"{name} failed to boot: {page.inner_text('body')[:300]} (other hosts: {elsewhere})")
        boot = page.evaluate("window.__app.engine.boot") if name == "site" else "bare"
        if name == "site":
            if boot == "fresh":  # the next visit needs the saved snapshot
                wait_for(page, SNAPSHOT_SAVED, "the site saved no snapshot")
            # the service worker's precache is part of the visit's downloads
            wait_for(page, "() => navigator.serviceWorker.controller !== null", "no service worker took over")
    finally:
        context.close()
    requests = server.requests(since)
    downloads = [(path, size) for path, status, size in requests if status == 200]
    counts: dict[str, int] = {}
    for path, _ in downloads:
        counts[path] = counts.get(path, 0) + 1
    twice = sorted(path for path, n in counts.items() if n > 1)
    big_twice = [path for path in twice if max(s for p_, s in downloads if p_ == path) >= BIG]
    if big_twice:
        raise SystemExit(f"{name}: big files downloaded more than once in one visit: {big_twice}")
    return {"ms": int(ms), "lobby_ms": int(lobby_ms), "boot": boot, "requests": len(requests),
            "downloads": len(downloads), "not_modified": sum(1 for r in requests if r[1] == 304),
            "bytes": sum(size for _, size in downloads), "twice": twice}


def bench_browser(runs: int) -> dict:
    """Lobby usable and engine ready, site and bare page, first and repeat visit, interleaved."""
    import tempfile
    from playwright.sync_api import sync_playwright

    results = {f"{name}_{kind}": [] for name in BOOT_PAGES for kind in ("first", "repeat")}
    with tempfile.TemporaryDirectory(prefix="moteplay-bench-log-") as logs:
        server = PagesServer(bench_site(), Path(logs) / "requests.log")
        try:
            with sync_playwright() as p:
                for run in range(runs):
                    for name in (("site", "bare") if run % 2 == 0 else ("bare", "site")):
                        with tempfile.TemporaryDirectory(prefix="moteplay-bench-") as profile:
                            for kind in ("first", "repeat"):
                                r = visit(p, Path(profile), server, name)
                                results[f"{name}_{kind}"].append(r)
                                print(f"  run {run + 1} {name:4} {kind:6} lobby {r['lobby_ms']:6} ms  engine "
                                      f"{r['ms']:6} ms  {r['boot']:8} {r['requests']} requests "
                                      f"({r['not_modified']} × 304), {r['bytes']:,} bytes downloaded"
                                      + (f", twice: {r['twice']}" if r["twice"] else ""), flush=True)
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                version = browser.version
                browser.close()
        finally:
            server.stop()
    out = {"runs": runs, "chromium": version,
           "profile": "a new on-disk profile per page and run; 'repeat' reopens it (HTTP cache, Cache Storage, "
                      "service worker kept); served by scripts/serve_site.py --pages in its own process "
                      "(Cache-Control: max-age=600, ETag, Last-Modified, 304)"}
    for key, rs in results.items():
        out[key] = {"ms": [r["ms"] for r in rs], "median_ms": statistics.median(r["ms"] for r in rs),
                    "lobby_ms": [r["lobby_ms"] for r in rs],
                    "median_lobby_ms": statistics.median(r["lobby_ms"] for r in rs),
                    "boot": [r["boot"] for r in rs], "bytes": [r["bytes"] for r in rs],
                    "median_bytes": statistics.median(r["bytes"] for r in rs),
                    "requests": [r["requests"] for r in rs], "downloads": [r["downloads"] for r in rs],
                    "twice": sorted({p_ for r in rs for p_ in r["twice"]})}
    for kind in ("first", "repeat"):
        bare = out[f"bare_{kind}"]["median_ms"]
        out[f"ratio_{kind}"] = round(out[f"site_{kind}"]["median_ms"] / bare, 3)
        out[f"lobby_ratio_{kind}"] = round(out[f"site_{kind}"]["median_lobby_ms"] / bare, 3)
    return out
