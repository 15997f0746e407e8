"""A guest taps just after a computer's move: the table must go on.

The host's page moves a computer with ``botTurn`` and then pauses (the computer's pace) before
it takes in the new position; meanwhile the guests may already be sent that position (the host's
publish reads the engine), so the seat after the computer gets its turn and may tap during the
pause. At a game night the table froze for good that way: the guest's move went through, then
the host's page went back to the position just after the computer's move and waited for that
guest ("Cat's turn, on their device") while the engine and the guests waited for someone else.

Here the host's page has a real pause (``?pace=``, ``E2E_RACE_PACE``, 400 ms by default). Each
time the guest after the computer gets its turn right after the computer's move (the last line
of its log is the computer's), it waits a delay drawn from a seeded ``random.Random`` (0-200 ms;
the seed is printed, ``E2E_RACE_SEED`` sets it) and taps a move that ends its turn when it has
one (Motto: take a card or draw; Moteneba: a cube of the draft, Done) — a *try*. Every other
seat of a person plays any legal move at once, through the page's own controls. Games follow each
other at the same table (Play again) until the tries are made: ``E2E_RACE_TRIES`` (Motto, 100)
and ``E2E_RACE_TRIES_MOTENEBA`` (30).

The table is frozen when, for ``E2E_RACE_FREEZE_S`` seconds (15), no page can act — no page
shows its own seat's turn with a legal move, no screen waits for Continue — and the game is not
over. Then the test fails with the try, the seat and what every page shows (the host's page's
status beside the engine's, which the guests were last sent).
"""
from __future__ import annotations

import json
import os
import random
import time
from dataclasses import dataclass, field

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from e2e_helpers import WAIT_MS
from net_helpers import click_an_action, continue_screen, device_page, open_guest, open_host, start_hosted

