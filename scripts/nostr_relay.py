"""A real Nostr relay (``nostr-relay`` from PyPI, requirements-dev.txt) on a free 127.0.0.1 port,
for the end-to-end tests, the several-devices benchmark and the screenshots of play on several
devices. It runs in its own process group (gunicorn's master and its worker stop together), its
SQLite database and its log in a folder of the caller's.

    relay = NostrRelay(folder)     # started and answering, or RelayError with its log's end
    relay.url                      # "ws://127.0.0.1:PORT"
    relay.stop()

The network lab (tests/e2e/netlab.py) runs it inside a network namespace, on an address of
the lab's: ``NostrRelay(folder, host="198.18.0.3", port=7447, netns="NAME")``. Stopped, it
starts again on the same port and database with the same call.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CONFIG = """\
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{folder}/nostr.sqlite3
gunicorn: {{bind: "{host}:{port}", workers: 1, control_socket_disable: true}}
verification: {{nip05_verification: disabled}}
authentication: {{enabled: false}}
"""
START_S = 30  # how long the relay may take to answer


class RelayError(RuntimeError):
    """nostr-relay is not installed, or did not start (the message ends with its log)."""


# Asks the relay once, from inside a network namespace (``ip netns exec``): exit 0 when it answers.
_PROBE = "import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)"


class NostrRelay:
    """nostr-relay on a free 127.0.0.1 port (or ``host``:``port``), its database and log in
    ``folder``; ``netns``: run it inside that network namespace (``ip netns exec``)."""

    def __init__(self, folder: Path, *, host: str = "127.0.0.1", port: int | None = None, netns: str | None = None):
        exe = Path(sys.executable).parent / "nostr-relay"
        exe = str(exe) if exe.exists() else shutil.which("nostr-relay")
        if not exe:
            raise RelayError("nostr-relay not found: pip install -r requirements-dev.txt")
        if port is None:
            with socket.socket() as sock:
                sock.bind((host, 0))
                port = sock.getsockname()[1]
        (folder / "config.yaml").write_text(CONFIG.format(folder=folder, host=host, port=port))
        self.log = open(folder / "relay.log", "ab")
        inside = ["ip", "netns", "exec", netns] if netns else []
        self.proc = subprocess.Popen([*inside, exe, "-c", str(folder / "config.yaml"), "serve"], cwd=folder,
                                     stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.port = port
        self.url = f"ws://{host}:{port}"
        deadline = time.monotonic() + START_S
        while True:
            if netns:
                answered = subprocess.run([*inside, sys.executable, "-c", _PROBE, f"http://{host}:{port}/"],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
            else:
                try:
                    with urllib.request.urlopen(f"http://{host}:{port}/", timeout=2) as answer:
                        answered = answer.status == 200
                except OSError:
                    answered = False
            if answered:
                return
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RelayError(f"nostr-relay did not start:\n{(folder / 'relay.log').read_text()[-3000:]}")
            time.sleep(0.1)

    def stop(self) -> None:
        """Stop the relay's process group (SIGTERM, then SIGKILL after 10 s) and close its log."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.log.close()
