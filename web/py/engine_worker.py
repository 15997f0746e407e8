"""Python side of the engine worker (runs inside a PyScript/Pyodide web worker).

PyScript's ``files`` setting has already unpacked the engine wheel into
``./moteplay/`` before this file runs (see web/js/engine-client.js); we put that
folder on ``sys.path``, import ``engine.bridge`` and export one dispatcher to the
page. Every argument and reply is a JSON string (docs/bridge-contract.md).
"""
import json
import sys
import traceback

sys.path.insert(0, "./moteplay")

import engine  # noqa: E402
from engine import bridge  # noqa: E402

# bridge function name -> does it take an argument?
_FUNCTIONS = {"list_games": False, "new_game": True, "view": True, "apply": True,
              "bot_turn": True, "save": False, "load": True, "benchmark": True}


def call(name, arg=None):
    """Call ``engine.bridge.<name>(arg)`` and return its JSON reply string.

    An unexpected exception (a bug, not a rule violation) becomes an ``ok: false``
    reply flagged ``internal`` with the traceback, so the page can show it
    instead of hanging.
    """
    if name not in _FUNCTIONS:
        return json.dumps({"ok": False, "error": f"unknown engine function {name!r}"})
    try:
        fn = getattr(bridge, name)
        return fn(arg) if _FUNCTIONS[name] else fn()
    except Exception as exc:  # noqa: BLE001 - report everything to the page
        return json.dumps({"ok": False, "internal": True,
                           "error": f"Internal engine error: {type(exc).__name__}: {exc}",
                           "traceback": traceback.format_exc()})


def info():
    """Versions, shown in the page footer."""
    return json.dumps({"ok": True, "engine": getattr(engine, "__version__", "?"),
                       "python": sys.version.split()[0]})


# PyScript exposes these on the worker's `sync` object for the main thread.
__export__ = ["call", "info"]
