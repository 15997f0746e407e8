"""Never losing a table played on several devices: a guest reloading in the middle of its turn,
a guest's page closed and opened again, the host's page reloaded, and a missing seat handed to
the computer and back. A host and guests in separate browser contexts (separate devices)
through the real Nostr relay the tests start."""
from __future__ import annotations

import json
import random

from e2e_helpers import WAIT_MS
from net_helpers import (click_an_action, device_page, my_turn, open_guest, open_host, start_hosted,
                         wait_seated)

NAMES = ["Robo", "Ada", "Bea"]


def hosted_motto(site_url, nostr_relay, devices, problems):
    """A Motto table: seat 0 a computer, seats 1 and 2 guests on their own devices, started."""
    host = device_page(devices, problems)
    links = open_host(host, site_url, nostr_relay, game="motto", players=3, seats=["random", "remote", "remote"],
                      names=NAMES)
    contexts = []
    guests = []
    for link in links[1:]:
        context = devices()
        contexts.append(context)
        page = context.new_page()
        problems.watch(page)
        guests.append(open_guest(page, link))
    start_hosted(host)
    return host, links, contexts, guests


def play_until(guests, rnd, done, limit=400):
    """The guests play random moves until ``done()``."""
    for _ in range(limit):
        if done():
            return
        acted = False
        for guest in guests:
            if not done() and my_turn(guest):
                click_an_action(guest, rnd)
                acted = True
        if not acted:
            guests[0].wait_for_timeout(40)
    raise AssertionError("never got there")


def turn_of(page) -> int:
    return page.evaluate("window.__app.status.current_player")


def test_guest_reload_mid_turn_a_closed_page_and_a_host_reload(site_url, nostr_relay, devices, problems):
    host, links, contexts, guests = hosted_motto(site_url, nostr_relay, devices, problems)
    ada, bea = guests
    rnd = random.Random(3)

    # Ada in the middle of building a play: one card chosen, then her page reloads
    def ada_can_select():
        return my_turn(ada) and any(a["id"].startswith("select:") for a in ada.evaluate("window.__app.view.legal_actions"))
    play_until(guests, rnd, ada_can_select)
    first = next(a["id"] for a in ada.evaluate("window.__app.view.legal_actions") if a["id"].startswith("select:"))
    ada.click(f"#table [data-action='{first}']")
    ada.wait_for_function("window.__app.idle && window.__app.view.table.selection.length === 1", timeout=WAIT_MS)
    before = ada.evaluate("window.__app.view")
    ada.reload()
    wait_seated(ada)
    ada.wait_for_function("window.__app.phase === 'human' && window.__app.idle", timeout=WAIT_MS)
    assert ada.evaluate("window.__app.view") == before  # the same seat, the whole table, the choice kept
    assert ada.locator("[data-testid=hand-card][data-selected=true]").count() == 1
    host.wait_for_function("window.__app.net.states[1] === 'connected'", timeout=WAIT_MS)

    # Bea's page closed, then her link opened again on the same device
    bea.close()
    host.wait_for_function("window.__app.net.states[2] !== 'connected'", timeout=20_000)
    bea = contexts[1].new_page()
    problems.watch(bea)
    open_guest(bea, links[2])
    bea.wait_for_function("window.__app.idle && ['human', 'remote'].includes(window.__app.phase)", timeout=WAIT_MS)
    assert bea.evaluate("window.__app.view.seat") == 2
    assert bea.evaluate("window.__app.status.actions") == host.evaluate("window.__app.status.actions")
    host.wait_for_function("window.__app.net.states.join() === ',connected,connected'", timeout=WAIT_MS)
    guests = [ada, bea]
    at = host.evaluate("window.__app.status.actions")
    play_until(guests, rnd, lambda: host.evaluate("window.__app.status.actions") >= at + 6)

    # the host's page reloads: the game comes back by itself and the guests find it again
    actions = host.evaluate("window.__app.status.actions")
    host.reload()
    host.wait_for_function("window.__app && window.__app.ready && window.__app.status != null"
                           " && window.__app.phase !== 'lobby'", timeout=90_000)
    assert host.evaluate("window.__app.status.actions") == actions
    host.wait_for_function("window.__app.net.states.join() === ',connected,connected'", timeout=WAIT_MS)
    for guest in guests:
        guest.wait_for_function("window.__app.net.connection === 'connected'", timeout=WAIT_MS)
    play_until(guests, rnd, lambda: host.evaluate("window.__app.status.actions") >= actions + 6)
    assert host.evaluate("window.__app.net.states") == [None, "connected", "connected"]


