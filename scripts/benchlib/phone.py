"""(g) The page load on a phone: Lighthouse's mobile profile through the Chrome DevTools Protocol.

The network of every target the page starts is throttled (150 ms round trip, 1.6 Mbit/s down,
750 kbit/s up: Network.emulateNetworkConditions) and its CPU slowed down 4x
(Emulation.setCPUThrottlingRate): the page, its dedicated workers (PyScript's worker downloads
Pyodide and the engine) and the service worker. Chromium applies these per target, so the
browser is driven through one CDP connection of our own (not Playwright's, which cannot reach
a worker's session): Target.setAutoAttach with waitForDebuggerOnStart holds each new worker
and service worker until its conditions are set, then Runtime.runIfWaitingForDebugger lets it
run. probe() measures that the conditions hold in each kind of target.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

from websockets.exceptions import ConnectionClosed

from .common import BIG, CHROMIUM, CHROMIUM_ARGS, OFFLINE_ARGS, PagesServer, bench_site

# Lighthouse's mobile profile (its "slow 4G"): round trip, bytes/s down and up, CPU slowdown
PHONE = {"latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4
# Lighthouse's mobile screen (a Moto G Power)
SCREEN = {"width": 412, "height": 823, "deviceScaleFactor": 1.75, "mobile": True}
THROTTLED_TYPES = {"page", "iframe", "worker", "service_worker", "shared_worker"}
PROBE_BYTES = 300_000  # probe.bin: 1.5 s at 1.6 Mbit/s, a few ms unthrottled


class Browser:
    """Chromium on a profile folder, driven over one CDP websocket (flat sessions)."""

    def __init__(self, profile: Path, *, throttle: bool, workers: bool = True):
        """throttle: apply the phone profile; workers: to workers and service workers too
        (False only to show what happens without)."""
        self.throttle, self.workers = throttle, workers
        (profile / "DevToolsActivePort").unlink(missing_ok=True)
        self.proc = subprocess.Popen(
            [CHROMIUM, *CHROMIUM_ARGS, *OFFLINE_ARGS, "--remote-debugging-port=0", f"--user-data-dir={profile}",
             "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = profile / "DevToolsActivePort"
        for _ in range(300):
            if port_file.exists() and len(port_file.read_text().split()) == 2:
                break
            time.sleep(0.05)
        port, path = port_file.read_text().split()
        from websockets.sync.client import connect
        self.ws = connect(f"ws://127.0.0.1:{port}{path}", max_size=None, open_timeout=30)
        self.ids = itertools.count(1)
        self.pending: dict[int, list] = {}
        self.lock = threading.Lock()
        self.sessions: dict[str, str] = {}  # session id -> target type
        self.errors: list[str] = []  # a throttling command a target refused
        self.network: dict[str, dict] = {}  # request id -> what the network events said
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()
        self.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True})
        self.page = next(s for s, kind in self.wait_sessions() if kind == "page")
        self.send("Emulation.setDeviceMetricsOverride", SCREEN, self.page)

    def wait_sessions(self, seconds: float = 10):
        end = time.time() + seconds
        while time.time() < end:
            if "page" in self.sessions.values():
                return list(self.sessions.items())
            time.sleep(0.02)
        raise SystemExit("the phone profile attached to no page")

    # -- the protocol
    def post(self, method: str, params: dict | None = None, session: str | None = None, box=None) -> int:
        msg_id = next(self.ids)
        with self.lock:
            self.pending[msg_id] = box if box is not None else [None, None, method, session]
        msg = {"id": msg_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        self.ws.send(json.dumps(msg))
        return msg_id

    def send(self, method: str, params: dict | None = None, session: str | None = None, timeout: float = 60):
        box = [threading.Event(), None, method, session]
        self.post(method, params, session, box)
        if not box[0].wait(timeout):
            raise SystemExit(f"CDP {method}: no answer within {timeout} s")
        if "error" in box[1]:
            raise RuntimeError(f"CDP {method}: {box[1]['error']}")
        return box[1].get("result", {})

    def read(self) -> None:
        try:
            for raw in self.ws:
                msg = json.loads(raw)
                if "id" in msg:
                    with self.lock:
                        box = self.pending.pop(msg["id"], None)
                    if box is None:
                        continue
                    if box[0] is None:  # sent without waiting: only a refusal matters
                        if "error" in msg:
                            self.errors.append(f"{self.sessions.get(box[3], '?')}: {box[2]}: "
                                               f"{msg['error'].get('message')}")
                    else:
                        box[1] = msg
                        box[0].set()
                elif msg.get("method") == "Target.attachedToTarget":
                    self.attached(msg["params"])
                elif msg.get("method") == "Target.detachedFromTarget":
                    self.sessions.pop(msg["params"]["sessionId"], None)
                elif msg.get("method", "").startswith("Network."):
                    self.note_network(msg["method"], msg["params"], self.sessions.get(msg.get("sessionId"), "?"))
        except ConnectionClosed:  # the browser closed
            pass

    def attached(self, params: dict) -> None:
        """A new target (the page, a worker, the service worker): its conditions first, then it runs."""
        session, kind = params["sessionId"], params["targetInfo"]["type"]
        self.sessions[session] = kind
        if kind in THROTTLED_TYPES:
            self.post("Network.enable", {}, session)
            # a dedicated worker's requests go through its page's conditions (Chromium refuses them
            # on the worker: "Not supported"); a service worker needs its own; only a page's CPU
            # can be slowed down ("Operation is only supported for pages, not workers")
            if self.throttle and kind in ("page", "iframe"):
                self.post("Network.emulateNetworkConditions", {"offline": False, **PHONE}, session)
                self.post("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN}, session)
            elif self.throttle and self.workers and kind in ("service_worker", "shared_worker"):
                self.post("Network.emulateNetworkConditions", {"offline": False, **PHONE}, session)
            # the workers this target starts are held too
            self.post("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True},
                      session)
        if params.get("waitingForDebugger"):
            self.post("Runtime.runIfWaitingForDebugger", {}, session)

    def note_network(self, method: str, p: dict, kind: str) -> None:
        if method == "Network.requestWillBeSent":
            self.network[p["requestId"]] = {"url": p["request"]["url"], "target": kind, "start": p["timestamp"]}
        elif method == "Network.responseReceived" and p["requestId"] in self.network:
            r = self.network[p["requestId"]]
            r.update(status=p["response"]["status"], from_cache=p["response"].get("fromDiskCache", False)
                     or p["response"].get("fromServiceWorker", False), response=p["timestamp"])
        elif method == "Network.loadingFinished" and p["requestId"] in self.network:
            self.network[p["requestId"]].update(end=p["timestamp"], wire=p["encodedDataLength"])

    # -- the page
    def evaluate(self, expression: str, timeout: float = 120):
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                      self.page, timeout)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression[:80]}: {r['exceptionDetails'].get('text')}")
        return r["result"].get("value")

    def goto(self, url: str) -> None:
        self.send("Page.navigate", {"url": url}, self.page)

    def wait(self, expression: str, what: str, seconds: float = 300, every: float = 0.1):
        end = time.time() + seconds
        while time.time() < end:
            try:
                value = self.evaluate(expression)
            except RuntimeError:  # the page is navigating
                value = None
            if value:
                return value
            time.sleep(every)
        raise SystemExit(f"{what} within {seconds} s")

    def click(self, selector: str) -> None:
        """A tap where a player would tap: the middle of the element, scrolled into view."""
        box = self.evaluate(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: "center"}}); const r = e.getBoundingClientRect();
            return [r.x + r.width / 2, r.y + r.height / 2]; }})()""")
        if box is None:
            raise SystemExit(f"nothing to click at {selector}")
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left",
                                                   "clickCount": 1}, self.page)

    def close(self) -> None:
        try:
            self.send("Browser.close", timeout=20)
        except (SystemExit, RuntimeError, ConnectionClosed):
            pass
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        self.ws.close()


