"""Play on several devices, end to end: a host page and guest pages in separate browser
contexts (separate devices) over loopback, through the real Nostr relay the tests start.

Every message each guest received is checked with the game's hidden-information model
(tests/net_checks.py), and the fair deal is verified on a guest's page."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from engine.registry import game_names
from e2e_helpers import WAIT_MS
from net_checks import check_guest_messages
from net_helpers import click_an_action, device_page, open_guest, open_host, play_until_over, received, start_hosted

NAMES = ["Robo", "Ada", "Bea"]


def pyodide_requests(page) -> list[str]:
    """Collect the URLs of every Pyodide file ``page`` requests from now on."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url) if "/pyodide/" in request.url else None)
    return seen


@pytest.mark.parametrize("game", game_names())
def test_whole_game_with_two_guests_a_computer_and_a_table_screen(game, site_url, nostr_relay, devices, problems):
    host = device_page(devices, problems)
    links = open_host(host, site_url, nostr_relay, game=game, players=3, seats=["random", "remote", "remote"],
                      names=NAMES)
    assert links[0] is None and links[1] and links[2]
    watch_link = host.evaluate("window.__app.net.watchLink")

    guests = []
    fetched = []
    for link in links[1:]:
        guest = device_page(devices, problems)
        fetched.append(pyodide_requests(guest))
        guests.append(open_guest(guest, link))
    screen = device_page(devices, problems)
    open_guest(screen, watch_link)
    assert [g.evaluate("window.__app.net.seat") for g in guests] == [1, 2]
    assert screen.evaluate("window.__app.net.seat") is None
    host.wait_for_function("window.__app.net.states.join() === ',connected,connected'", timeout=WAIT_MS)
    assert "Bea" in guests[1].inner_text("[data-testid=loading]")

    start_hosted(host)
    moves = play_until_over(host, guests, random.Random(f"{game}-1"))
    assert moves > 10

    # every page shows the same end: the winner line and each seat's total
    save = host.evaluate("window.__app.save()")
    for page in [host, *guests, screen]:
        page.wait_for_function("window.__app.phase === 'over'", timeout=WAIT_MS)
        rows = page.locator("[data-testid=score-row]")
        totals = {int(r.get_attribute("data-seat")): int(r.get_attribute("data-total")) for r in rows.all()}
        assert totals == {s: t for s, t in zip(range(3), host.evaluate("window.__app.status.scores"))}
    for guest in guests:
        assert guest.locator("[data-testid=play-again]").count() == 0  # the host decides what comes next
        # a guest's own seat only: its hand is in its view, nobody else's
        assert guest.evaluate("window.__app.view.seat") == guest.evaluate("window.__app.net.seat")

    # nothing hidden reached any guest or the table screen, at any point of the game
    for page, seat in [(guests[0], 1), (guests[1], 2), (screen, None)]:
        page.wait_for_function("window.__app.net.reveal != null", timeout=WAIT_MS)
        messages = received(page)
        assert sum(m["t"] == "state" for m in messages) >= 10
        check_guest_messages(save, seat, messages)

    # the guests never loaded Python; then one verifies the game, and Python loads for that
    assert fetched == [[], []]
    guest = guests[0]
    assert guest.evaluate("window.__app.net.reveal.ok") is True
    guest.click("[data-testid=verify]")
    guest.wait_for_function("document.querySelector('[data-testid=verify-result]').dataset.ok !== undefined",
                            timeout=180_000)
    said = guest.inner_text("[data-testid=verify-result]")
    assert guest.get_attribute("[data-testid=verify-result]", "data-ok") == "true", said
    assert "Verified" in said and fetched[0], said

    # a planted change is caught: another seed, or the moves changed
    caught = guest.evaluate("""async () => {
      const { checkDeal, verifyGame } = await import('./js/net/verify.js');
      const reveal = window.__app.net.reveal;
      const msg = { secret: 'x'.repeat(43), contributions: [], save: reveal.save };
      const seed = await checkDeal({ ...msg, save: { ...reveal.save, seed: reveal.save.seed + 1 } },
                                   { commitment: 'nope', contribution: 'mine', seat: 1 });
      const actions = reveal.save.actions.slice(1);  // the first move left out: every later one shifts
      const moved = await verifyGame({ ...reveal, problems: [], save: { ...reveal.save, state: undefined, actions } });
      return { seed: seed.problems, moved: moved.ok, movedProblems: moved.problems };
    }""")
    assert any("agreed seed" in p for p in caught["seed"]), caught
    assert caught["moved"] is False, caught


