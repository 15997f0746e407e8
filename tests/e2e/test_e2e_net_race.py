"""A guest taps just after a computer's move: the table must go on.

The window: the computer's move is made, and the seat after it gets its turn and taps while the
host's page is still in the computer's pause (its pace). A page with more than one writer of the
game's status froze for good that way at a game night: the guest's move went through, then the
host's page went back to the position just after the computer's move and waited for that
guest ("Cat's turn, on their device") while the engine and the guests waited for someone else.

Here the host's page has a real pause (``?pace=``, ``E2E_RACE_PACE``, 400 ms by default). Each
time the guest after the computer gets its turn right after the computer's move (the last line
of its log is the computer's), it waits a delay drawn from a seeded ``random.Random`` (0-200 ms;
the seed is printed, ``E2E_RACE_SEED`` sets it, 1 by default) and taps a move that ends its turn when it has
one (Motto: take a card or draw; Moteneba: a cube of the draft, Done) — a *try*. That player
runs in its own page (ARM, armed while another seat is to move), so the delay counts from the
moment its turn is on screen however loaded the machine running the test is; its tap is a click
on the table's control for the move. Every other seat of a person plays any legal move at once,
clicked by Playwright. Games follow each other at the same table (Play again) until the tries are
made: ``E2E_RACE_TRIES`` (Motto, 50; 100 for the full check) and ``E2E_RACE_TRIES_MOTENEBA`` (20). Each try says whether
the tap landed before the host's page took in the computer's move (the window of the bug). In
Moteneba the table freezes only when the next guest (seat 0) also moves within that window:
its move after the pause would set the host's page right again (the host is not seated there).

The table is frozen when, for ``E2E_RACE_FREEZE_S`` seconds (15), no page can act — no page
shows its own seat's turn with a legal move, no screen waits for Continue — and the game is not
over. Then the test fails with the try, the seat and what every page shows (the host's page's
status beside the engine's, which the guests were last sent).
"""
from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass, field

from playwright.sync_api import Page

from e2e_helpers import WAIT_MS
from net_helpers import click_an_action, continue_screen, device_page, open_guest, open_host, start_hosted

RACE_PACE = int(os.environ.get("E2E_RACE_PACE", "400"))
FREEZE_S = float(os.environ.get("E2E_RACE_FREEZE_S", "15"))
MAX_DELAY_MS = 200
#: the longest a run of tries may take before the test says the table is too slow or stuck
LIMIT_S = float(os.environ.get("E2E_RACE_LIMIT_S", "600"))
# a move of the seat's own turn that ends it in one tap (the others leave the turn open: the
# host's page waits for that seat anyway, so they cannot freeze the table)
TURN_ENDERS = {"motto": ("take:", "draw", "pass"), "moteneba": ("draft:", "done", "pass")}

# What one page shows, in one call: can it act (its own seat's turn, a legal move, nothing
# running), its status, the turn line, and who made the last move in its log.
LOOK = """() => {
  const a = window.__app;
  const s = a.status, v = a.view;
  const lines = v?.log ?? [];
  let lastMover = null;
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^\\{P(\\d+)\\}/.exec(lines[i]);
    if (m) { lastMover = Number(m[1]); break; }
  }
  const turn = document.getElementById('turn');
  return { phase: a.phase, idle: a.idle, busy: a.busy,
           canAct: a.idle && a.phase === 'human' && !a.busy && v != null && (v.legal_actions?.length ?? 0) > 0,
           cp: s?.current_player ?? null, actions: s?.actions ?? null, over: s?.is_over === true,
           legal: (v?.legal_actions ?? []).map((x) => x.id), logLength: lines.length, lastMover,
           race: window.__raceTry ? { ...window.__raceTry } : null,
           turn: turn ? [...turn.childNodes].map((n) => n.textContent.trim()).filter(Boolean).join(' / ') : '' };
}"""

