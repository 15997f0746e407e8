#!/usr/bin/env python3
"""Where a boot's time goes, step by step, for one or more built sites in one interleaved run.

    python scripts/boot_steps.py before=/tmp/old-site after=site [--rounds 2] [--repeats 3]

Each site is served by scripts/serve_site.py --pages (GitHub Pages' headers) in its own
process. Each round gives each site a new on-disk Chromium profile: a first visit (which waits
for the saved boot and the service worker), then ``--repeats`` repeat visits (the browser
reopened on the same profile). Sites alternate in order from round to round. Prints, for first
and repeat visits, the median of each of ``window.__app.bootMarks`` (ms since navigation) and
the median time between consecutive marks, and the load average before and after. Build the
older site into another folder first (e.g. check out the old commit in a worktree, run
scripts/build there and copy its site/).
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib.boot import SNAPSHOT_SAVED
from benchlib.common import CHROMIUM, CHROMIUM_ARGS, OFFLINE_ARGS, PagesServer, wait_for

STEPS = ["start", "pyscriptImported", "pyscriptReady", "loaderImported", "loaderCalled", "snapshotRead",
         "pythonRestored", "engineInstalled", "handedToPyScript", "workerScript", "workerReady", "firstCall",
         "engineAnswered"]
READ = """({...window.__app.bootMarks, ready: window.__app.readyMs, lobby: window.__app.lobbyMs,
           boot: window.__app.engine.boot, error: window.__app.engine.snapshotError})"""


def visit(p, profile: str, server: PagesServer, first: bool) -> dict:
    context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM,
                                                   args=CHROMIUM_ARGS + OFFLINE_ARGS)
    try:
        page = context.new_page()
        page.goto(server.url + "?pace=0")
        page.wait_for_function("window.__app && (window.__app.ready || window.__app.phase === 'error')",
                               timeout=120_000)
        if page.evaluate("window.__app.phase") == "error":
            raise SystemExit(f"the site failed to boot: {page.inner_text('body')[:300]}")
        marks = page.evaluate(READ)
        if first:
            wait_for(page, SNAPSHOT_SAVED, "the site saved no snapshot")
            wait_for(page, "() => navigator.serviceWorker.controller !== null", "no service worker took over")
        return marks
    finally:
        context.close()


def report(results: dict, kind: str) -> None:
    print(f"\n{kind} visits: median ms since navigation at each mark")
    print(f"{'mark':18}" + "".join(f"{name:>14}" for name in results))
    for step in STEPS + ["ready", "lobby"]:
        row = f"{step:18}"
        for visits in results.values():
            values = [v[step] for v in visits[kind] if v.get(step) is not None]
            row += f"{statistics.median(values):>14.0f}" if values else f"{'-':>14}"
        print(row)
    print(f"{kind} visits: median ms between consecutive marks")
    for name, visits in results.items():
        previous, parts = "start", []
        for step in STEPS[1:]:
            gaps = [v[step] - v[previous] for v in visits[kind] if v.get(step) is not None and v.get(previous) is not None]
            if gaps:
                parts.append(f"{step} +{statistics.median(gaps):.0f}")
                previous = step
        print(f"  {name}: " + ", ".join(parts))
        print(f"  {name}: engine ready, every visit: {[v['ready'] for v in visits[kind]]}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sites", nargs="+", help="name=folder of a built site")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=3, help="repeat visits per profile")
    args = ap.parse_args()
    sites = dict(s.split("=", 1) for s in args.sites)
    from playwright.sync_api import sync_playwright

    results = {name: {"first": [], "repeat": []} for name in sites}
    print("load average before", [round(x, 2) for x in os.getloadavg()], flush=True)
    with tempfile.TemporaryDirectory(prefix="moteplay-steps-") as logs:
        servers = {name: PagesServer(Path(folder).resolve(), Path(logs) / f"{name}.log") for name, folder in sites.items()}
        try:
            with sync_playwright() as p:
                for round_ in range(args.rounds):
                    for name in (list(sites) if round_ % 2 == 0 else list(sites)[::-1]):
                        profile = tempfile.mkdtemp(prefix="moteplay-steps-profile-")
                        for n in range(1 + args.repeats):
                            marks = visit(p, profile, servers[name], first=n == 0)
                            results[name]["first" if n == 0 else "repeat"].append(marks)
                            print(f"  round {round_ + 1} {name} visit {n + 1}: {marks['boot']}, engine ready "
                                  f"{marks['ready']} ms {marks['error'] or ''}", flush=True)
                        shutil.rmtree(profile, ignore_errors=True)
        finally:
            for server in servers.values():
                server.stop()
    print("load average after", [round(x, 2) for x in os.getloadavg()])
    for kind in ("repeat", "first"):
        report(results, kind)
    return 0


if __name__ == "__main__":
    sys.exit(main())