def test_a_guest_undoes_asks_for_a_hint_and_replays_through_the_host(site_url, nostr_relay, devices, problems):
    """Undo, Suggest a move and Replay on a guest's page: each goes through the host (the hint
    from the guest's own view only), and the guest's page still runs no Python."""
    host = device_page(devices, problems)
    links = open_host(host, site_url, nostr_relay, game="motto", players=3, seats=["random", "remote", "random"],
                      names=["Robo", "Ada", "Cyd"])
    guest = device_page(devices, problems)
    fetched = pyodide_requests(guest)
    open_guest(guest, links[1])
    start_hosted(host)
    rnd = random.Random(7)

    # a turn where Ada can choose a card for a play: choose one, then take it back
    for _ in range(200):
        guest.wait_for_function("window.__app.idle && ['human', 'remote'].includes(window.__app.phase)", timeout=WAIT_MS)
        ids = [a["id"] for a in guest.evaluate("window.__app.view.legal_actions")]
        if any(i.startswith("select:") for i in ids):
            break
        if ids:
            choice = next((i for i in ids if i.startswith("take:")), ids[0])
            guest.click(f"#table [data-action='{choice}']")
            guest.wait_for_function("window.__app.idle && !window.__app.busy", timeout=WAIT_MS)
        else:
            guest.wait_for_timeout(50)
    first = next(i for i in ids if i.startswith("select:"))
    at = host.evaluate("window.__app.status.actions")
    guest.click(f"#table [data-action='{first}']")
    host.wait_for_function(f"window.__app.status.actions === {at + 1}", timeout=WAIT_MS)
    guest.wait_for_selector("[data-testid=undo]", state="visible")
    guest.click("[data-testid=undo]")
    host.wait_for_function(f"window.__app.status.actions === {at}", timeout=WAIT_MS)
    guest.wait_for_function("window.__app.idle && window.__app.view.table.selection.length === 0", timeout=WAIT_MS)

    # Suggest a move: the host's engine answers for Ada's seat; the move is ringed on her table
    guest.click("[data-testid=hint]")
    guest.wait_for_function("document.body.dataset.hint !== undefined", timeout=WAIT_MS)
    suggested = guest.evaluate("document.body.dataset.hint")
    assert suggested in [a["id"] for a in guest.evaluate("window.__app.view.legal_actions")]
    assert "Suggested" in guest.inner_text("[data-testid=hint-line]")
    assert host.evaluate("window.__app.status.actions") == at  # a hint changes nothing

    # Replay during the game: Ada's own seat or the spectator's view, nobody else's
    guest.click("[data-testid=replay-open]")
    guest.wait_for_selector("[data-testid=replay-first]", state="visible")
    viewers = guest.eval_on_selector_all("[data-testid=replay-viewer] option", "els => els.map(e => e.textContent)")
    assert viewers == ["Ada", "Spectator — no hands"]
    guest.click("[data-testid=replay-first]")
    guest.wait_for_function("document.querySelector('[data-testid=replay-step]').textContent.startsWith('Step 0')",
                            timeout=WAIT_MS)
    assert guest.evaluate("window.__app.phase") == "replay"
    guest.click("[data-testid=replay-exit]")
    guest.wait_for_function("window.__app.phase === 'human' && window.__app.idle", timeout=WAIT_MS)
    click_an_action(guest, rnd)
    host.wait_for_function(f"window.__app.status.actions > {at}", timeout=WAIT_MS)
    assert fetched == []


