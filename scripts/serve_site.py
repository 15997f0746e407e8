#!/usr/bin/env python3
"""Serve ``site/`` over http with ``Cache-Control: no-cache`` and the right MIME types.

Used by ``scripts/serve`` (for playing) and imported by the e2e tests. ``no-cache`` makes
the browser revalidate every file, so a rebuilt site is always picked up (the engine's files
are content-hashed anyway). ``--base /moteplay/`` serves the site under a sub-path, as GitHub
Pages serves a project site (anything outside it is a 404).

``--pages`` sends what GitHub Pages sends instead: ``Cache-Control: max-age=600``, an
``ETag`` and ``Last-Modified`` on every file, and ``304 Not Modified`` when a request's
``If-None-Match`` or ``If-Modified-Since`` still matches. ``--log FILE`` appends one line per
request (``METHOD PATH STATUS BYTES``, the body's bytes as sent). scripts/bench runs it so, in
a process of its own. ``--pages`` also compresses as GitHub Pages does: HTML, CSS, JavaScript,
JSON, the manifest, SVG and wasm go gzip-compressed to a request that accepts gzip
(``Content-Encoding: gzip``, ``Vary: Accept-Encoding``, an ETag of their own), each file
compressed once and kept in memory.
"""
from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import mimetypes
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"

MIME = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".whl": "application/zip", ".py": "text/plain; charset=utf-8",
        ".css": "text/css", ".html": "text/html; charset=utf-8", ".svg": "image/svg+xml",
        ".zip": "application/zip", ".gz": "application/gzip", ".png": "image/png",
        ".webmanifest": "application/manifest+json"}