def test_a_missing_seat_is_played_by_the_computer_and_given_back(site_url, nostr_relay, devices, problems):
    host, links, contexts, guests = hosted_motto(site_url, nostr_relay, devices, problems)
    ada, bea = guests
    rnd = random.Random(4)
    bea.close()
    host.wait_for_function("window.__app.net.states[2] === 'away'", timeout=20_000)

    # the table waits for Bea...
    play_until([ada], rnd, lambda: turn_of(host) == 2)
    host.wait_for_function("window.__app.phase === 'remote' && window.__app.idle", timeout=WAIT_MS)
    assert "Bea" in host.inner_text("[data-testid=waiting-for]")
    assert "Players (1 away)" in host.inner_text("[data-testid=players-open]")
    at = host.evaluate("window.__app.status.actions")
    host.wait_for_timeout(500)
    assert host.evaluate("window.__app.status.actions") == at

    # ...until the host lets the computer play her seat
    host.click("[data-testid=players-open]")
    host.select_option("[data-testid=stand-in-2]", "random")
    host.wait_for_function(f"window.__app.status.actions > {at}", timeout=WAIT_MS)
    play_until([ada], rnd, lambda: host.evaluate("window.__app.status.actions") >= at + 8)
    assert host.get_attribute("[data-testid=net-seat-2]", "data-state") == "computer"

    # Bea comes back: she sees the table as it is; the seat is hers again once given back
    bea = contexts[1].new_page()
    problems.watch(bea)
    open_guest(bea, links[2])
    host.wait_for_function("window.__app.net.states[2] === 'connected'", timeout=WAIT_MS)
    host.click("[data-testid=give-back-2]")
    play_until([ada, bea], rnd, lambda: my_turn(bea))
    moved = host.evaluate("window.__app.status.actions")
    click_an_action(bea, rnd)
    host.wait_for_function(f"window.__app.status.actions > {moved}", timeout=WAIT_MS)
    assert host.evaluate("window.__app.setup.seats[2].standIn") is None


def test_the_host_reloading_while_players_join(site_url, nostr_relay, devices, problems):
    """A reload of the host's page on the Waiting for players screen keeps the table: the same
    links work, a guest already there comes back by itself, and the game starts as before."""
    host = device_page(devices, problems)
    links = open_host(host, site_url, nostr_relay, game="motto", players=3, seats=["random", "remote", "remote"],
                      names=NAMES)
    ada = open_guest(device_page(devices, problems), links[1])
    host.wait_for_function("window.__app.net.states[1] === 'connected'", timeout=WAIT_MS)
    host.reload()
    host.wait_for_selector("[data-testid=waiting]", state="visible", timeout=90_000)
    assert host.evaluate("window.__app.net.links") == links
    host.wait_for_function("window.__app.net.states[1] === 'connected'", timeout=WAIT_MS)
    bea = open_guest(device_page(devices, problems), links[2])
    start_hosted(host)
    rnd = random.Random(5)
    play_until([ada, bea], rnd, lambda: host.evaluate("window.__app.status.actions") >= 6)
    assert host.evaluate("window.__app.net.states") == [None, "connected", "connected"]


def motto_with_droppable_bea(site_url, nostr_relay, devices, problems):
    """A Motto table started (seat 0 a computer, Ada and Bea guests) where the test can drop Bea's
    connections by closing her page's RTCPeerConnections (``window.__connections``), which the
    page's own code does not know about. Returns the host's, Ada's and Bea's pages."""
    host = device_page(devices, problems)
    links = open_host(host, site_url, nostr_relay, game="motto", players=3, seats=["random", "remote", "remote"],
                      names=NAMES)
    ada = open_guest(device_page(devices, problems), links[1])
    context = devices()
    context.add_init_script("""(() => {
      const Real = window.RTCPeerConnection;
      window.__connections = [];
      window.RTCPeerConnection = function (...args) { const pc = new Real(...args); window.__connections.push(pc); return pc; };
      window.RTCPeerConnection.prototype = Real.prototype;
      Object.setPrototypeOf(window.RTCPeerConnection, Real);
    })()""")
    bea = context.new_page()
    problems.watch(bea)
    open_guest(bea, links[2])
    start_hosted(host)
    return host, ada, bea


