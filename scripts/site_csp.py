"""The page's Content Security Policy, written by scripts/assemble_site.py into site/index.html
as a ``<meta http-equiv="Content-Security-Policy">`` (GitHub Pages cannot send headers).

What the page may load and why (docs/web-guide.md, "Vendored libraries, the import map and the CSP"):

* ``default-src 'self'``: anything not named below (styles, fonts, the manifest, frames)
  only from the site itself.
* ``script-src 'self'``, plus the sha256 of each inline script of index.html, which the build
  computes from the final page: the theme script (js/theme.js), the preload script and the import map (inline import maps
  are checked against script-src like inline scripts). No other inline script runs, so an
  injected ``<script>`` or ``onclick=`` is refused.
  ``'wasm-unsafe-eval'``: Pyodide compiles its WebAssembly (``WebAssembly.compile``).
  ``'unsafe-eval'``: PyScript builds functions from text with ``Function(...)``: its
  ``PyWorker`` constructor, on the page, joins the worker's hooks into one function
  (``onBeforeRunAsync``), and its worker does the same for calls between the two. Without
  it the engine never starts ("EvalError: Evaluating a string as JavaScript violates the
  following Content Security Policy directive"). PyScript's worker is a blob: worker, which
  inherits this policy.
* No ``style-src``/``'unsafe-inline'``: the page sets styles only through its stylesheets and
  the CSSOM (``element.style``), which a CSP does not restrict; the end-to-end tests fail on
  any CSP violation the page reports.
* ``worker-src 'self' blob:``: the service worker (sw.js) and PyScript's blob: worker.
* ``connect-src 'self' blob:``: blob: for Python's standard library, which the engine's worker
  inflates and hands to Pyodide as a blob: URL; the public relays of web/js/net/config.js (RELAYS, read by the
  build), and ``ws://127.0.0.1:* ws://localhost:*`` for a relay run on this machine (people
  and the tests). Other relays named in ``?relays=`` are refused. WebRTC itself (STUN, TURN,
  the data channels) is not governed by connect-src.
* ``img-src 'self' data: blob:``: our icons and pictures; data:/blob: for images made in the
  page (a QR code).
* ``object-src 'none'``, ``base-uri 'self'``: no plugins; no ``<base>`` pointing elsewhere.
"""
from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

CSP_PLACEHOLDER = "<!-- the build writes the Content-Security-Policy here"
LOCAL_RELAYS = ["ws://127.0.0.1:*", "ws://localhost:*"]

_INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc\s*=)[^>]*>(.*?)</script>", re.S | re.I)
_RELAYS = re.compile(r"export const RELAYS = \[(.*?)\];", re.S)


def relays_from_config(config_js: Path) -> list[str]:
    """The public relays listed in web/js/net/config.js's ``RELAYS`` (wss:// URLs)."""
    found = _RELAYS.search(config_js.read_text())
    if not found:
        raise SystemExit(f"error: {config_js} lost its `export const RELAYS = [...];`")
    body = re.sub(r"^\s*//.*$", "", found.group(1), flags=re.M)  # whole-line comments
    relays = re.findall(r"""["']([^"']*)["']""", body)
    bad = [url for url in relays if not re.fullmatch(r"wss://[A-Za-z0-9.-]+(:\d+)?(/[A-Za-z0-9._~/-]*)?", url)]
    if not relays or bad:
        raise SystemExit(f"error: {config_js}: RELAYS must be wss:// URLs, found {relays}")
    return relays


def inline_script_hashes(html: str) -> list[str]:
    """``'sha256-…'`` of every inline ``<script>`` (import maps included) of ``html``."""
    return [f"'sha256-{base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()}'"
            for body in _INLINE_SCRIPT.findall(html)]


def policy(html: str, relays: list[str]) -> str:
    """The policy for the finished page ``html`` (see the module's docstring)."""
    directives = {
        "default-src": ["'self'"],
        "script-src": ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'", *inline_script_hashes(html)],
        "worker-src": ["'self'", "blob:"],
        "connect-src": ["'self'", "blob:", *relays, *LOCAL_RELAYS],
        "img-src": ["'self'", "data:", "blob:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
    }
    return "; ".join(f"{name} {' '.join(values)}" for name, values in directives.items())


def write_policy(page: Path, relays: list[str]) -> str:
    """Replace index.html's CSP placeholder with the meta tag; call it last, once the page's
    inline scripts are final. Returns the policy."""
    html = page.read_text()
    start = html.find(CSP_PLACEHOLDER)
    if start < 0:
        raise SystemExit(f"error: web/index.html lost its placeholder {CSP_PLACEHOLDER!r}")
    end = html.index("-->", start) + 3
    rest = html[:start] + html[end:]
    text = policy(rest, relays)
    page.write_text(html[:start] + f'<meta http-equiv="Content-Security-Policy" content="{text}">' + html[end:])
    return text
