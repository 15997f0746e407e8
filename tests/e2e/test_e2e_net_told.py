"""Every page of a table says what is true: a second device opening a seat that is played
says at once that it is taken, by whom and what to do; a player who drops shows as away on
every guest's page and on the table screen; a guest who finishes the game on a new device is
told what its check of the deal could check (no false warning); and when the host ends the
table, the guests' pages say so instead of trying to connect. A host and guests in separate
browser contexts (separate devices) through the real Nostr relay the tests start."""
from __future__ import annotations

import random
import time

from e2e_helpers import WAIT_MS
from net_helpers import device_page, open_guest, open_host, play_until_over, start_hosted

NAMES = ["Robo", "Ada", "Bea"]


def test_a_held_seat_an_away_player_a_new_device_and_an_ended_table(site_url, nostr_relay, devices, problems):
    host = device_page(devices, problems)
    links = open_host(host, site_url, nostr_relay, game="motto", players=3, seats=["random", "remote", "remote"],
                      names=NAMES)
    watch_link = host.evaluate("window.__app.net.watchLink")
    ada = open_guest(device_page(devices, problems), links[1])
    bea_device = devices()
    bea = bea_device.new_page()
    problems.watch(bea)
    open_guest(bea, links[2])
    start_hosted(host)
    screen = open_guest(device_page(devices, problems), watch_link)

    # another device opens Ada's link while Ada plays: it says so at once, without a spinner
    other = device_page(devices, problems)
    opened = time.monotonic()
    other.goto(links[1])
    other.wait_for_function("window.__app.phase === 'stopped'", timeout=WAIT_MS)
    took = time.monotonic() - opened
    assert "already taken" in other.inner_text("#loading-text")
    said = other.inner_text("[data-testid=loading-step]")
    assert "Ada is already played on another device" in said and "try again" in said, said
    assert not other.locator(".spinner").is_visible()
    assert other.locator("[data-testid=guest-retry]").is_visible()
    assert took < 10, f"the held seat took {took:.1f} s to be told"
    other.close()

    # Bea's page closes: Ada's page and the table screen say she is away
    bea.close()
    host.wait_for_function("window.__app.net.states[2] === 'away'", timeout=20_000)
    for page in (ada, screen):
        page.wait_for_function("document.querySelector('#net-status').textContent.includes('Bea is away')",
                               timeout=WAIT_MS)

    # Bea comes back on a new device (her first device is gone): she plays to the end there
    bea = open_guest(device_page(devices, problems), links[2])
    for page in (ada, screen):
        page.wait_for_function("!document.querySelector('#net-status').textContent.includes('away')", timeout=WAIT_MS)
    play_until_over(host, [ada, bea], random.Random(8))
    for page in (ada, bea):
        page.wait_for_function("window.__app.net.reveal != null", timeout=WAIT_MS)
    assert ada.evaluate("window.__app.net.reveal.ok") is True
    reveal = bea.evaluate("window.__app.net.reveal")
    assert reveal["ok"] is True and reveal["problems"] == [], reveal
    assert any("joined after your part" in n for n in reveal["notes"]), reveal
    result = bea.inner_text("[data-testid=result]")
    assert "Warning" not in result and "joined after your part" in result, result

    # the host starts a game of its own: every guest's page says the table has ended
    host.click("[data-testid=new-game]")
    host.wait_for_selector("[data-testid=lobby]", state="visible")
    for i in range(3):
        host.select_option(f"[data-testid=seat-kind-{i}]", "bot:random" if i else "human")
    host.click("[data-testid=start]")
    for page in (ada, bea, screen):
        page.wait_for_function("document.querySelector('#net-status').dataset.state === 'ended'", timeout=WAIT_MS)
    # opened again later, the link says at once that the table has ended
    ada.reload()
    ada.wait_for_function("window.__app.phase === 'stopped'", timeout=WAIT_MS)
    assert "This table has ended" in ada.inner_text("#loading-text")
    assert not ada.locator(".spinner").is_visible()


def test_a_guest_joining_a_host_with_no_seat_reads_the_hosts_table(site_url, nostr_relay, devices, problems):
    host = device_page(devices, problems)
    links = open_host(host, site_url, nostr_relay, game="motto", players=2, seats=["remote", "random"],
                      names=["Ada", "Robo"])
    ada = device_page(devices, problems)
    said = []
    ada.expose_function("noteJoining", lambda text: said.append(text))
    ada.add_init_script("""new MutationObserver(() => {
        const step = document.querySelector('[data-testid=loading-step]');
        if (step && step.textContent.startsWith('Joining')) window.noteJoining(step.textContent);
      }).observe(document, {subtree: true, childList: true, characterData: true});""")
    open_guest(ada, links[0])
    assert said and all(text == "Joining the host's table…" for text in said), said