def test_a_dropped_connection_comes_back_by_itself(site_url, nostr_relay, devices, problems):
    """A guest whose connections dropped (a phone's network gone while its screen was off) leaves
    the room and joins it again by itself, at once when the page wakes (visibilitychange), takes
    its seat back and sees the table as it is now. The test drops the connections by closing the page's
    RTCPeerConnections, which the page's own code does not know about."""
    host, ada, bea = motto_with_droppable_bea(site_url, nostr_relay, devices, problems)
    rnd = random.Random(9)
    play_until([ada, bea], rnd, lambda: host.evaluate("window.__app.status.actions") >= 4)

    for wakes in (False, True):
        bea.evaluate("window.__connections.forEach((pc) => pc.close())")
        host.wait_for_function("window.__app.net.states[2] !== 'connected'", timeout=30_000)
        play_until([ada], rnd, lambda: turn_of(host) == 2)
        if wakes:
            bea.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # at once
        # else by itself: a few seconds after the connection was lost
        host.wait_for_function("window.__app.net.states[2] === 'connected'", timeout=WAIT_MS)
        now = host.evaluate("window.__app.status.actions")
        bea.wait_for_function("window.__app.phase === 'human' && window.__app.idle"
                              f" && window.__app.status.actions === {now}", timeout=WAIT_MS)
        click_an_action(bea, rnd)
        host.wait_for_function(f"window.__app.status.actions > {now}", timeout=WAIT_MS)


def test_a_move_tapped_while_the_connection_is_down_is_kept_and_sent(site_url, nostr_relay, devices, problems):
    """A guest taps a move at the moment her page's connection to the host has dropped: the move
    is kept (said so, never "Not allowed"), sent when the connection is back, and applied once.
    The test drops the connections by closing the page's RTCPeerConnections."""
    host, ada, bea = motto_with_droppable_bea(site_url, nostr_relay, devices, problems)
    rnd = random.Random(11)
    play_until([ada, bea], rnd, lambda: my_turn(bea))
    now = host.evaluate("window.__app.status.actions")
    bea.evaluate("window.__connections.forEach((pc) => pc.close())")
    bea.wait_for_function("window.__app.net.connection !== 'connected'", timeout=20_000)
    assert my_turn(bea)  # the table stays as it was, its choices open

    seen = len(bea.evaluate("window.__app.net.received"))
    ids = bea.evaluate("window.__app.view.legal_actions.map(a => a.id)")
    target = next(bea.locator(f"#table [data-action={json.dumps(i)}]").first for i in ids
                  if i != "cancel" and bea.locator(f"#table [data-action={json.dumps(i)}]").count())
    target.dispatch_event("click")
    # said at once: the move is kept for the connection's return
    bea.wait_for_function("document.querySelector('#message-text')?.textContent.includes('Your move is kept')",
                          timeout=5000)
    bea.wait_for_function("window.__app.idle && !window.__app.busy", timeout=WAIT_MS)
    assert bea.evaluate("window.__app.net.connection") == "connected"
    error = bea.evaluate("window.__app.lastError") or ""
    assert "Not allowed" not in error and "connection" not in error.lower(), error
    # sent once the connection was back, applied once: its answer is the position right after it
    # (a second copy would be refused as stale, or answered without being applied)
    after = [json.loads(m) for m in bea.evaluate("window.__app.net.received")[seen:]]
    assert not [m for m in after if m.get("t") == "refused"], after
    answers = [m for m in after if m.get("t") == "state" and m.get("re")]
    assert answers and answers[0]["at"] == now + 1, (now, answers[:1])
    assert len({m["re"] for m in answers}) == 1
    host.wait_for_function(f"window.__app.status.actions > {now}", timeout=WAIT_MS)
