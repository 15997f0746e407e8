"""Play on several devices over the network lab (netlab.py): each device's Chromium runs in its own
network namespace, behind a home router (cone NAT) or a mobile carrier's NAT (symmetric), and the
pages meet through the lab's Nostr relay and its coturn (STUN, TURN). Nothing reaches a public
server: the pages name only the lab's (``?relays=``, ``?stun=``, a saved TURN server), the lab has
no way out, and every test checks that no router had to drop a packet bound outside it.

These tests need root (network namespaces, iptables) and coturn; scripts/test installs what they
need. Without them they are skipped, and with ``CI`` set they fail instead.

The seated times are printed (``-s``); docs/testing.md, "The network lab", keeps the measured ones.
"""
from __future__ import annotations

import os
import random
import time

import pytest

import netlab
from conftest import CHROMIUM, PageProblems, SITE
from e2e_helpers import WAIT_MS
from net_helpers import click_an_action, my_turn, open_host, start_hosted, wait_seated

pytestmark = pytest.mark.netlab

# Chromium as on a person's device: no camera or microphone permission (so host candidates
# are hidden behind mDNS names), no loopback candidates
LAB_CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Every RTCPeerConnection a page makes, with the configuration it was given: the tests read the
# chosen candidate pair from its getStats(), and check that only the lab's servers were named.
# (An init script, so the page itself needs no hook: relay.js's connections extend the global.)
RECORD_PEER_CONNECTIONS = """(() => {
  const Native = window.RTCPeerConnection;
  if (!Native) return;
  const made = [];
  Object.defineProperty(window, '__labPeerConnections', { value: made });
  window.RTCPeerConnection = class extends Native {
    constructor(config) {
      super(config);
      made.push({ pc: this, config: JSON.parse(JSON.stringify(config ?? {})) });
    }
  };
})()"""

# The connected peer connections' chosen candidate pairs, and every ICE server URL named
SELECTED_PAIRS = """async () => {
  const pairs = [];
  for (const { pc } of window.__labPeerConnections) {
    if (pc.connectionState !== 'connected') continue;
    const stats = await pc.getStats();
    let id = null;
    stats.forEach((s) => { if (s.type === 'transport' && s.selectedCandidatePairId) id = s.selectedCandidatePairId; });
    const pair = id && stats.get(id);
    if (!pair) continue;
    const local = stats.get(pair.localCandidateId), remote = stats.get(pair.remoteCandidateId);
    pairs.push({ local: local.candidateType, localAddress: `${local.address}:${local.port}`,
                 remote: remote.candidateType, remoteAddress: `${remote.address}:${remote.port}` });
  }
  const urls = window.__labPeerConnections.flatMap(({ config }) =>
    (config.iceServers ?? []).flatMap((s) => [].concat(s.urls)));
  return { pairs, urls };
}"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """The lab for this module's tests (about 3 s to make, under 1 s to remove)."""
    why = netlab.can_run()
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"the network lab cannot run here: {why}")
        pytest.skip(why)
    if not (SITE / "index.html").exists():
        pytest.fail(f"{SITE} is not built: run scripts/build first (scripts/test does)")
    with netlab.Lab(SITE, tmp_path_factory.mktemp("netlab")) as made:
        if made.leftovers:
            print(f"\nremoved an earlier run's lab: {', '.join(made.leftovers)}")
        yield made
        escaped = made.escaped()
        assert not any(escaped.values()), f"devices sent packets out of the lab: {escaped}"


@pytest.fixture(scope="module")
def lab_browsers(lab, playwright):
    """``browser(role)``: a Chromium running inside that device of the lab (one per device for the module)."""
    launched = {}

    def browser(role: str):
        if role not in launched:
            launched[role] = playwright.chromium.launch(
                executable_path=lab.chromium(lab.devices[role], CHROMIUM), args=LAB_CHROMIUM_ARGS, headless=True)
        return launched[role]
    yield browser
    for each in launched.values():
        each.close()


@pytest.fixture
def lab_page(lab, lab_browsers):
    """``open(role, turn=False)``: a new page on that device (a fresh browser context: only
    127.0.0.1, errors watched), the lab's TURN server saved in it first when ``turn``."""
    problems = PageProblems()
    contexts = []

    def open_(role: str, *, turn: bool = False):
        context = lab_browsers(role).new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
        contexts.append(context)
        problems.guard(context)
        context.add_init_script(RECORD_PEER_CONNECTIONS)
        page = context.new_page()
        problems.watch(page)
        if turn:  # as "Your own TURN server" does: kept in this browser for later pages
            page.goto(f"{lab.page_url}#watch")  # a page of the site that starts no Python
            saved = page.evaluate("(turn) => import('./js/net/config.js').then((m) => m.saveTurn(turn))", lab.turn)
            assert saved["urls"] == lab.turn["urls"]
            page.goto("about:blank")  # so the invitation loads afresh (a new #fragment alone would not)
        return page
    yield open_
    for context in contexts:
        context.close()
    assert problems.blocked == [], f"a page tried to leave 127.0.0.1: {problems.blocked}"
    assert problems.errors == [], f"uncaught errors in a page: {problems.errors}"


def host_and_guest(lab, lab_page, host_role: str, guest_role: str, *, turn: bool):
    """A Motto table for two opened by the host's page on ``host_role``'s device, with the lab's
    relay and STUN server in its address; returns (host page, guest page, guest's invitation)."""
    host = lab_page(host_role, turn=turn)
    guest = lab_page(guest_role, turn=turn)
    links = open_host(host, lab.page_url, lab.relay_local, game="motto", players=2, seats=["human", "remote"],
                      names=["Ada", "Bea"], ice=f"stun={lab.stun_url}")
    assert f"stun={lab.stun_url.replace(':', '%3A')}" in links[1], links[1]  # the invitation carries it
    return host, guest, links[1]


