"""(f) Play on several devices: guests joining, move latency and the host page's long tasks."""

from __future__ import annotations

import gzip
import os
import random
import statistics
import sys
from pathlib import Path
from urllib.parse import urlparse

from nostr_relay import NostrRelay, RelayError  # scripts/, on the path of scripts/bench

from .common import CHROMIUM, CHROMIUM_ARGS, OFFLINE_ARGS, ROOT, PagesServer, wait_for


NET_ARGS = ["--allow-loopback-in-peer-connection"]  # WebRTC between contexts on loopback only
SEATED = ("window.__app && window.__app.net && window.__app.net.seat !== undefined"
          " && window.__app.net.connection === 'connected'")
#: the host page's long tasks from its start (a PerformanceObserver added before any script)
LONG_TASKS = """window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });"""
#: files GitHub Pages sends gzip-compressed (text); the others as they are
GZIPPED = {".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest", ".txt", ".py", ".map"}
NET_SEATS = ["random", "remote", "remote"]     # a computer on the host, two guests
NET_PACE = 700                                 # the page's default pause before a computer's move


def served_sizes(path: str) -> tuple[int, int]:
    """(raw, as GitHub Pages sends it: gzip for text) bytes of a site file by its URL path."""
    rel = path.lstrip("/") or "index.html"
    file = ROOT / "site" / rel
    if file.is_dir():
        file = file / "index.html"
    data = file.read_bytes()
    return len(data), (len(gzip.compress(data, 6)) if file.suffix in GZIPPED else len(data))


def net_host(browser, url: str, relay: str, seats: list[str], *, long_tasks: bool = False):
    """The host's page (a context of its own): the lobby with ``seats`` ("remote": on another
    device), Start pressed; returns (context, page, invitation links)."""
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from e2e_helpers import setup_lobby

    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block",
                                  permissions=["camera", "microphone"])
    if long_tasks:
        context.add_init_script(LONG_TASKS)
    page = context.new_page()
    page.goto(f"{url}?pace={NET_PACE}&relays={relay}&ice=none")
    page.wait_for_function("window.__app && window.__app.ready", timeout=120_000)
    page.check("[data-testid=game-motto]")
    setup_lobby(page, players=len(seats), seats=[s if s != "remote" else "human" for s in seats])
    for i, kind in enumerate(seats):
        if kind == "remote":
            page.select_option(f"[data-testid=seat-kind-{i}]", "remote")
    page.click("[data-testid=start]")
    if "remote" not in seats:
        return context, page, []
    page.wait_for_selector("[data-testid=waiting]", state="visible")
    page.wait_for_function("window.__app.net && window.__app.net.states.length > 0", timeout=60_000)
    return context, page, page.evaluate("window.__app.net.links")


def seated_ms(page) -> float:
    """ms from the page's navigation start until it was seated (polled every animation frame)."""
    handle = page.wait_for_function(f"({SEATED}) ? performance.now() : 0", timeout=60_000)
    return handle.json_value()


def guest_join(p, profile: Path, link: str, server: PagesServer, *, service_worker: bool) -> dict:
    """A guest's first join on a new profile, then a reload of its link (repeat visit)."""
    context = p.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS + OFFLINE_ARGS + NET_ARGS,
        permissions=["camera", "microphone"], service_workers="allow" if service_worker else "block")
    asked: list[str] = []          # every URL the page asked for (HTTP cache and service worker too)
    context.on("request", lambda r: asked.append(urlparse(r.url).path))
    try:
        page = context.new_page()
        since = server.lines()
        page.goto(link)
        first_ms = seated_ms(page)
        before = list(asked)
        files = [(path, size) for path, status, size in server.requests(since) if status == 200]
        engine_files = [u for u in before if "/pyodide/" in u or "/wheels/" in u]
        out = {"first_ms": round(first_ms), "files": files, "engine_files_before_seated": engine_files,
               "raw_bytes": sum(served_sizes(path)[0] for path, _ in files),
               "gzip_bytes": sum(served_sizes(path)[1] for path, _ in files)}
        if service_worker:
            wait_for(page, "() => navigator.serviceWorker.controller !== null", "no service worker took over", 120)
            page.wait_for_function("window.__app.offline === 'ready'", timeout=120_000)
        since = server.lines()
        page.reload()
        out["repeat_ms"] = round(seated_ms(page))
        out["repeat_bytes"] = sum(size for _, status, size in (r for r in server.requests(since)) if status == 200)
        out["repeat_served_by_service_worker"] = page.evaluate("navigator.serviceWorker?.controller != null")
    finally:
        context.close()
    return out


