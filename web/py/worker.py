"""The script PyScript's worker runs (``PyWorker("py/worker.py", ...)`` in js/engine-client.js).

By the time it runs, js/engine-boot.mjs has written the engine's compiled modules and imported
``engine_worker`` (on a repeat visit both come from the memory snapshot; the engine wheel's
sources follow the first answer), and PyScript has
bootstrapped its ``pyscript`` package on top. This script only exports the bridge to the
page, which calls ``await worker.sync.call(name, json)`` and ``await worker.sync.info()``.
"""
import _moteplay_boot

_moteplay_boot.mark("workerScript")
import json  # noqa: E402
from engine_worker import call, info as _engine_info  # noqa: E402, F401 - `call` is exported by __export__


def info():
    """Versions and how this boot went (``boot``: "snapshot" or "fresh", ``bootMs``,
    ``pythonMs``, ``snapshotError``), as JSON. The page's first call: it proves the worker's
    Python runs (PyScript's ``worker.ready`` resolves even when this script failed)."""
    return json.dumps({**json.loads(_engine_info()), **json.loads(_moteplay_boot.ready())})


__export__ = ["call", "info"]
