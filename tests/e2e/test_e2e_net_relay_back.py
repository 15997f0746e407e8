"""A relay that goes away and comes back, as the players see it: the host's Waiting screen
and Players panel say how the relay is, a guest seated before the outage stays seated, and a
guest who opens the invitation once the relay is back is seated within 15 s of its return,
however long it was gone (js/net/relay.js tries it again for as long as the room is open and
announces the page there again once it is back; docs/multiplayer.md, "When a relay goes away").

The outage lasts MOTEPLAY_RELAY_OUTAGE_S seconds (120 unless set: longer than the 103 s after
which Trystero alone gives up on a relay, and longer than its first announcement backoffs)."""
from __future__ import annotations

import os
import signal
import time

import pytest

from nostr_relay import NostrRelay, RelayError
from net_helpers import device_page, open_guest, open_host, start_hosted, wait_seated

OUTAGE_S = float(os.environ.get("MOTEPLAY_RELAY_OUTAGE_S", "120"))
BACK_MS = 15_000   # a new guest is seated this long after the relay is back, at most
SAID_MS = 15_000   # the screen says the relay is away / connected again within this long
NAMES = ["Ann", "Bea", "Cy"]
CONNECTED = "Relay: connected."

# In the host's page: note each change of its socket to ``relay`` ([Date.now(), readyState,
# how many socket objects Trystero has made for it]) in window.__sockets, and what goes over
# it ([Date.now(), "in" | "out", the message's type, the start of its content]) in
# window.__wire (printed when the new guest is not seated in time).
SOCKETS = """async (relay) => {
  const trystero = await import("@trystero-p2p/nostr");
  const seen = new Set(), log = window.__sockets = [];
  let last = "";
  setInterval(() => {
    const socket = trystero.getRelaySockets()[relay] ?? trystero.getRelaySockets()[relay + "/"];
    if (socket && !seen.has(socket)) {
      const wire = window.__wire ??= [];
      socket.addEventListener("message", (e) => { const m = JSON.parse(e.data); wire.push([Date.now(), "in", m[0], m[0] === "EVENT" ? m[2].content.slice(0, 60) : String(m[2]).slice(0, 40)]); });
      const send = socket.send.bind(socket);
      socket.send = (d) => { const m = JSON.parse(d); wire.push([Date.now(), "out", m[0], m[0] === "EVENT" ? m[1].content.slice(0, 60) : ""]); send(d); };
    }
    if (socket) seen.add(socket);
    const now = `${socket?.readyState}/${seen.size}`;
    if (now !== last) log.push([Date.now(), socket?.readyState, seen.size]);
    last = now;
  }, 200);
}"""


class RestartableRelay:
    """A relay of the test's own, which can be stopped and started again on the same port."""

    def __init__(self, folder):
        self.folder = folder
        self.relay = NostrRelay(folder)
        self.url = self.relay.url

    def stop(self) -> None:
        """Stop it at once (SIGKILL), as a relay that crashed or went off the network: its
        connections drop now (NostrRelay.stop's SIGTERM lets a worker keep a page's WebSocket
        open for about 30 s more)."""
        if self.relay.proc.poll() is None:
            os.killpg(self.relay.proc.pid, signal.SIGKILL)
            self.relay.proc.wait()
        self.relay.stop()  # closes its log

    def start(self) -> None:
        self.relay = NostrRelay(self.folder, port=self.relay.port)


@pytest.fixture
def restartable_relay(tmp_path):
    try:
        relay = RestartableRelay(tmp_path)
    except RelayError as error:
        pytest.fail(str(error))
    yield relay
    relay.stop()


def says(page, testid: str, text: str) -> None:
    """Wait until the element ``testid`` starts with ``text``."""
    page.wait_for_function("([id, text]) => document.querySelector(`[data-testid=${id}]`).textContent.startsWith(text)",
                           arg=[testid, text], timeout=SAID_MS)


def test_a_new_guest_is_seated_soon_after_a_long_relay_outage(devices, problems, site_url, restartable_relay):
    relay = restartable_relay
    host = device_page(devices, problems)
    said = []  # the host's console, printed if the guest is not seated in time
    host.on("console", lambda message: said.append(f"{message.type}: {message.text}"[:300]))
    links = open_host(host, site_url, relay.url, game="motto", players=3, seats=["random", "remote", "remote"],
                      names=NAMES)
    says(host, "waiting-relays", CONNECTED)
    host.evaluate(SOCKETS, relay.url)
    began = time.monotonic()
    first = open_guest(device_page(devices, problems), links[1])
    print(f"\nthe first guest, before the outage, was seated {time.monotonic() - began:.1f} s after opening the invitation")

    relay.stop()
    says(host, "waiting-relays", "Relay: away")
    # waiting in Playwright, not in time.sleep: the pages' WebSockets pass through the context's
    # route (conftest's guard), which stalls while Python does not serve Playwright's events
    host.wait_for_timeout(OUTAGE_S * 1000)
    assert host.evaluate("window.__app.net.states") == [None, "connected", "waiting"], "the seated guest stays"
    relay.start()
    back = time.monotonic()
    back_ms = host.evaluate("Date.now()")

    second = device_page(devices, problems)
    guest_said = []
    second.on("console", lambda message: guest_said.append(f"{message.type}: {message.text}"[:300]))
    try:
        open_guest(second, links[2], seated=False)
        print(f"the second guest's page loaded {time.monotonic() - back:.1f} s after the relay came back")
        host.wait_for_function("window.__app.net.states[2] === 'connected'", timeout=BACK_MS)
        seated = time.monotonic() - back
        wait_seated(second)
    except Exception:
        print("\nthe host's console, last lines:\n" + "\n".join(said[-25:]))
        print("\nthe new guest's console, last lines:\n" + "\n".join(guest_said[-25:]))
        print("the new guest's net:", second.evaluate("window.__app && window.__app.net"))
        for at, *rest in host.evaluate("window.__wire"):
            print(round((at - back_ms) / 1000, 1), *rest)
        raise
    finally:
        sockets = [[round((at - back_ms) / 1000, 1), state, made] for at, state, made in host.evaluate("window.__sockets")]
        print(f"\nrelay outage {OUTAGE_S:.0f} s; the host's socket [s from the relay's return, readyState,"
              f" sockets made]: {sockets}")
    print(f"the new guest was seated {seated:.1f} s after the relay came back")
    says(host, "waiting-relays", CONNECTED)

    # in the game, the Players panel says it too: the relay away a moment, then back
    start_hosted(host)
    host.wait_for_selector("[data-testid=players-open]", state="visible")
    host.click("[data-testid=players-open]")
    says(host, "players-relays", CONNECTED)
    relay.stop()
    says(host, "players-relays", "Relay: away")
    host.wait_for_timeout(3000)
    relay.start()
    says(host, "players-relays", CONNECTED)
    assert host.evaluate("window.__app.net.states") == [None, "connected", "connected"]
    wait_seated(first)
