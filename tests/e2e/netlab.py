"""The network lab: people's devices behind home routers and a mobile carrier's NAT, on an
"internet" of the lab's own, in Linux network namespaces made by the test (root, ``ip netns``,
iptables, coturn). docs/testing.md, "The network lab", draws it.

    with Lab(site_dir, work_dir) as lab:              # built, every server answering
        lab.devices["home_a"]                         # a Device: its namespace, address, router
        lab.chromium(lab.devices["home_a"])           # a wrapper script: Chromium inside that device
        lab.page_url                                  # http://127.0.0.1:8000/ on every device
        lab.relay_local                               # ws://127.0.0.1:7447 (forwarded to the lab's relay)
        lab.stun_url, lab.turn                        # the lab's coturn, as STUN and as TURN
        lab.escaped()                                 # packets any router refused to send out of the lab
        lab.dns_asked()                               # the names looked up in the lab's DNS, and its answers
    # gone: every namespace (with its veths and iptables rules) and every process in them

Nothing leaves the lab: the "internet" namespace is joined to nothing but the lab's routers, the
routers' only way out is the lab's internet, and they drop (and count, ``escaped()``) anything a
device sends beyond the lab's addresses (198.18.0.0/15, the benchmarking range). Every lab
namespace resolves names through the lab's own DNS server (``/etc/netns/<ns>/resolv.conf``, which
``ip netns exec`` puts in place of /etc/resolv.conf): it knows the lab's names (``LAB_NAMES``) and
answers NXDOMAIN to anything else. The pages name only the lab's coturn (``?stun=``, a saved TURN
server) and its relay.

Names: every namespace is ``mplab<pid>x<n>-<role>``; a run that was killed leaves them behind, and the
next ``Lab`` removes those whose process is gone (``remove_leftovers``), with any process still
inside them and their ``/etc/netns`` folders.
"""
from __future__ import annotations

import itertools
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from nostr_relay import NostrRelay, RelayError  # noqa: E402 - found through sys.path, set above

PREFIX = "mplab"
LAB_NET = "198.18.0.0/15"
INET_GATEWAY = "198.18.0.1"   # the "internet" namespace's own address: the lab's DNS server
TURN_IP = "198.18.0.2"        # coturn: STUN and TURN on UDP 3478, relayed ports 49152-49999
RELAY_IP = "198.18.0.3"       # the Nostr relay
RELAY_PORT = 7447
SITE_PORT = 8000              # the site on 127.0.0.1 inside every device
TURN_USER, TURN_PASSWORD, TURN_REALM = "lab", "lab-turn-password", "lab.invalid"
LAB_NAMES = {"turn.lab.invalid": TURN_IP, "relay.lab.invalid": RELAY_IP}  # what the lab's DNS answers
NETNS_ETC = Path("/etc/netns")
_runs = itertools.count(1)
# ip, iptables and tc live in /usr/sbin, which a non-login root shell may not have on its PATH
for _folder in ("/usr/sbin", "/sbin"):
    if _folder not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = os.environ.get("PATH", "") + os.pathsep + _folder


class LabError(RuntimeError):
    """The lab cannot be made here (not root, no network namespaces, a tool missing), or a
    part of it did not start; the message says which."""


@dataclass
class Network:
    """A router and the device behind it: ``kind`` "cone" (a home router: the same public port for
    every destination) or "symmetric" (a carrier's NAT: a new public port for each destination)."""
    role: str
    kind: str
    public_ip: str     # the router's address on the lab's internet
    lan_router: str    # the router's address on its LAN
    lan_device: str    # the device's address
    prefix: int        # the LAN's prefix length


# home A and home B: the usual home LAN; the carrier: shared address space (RFC 6598), as carriers use
NETWORKS = [
    Network("home_a", "cone", "198.18.1.1", "192.168.1.1", "192.168.1.2", 24),
    Network("home_b", "cone", "198.18.2.1", "192.168.1.1", "192.168.1.2", 24),
    Network("carrier", "symmetric", "198.18.3.1", "100.64.0.1", "100.64.0.2", 10),
]


@dataclass
class Device:
    role: str
    ns: str          # the device's namespace
    router_ns: str   # its router's namespace
    network: Network


def run(*args: str, check: bool = True, timeout: float = 30) -> subprocess.CompletedProcess:
    """Run a command; a failure raises LabError with its output."""
    done = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    if check and done.returncode != 0:
        raise LabError(f"{' '.join(args)} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")
    return done


