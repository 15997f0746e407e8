"""What the benchmarks share: the repository's root, Chromium's flags, the served copy of the site
(dist/bench-site/) and its server, and the machine's description."""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent.parent

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


# Other hosts fail to resolve: everything must come from 127.0.0.1 (checked per request too).
# No request routing here: Playwright's routing would turn the HTTP cache off.
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
BIG = 100_000  # bytes: a file this large downloaded twice in one visit is a failure
BENCH_PAGES = ROOT / "scripts" / "bench-pages"  # bare.html and its worker
BENCH_SITE = ROOT / "dist" / "bench-site"


def bench_site() -> Path:
    """dist/bench-site/: the built site/ (hard links to its files, or copies) with bench/ beside
    it: the bare page (scripts/bench-pages/) and Pyodide's full standard library and lock file
    from npm. The bare page loads ../pyodide/, the site's Pyodide files, so both pages are served from one
    folder; site/ itself, which Pages publishes, holds no benchmark file."""
    def link_or_copy(src, dst):
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)
    if not (ROOT / "site" / "build.json").exists():
        raise SystemExit("site/ is not built: run scripts/bench without --no-build, or scripts/build")
    shutil.rmtree(BENCH_SITE, ignore_errors=True)
    shutil.copytree(ROOT / "site", BENCH_SITE, copy_function=link_or_copy)
    shutil.copytree(BENCH_PAGES, BENCH_SITE / "bench")
    for name in ("python_stdlib.zip", "pyodide-lock.json"):  # Pyodide's own, as npm ships them
        shutil.copy2(ROOT / "node_modules" / "pyodide" / name, BENCH_SITE / "bench" / name)
    return BENCH_SITE


class PagesServer:
    """scripts/serve_site.py --pages in a process of its own (GitHub Pages' headers:
    Cache-Control max-age=600, ETag, Last-Modified, 304), logging every request."""

    def __init__(self, directory: Path, log: Path):
        self.log = log
        log.write_text("")
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "scripts" / "serve_site.py"), "--dir", str(directory), "--port", "0",
             "--pages", "--quiet", "--log", str(log)], stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        if " at " not in line:
            self.proc.kill()
            raise SystemExit(f"the benchmark's server did not start: {line!r}")
        self.url = line.split(" at ", 1)[1].split()[0]

    def lines(self) -> int:
        return len(self.log.read_text().splitlines())

    def requests(self, since: int) -> list[tuple[str, int, int]]:
        """(path, status, body bytes) of each request logged after line ``since``."""
        out = []
        for line in self.log.read_text().splitlines()[since:]:
            method, path, status, size = line.split(" ")
            out.append((path.split("?")[0], int(status), int(size)))
        return out

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def wait_for(page, predicate: str, failure: str, seconds: int = 60) -> None:
    for _ in range(seconds * 5):
        if page.evaluate(predicate):
            return
        page.wait_for_timeout(200)
    raise SystemExit(f"{failure} within {seconds} s")


def machine() -> dict:
    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
            "os": platform.platform(),
            # other work on the machine skews the numbers: record how busy it was
            "load_average_1_5_15": [round(x, 2) for x in os.getloadavg()]}