# The player at the seat after the computer, armed on its page while another seat is to move:
# as soon as its turn shows right after the computer's move (the last line of its log is the
# computer's) it waits `delay` ms and taps one of the moves it is offered on the table (one that
# ends its turn if there is one; `pick` in [0, 1) chooses which), as a person would. It runs in
# the page, so the delay is measured from the moment the turn is on screen, whatever the load of
# the machine running the test. `state`: armed, then seen (the turn showed, the tap is coming) and
# tapped, or gone (the turn came otherwise, or the game ended: the test plays it as any other).
ARM = """([bot, delay, pick, enders]) => {
  const now = () => performance.timeOrigin + performance.now();
  const me = { state: 'armed', armedAt: now() };
  window.__raceTry = me;
  const lastMover = (view) => {
    const lines = view?.log ?? [];
    for (let i = lines.length - 1; i >= 0; i--) {
      const m = /^\\{P(\\d+)\\}/.exec(lines[i]);
      if (m) return Number(m[1]);
    }
    return null;
  };
  const shown = (el) => el.getClientRects().length > 0 && !el.disabled;
  const tick = () => {
    if (window.__raceTry !== me) return;
    const a = window.__app, s = a.status, v = a.view;
    if (s?.is_over) { me.state = 'gone'; return; }
    const mine = a.idle && a.phase === 'human' && !a.busy && v != null && (v.legal_actions?.length ?? 0) > 0;
    if (!mine) { setTimeout(tick, 2); return; }
    if (lastMover(v) !== bot) { me.state = 'gone'; return; }
    const legal = new Set(v.legal_actions.map((x) => x.id));
    const on = [...document.querySelectorAll('#table [data-action]')].filter((el) => legal.has(el.dataset.action) && shown(el));
    const ids = [...new Set(on.map((el) => el.dataset.action))].sort();
    const ends = ids.filter((id) => enders.some((e) => id.startsWith(e)));
    const choices = ends.length ? ends : ids.filter((id) => id !== 'cancel').length ? ids.filter((id) => id !== 'cancel') : ids;
    if (!choices.length) { me.state = 'gone'; return; }
    Object.assign(me, { state: 'seen', shownAt: now(), at: s.actions, endsTurn: ends.length > 0,
                        action: choices[Math.floor(pick * choices.length)] });
    setTimeout(() => {
      const el = on.find((e) => e.dataset.action === me.action);
      me.tapAt = now();
      el.click();
      me.state = 'tapped';
    }, delay);
  };
  tick();
}"""


@dataclass
class Table:
    game: str
    host: Page
    people: list[tuple[int, Page]]      # (seat, page) of every seat played by a person, in turn order
    bot: int                            # the computer's seat
    target: int                         # the seat after it (a guest)
    names: list[str]
    tries: list[dict] = field(default_factory=list)
    games: int = 1
    moves: int = 0

    def page_of(self, seat: int) -> Page:
        return dict(self.people)[seat]

    def look(self) -> dict:
        looks = {f"seat {self.target}": self.page_of(self.target).evaluate(LOOK)}  # the quickest to want
        for seat, page in self.people:
            if page is not self.host and seat != self.target:
                looks[f"seat {seat}"] = page.evaluate(LOOK)
        looks["host"] = self.host.evaluate(LOOK)
        return looks


def describe(table: Table, looks: dict) -> str:
    """Every page as it is now, and the engine's position (the host's save)."""
    engine = table.host.evaluate("async () => { const s = await window.__app.save(); "
                                 "return s ? s.actions.length : null; }")
    lines = [f"the engine has made {engine} actions; the host's page's status says {looks['host']['actions']} "
             f"with seat {looks['host']['cp']} to move"]
    for who, look in looks.items():
        name = table.names[look["cp"]] if look["cp"] is not None else None
        lines.append(f"  {who}: phase {look['phase']}, idle {look['idle']}, busy {look['busy']}, "
                     f"status: {look['actions']} actions, seat {look['cp']} ({name}) to move; "
                     f"can act: {look['canAct']}; turn line: {look['turn']!r}")
    return "\n".join(lines)