def in_ns(ns: str, *args: str, check: bool = True, timeout: float = 30) -> subprocess.CompletedProcess:
    return run("ip", "netns", "exec", ns, *args, check=check, timeout=timeout)


def can_run() -> str | None:
    """None when a lab can be made on this machine, else why not."""
    if os.geteuid() != 0:
        return "the network lab needs root (network namespaces, iptables)"
    missing = [tool for tool in ("ip", "iptables", "turnserver") if not shutil.which(tool)]
    if missing:
        return (f"the network lab needs {', '.join(missing)}: apt-get install -y iproute2 iptables coturn"
                " (scripts/test does it)")
    probe = f"{PREFIX}{os.getpid()}x0-probe"  # removed as a leftover if this run dies here
    try:
        run("ip", "netns", "add", probe)
        in_ns(probe, "iptables", "-t", "nat", "-A", "POSTROUTING", "-j", "MASQUERADE", "--random-fully")
    except (LabError, OSError, subprocess.TimeoutExpired) as error:
        return f"network namespaces or iptables NAT do not work here: {error}"
    finally:
        run("ip", "netns", "del", probe, check=False)
    return None


def has_netem() -> bool:
    """Does this kernel have the netem queueing discipline (delay, loss)? Checked in a namespace
    of its own."""
    probe = f"{PREFIX}{os.getpid()}x0-netem"
    try:
        run("ip", "netns", "add", probe)
        return in_ns(probe, "tc", "qdisc", "add", "dev", "lo", "root", "netem", "delay", "1ms",
                     check=False).returncode == 0
    finally:
        run("ip", "netns", "del", probe, check=False)


def kill_inside(ns: str) -> None:
    """End every process in namespace ``ns`` (SIGTERM, then SIGKILL after 3 s)."""
    pids = [int(p) for p in run("ip", "netns", "pids", ns, check=False).stdout.split()]
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + 3
        while pids and time.monotonic() < deadline:
            pids = [p for p in pids if Path(f"/proc/{p}").exists()]
            time.sleep(0.05)
        if not pids:
            return


def _alive(pid: int) -> bool:
    """Is process ``pid`` running (a zombie is not)?"""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def remove_leftovers() -> list[str]:
    """Remove the namespaces of lab runs whose process is gone (a run killed before it cleaned
    up), and every process still inside them; returns their names. Another live run's lab is
    left alone."""
    removed = []
    names = [line.split()[0] for line in run("ip", "netns", "list", check=False).stdout.splitlines() if line.split()]
    folders = [path.name for path in NETNS_ETC.glob(f"{PREFIX}*")] if NETNS_ETC.is_dir() else []
    for name in dict.fromkeys(names + folders):
        found = re.fullmatch(rf"{PREFIX}(\d+)x\d+-.+", name)
        if not found or _alive(int(found.group(1))):
            continue
        if name in names:
            kill_inside(name)
            run("ip", "netns", "del", name, check=False)
        shutil.rmtree(NETNS_ETC / name, ignore_errors=True)
        removed.append(name)
    return removed