def seat_guest(guest, link: str) -> float:
    """Open the invitation on the guest's device; the seconds until the guest is seated."""
    started = time.monotonic()
    guest.goto(link)
    wait_seated(guest)
    return time.monotonic() - started


def a_move_on_both(host, guest) -> None:
    """Start the game; the host plays until it is the guest's turn, the guest makes a move, and
    both pages show it."""
    start_hosted(host)
    rnd = random.Random(3)
    deadline = time.monotonic() + WAIT_MS / 1000
    while not my_turn(guest):
        assert time.monotonic() < deadline, "the guest's turn never came"
        if my_turn(host):
            click_an_action(host, rnd, first="confirm")
        else:
            host.wait_for_timeout(50)
    before = host.evaluate("window.__app.status.actions")
    click_an_action(guest, rnd, first="confirm")
    host.wait_for_function("(n) => window.__app.status.actions > n", arg=before, timeout=WAIT_MS)
    after = host.evaluate("window.__app.status.actions")
    guest.wait_for_function("(n) => window.__app.status && window.__app.status.actions === n", arg=after,
                            timeout=WAIT_MS)


def chosen_pairs(page) -> dict:
    return page.evaluate(SELECTED_PAIRS)


def only_lab_servers(lab, urls: list[str]) -> None:
    assert urls, "no ICE server named: the lab's STUN server should be"
    assert all(netlab.TURN_IP in url for url in urls), f"a server outside the lab was named: {urls}"


def test_lab_nats_behave_as_home_routers_and_a_carrier(lab):
    """The routers: a home router keeps a device's public port for every destination (cone), the
    carrier's NAT gives a new one to each (symmetric); both drop what nobody asked for."""
    home = lab.mapped_ports(lab.devices["home_a"], destinations=3)
    carrier = lab.mapped_ports(lab.devices["carrier"], destinations=3)
    assert len(set(home)) == 1 and home[0].startswith(lab.devices["home_a"].network.public_ip + ":"), home
    assert len(set(carrier)) == 3, f"the carrier's NAT reused a public port: {carrier}"
    assert all(a.startswith(lab.devices["carrier"].network.public_ip + ":") for a in carrier), carrier
    for role in ("home_b", "carrier"):
        assert not lab.unsolicited_reaches(lab.devices[role]), f"{role}'s router let an unsolicited packet in"
    # names: the lab's own DNS answers the lab's names, and nothing else
    device = lab.devices["home_b"].ns
    assert netlab.in_ns(device, "getent", "ahostsv4", "turn.lab.invalid").stdout.split()[0] == netlab.TURN_IP
    assert netlab.in_ns(device, "getent", "ahostsv4", "stun.l.google.com", check=False).returncode != 0
    assert lab.dns_asked()["stun.l.google.com"] == "NXDOMAIN"


def connected(lab, lab_page, host_role, guest_role, *, turn, what):
    """A host and a guest on those devices, the guest seated: returns both pages, the seconds
    until seated (printed) and the guest's chosen candidate pairs, checked to name only the
    lab's own ICE servers and to hold a connected pair."""
    host, guest, link = host_and_guest(lab, lab_page, host_role, guest_role, turn=turn)
    seated = seat_guest(guest, link)
    print(f"\n{what}: guest seated in {seated:.1f} s")
    found = chosen_pairs(guest)
    only_lab_servers(lab, found["urls"])
    assert found["pairs"], f"no connected peer connection on the guest's page: {found}"
    return host, guest, seated, found


def test_two_homes_through_the_lab_stun_server(lab, lab_page):
    """Host and guest each behind a home router (cone NATs), with the lab's STUN server only: the
    guest is seated over a direct path between the two routers' public addresses, and a move it
    makes shows on both pages."""
    host, guest, seated, found = connected(lab, lab_page, "home_a", "home_b", turn=False,
                                           what="two homes (cone NATs), lab STUN")
    for pair in found["pairs"]:  # one, unless a connection was made again
        print(f"chosen pair: {pair}")
        # straight between the two routers' public addresses (a peer-reflexive one is the same path)
        assert "relay" not in (pair["local"], pair["remote"]), pair
        assert pair["remoteAddress"].startswith(lab.devices["home_a"].network.public_ip + ":"), pair
    a_move_on_both(host, guest)


def test_carrier_nat_guest_through_the_lab_turn_server(lab, lab_page):
    """Host at home, guest behind the carrier's symmetric NAT, the lab's TURN server saved on both
    devices: the guest is seated within 10 s over a relayed pair (through coturn), and a move it
    makes shows on both pages."""
    host, guest, seated, found = connected(lab, lab_page, "home_a", "carrier", turn=True,
                                           what="home host, carrier (symmetric NAT) guest, lab TURN")
    assert any(url.startswith("turn:") for url in found["urls"]), found["urls"]
    for pair in found["pairs"]:
        print(f"chosen pair: {pair}")
        assert "relay" in (pair["local"], pair["remote"]), f"not relayed: {pair}"
        assert netlab.TURN_IP in (pair["localAddress"].split(":")[0], pair["remoteAddress"].split(":")[0]), pair
    assert seated < 10, f"seated only after {seated:.1f} s"
    a_move_on_both(host, guest)