def last_try_text(table: Table) -> str:
    if not table.tries:
        return "before any try"
    t = table.tries[-1]
    return (f"after try {t['n']} (game {t['game']}: {table.names[table.target]}, seat {table.target}, tapped "
            f"{t['action']!r} {t['delay']} ms after its turn showed, {t['moves_since']} moves ago)")


def arm(table: Table, page: Page, rnd: random.Random) -> None:
    """Arm the player at the seat after the computer for its next turn (ARM)."""
    page.evaluate(ARM, [table.bot, rnd.randint(0, MAX_DELAY_MS), rnd.random(), list(TURN_ENDERS[table.game])])


def record_try(table: Table, page: Page, race: dict) -> None:
    """The armed player tapped: once its page has the host's answer, note the try and when the
    tap landed (before the host's page took in the computer's move, or after)."""
    page.wait_for_function("window.__app.idle && !window.__app.busy", timeout=WAIT_MS)
    page.evaluate("window.__raceTry = null")
    timings = table.host.evaluate("window.__app.net.timings")
    took = None   # when the host's page first set a status at or after the computer's move (this game)
    for at, t in reversed(timings):
        if at < race["at"]:
            break
        took = t
    table.tries.append({
        "n": len(table.tries) + 1, "game": table.games, "action": race["action"], "ends_turn": race["endsTurn"],
        "delay": round(race["tapAt"] - race["shownAt"]), "moves_since": 0,
        "in_window": took is not None and race["tapAt"] < took,
    })
    t = table.tries[-1]
    print(f"try {t['n']} (game {t['game']}): {t['action']!r} {t['delay']} ms after its turn showed, "
          f"{'before' if t['in_window'] else 'after'} the host's page took in the computer's move")


def new_game(table: Table) -> None:
    """The game is over: every page shows the end, then Play again at the same table."""
    guests = [page for _, page in table.people if page is not table.host]
    for page in guests:
        page.wait_for_function("['moment', 'over'].includes(window.__app.phase)", timeout=WAIT_MS)
        continue_screen(page)   # the last year's screen comes before the end
        page.wait_for_function("window.__app.phase === 'over'", timeout=WAIT_MS)
    table.host.wait_for_function("window.__app.phase === 'over' && window.__app.idle", timeout=WAIT_MS)
    table.host.click("[data-testid=play-again]")
    table.host.wait_for_selector("[data-testid=waiting]", state="visible")
    for page in guests:
        page.wait_for_function("window.__app.phase === 'joining'", timeout=WAIT_MS)
    start_hosted(table.host)
    table.games += 1


def play_tries(table: Table, rnd: random.Random, wanted: int) -> None:
    """Play at the table until ``wanted`` tries are made; fail at the first freeze."""
    target = table.page_of(table.target)
    stuck_since = None
    deadline = time.monotonic() + LIMIT_S
    while len(table.tries) < wanted:
        if time.monotonic() > deadline:
            raise AssertionError(f"{len(table.tries)} of {wanted} tries in {LIMIT_S / 60:.0f} minutes, "
                                 f"{last_try_text(table)}: the table moves too slowly or is stuck in a loop.\n"
                                 f"{describe(table, table.look())}")
        looks = table.look()
        mine = looks[f"seat {table.target}"]
        race = mine["race"]
        if looks["host"]["over"]:
            new_game(table)
            continue
        if race and race["state"] == "tapped":
            record_try(table, target, race)
            stuck_since = None
            continue
        if (race is None or race["state"] == "gone") and mine["cp"] != table.target and mine["phase"] != "joining":
            arm(table, target, rnd)
            continue
        acted = False
        for seat, page in table.people:
            look = looks["host"] if page is table.host else looks[f"seat {seat}"]
            if look["phase"] == "moment":   # a screen to read comes first, the armed player's too
                acted = continue_screen(page)
                break
            if page is target and race and race["state"] in ("armed", "seen"):
                continue   # the armed player plays this turn
            if look["canAct"]:
                click_an_action(page, rnd)
                table.moves += 1
                if table.tries:
                    table.tries[-1]["moves_since"] += 1
                acted = True
                break   # the others' states have moved on: look again
        waiting = any(look["canAct"] or look["phase"] == "moment" for look in looks.values()) or (
            race is not None and race["state"] == "seen")
        if acted or waiting:
            stuck_since = None
            continue
        # nobody can act: the computer is moving, a message is on its way -- or the table froze
        stuck_since = stuck_since or time.monotonic()
        if time.monotonic() - stuck_since > FREEZE_S:
            raise AssertionError(f"the table froze {last_try_text(table)}: for {FREEZE_S:.0f} s no page could act "
                                 f"and the game is not over.\n{describe(table, looks)}")
        table.host.wait_for_timeout(20)  # polled: several pages' states, each read above


