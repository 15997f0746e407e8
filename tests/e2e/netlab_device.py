"""A device of the network lab (netlab.py), run inside the device's network namespace
(``ip netns exec NS python3 netlab_device.py ...``):

* serves the built site on ``127.0.0.1:--port``, so the page is a secure context (``crypto.subtle``)
  and every device opens the same address (each namespace has a loopback of its own);
* forwards TCP ``127.0.0.1:LOCAL`` to ``HOST:PORT`` (``--forward LOCAL=HOST:PORT``): the lab's
  relay, reached through the device's router like any other server. The page's Content Security
  Policy lets it open WebSockets to the public relays and to ``ws://127.0.0.1:*`` only, so the
  page names the relay as ``ws://127.0.0.1:LOCAL``; the bytes still cross the lab's NATs.

Prints ``ready`` once both listen; runs until SIGTERM.
"""
from __future__ import annotations

import argparse
import signal
import socket
import socketserver
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from serve_site import make_server  # found through sys.path, set above


def pump(source: socket.socket, sink: socket.socket) -> None:
    """Copy ``source`` to ``sink`` until either end closes; then shut both down."""
    try:
        while data := source.recv(65536):
            sink.sendall(data)
    except OSError:
        pass
    for sock in (source, sink):
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def forwarder(local: int, upstream: tuple[str, int]) -> socketserver.ThreadingTCPServer:
    class Handler(socketserver.BaseRequestHandler):
        def handle(self) -> None:
            try:
                far = socket.create_connection(upstream, timeout=10)
            except OSError:
                return
            far.settimeout(None)
            back = threading.Thread(target=pump, args=(far, self.request), daemon=True)
            back.start()
            pump(self.request, far)
            back.join()
            far.close()

    socketserver.ThreadingTCPServer.allow_reuse_address = True
    server = socketserver.ThreadingTCPServer(("127.0.0.1", local), Handler)
    server.daemon_threads = True
    return server


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, required=True)
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--forward", action="append", default=[], help="LOCAL=HOST:PORT")
    args = ap.parse_args()
    servers = [make_server("127.0.0.1", args.port, args.site, quiet=True)]
    for spec in args.forward:
        local, far = spec.split("=")
        host, port = far.rsplit(":", 1)
        servers.append(forwarder(int(local), (host, int(port))))
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print("ready", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
