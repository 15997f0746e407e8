"""Measure one scenario over the network lab by hand: a host's page on home A's device opens a
two-seat Motto table, a guest's page on another device opens its invitation, and this prints how
long the guest took to be seated (or what it showed if it never was) and the chosen candidate pair.

    python tests/e2e/netlab_measure.py --guest home_b              # two homes, the lab's STUN server
    python tests/e2e/netlab_measure.py --guest carrier --turn      # the carrier's guest, the lab's TURN server
    python tests/e2e/netlab_measure.py --guest carrier --wait 90   # the same without TURN (does not connect today)

Needs root, coturn and the built site, like test_e2e_netlab.py; the lab is removed at the end.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from playwright.sync_api import sync_playwright  # the imports below are found through sys.path, set above

import netlab
from conftest import CHROMIUM, SITE
from net_helpers import open_host
from test_e2e_netlab import LAB_CHROMIUM_ARGS, RECORD_PEER_CONNECTIONS, SELECTED_PAIRS

STATE = """(() => { const net = window.__app && window.__app.net;
  if (!net) return null;
  const shown = document.querySelector('[data-testid=loading]') || document.body;
  return { connection: net.connection, seated: net.seat !== undefined, shown: shown.innerText.slice(0, 120) }; })()"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--guest", choices=[n.role for n in netlab.NETWORKS if n.role != "home_a"], default="home_b")
    ap.add_argument("--turn", action="store_true", help="save the lab's TURN server on both devices first")
    ap.add_argument("--wait", type=float, default=60, help="seconds to wait for the guest to be seated")
    args = ap.parse_args()
    why = netlab.can_run()
    if why:
        sys.exit(f"error: {why}")
    with tempfile.TemporaryDirectory(prefix="netlab-") as work, netlab.Lab(SITE, Path(work)) as lab, \
            sync_playwright() as playwright:
        pages = {}
        for role in ("home_a", args.guest):
            browser = playwright.chromium.launch(executable_path=lab.chromium(lab.devices[role], CHROMIUM),
                                                 args=LAB_CHROMIUM_ARGS, headless=True)
            context = browser.new_context(service_workers="block")
            context.add_init_script(RECORD_PEER_CONNECTIONS)
            page = pages[role] = context.new_page()
            if args.turn:
                page.goto(f"{lab.page_url}#watch")
                page.evaluate("(turn) => import('./js/net/config.js').then((m) => m.saveTurn(turn))", lab.turn)
                page.goto("about:blank")
        links = open_host(pages["home_a"], lab.page_url, lab.relay_local, game="motto", players=2,
                          seats=["human", "remote"], names=["Ada", "Bea"], ice=f"stun={lab.stun_url}")
        guest = pages[args.guest]
        started = time.monotonic()
        guest.goto(links[1])
        last = None
        while time.monotonic() - started < args.wait:
            state = guest.evaluate(STATE)
            if state != last:
                print(f"{time.monotonic() - started:6.1f} s  {state}")
                last = state
            if state and state["seated"] and state["connection"] == "connected":
                break
            time.sleep(0.2)
        else:
            print(f"not seated after {args.wait:.0f} s")
        print("chosen pairs:", guest.evaluate(SELECTED_PAIRS)["pairs"])
        print("the host's seats:", pages["home_a"].evaluate("window.__app.net.states"))
        print("escaped:", lab.escaped())
    return 0


if __name__ == "__main__":
    sys.exit(main())
