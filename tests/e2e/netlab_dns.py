"""The network lab's DNS server (netlab.py), run in the lab's internet namespace: every lab
namespace's resolv.conf names it, so no device's lookup leaves the lab. It answers A queries for
the lab's own names (``NAME=IP`` arguments) and NXDOMAIN to anything else (Chromium's own
services ask for Google's names even with background networking off), and writes each name
asked to its log, one line each (``ANSWER NAME``).

    python3 netlab_dns.py 198.18.0.1 LOGFILE turn.lab.invalid=198.18.0.2 ...

Prints ``ready`` once it listens on UDP port 53; runs until killed.
"""
from __future__ import annotations

import socket
import struct
import sys


def question(packet: bytes) -> tuple[str, int, int]:
    """The first question's name, type, and the offset just past it."""
    at, labels = 12, []
    while packet[at]:
        labels.append(packet[at + 1:at + 1 + packet[at]].decode("ascii", "replace"))
        at += 1 + packet[at]
    qtype = struct.unpack("!H", packet[at + 1:at + 3])[0]
    return ".".join(labels).lower(), qtype, at + 5


def answer(packet: bytes, names: dict[str, str]) -> tuple[bytes, str, str]:
    name, qtype, end = question(packet)
    ip = names.get(name)
    flags = 0x8180 if ip else 0x8183  # a response, recursion available; NOERROR or NXDOMAIN
    records = b""
    if ip and qtype == 1:
        records = b"\xc0\x0c" + struct.pack("!HHIH", 1, 1, 60, 4) + socket.inet_aton(ip)
    header = packet[:2] + struct.pack("!HHHHH", flags, 1, 1 if records else 0, 0, 0)
    return header + packet[12:end] + records, name, ip or "NXDOMAIN"


def main() -> int:
    listen, log_path, *pairs = sys.argv[1:]
    names = dict(pair.split("=", 1) for pair in pairs)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind((listen, 53))
    print("ready", flush=True)
    with open(log_path, "a", encoding="utf-8") as log:
        while True:
            packet, peer = sock.recvfrom(4096)
            try:
                reply, name, said = answer(packet, names)
            except (IndexError, struct.error):
                continue
            sock.sendto(reply, peer)
            log.write(f"{said} {name}\n")
            log.flush()


if __name__ == "__main__":
    sys.exit(main())