def latency(host_timings: list, guest_timings: list) -> tuple[list[float], int]:
    """ms from each position the host applied to the guest drawing it (or a later one); how
    many positions the guest never drew as such (a later one came first: sent once)."""
    out, skipped = [], 0
    for at, t in host_timings:
        drawn = next(((a, g) for a, g in guest_timings if a is not None and a >= at and g >= t), None)
        if drawn is None:  # nothing drawn after it (the guest had drawn this position already)
            continue
        if drawn[0] != at:
            skipped += 1
        out.append(drawn[1] - t)
    return out, skipped


def play_local(page, rnd: random.Random) -> int:
    """The host page's own game, every human seat on this screen (hotseat): random moves."""
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from net_helpers import click_an_action
    moves = 0
    while page.evaluate("window.__app.phase") != "over":
        phase = page.evaluate("window.__app.idle && !window.__app.busy ? window.__app.phase : null")
        if phase == "curtain":
            page.click("[data-testid=curtain-reveal]")
        elif phase == "human":
            click_an_action(page, rnd)
            moves += 1
        else:
            page.wait_for_timeout(40)
        if moves > 2000:
            raise SystemExit("the local game did not end")
    return moves


def long_tasks(page, since_ms: float) -> list[list[float]]:
    return [[round(s), round(d)] for s, d in page.evaluate("window.__longTasks") if s >= since_ms]