def probe(server: PagesServer, site: Path) -> dict:
    """What the profile really does in each kind of target: ms to download probe.bin (300 KB,
    no cache) and ms of a fixed CPU loop in the page, a dedicated worker and a service worker;
    unthrottled, throttled in the page only (no auto-attach of workers), and the whole profile.
    Then the page and the worker download at the same time (do they share the 1.6 Mbit/s?)."""
    (site / "bench" / "probe.bin").write_bytes(os.urandom(PROBE_BYTES))
    out = {}
    for mode, throttle, workers in (("none", False, True), ("page only", True, False), ("phone", True, True)):
        with tempfile.TemporaryDirectory(prefix="moteplay-phone-probe-") as profile:
            b = Browser(Path(profile), throttle=throttle, workers=workers)
            try:
                b.goto(server.url + "bench/probe.html")
                b.wait("window.__probeReady === true", "the probe page did not start", 60)
                row = {}
                for where in ("page", "worker", "service worker"):
                    for what in ("fetch", "cpu"):
                        row[f"{where} {what}"] = statistics.median(  # the machine is shared: median of 3
                            b.evaluate(f"window.__probe({json.dumps(where)}, {json.dumps(what)})") for _ in range(3))
                both = b.evaluate("""(async () => { const t0 = performance.now();
                    await Promise.all([window.__probe("page", "fetch"), window.__probe("worker", "fetch")]);
                    return Math.round(performance.now() - t0); })()""")
                row["page + worker fetch at once"] = both
                row["refused"] = list(b.errors)
                out[mode] = row
            finally:
                b.close()
        print(f"  probe, {mode:9}: " + ", ".join(f"{k} {v}" for k, v in row.items()), flush=True)
    return out