RACE_PACE = int(os.environ.get("E2E_RACE_PACE", "400"))
FREEZE_S = float(os.environ.get("E2E_RACE_FREEZE_S", "15"))
MAX_DELAY_MS = 200
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
           turn: turn ? [...turn.childNodes].map((n) => n.textContent.trim()).filter(Boolean).join(' / ') : '' };
}"""

# The computer's turn is over on this page (or a screen, the end, its own turn shows).
TURN_OR_MOVED = """(bot) => { const a = window.__app; const s = a.status;
  return !s || s.is_over || s.current_player !== bot || a.phase === 'moment' || (a.idle && !a.busy && a.phase === 'human'); }"""

# Notes when the page is tapped (a capturing listener that only reads the clock).
NOTE_TAPS = """() => document.addEventListener('click', () => {
  window.__raceTap = performance.timeOrigin + performance.now(); }, true)"""


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


def wait_for_someone(table: Table, after: str) -> dict:
    """Wait (at most FREEZE_S) until a page can act, a screen waits for Continue or the game is
    over; fail with what every page shows if none does: the table is frozen."""
    deadline = time.monotonic() + FREEZE_S
    while True:
        looks = table.look()
        if looks["host"]["over"] or any(look["canAct"] or look["phase"] == "moment" for look in looks.values()):
            return looks
        if time.monotonic() > deadline:
            raise AssertionError(f"the table froze {after}: for {FREEZE_S:.0f} s no page could act and the game "
                                 f"is not over.\n{describe(table, looks)}")
        target = looks[f"seat {table.target}"]
        if target["cp"] == table.bot and not target["over"]:
            # the computer's turn: watch the seat after it, to see its turn as soon as it shows
            try:
                table.page_of(table.target).wait_for_function(
                    TURN_OR_MOVED, arg=table.bot, timeout=max(1, (deadline - time.monotonic()) * 1000))
            except PlaywrightTimeout:
                pass   # looked at once more above, then the freeze is told
        else:
            table.host.wait_for_timeout(20)  # polled: several pages' states, each read above


def last_try_text(table: Table) -> str:
    if not table.tries:
        return "before any try"
    t = table.tries[-1]
    return (f"after try {t['n']} (game {t['game']}: {table.names[table.target]}, seat {table.target}, tapped "
            f"{t['action']!r} {t['delay']} ms after its turn showed, {t['moves_since']} moves ago)")


def make_try(table: Table, page: Page, look: dict, rnd: random.Random) -> None:
    """The seat after the computer, its turn just shown: wait the drawn delay, tap a move."""
    enders = [a for a in look["legal"] if a.startswith(TURN_ENDERS[table.game])]
    choices = enders or [a for a in look["legal"] if a != "cancel"] or look["legal"]
    action = rnd.choice(sorted(choices))
    delay = rnd.randint(0, MAX_DELAY_MS)
    page.wait_for_timeout(delay)  # the scenario: the player's reaction time, not a wait for state
    target = page.locator(f"#table [data-action={json.dumps(action)}]").first
    target.click(timeout=WAIT_MS)
    page.wait_for_function("window.__app.idle && !window.__app.busy", timeout=WAIT_MS)
    # when the tap landed: before the host's page took in the computer's move, or after
    tap = page.evaluate("window.__raceTap")
    shown = next((t for at, t in page.evaluate("window.__app.net.moments") if at == look["actions"]), None)
    host_took = min((t for at, t in table.host.evaluate("window.__app.net.moments") if at >= look["actions"]),
                    default=None)
    table.tries.append({
        "n": len(table.tries) + 1, "game": table.games, "action": action, "delay": delay,
        "ends_turn": bool(enders), "moves_since": 0,
        "shown_to_tap": None if shown is None else round(tap - shown),
        "in_window": host_took is not None and tap < host_took,
    })
    t = table.tries[-1]
    print(f"try {t['n']} (game {t['game']}): {action!r} after {delay} ms, {t['shown_to_tap']} ms after its turn "
          f"showed, {'before' if t['in_window'] else 'after'} the host's page took in the computer's move")


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
    tried = set()   # (game, log length): one try per turn of the target seat
    while len(table.tries) < wanted:
        looks = wait_for_someone(table, last_try_text(table))
        if looks["host"]["over"]:
            new_game(table)
            continue
        for seat, page in sorted(table.people, key=lambda p: p[0] != table.target):
            look = looks["host"] if page is table.host else looks[f"seat {seat}"]
            if look["phase"] == "moment":
                continue_screen(page)
                break
            if not look["canAct"]:
                continue
            key = (table.games, look["logLength"])
            if seat == table.target and look["lastMover"] == table.bot and key not in tried:
                tried.add(key)
                make_try(table, page, look, rnd)
            else:
                click_an_action(page, rnd)
                if table.tries:
                    table.tries[-1]["moves_since"] += 1
            table.moves += 1
            break   # the others' states have moved on: look again


def report(table: Table, seed: int, seconds: float) -> str:
    tries = table.tries
    timed = [t["shown_to_tap"] for t in tries if t["shown_to_tap"] is not None]
    return (f"{table.game}: {len(tries)} tries in {table.games} game(s), {table.moves} moves, {seconds:.0f} s "
            f"(seed {seed}, pace {RACE_PACE} ms); {sum(t['ends_turn'] for t in tries)} tapped a move ending the turn, "
            f"{sum(t['in_window'] for t in tries)} landed before the host's page took in the computer's move; "
            f"turn shown to tap: {min(timed, default=0)}-{max(timed, default=0)} ms")


def race_seed() -> int:
    seed = int(os.environ.get("E2E_RACE_SEED", random.SystemRandom().randrange(2**32)))
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
    seed, wanted = race_seed(), int(os.environ.get("E2E_RACE_TRIES", "100"))
    names = ["Hal", "Ada", "Robo", "Cat"]
    host = device_page(devices, problems)
    links = open_host(host, site_url, nostr_relay, game="motto", players=4,
                      seats=["human", "remote", "random", "remote"], names=names, pace=RACE_PACE)
    guests = seat_guests(devices, problems, links)
    guests[3].evaluate(NOTE_TAPS)
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
    seed, wanted = race_seed(), int(os.environ.get("E2E_RACE_TRIES_MOTENEBA", "30"))
    names = ["Ada", "Robo", "Cat"]
    host = device_page(devices, problems)
    links = open_host(host, site_url, nostr_relay, game="moteneba", players=3,
                      seats=["remote", "random", "remote"], names=names, pace=RACE_PACE)
    guests = seat_guests(devices, problems, links)
    guests[2].evaluate(NOTE_TAPS)
    host.wait_for_function("window.__app.net.states.join() === 'connected,,connected'", timeout=WAIT_MS)
    start_hosted(host)
    table = Table("moteneba", host, [(0, guests[0]), (2, guests[2])], bot=1, target=2, names=names)
    began = time.monotonic()
    try:
        play_tries(table, random.Random(seed), wanted)
    finally:
        print(report(table, seed, time.monotonic() - began))