def test_a_whole_game_connected_with_codes_and_no_relay(site_url, devices, problems):
    """No relay at all (the host's relay does not answer): each guest opens a link carrying a
    connection offer and its page shows a reply code, which the host types in. Then a whole
    game, as over the relays."""
    host = device_page(devices, problems)
    dead = "ws://127.0.0.1:9"  # nothing listens there: the relays cannot be reached
    open_host(host, site_url, dead, game="motto", players=3, seats=["random", "remote", "remote"], names=NAMES)
    # the host's page says that links cannot work (after the relays' time to answer), not codes
    host.wait_for_function("document.querySelector('[data-testid=waiting-status]').textContent.includes('cannot work now')",
                           timeout=30_000)
    guests = []
    for seat in (1, 2):
        host.click(f"[data-testid=net-seat-{seat}] summary")
        host.click(f"[data-testid=offer-make-{seat}]")
        link = host.locator(f"[data-testid=offer-link-{seat}]")
        link.wait_for(state="visible", timeout=WAIT_MS)
        offer = link.input_value()
        assert "&o=" in offer
        guest = device_page(devices, problems)
        guest.goto(offer)
        reply = guest.locator("[data-testid=reply-code]")
        reply.wait_for(state="visible", timeout=WAIT_MS)
        code = reply.input_value()
        assert 20 < len(code) <= 135, code
        guest.wait_for_selector("[data-testid=reply-code-box] svg", timeout=WAIT_MS)  # and as a QR code
        host.fill(f"[data-testid=offer-reply-{seat}]", code)
        host.click(f"[data-testid=offer-connect-{seat}]")
        try:
            guest.wait_for_function("window.__app.net.connection === 'connected' && window.__app.net.seat !== undefined",
                                    timeout=WAIT_MS)
        except PlaywrightTimeout:  # say where it stopped: the host's word on the code, the guest's state
            said = host.locator(f"[data-testid=offer-status-{seat}]").text_content()
            state = guest.evaluate("({seat: window.__app.net.seat, connection: window.__app.net.connection, "
                                   "error: window.__app.lastError, ignored: window.__app.net.ignored, "
                                   "received: window.__app.net.received.map(m => m.slice(0, 60))})")
            raise AssertionError(f"seat {seat} did not connect: host says {said!r}; guest {state!r}") from None
        guests.append(guest)
    host.wait_for_function("window.__app.net.states.join() === ',connected,connected'", timeout=WAIT_MS)
    start_hosted(host)
    play_until_over(host, guests, random.Random("codes"))
    save = host.evaluate("window.__app.save()")
    for guest, seat in zip(guests, (1, 2)):
        guest.wait_for_function("window.__app.phase === 'over' && window.__app.net.reveal != null", timeout=WAIT_MS)
        assert guest.evaluate("window.__app.net.reveal.ok") is True
        check_guest_messages(save, seat, received(guest))
        # Your games on the guest's device keeps the game from the host's reveal: this seat played here
        guest.wait_for_function("window.__app.recorded === 1", timeout=WAIT_MS)
        [kept] = guest.evaluate("async () => (await (await import('./js/games-kept.js')).list()).games")
        assert (kept["save"]["actions"], kept["here"], kept["seats"][seat]["kind"]) == (save["actions"], [seat], "human")
    # and on the host's: no seat was played there (a computer and two other devices)
    host.wait_for_function("window.__app.recorded === 1", timeout=WAIT_MS)
    [kept] = host.evaluate("async () => (await (await import('./js/games-kept.js')).list()).games")
    assert (kept["here"], [s["kind"] for s in kept["seats"]]) == ([], ["bot", "remote", "remote"])


def test_play_again_at_the_same_table(site_url, nostr_relay, devices, problems):
    """Play again keeps the table: the same players and links, a new deal made together (the
    host's new commitment, each guest's new part), checked again at the end."""
    host = device_page(devices, problems)
    links = open_host(host, site_url, nostr_relay, game="motto", players=3, seats=["random", "remote", "remote"],
                      names=NAMES)
    guests = [open_guest(device_page(devices, problems), link) for link in links[1:]]
    start_hosted(host)
    rnd = random.Random(11)
    play_until_over(host, guests, rnd)
    first = host.evaluate("window.__app.save()")
    for guest in guests:
        guest.wait_for_function("window.__app.net.reveal != null && window.__app.net.reveal.ok", timeout=WAIT_MS)

    host.click("[data-testid=play-again]")
    host.wait_for_selector("[data-testid=waiting]", state="visible")
    for guest in guests:  # their pages wait for the new deal, and join it by themselves
        guest.wait_for_function("window.__app.phase === 'joining'", timeout=WAIT_MS)
    start_hosted(host)
    host.wait_for_function("window.__app.status.actions < 5", timeout=WAIT_MS)
    second = host.evaluate("window.__app.save()")
    assert second["seed"] != first["seed"]
    for guest in guests:
        guest.wait_for_function("['human', 'remote'].includes(window.__app.phase) && window.__app.idle", timeout=WAIT_MS)
        assert guest.evaluate("window.__app.net.reveal") is None
    play_until_over(host, guests, rnd)
    for guest in guests:
        guest.wait_for_function("window.__app.net.reveal != null", timeout=WAIT_MS)
        reveal = guest.evaluate("window.__app.net.reveal")
        assert reveal["ok"] is True, reveal["problems"]
        assert reveal["save"]["seed"] == host.evaluate("window.__app.save()")["seed"] != first["seed"]
