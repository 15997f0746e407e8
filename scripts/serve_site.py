#!/usr/bin/env python3
"""Serve ``site/`` over http with ``Cache-Control: no-cache`` and the right MIME types.

Used by ``scripts/serve`` (for playing) and imported by the e2e tests and the bench.
``no-cache`` makes the browser revalidate every file, so a rebuilt site is always
picked up (the wheel is content-hashed anyway).
"""
from __future__ import annotations

import argparse
import functools
import http.server
import mimetypes
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"

MIME = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".whl": "application/zip", ".py": "text/plain; charset=utf-8",
        ".css": "text/css", ".html": "text/html; charset=utf-8", ".svg": "image/svg+xml",
        ".zip": "application/zip", ".png": "image/png"}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**mimetypes.types_map, **MIME}
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt: str, *args) -> None:  # keep the terminal readable
        if not self.quiet:
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(host: str = "127.0.0.1", port: int = 8000, directory: Path = SITE,
                quiet: bool = False) -> Server:
    """A threaded server for ``directory`` (port 0 picks a free port)."""
    handler = functools.partial(type("H", (Handler,), {"quiet": quiet}), directory=str(directory))
    return Server((host, port), handler)


def serve_in_thread(directory: Path = SITE, host: str = "127.0.0.1") -> tuple[Server, str]:
    """Start a quiet server on a free port in a daemon thread; returns (server, base URL)."""
    server = make_server(host, 0, directory, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


def main() -> int:
    ap = argparse.ArgumentParser(description="Serve site/ for local play.")
    ap.add_argument("--port", "-p", type=int, default=8000)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--dir", type=Path, default=SITE)
    args = ap.parse_args()
    if not (args.dir / "index.html").exists():
        sys.exit(f"error: {args.dir}/index.html not found; run scripts/build first")
    try:
        server = make_server(args.host, args.port, args.dir)
    except OSError as exc:
        sys.exit(f"error: cannot listen on {args.host}:{args.port}: {exc} (try --port N)")
    print(f"Serving {args.dir} at http://{args.host}:{server.server_address[1]}/  (Ctrl+C to stop)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