class Lab:
    """The lab: see the module's docstring. ``site``: the built site; ``work``: a folder for the
    servers' logs, the relay's database and the Chromium wrappers."""

    def __init__(self, site: Path, work: Path):
        self.site = site
        self.work = work
        self.name = f"{PREFIX}{os.getpid()}x{next(_runs)}"
        self.inet = f"{self.name}-inet"
        self.namespaces: list[str] = []
        self.procs: list[subprocess.Popen] = []
        self.relay: NostrRelay | None = None
        self.devices: dict[str, Device] = {}
        self.page_url = f"http://127.0.0.1:{SITE_PORT}/"
        self.relay_local = f"ws://127.0.0.1:{RELAY_PORT}"
        self.stun_url = f"stun:{TURN_IP}:3478"
        self.turn = {"urls": [f"turn:{TURN_IP}:3478?transport=udp"], "username": TURN_USER,
                     "credential": TURN_PASSWORD}
        self.leftovers: list[str] = []
        self.dns_log = work / "dns-asked.log"

    # -- making and removing ------------------------------------------------------------------

    def __enter__(self) -> Lab:
        self.leftovers = remove_leftovers()
        try:
            self._build()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _netns(self, role: str) -> str:
        ns = f"{self.name}-{role}"
        self.namespaces.append(ns)
        (NETNS_ETC / ns).mkdir(parents=True, exist_ok=True)
        (NETNS_ETC / ns / "resolv.conf").write_text(f"nameserver {INET_GATEWAY}\n")
        run("ip", "netns", "add", ns)
        run("ip", "-n", ns, "link", "set", "lo", "up")
        # IPv4 only, so every address a page can use is one the lab gave out
        in_ns(ns, "sysctl", "-qw", "net.ipv6.conf.all.disable_ipv6=1", "net.ipv6.conf.default.disable_ipv6=1")
        return ns

    def _build(self) -> None:
        inet = self._netns("inet")
        run("ip", "-n", inet, "link", "add", "lab0", "type", "bridge")
        for ip in (INET_GATEWAY, TURN_IP, RELAY_IP):
            run("ip", "-n", inet, "addr", "add", f"{ip}/15", "dev", "lab0")
        run("ip", "-n", inet, "link", "set", "lab0", "up")
        self._dns()
        for net in NETWORKS:
            self._network(net)
        self._coturn()
        self._relay()
        for device in self.devices.values():
            self._device_agent(device)

    def _network(self, net: Network) -> None:
        router = self._netns(f"{net.role}-r")
        device = self._netns(f"{net.role}-d")
        # the router's WAN on the internet's bridge; its LAN to the device
        run("ip", "link", "add", "wan", "netns", router, "type", "veth", "peer", "name", f"to-{net.role}"[:15], "netns", self.inet)
        run("ip", "-n", self.inet, "link", "set", f"to-{net.role}"[:15], "master", "lab0", "up")
        run("ip", "link", "add", "lan", "netns", router, "type", "veth", "peer", "name", "eth0", "netns", device)
        run("ip", "-n", router, "addr", "add", f"{net.public_ip}/15", "dev", "wan")
        run("ip", "-n", router, "addr", "add", f"{net.lan_router}/{net.prefix}", "dev", "lan")
        run("ip", "-n", device, "addr", "add", f"{net.lan_device}/{net.prefix}", "dev", "eth0")
        for ns, dev in ((router, "wan"), (router, "lan"), (device, "eth0")):
            run("ip", "-n", ns, "link", "set", dev, "up")
        run("ip", "-n", device, "route", "add", "default", "via", net.lan_router)
        # the router's way out is the lab's internet, which has no way out: anything a device sends
        # beyond the lab reaches the router's FORWARD chain, where it is counted and dropped
        run("ip", "-n", router, "route", "add", "default", "via", INET_GATEWAY)
        in_ns(router, "sysctl", "-qw", "net.ipv4.ip_forward=1")
        masquerade = ["iptables", "-t", "nat", "-A", "POSTROUTING", "-o", "wan", "-j", "MASQUERADE"]
        if net.kind == "symmetric":
            masquerade.append("--random-fully")  # a new public port for every new flow
        in_ns(router, *masquerade)
        rules = [
            ["-P", "FORWARD", "DROP"],
            # out to the lab's internet only; anything else is counted (escaped()) and dropped
            ["-A", "FORWARD", "-i", "lan", "-o", "wan", "-d", LAB_NET, "-j", "ACCEPT"],
            ["-A", "FORWARD", "-i", "lan", "-j", "DROP"],
            # in: only answers to what went out (unsolicited packets are dropped)
            ["-A", "FORWARD", "-i", "wan", "-o", "lan", "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED",
             "-j", "ACCEPT"],
            ["-A", "INPUT", "-i", "wan", "-m", "conntrack", "!", "--ctstate", "ESTABLISHED,RELATED", "-j", "DROP"],
        ]
        for rule in rules:
            in_ns(router, "iptables", *rule)
        self.devices[net.role] = Device(net.role, device, router, net)

    def _spawn(self, name: str, ns: str, *args: str) -> subprocess.Popen:
        log = open(self.work / f"{name}.log", "ab")
        proc = subprocess.Popen(["ip", "netns", "exec", ns, *args], stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        log.close()
        self.procs.append(proc)
        return proc

    def _dns(self) -> None:
        proc = subprocess.Popen(
            ["ip", "netns", "exec", self.inet, sys.executable, str(Path(__file__).with_name("netlab_dns.py")),
             INET_GATEWAY, str(self.dns_log), *(f"{name}={ip}" for name, ip in LAB_NAMES.items())],
            stdout=subprocess.PIPE, stderr=open(self.work / "dns.log", "ab"), stdin=subprocess.DEVNULL,
            start_new_session=True, text=True)
        self.procs.append(proc)
        if not proc.stdout or proc.stdout.readline().strip() != "ready":
            raise LabError(f"the lab's DNS server did not start:\n{(self.work / 'dns.log').read_text()[-2000:]}")

    def dns_asked(self) -> dict[str, str]:
        """Each name the lab's DNS server was asked for, with its answer (an address or NXDOMAIN)."""
        if not self.dns_log.exists():
            return {}
        return {name: said for said, name in (line.split(" ", 1) for line in self.dns_log.read_text().split("\n") if line)}

    def _coturn(self) -> None:
        folder = self.work / "coturn"
        folder.mkdir(exist_ok=True)
        proc = self._spawn(
            "coturn", self.inet, "turnserver", "-n", "--listening-ip", TURN_IP, "--relay-ip", TURN_IP,
            "--listening-port", "3478", "--min-port", "49152", "--max-port", "49999",
            "--lt-cred-mech", "--user", f"{TURN_USER}:{TURN_PASSWORD}", "--realm", TURN_REALM,
            "--fingerprint", "--no-tls", "--no-dtls", "--no-cli", "--no-rfc5780", "--no-software-attribute",
            "--db", str(folder / "turndb"), "--pidfile", str(folder / "turnserver.pid"),
            "--log-file", "stdout", "--simple-log")
        # a STUN Binding request from the lab's internet, until coturn answers (or 15 s)
        deadline = time.monotonic() + 15
        while in_ns(self.inet, sys.executable, "-c", STUN_PROBE, TURN_IP, check=False).returncode != 0:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise LabError(f"coturn did not answer STUN:\n{(self.work / 'coturn.log').read_text()[-2000:]}")
            time.sleep(0.1)

    def _relay(self) -> None:
        self.start_relay()

    def start_relay(self) -> None:
        """Start the lab's Nostr relay (again: the same address, port and database)."""
        folder = self.work / "relay"
        folder.mkdir(exist_ok=True)
        try:
            self.relay = NostrRelay(folder, host=RELAY_IP, port=RELAY_PORT, netns=self.inet)
        except RelayError as error:
            raise LabError(str(error)) from None

    def stop_relay(self) -> None:
        """Stop the lab's relay (pages connected through it lose their signalling, not their links)."""
        if self.relay is not None:
            self.relay.stop()
            self.relay = None

    def _device_agent(self, device: Device) -> None:
        proc = subprocess.Popen(
            ["ip", "netns", "exec", device.ns, sys.executable, str(Path(__file__).with_name("netlab_device.py")),
             "--site", str(self.site), "--port", str(SITE_PORT), "--forward", f"{RELAY_PORT}={RELAY_IP}:{RELAY_PORT}"],
            stdout=subprocess.PIPE, stderr=open(self.work / f"device-{device.role}.log", "ab"),
            stdin=subprocess.DEVNULL, start_new_session=True, text=True)
        self.procs.append(proc)
        line = proc.stdout.readline() if proc.stdout else ""
        if line.strip() != "ready":
            raise LabError(f"the {device.role} device's server did not start:\n"
                           f"{(self.work / f'device-{device.role}.log').read_text()[-2000:]}")

    def close(self) -> None:
        """Remove everything: the relay, every process (ours and anything left in the namespaces),
        every namespace (their veths and iptables rules go with them). Safe to call twice."""
        self.stop_relay()
        for proc in self.procs:
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for proc in self.procs:
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            if proc.stdout:
                proc.stdout.close()
        self.procs.clear()
        for ns in reversed(self.namespaces):
            kill_inside(ns)
            run("ip", "netns", "del", ns, check=False)
            shutil.rmtree(NETNS_ETC / ns, ignore_errors=True)
        self.namespaces.clear()

    # -- using it -----------------------------------------------------------------------------

    def chromium(self, device: Device, binary: str = "/usr/bin/chromium") -> str:
        """A script that runs Chromium inside ``device``: Playwright's ``executable_path`` (it
        talks to the browser over a pipe, which ``ip netns exec`` keeps)."""
        wrapper = self.work / f"chromium-{device.role}"
        wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {device.ns} {binary} "$@"\n')
        wrapper.chmod(0o755)
        return str(wrapper)

    def escaped(self) -> dict[str, int]:
        """Packets each router dropped because a device sent them out of the lab (should be 0)."""
        counts = {}
        for device in self.devices.values():
            out = in_ns(device.router_ns, "iptables", "-L", "FORWARD", "-v", "-n", "-x").stdout
            drops = [line.split() for line in out.splitlines() if " DROP " in f" {line} " and "lan" in line.split()]
            counts[device.role] = sum(int(fields[0]) for fields in drops)
        return counts

    def mapped_ports(self, device: Device, *, destinations: int = 2) -> list[str]:
        """Send UDP from one socket of ``device`` to ``destinations`` ports of the lab's internet
        and return the public address each saw ("ip:port"): the same for a cone NAT, a new port
        for each destination behind a symmetric one."""
        ports = [40001 + i for i in range(destinations)]
        echo = subprocess.Popen(["ip", "netns", "exec", self.inet, sys.executable, "-c", UDP_ECHO, INET_GATEWAY,
                                 *map(str, ports)], stdout=subprocess.PIPE, text=True, start_new_session=True)
        try:
            assert echo.stdout and echo.stdout.readline().strip() == "ready"
            out = in_ns(device.ns, sys.executable, "-c", UDP_ASK, INET_GATEWAY, *map(str, ports)).stdout
            return out.split()
        finally:
            os.killpg(echo.pid, signal.SIGKILL)
            echo.wait()
            if echo.stdout:
                echo.stdout.close()

    def unsolicited_reaches(self, device: Device) -> bool:
        """Does a packet sent from the lab's internet to a public port the device is using, by an
        address the device never sent to, reach the device? (No: routers drop unsolicited inbound.)"""
        done = in_ns(device.ns, sys.executable, "-c", UNSOLICITED_LISTEN, INET_GATEWAY,
                     device.network.public_ip, self.inet, timeout=20)
        return done.stdout.strip() == "reached"


# A STUN Binding request (RFC 5389) to argv[1]:3478; exit 0 on a Binding success response.
STUN_PROBE = r"""
import os, socket, struct, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(0.5)
tid = os.urandom(12)
s.sendto(struct.pack("!HHI", 1, 0, 0x2112A442) + tid, (sys.argv[1], 3478))
data = s.recv(2048)
sys.exit(0 if data[:2] == b"\x01\x01" and data[8:20] == tid else 1)
"""

# Answer each UDP datagram on argv[1]:argv[2:] with the sender's "ip:port".
UDP_ECHO = r"""
import select, socket, sys
socks = []
for port in sys.argv[2:]:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind((sys.argv[1], int(port))); socks.append(s)
print("ready", flush=True)
while True:
    for s in select.select(socks, [], [])[0]:
        data, addr = s.recvfrom(100)
        s.sendto(f"{addr[0]}:{addr[1]}".encode(), addr)
"""

# From one socket, ask each of argv[1]:argv[2:] who we are; print the answers.
UDP_ASK = r"""
import socket, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(3)
for port in sys.argv[2:]:
    s.sendto(b"?", (sys.argv[1], int(port)))
    print(s.recv(100).decode())
"""

# On the device: learn our public port from argv[1]:40001, then have the internet namespace
# (argv[3]) send to that port from another port; print "reached" if it arrives.
UNSOLICITED_LISTEN = r"""
import socket, subprocess, sys
server, public, inet = sys.argv[1:4]
echo = subprocess.Popen(["ip", "netns", "exec", inet, sys.executable, "-c",
    "import socket,sys\ns=socket.socket(socket.AF_INET,socket.SOCK_DGRAM);s.bind((sys.argv[1],40001))\n"
    "print('ready',flush=True)\nd,a=s.recvfrom(100);s.sendto(f'{a[1]}'.encode(),a)", server],
    stdout=subprocess.PIPE, text=True)
echo.stdout.readline()
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(3)
s.sendto(b"?", (server, 40001))
port = int(s.recv(100))
echo.wait()
subprocess.run(["ip", "netns", "exec", inet, sys.executable, "-c",
    "import socket,sys\ns=socket.socket(socket.AF_INET,socket.SOCK_DGRAM);s.bind((sys.argv[1],40002))\n"
    "s.sendto(b'hello',(sys.argv[2],int(sys.argv[3])))", server, public, str(port)], check=True)
s.settimeout(1)
try:
    s.recv(100)
    print("reached")
except socket.timeout:
    print("dropped")
"""