def report(table: Table, seed: int, seconds: float) -> str:
    tries = table.tries
    timed = [t["delay"] for t in tries]
    return (f"{table.game}: {len(tries)} tries in {table.games} game(s), {table.moves} moves, {seconds:.0f} s "
            f"(seed {seed}, pace {RACE_PACE} ms); {sum(t['ends_turn'] for t in tries)} tapped a move ending the turn, "
            f"{sum(t['in_window'] for t in tries)} landed before the host's page took in the computer's move; "
            f"turn shown to tap: {min(timed, default=0)}-{max(timed, default=0)} ms")


def race_seed() -> int:
    seed = int(os.environ.get("E2E_RACE_SEED", "1"))
    print(f"E2E_RACE_SEED={seed}")
    return seed


def seat_guests(devices, problems, links: list[str | None]) -> dict[int, Page]:
    """Each guest joins in seat order: the host sends each new position to the guests in the
    order they joined, so the seat before the computer's is sent first and the one after it
    last, as at the game night."""
    guests = {}
    for seat, link in enumerate(links):
        if link:
            guests[seat] = open_guest(device_page(devices, problems), link)
    return guests


def test_motto_a_guest_taps_right_after_the_computer(site_url, nostr_relay, devices, problems):
    """Motto, 4 seats: the host plays seat 0 on its page, guests at seats 1 and 3, an easy
    computer at seat 2; seat 3 taps 0-200 ms after the computer's move."""
    seed, wanted = race_seed(), int(os.environ.get("E2E_RACE_TRIES", "50"))
    names = ["Hal", "Ada", "Robo", "Cat"]
    host = device_page(devices, problems)
    links = open_host(host, site_url, nostr_relay, game="motto", players=4,
                      seats=["human", "remote", "random", "remote"], names=names, pace=RACE_PACE)
    guests = seat_guests(devices, problems, links)
    host.wait_for_function("window.__app.net.states.join() === ',connected,,connected'", timeout=WAIT_MS)
    start_hosted(host)
    table = Table("motto", host, [(0, host), (1, guests[1]), (3, guests[3])], bot=2, target=3, names=names)
    began = time.monotonic()
    try:
        play_tries(table, random.Random(seed), wanted)
    finally:
        print(report(table, seed, time.monotonic() - began))


def test_moteneba_a_guest_taps_right_after_the_computer(site_url, nostr_relay, devices, problems):
    """Moteneba, 3 seats and no seat for the host: guests at seats 0 and 2, an easy computer at
    seat 1; seat 2 taps 0-200 ms after the computer's move."""
    seed, wanted = race_seed(), int(os.environ.get("E2E_RACE_TRIES_MOTENEBA", "20"))
    names = ["Ada", "Robo", "Cat"]
    host = device_page(devices, problems)
    links = open_host(host, site_url, nostr_relay, game="moteneba", players=3,
                      seats=["remote", "random", "remote"], names=names, pace=RACE_PACE)
    guests = seat_guests(devices, problems, links)
    host.wait_for_function("window.__app.net.states.join() === 'connected,,connected'", timeout=WAIT_MS)
    start_hosted(host)
    table = Table("moteneba", host, [(0, guests[0]), (2, guests[2])], bot=1, target=2, names=names)
    began = time.monotonic()
    try:
        play_tries(table, random.Random(seed), wanted)
    finally:
        print(report(table, seed, time.monotonic() - began))

