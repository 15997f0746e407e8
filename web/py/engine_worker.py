"""Python side of the engine worker (runs inside Pyodide in a web worker).

web/js/engine-worker.js has unpacked the engine wheel into ``/home/pyodide/moteplay``
and put that folder on ``sys.path`` before importing this module; the worker calls
``call`` and ``info``. Every argument and reply is a JSON string
(docs/bridge-contract.md). When the worker boots from a memory snapshot, this module
and the engine are already imported.
"""
import json
import sys
import traceback

import engine
from engine import bridge

# bridge function name -> does it take an argument?
_FUNCTIONS = {"list_games": False, "new_game": True, "view": True, "apply": True,
              "bot_turn": True, "save": False, "load": True, "benchmark": True,
              "undo": True, "hint": True, "replay_info": False, "replay_view": True}


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