# name -> (URL, lobby usable at (ms), engine ready at (ms))
PHONE_PAGES = {
    "site": ("", "window.__app && window.__app.lobbyMs",
             "window.__app && (window.__app.ready ? window.__app.readyMs : window.__app.phase === 'error' && -1)"),
    "bare": ("bench/bare.html", "window.__bareReadyMs || (window.__bareError && -1)",
             "window.__bareReadyMs || (window.__bareError && -1)"),
}
# the first moment the player's first decision is on screen (checked every frame)
WATCH_DECISION = """(() => { const look = () => {
    const a = window.__app;
    if (a && a.idle && (a.phase === 'human' || a.phase === 'curtain')) {
        window.__firstDecisionMs = Math.round(performance.now()); return; }
    requestAnimationFrame(look); }; look(); return true; })()"""
SNAPSHOT_SAVED = """(async () => {
    const key = window.__app.engine.snapshot_key;
    if (!(await caches.keys()).includes('moteplay-snapshot-' + key)) return false;
    const cache = await caches.open('moteplay-snapshot-' + key);
    return !!(await cache.match(new URL('js/snapshot.bin', location.href).href)); })()"""


def visit(profile: Path, server: PagesServer, name: str) -> dict:
    """One visit under the phone profile; the site's includes starting the default game from
    the lobby as soon as it is usable."""
    url, lobby_js, ready_js = PHONE_PAGES[name]
    since = server.lines()
    b = Browser(profile, throttle=True)
    try:
        b.goto(server.url + url + ("?pace=0" if name == "site" else ""))
        lobby = b.wait(lobby_js, f"{name}: no lobby")
        decision = None
        if name == "site":
            b.wait("document.querySelector('[data-testid=start]') !== null", "no Start button")
            b.evaluate(WATCH_DECISION)
            b.click("[data-testid=start]")
            decision = b.wait("window.__firstDecisionMs || (window.__app.phase === 'error' && -1)",
                              "site: no first decision")
            t_decision, decision_lines = time.time(), server.lines()
        ready = b.wait(ready_js, f"{name}: the engine was not ready")
        if min(lobby, ready, decision or 0) < 0:
            raise SystemExit(f"{name} failed to boot: {b.evaluate('document.body.innerText')[:300]}")
        marks = {}
        if name == "site":
            marks = b.evaluate("window.__app.bootMarks")
            boot = b.evaluate("window.__app.engine.boot")
            if boot == "fresh":
                b.wait(SNAPSHOT_SAVED, "the site saved no snapshot", 120)
            b.wait("navigator.serviceWorker.controller !== null", "no service worker took over", 120)
            # the service worker's precache is part of the visit's downloads
            b.wait("(async () => { const r = await navigator.serviceWorker.ready; return !r.installing && "
                   "!r.waiting; })()", "the service worker did not finish installing", 300)
            settled = time.time() - t_decision
        else:
            boot, decision_lines, settled = "bare", server.lines(), 0.0
        network = sorted((r for r in b.network.values() if "end" in r), key=lambda r: r["start"])
        refused = list(b.errors)
    finally:
        b.close()
    requests = server.requests(since)
    downloads = [(path, size) for path, status, size in requests if status == 200]
    before = [(path, size) for path, status, size in requests[:decision_lines - since] if status == 200]
    counts: dict[str, int] = {}
    for path, _ in downloads:
        counts[path] = counts.get(path, 0) + 1
    big_twice = sorted(p for p, n in counts.items() if n > 1 and max(s for q, s in downloads if q == p) >= BIG)
    if big_twice:
        raise SystemExit(f"{name}: big files downloaded more than once in one visit: {big_twice}")
    if refused:
        raise SystemExit(f"{name}: a target refused the phone profile: {refused}")
    t0 = network[0]["start"] if network else 0
    return {"lobby_ms": int(lobby), "ms": int(ready), "decision_ms": int(decision) if decision else None,
            "boot": boot, "marks": marks, "requests": len(requests), "downloads": len(downloads),
            "bytes": sum(s for _, s in downloads), "bytes_before_decision": sum(s for _, s in before),
            "settled_s": round(settled, 1),
            # what went over the network, in order: (target, path, start, end s from the first, wire bytes)
            "network": [(r["target"], urlparse(r["url"]).path, round(r["start"] - t0, 2), round(r["end"] - t0, 2),
                         r["wire"]) for r in network if r["url"].startswith("http") and r["wire"] > 0]}