def bench_net(runs: int, seed: int) -> dict:
    """(f): guests' first join and repeat visits, then a whole hosted Motto game and a local one."""
    import tempfile
    from playwright.sync_api import sync_playwright
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from net_helpers import play_until_over, start_hosted

    load_start = [round(x, 2) for x in os.getloadavg()]
    joins = {"http_cache": [], "service_worker": []}
    with tempfile.TemporaryDirectory(prefix="moteplay-bench-net-") as tmp:
        tmp = Path(tmp)
        host_server = PagesServer(ROOT / "site", tmp / "host.log")
        guest_server = PagesServer(ROOT / "site", tmp / "guests.log")
        (tmp / "relay").mkdir()
        try:
            relay = NostrRelay(tmp / "relay")
        except RelayError as error:
            raise SystemExit(str(error)) from None
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + OFFLINE_ARGS + NET_ARGS)
                version = browser.version
                for run in range(runs):
                    context, host, links = net_host(browser, host_server.url, relay.url, NET_SEATS)
                    links = [link.replace(host_server.url, guest_server.url, 1) for link in links[1:]]
                    kinds = ["http_cache", "service_worker"] if run % 2 == 0 else ["service_worker", "http_cache"]
                    for kind, link in zip(kinds, links):
                        with tempfile.TemporaryDirectory(prefix="moteplay-bench-guest-") as profile:
                            r = guest_join(p, Path(profile), link, guest_server, service_worker=kind == "service_worker")
                        joins[kind].append(r)
                        print(f"  run {run + 1} guest ({kind}): first join {r['first_ms']} ms, {r['raw_bytes']:,} bytes "
                              f"({r['gzip_bytes']:,} gzipped), engine files before seated: "
                              f"{r['engine_files_before_seated'] or 'none'}; repeat visit {r['repeat_ms']} ms "
                              f"({r['repeat_bytes']:,} bytes)", flush=True)
                    context.close()

                # a whole hosted game: the move latency and the host's long tasks
                context, host, links = net_host(browser, host_server.url, relay.url, NET_SEATS, long_tasks=True)
                guests = []
                for link in links[1:]:
                    gc = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block",
                                             permissions=["camera", "microphone"])
                    guests.append(gc.new_page())
                    guests[-1].goto(link)
                for g in guests:
                    seated_ms(g)
                started = host.evaluate("performance.now()")
                start_hosted(host)
                moves = play_until_over(host, guests, random.Random(seed))
                for g in guests:
                    g.wait_for_function("window.__app.phase === 'over'", timeout=60_000)
                host_timings = host.evaluate("window.__app.net.timings")
                samples, skipped = [], 0
                for g in guests:
                    got, sk = latency(host_timings, g.evaluate("window.__app.net.timings"))
                    samples += got
                    skipped += sk
                net_tasks = long_tasks(host, started)
                actions = host.evaluate("window.__app.status.actions")
                for g in guests:
                    g.context.close()
                context.close()
                print(f"  hosted game: {actions} actions ({moves} by the guests), {len(samples)} latencies, "
                      f"median {statistics.median(samples):.0f} ms; host long tasks {len(net_tasks)}", flush=True)

                # the same seats on one screen: the host page's long tasks without networking
                context, local, _ = net_host(browser, host_server.url, relay.url,
                                             [s if s != "remote" else "human" for s in NET_SEATS], long_tasks=True)
                local_started = local.evaluate("performance.now()")
                play_local(local, random.Random(seed))
                local_tasks = long_tasks(local, local_started)
                local_actions = local.evaluate("window.__app.status.actions")
                context.close()
                print(f"  local game: {local_actions} actions; long tasks {len(local_tasks)}", flush=True)
                browser.close()
        finally:
            relay.stop()
            guest_server.stop()
            host_server.stop()

    def join_summary(rs):
        sizes: dict[str, list[int]] = {}
        for path, _ in rs[0]["files"]:
            sizes[path] = list(served_sizes(path))
        return {"first_ms": [r["first_ms"] for r in rs], "median_first_ms": statistics.median(r["first_ms"] for r in rs),
                "raw_bytes": [r["raw_bytes"] for r in rs], "gzip_bytes": [r["gzip_bytes"] for r in rs],
                "median_raw_bytes": statistics.median(r["raw_bytes"] for r in rs),
                "median_gzip_bytes": statistics.median(r["gzip_bytes"] for r in rs),
                "engine_files_before_seated": sorted({u for r in rs for u in r["engine_files_before_seated"]}),
                "repeat_ms": [r["repeat_ms"] for r in rs], "median_repeat_ms": statistics.median(r["repeat_ms"] for r in rs),
                "repeat_bytes": [r["repeat_bytes"] for r in rs],
                "repeat_served_by_service_worker": [r["repeat_served_by_service_worker"] for r in rs],
                "files_first_run": sorted(([p_, *s] for p_, s in sizes.items()), key=lambda x: -x[1])}

    def tasks_summary(tasks, actions):
        return {"actions": actions, "count": len(tasks), "longest_ms": max((d for _, d in tasks), default=0),
                "over_200_ms": [t for t in tasks if t[1] > 200], "all": tasks}

    samples.sort()
    return {
        "runs": runs, "chromium": version, "seed": seed, "pace_ms": NET_PACE, "seats": NET_SEATS,
        "load_average_start": load_start,
        "join": {kind: join_summary(rs) for kind, rs in joins.items()},
        "latency": {"samples": len(samples), "median_ms": round(statistics.median(samples)),
                    "p90_ms": round(samples[int(0.9 * (len(samples) - 1))]), "max_ms": round(samples[-1]),
                    "positions_sent_once_later": skipped, "actions": actions, "guest_moves": moves,
                    "all_ms": [round(x) for x in samples]},
        "long_tasks_hosted": tasks_summary(net_tasks, actions),
        "long_tasks_local": tasks_summary(local_tasks, local_actions),
    }
