"""The engine's glue in the browser (runs inside Pyodide, in PyScript's worker).

js/engine-boot.mjs has installed the engine wheel into site-packages and imports this module
before it makes the memory snapshot, so on a repeat visit it comes back already imported;
py/worker.py (the script PyScript runs) exports ``call`` and ``info`` to the page. Every
argument and reply is a JSON string (docs/bridge-contract.md).
"""
import json
import sys

import engine
from engine import bridge

# bridge function name -> does it take an argument?
_FUNCTIONS = {"list_games": False, "new_game": True, "view": True, "apply": True,
              "bot_turn": True, "bot_choose": True, "save": False, "load": True, "benchmark": True,
              "undo": True, "hint": True, "hint_start": True, "hint_step": True, "hint_stop": False,
              "replay_info": False, "replay_view": True}


def call(name, arg=None):
    """Call ``engine.bridge.<name>(arg)`` and return its JSON reply string.

    The bridge itself reports its bugs (``internal``, with the traceback); an exception that
    escapes it all the same (here, or in Pyodide) gets that same reply, so the page can show it
    instead of hanging.
    """
    if name not in _FUNCTIONS:
        return json.dumps({"ok": False, "error": f"unknown engine function {name!r}"})
    try:
        fn = getattr(bridge, name)
        return fn(arg) if _FUNCTIONS[name] else fn()
    except Exception as exc:  # noqa: BLE001 - report everything to the page
        return bridge.internal_error(exc)


def info():
    """Versions, shown in the page footer."""
    return json.dumps({"ok": True, "engine": getattr(engine, "__version__", "?"),
                       "python": sys.version.split()[0]})