GZIPPED = {".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".svg", ".wasm"}  # as GitHub Pages
_gzip_cache: dict[tuple[str, int, int], bytes] = {}  # (path, mtime_ns, size) -> the compressed file
_gzip_lock = threading.Lock()


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**mimetypes.types_map, **MIME}
    quiet = False
    base = "/"  # the URL path the site is served under, e.g. "/moteplay/"
    pages = False  # GitHub Pages' caching headers instead of no-cache
    log_file = None  # a path: one line per request
    etag = None
    body_bytes = 0

    def send_head(self):
        if self.path == self.base.rstrip("/"):  # "/moteplay" -> "/moteplay/", as GitHub Pages does
            self.send_response(301)
            self.send_header("Location", self.base)
            self.end_headers()
            return None
        if not self.path.startswith(self.base):
            self.send_error(404, "Outside the site")
            return None
        self.etag = None
        self.body_bytes = 0
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if path.is_file():
            stat = path.stat()
            self.body_bytes = stat.st_size
            packed = self.gzipped(path, stat)
            if self.pages:
                self.etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-gzip" if packed else ""}"'
                if self.not_modified(stat):
                    self.body_bytes = 0
                    self.send_response(304)
                    self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
                    self.end_headers()
                    return None
            if packed is not None:
                self.body_bytes = len(packed)
                self.send_response(200)
                self.send_header("Content-type", self.guess_type(str(path)))
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(packed)))
                self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
                self.end_headers()
                return io.BytesIO(packed)
        return super().send_head()

    def gzipped(self, path: Path, stat) -> bytes | None:
        """The file gzip-compressed when GitHub Pages would send it so (--pages, a compressible
        type, a request that accepts gzip); compressed once and kept."""
        if not self.pages or path.suffix not in GZIPPED:
            return None
        if "gzip" not in self.headers.get("Accept-Encoding", ""):
            return None
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        with _gzip_lock:
            if key not in _gzip_cache:
                _gzip_cache[key] = gzip.compress(path.read_bytes(), 6, mtime=0)
            return _gzip_cache[key]

    def not_modified(self, stat) -> bool:
        """Does the browser's copy still match (If-None-Match, else If-Modified-Since)?"""
        tags = self.headers.get("If-None-Match")
        if tags is not None:
            return self.etag in [t.strip() for t in tags.split(",")] or tags.strip() == "*"
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                return int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError, OverflowError):
                return False
        return False

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path[len(self.base):])

    def end_headers(self) -> None:
        if self.pages:
            self.send_header("Cache-Control", "max-age=600")
            if self.etag:
                self.send_header("ETag", self.etag)
            if Path(self.path.split("?")[0]).suffix in GZIPPED or self.path.endswith("/"):
                self.send_header("Vary", "Accept-Encoding")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    rate = None  # bytes per second: each response's body is sent no faster (a slow network)

    def copyfile(self, source, outputfile) -> None:
        if not self.rate:
            return super().copyfile(source, outputfile)
        chunk = max(1024, self.rate // 20)  # twenty writes a second
        while data := source.read(chunk):
            outputfile.write(data)
            time.sleep(len(data) / self.rate)

    def log_request(self, code="-", size="-") -> None:
        if self.log_file:
            status = int(code) if str(code).isdigit() else code
            sent = self.body_bytes if status == 200 else 0
            with open(self.log_file, "a", encoding="utf-8") as log:
                log.write(f"{self.command} {self.path} {status} {sent}\n")
        super().log_request(code, size)

    def log_message(self, fmt: str, *args) -> None:  # keep the terminal readable
        if not self.quiet:
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(host: str = "127.0.0.1", port: int = 8000, directory: Path = SITE,
                quiet: bool = False, base: str = "/", pages: bool = False, log_file: Path | None = None) -> Server:
    """A threaded server for ``directory`` under the URL path ``base`` (port 0 picks a free port);
    ``pages``: GitHub Pages' caching headers; ``log_file``: one line per request."""
    base = url_base(base)
    attrs = {"quiet": quiet, "base": base, "pages": pages, "log_file": str(log_file) if log_file else None}
    handler = functools.partial(type("H", (Handler,), attrs), directory=str(directory))
    server = Server((host, port), handler)
    server.base = base
    return server


def url_base(base: str) -> str:
    """"moteplay" / "/moteplay" / "/moteplay/" -> "/moteplay/"; "" or "/" -> "/"."""
    return f"/{base.strip('/')}/" if base.strip("/") else "/"


def serve_in_thread(directory: Path = SITE, host: str = "127.0.0.1", port: int = 0,
                    base: str = "/", rate: int | None = None, log_file: Path | None = None) -> tuple[Server, str]:
    """Start a quiet server (on a free port unless given) in a daemon thread; returns (server, URL).
    ``rate``: send every file no faster than this many bytes a second; ``log_file``: one line per request."""
    server = make_server(host, port, directory, quiet=True, base=base, log_file=log_file)
    server.RequestHandlerClass.func.rate = rate
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}{server.base}"


def main() -> int:
    ap = argparse.ArgumentParser(description="Serve site/ for local play.")
    ap.add_argument("--port", "-p", type=int, default=8000)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--dir", type=Path, default=SITE)
    ap.add_argument("--base", default="/", help="URL path to serve the site under, e.g. /moteplay/")
    ap.add_argument("--pages", action="store_true",
                    help="GitHub Pages' headers (Cache-Control: max-age=600, ETag, Last-Modified, 304) "
                         "and its gzip compression")
    ap.add_argument("--log", type=Path, help="append one line per request to this file")
    ap.add_argument("--quiet", action="store_true", help="no request lines on the terminal")
    args = ap.parse_args()
    if not (args.dir / "index.html").exists():
        sys.exit(f"error: {args.dir}/index.html not found; run scripts/build first")
    try:
        server = make_server(args.host, args.port, args.dir, base=args.base, pages=args.pages,
                             log_file=args.log, quiet=args.quiet)
    except OSError as exc:
        sys.exit(f"error: cannot listen on {args.host}:{args.port}: {exc} (try --port N)")
    print(f"Serving {args.dir} at http://{args.host}:{server.server_address[1]}{server.base}  (Ctrl+C to stop)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