def bench_phone(runs: int, probe_first: bool = True) -> dict:
    """Site and bare page under the phone profile, first and repeat visit, interleaved."""
    load_start = [round(x, 2) for x in os.getloadavg()]
    site = bench_site()
    results = {f"{name}_{kind}": [] for name in PHONE_PAGES for kind in ("first", "repeat")}
    with tempfile.TemporaryDirectory(prefix="moteplay-phone-log-") as logs:
        server = PagesServer(site, Path(logs) / "requests.log")
        try:
            warm(server, site)
            checked = probe(server, site) if probe_first else None
            for run in range(runs):
                for name in (("site", "bare") if run % 2 == 0 else ("bare", "site")):
                    profile = Path(tempfile.mkdtemp(prefix="moteplay-phone-"))
                    try:
                        for kind in ("first", "repeat"):
                            r = visit(profile, server, name)
                            results[f"{name}_{kind}"].append(r)
                            print(f"  run {run + 1} {name:4} {kind:6} lobby {r['lobby_ms']:6} ms  engine {r['ms']:6} ms"
                                  + (f"  first decision {r['decision_ms']:6} ms" if r["decision_ms"] else "")
                                  + f"  {r['boot']:8} {r['bytes']:,} bytes on the wire"
                                  + (f" ({r['bytes_before_decision']:,} before the first decision)"
                                     if name == "site" else ""), flush=True)
                    finally:
                        shutil.rmtree(profile, ignore_errors=True)
        finally:
            server.stop()
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout.strip()
    out = {"runs": runs, "chromium": version, "probe": checked, "load_average_start": load_start,
           "profile": {"network": PHONE, "cpu_slowdown": CPU_SLOWDOWN, "screen": SCREEN}}
    for key, rs in results.items():
        med = lambda field: statistics.median(r[field] for r in rs) if rs and rs[0][field] is not None else None  # noqa: E731
        out[key] = {field: [r[field] for r in rs] for field in
                    ("ms", "lobby_ms", "decision_ms", "bytes", "bytes_before_decision", "boot", "requests",
                     "downloads", "settled_s")}
        out[key].update(median_ms=med("ms"), median_lobby_ms=med("lobby_ms"), median_decision_ms=med("decision_ms"),
                        median_bytes=med("bytes"), median_bytes_before_decision=med("bytes_before_decision"),
                        network_first_run=rs[0]["network"] if rs else [], marks_first_run=rs[0]["marks"] if rs else {})
    for kind in ("first", "repeat"):
        bare = out[f"bare_{kind}"]["median_ms"]
        out[f"decision_ratio_{kind}"] = round(out[f"site_{kind}"]["median_decision_ms"] / bare, 3)
        out[f"ratio_{kind}"] = round(out[f"site_{kind}"]["median_ms"] / bare, 3)
    return out


def warm(server: PagesServer, site: Path) -> None:
    """Ask the server once for every file it compresses, so that no visit waits for the compression."""
    import urllib.request
    for file in site.rglob("*"):
        if file.suffix in (".wasm", ".mjs", ".js", ".json", ".html", ".css"):
            rel = file.relative_to(site).as_posix()
            req = urllib.request.Request(server.url + rel, headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(req) as r:
                r.read()
