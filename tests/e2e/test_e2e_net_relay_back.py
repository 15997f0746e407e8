"""A relay that goes away and comes back: a page that had joined a room through it (the host)
listens to it again once it is back, however long it was gone, so a guest that comes after
the outage finds the host (js/net/relay.js drives Trystero's reconnection; docs/multiplayer.md).

The outage lasts MOTEPLAY_RELAY_OUTAGE_S seconds (40 unless set: short enough for CI; the
vendored Trystero alone gives up on a relay after five attempts spread over up to 103 s, so
run it once with 120 by hand to see a long outage)."""
from __future__ import annotations

import os
import signal
import time

import pytest

from nostr_relay import NostrRelay, RelayError
from test_e2e_net_relay import JOIN, open_device

OUTAGE_S = float(os.environ.get("MOTEPLAY_RELAY_OUTAGE_S", "40"))
BACK_MS = 15_000  # a new guest is seated this long after the relay is back, at most
JOIN_MS = 30_000


# In the host's page: note each change of its socket to ``relay`` (readyState, and how many
# socket objects Trystero has made for it) in window.__sockets.log.
SOCKETS = """async (relay) => {
  const trystero = await import("@trystero-p2p/nostr");
  const seen = new Set(), log = [], start = Date.now();
  let last = "";
  window.__sockets = { log };
  setInterval(() => {
    const socket = trystero.getRelaySockets()[relay];
    if (socket) seen.add(socket);
    const now = `${socket?.readyState}/${seen.size}/${document.visibilityState}`;
    if (now !== last) log.push([Math.round((Date.now() - start) / 1000), socket?.readyState, seen.size, document.visibilityState]);
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


# Known gap: the host's socket is back within 8 s of the relay's return every time, but a guest
# that joined before it was back (its announcements at 0.2, 0.5 and 1.3 s went unheard) is found
# only at the next announcement, a minute or more later: about half the runs miss the 15 s.
@pytest.mark.xfail(strict=False, reason="a guest that came before the host's socket was back waits for the next announcement")
def test_a_new_guest_finds_the_host_after_a_relay_outage(devices, problems, site_url, restartable_relay, room_name):
    relay = restartable_relay
    host = open_device(devices, site_url, problems)
    said = []  # the host's console, printed if the guest is not seen
    host.on("console", lambda message: said.append(f"{message.type}: {message.text}"[:300]))
    host.evaluate(JOIN, {"relay": relay.url, "room": room_name, "listen": True})
    # the host's socket to the relay as it changes: [seconds since now, readyState, sockets seen]
    host.evaluate(SOCKETS, relay.url)
    start = time.monotonic()

    relay.stop()
    stopped = time.monotonic()
    # waiting in Playwright, not in time.sleep: the pages' WebSockets pass through the context's
    # route (conftest's guard), which stalls while Python does not serve Playwright's events
    host.wait_for_timeout(OUTAGE_S * 1000)
    relay.start()
    back = time.monotonic()

    guest = open_device(devices, site_url, problems)
    guest_id = guest.evaluate(JOIN, {"relay": relay.url, "room": room_name, "listen": True})
    left_ms = BACK_MS - (time.monotonic() - back) * 1000
    try:
        host.wait_for_function("window.__net.links.length === 1", timeout=max(left_ms, 1))
    except Exception:
        print("\nthe host's console, last lines:\n" + "\n".join(said[-25:]))
        raise
    finally:
        print(f"\nrelay outage {OUTAGE_S:.0f} s: stopped at {stopped - start:.0f} s, back at {back - start:.0f} s;"
              f" the host's socket [s, readyState, sockets made, visibility]: {host.evaluate('window.__sockets.log')}")
    print(f"the new guest was seen by the host {time.monotonic() - back:.1f} s after the relay came back")
    assert host.evaluate("window.__net.links[0].id") == guest_id
    guest.wait_for_function("window.__net.links.length === 1", timeout=JOIN_MS)

    # they talk, and the host's room says its relay is open
    guest.evaluate("window.__net.links[0].send('back')")
    host.wait_for_function("window.__net.got.length === 1", timeout=JOIN_MS)
    assert host.evaluate("window.__net.room.relays()") == [{"url": relay.url, "state": "open"}]
    guest.evaluate("window.__net.room.leave()")
    host.evaluate("window.__net.room.leave()")
