"""Helpers for driving the page like a player: lobby set-up, waiting, Motto moves."""
from __future__ import annotations

import json
import os
import socket
from pathlib import Path

from playwright.sync_api import Page

WAIT_MS = 60_000
BOOT_TIMEOUT_MS = 90_000
# Bot pause in the page during tests (ms, the ?pace= URL parameter); the real default is 700.
PACE = int(os.environ.get("E2E_PACE", "20"))


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def setup_lobby(page: Page, *, players: int, seats: list[str], names: list[str] | None = None,
                seed: int | None = None, options: dict[str, str] | None = None) -> None:
    """Fill in the lobby. ``seats``: "human" or a bot name ("random", "greedy") per seat."""
    page.select_option("[data-testid=num-players]", str(players))
    for i, kind in enumerate(seats):
        page.select_option(f"[data-testid=seat-kind-{i}]", "human" if kind == "human" else f"bot:{kind}")
    for i, name in enumerate(names or []):
        page.fill(f"[data-testid=seat-name-{i}]", name)
    for name, label in (options or {}).items():
        page.select_option(f"[data-testid=opt-{name}]", label=label)
    if seed is not None:
        page.fill("[data-testid=seed]", str(seed))


def start(page: Page, **lobby) -> None:
    setup_lobby(page, **lobby)
    page.click("[data-testid=start]")
    wait_idle(page)


def ask_for_one_choice_steps(page: Page) -> None:
    """Settings: "Steps with one choice" → "Ask me", for a test that looks at such a step (by
    default the page takes it for the player)."""
    if page.locator("[data-testid=menu]").is_visible():
        page.click("[data-testid=menu]")
    page.click("[data-testid=settings-open]")
    page.check("[data-testid=setting-oneChoice-false]")
    page.keyboard.press("Escape")


def wait_idle(page: Page) -> str:
    """Wait until the page waits for a person (lobby, a human turn, the curtain, the end)
    and return the phase. Clicks set the page busy synchronously, so calling this right
    after a click waits for that click to be fully handled (bots included)."""
    page.wait_for_function("window.__app.idle", timeout=WAIT_MS)
    return page.evaluate("window.__app.phase")


SETTLED = """(ms) => new Promise((done) => {
  const until = performance.now() + ms;
  const moving = () => document.getAnimations().some((a) => a.playState === 'running'
      && a.effect?.getComputedTiming().iterations !== Infinity);  // a spinner never ends
  const check = () => {
    if (moving() && performance.now() < until) { setTimeout(check, 20); return; }
    requestAnimationFrame(() => requestAnimationFrame(() => done(!moving())));
  };
  check();
})"""


def settle(page: Page, timeout_ms: int = 5000) -> None:
    """Wait until the page has stopped moving: no transition or animation running (a card
    lifting under the mouse, a panel sliding in) and two frames drawn since, so a layout or a
    scroll into view made in reaction to the last event is on screen. Fails after
    ``timeout_ms`` if something still moves."""
    assert page.evaluate(SETTLED, timeout_ms), f"the page still moves after {timeout_ms} ms"


def continue_past_screens(page: Page) -> str:
    """Wait like :func:`wait_idle`; press Continue on each screen that holds the table meanwhile
    (a year scored in Moteneba, web/js/moments.js) and return the phase the page then settles in."""
    phase = wait_idle(page)
    while phase == "moment":
        page.click("[data-testid=moment-continue]")
        phase = wait_idle(page)
    return phase


def click_and_wait(page: Page, selector: str) -> str:
    page.click(selector)
    return wait_idle(page)


def motto_move(page: Page) -> str:
    """Make one Motto click for the human to move, with a simple strategy:
    build a play if one exists (select, select, select, confirm), else draw (or take)."""
    view = page.evaluate("window.__app.view")
    ids = [a["id"] for a in view["legal_actions"]]
    if "confirm" in ids:
        return click_and_wait(page, "[data-testid=confirm]")
    selects = [i.split(":", 1)[1] for i in ids if i.startswith("select:")]
    if selects:
        key = selects[0]
        return click_and_wait(page, f"[data-testid=hand-card][data-card='{key}'][data-selected=false] >> nth=0")
    if "draw" in ids:
        return click_and_wait(page, "[data-testid=deck]")
    takes = [i.split(":", 1)[1] for i in ids if i.startswith("take:")]
    if takes:
        return click_and_wait(page, f"[data-testid=pool-{takes[0]}]")
    return click_and_wait(page, "[data-testid=pass]")


# ---------------------------------------------------------------- accessibility
AXE_JS = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_violations(page: Page) -> list[dict]:
    """Run axe-core (npm, pinned in package.json) on the page as it is now: WCAG 2.0/2.1 A + AA."""
    if not page.evaluate("typeof window.axe === 'object'"):
        assert AXE_JS.exists(), f"{AXE_JS} is missing: npm ci"
        # evaluated through the DevTools protocol: the page's CSP refuses an injected <script>
        page.evaluate(AXE_JS.read_text())
    return page.evaluate(
        """async (tags) => {
             const r = await axe.run(document, {
               runOnly: { type: "tag", values: tags }, resultTypes: ["violations"],
               // WCAG 2.5.3 "label in name": tagged experimental in axe, so it must be asked for
               rules: { "label-content-name-mismatch": { enabled: true } } });
             // axe compares a name with the part of the text that is on screen: a card half
             // scrolled out of a strip or of the table's area shows "Paper … Scroll" and seems to
             // mismatch its name "Paper 1 Scroll". Its label is checked when it is wholly in view.
             const cut = (sel) => {
               const el = document.querySelector(sel);
               if (!el) return false;
               const r = el.getBoundingClientRect();
               if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) return true;
               for (let p = el.parentElement; p; p = p.parentElement) {
                 if (getComputedStyle(p).overflow === "visible") continue;
                 const b = p.getBoundingClientRect();
                 if (r.left < b.left - 0.5 || r.top < b.top - 0.5 || r.right > b.right + 0.5 || r.bottom > b.bottom + 0.5) return true;
               }
               return false;
             };
             return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
               nodes: v.nodes.filter((n) => v.id !== "label-content-name-mismatch" || !cut(n.target.join(" ")))
                             .map((n) => ({ target: n.target.join(" "), summary: n.failureSummary,
                                            html: n.html.slice(0, 160) })) }))
               .filter((v) => v.nodes.length);
           }""", AXE_TAGS)


def format_violations(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']}")
        for n in v["nodes"][:6]:
            summary = " ".join((n["summary"] or "").split())
            lines.append(f"    {n['target']}: {summary[:300]}\n      {n['html']}")
        if len(v["nodes"]) > 6:
            lines.append(f"    … and {len(v['nodes']) - 6} more")
    return "\n".join(lines)


def assert_no_axe_violations(page: Page, label: str) -> None:
    """Fail with a readable list if axe-core finds any WCAG 2.0/2.1 A/AA violation on the page,
    in the light theme and in the dark one (prefers-color-scheme); the page is left in the
    scheme it was in."""
    dark = page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        violations = axe_violations(page)
        assert not violations, (f"axe-core: {len(violations)} violation(s) on {label}, {scheme} theme:\n"
                                f"{format_violations(violations)}")
    page.emulate_media(color_scheme="dark" if dark else "light")


# ---------------------------------------------------------------- keyboard
# What takes the focus inside a group (the same list as web/js/a11y.js).
KEY_ITEM = "button:not(:disabled), [role=option], [role=button][tabindex]"
_NEXT_KEY = """([t, item]) => {
  const a = document.activeElement;
  if (a === t) return "here";
  const g = t.closest("[data-roving], [role=listbox]");
  if (g && a && a !== g && g.contains(a)) {
    const items = [...g.querySelectorAll(item)];
    return items.indexOf(t) > items.indexOf(a) ? "ArrowRight" : "ArrowLeft";
  }
  if (!a || a === document.body) return "Tab";
  return (a.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING) ? "Tab" : "Shift+Tab";
}"""


def keyboard_activate(page: Page, selector: str, *, key: str = "Enter", max_presses: int = 150) -> list[str]:
    """Reach the control ``selector`` with the keyboard alone, as a player would (Tab or
    Shift+Tab towards it, arrow keys inside its group), press ``key`` on it and return the keys
    pressed. Fails if the control cannot be reached."""
    target = page.locator(selector).first.element_handle()
    pressed = []
    for _ in range(max_presses):
        step = page.evaluate(_NEXT_KEY, [target, KEY_ITEM])
        if step == "here":
            page.keyboard.press(key)
            return pressed + [key]
        page.keyboard.press(step)
        pressed.append(step)
    raise AssertionError(f"{selector} not reached with {max_presses} key presses: {pressed[-12:]}")


FOCUS_STATE = """() => {
  const a = document.activeElement;
  const table = document.getElementById("table");
  const style = a ? getComputedStyle(a) : null;
  return { inTable: !!(a && table.contains(a)), tag: a ? a.tagName : null, key: a?.dataset?.key ?? null,
           outline: style ? style.outlineStyle + " " + style.outlineWidth : "",
           focusVisible: !!(a && a.matches(":focus-visible")) };
}"""


def assert_focus_on_a_choice(page: Page) -> dict:
    """On a human's turn the focus is on a control of the table, with a visible focus ring."""
    state = page.evaluate(FOCUS_STATE)
    assert state["inTable"], f"the focus left the table: {state}"
    if state["focusVisible"]:
        style, width = state["outline"].split()
        assert style != "none" and float(width.rstrip("px")) >= 2, state
    return state


# ---------------------------------------------------------------- positions loaded as saves
def find_save(game: str, players: int, predicate) -> dict:
    """The save of the first position (greedy bots, seeds 0..) where ``predicate(state)`` holds."""
    import engine
    from engine.bots import make_bot
    from engine.rng import Rng

    bot = make_bot(game, "greedy")
    for seed in range(200):
        state, rng = engine.new_game(game, players, seed=seed), Rng(seed)
        while not state.is_over:
            if predicate(state):
                return state.save()
            state.apply(bot.choose(state, state.current_player, rng))
    raise AssertionError("no such position")


def load_save(page: Page, tmp_path: Path, saved: dict, kinds: list[str], names: list[str]) -> str:
    """Load ``saved`` through the page's Load game input, seat kinds "human" or a bot name, with
    ``names``; returns the phase the page settles in (a human's turn or the curtain)."""
    seats = [{"kind": "human", "bot": None, "name": names[i]} if k == "human"
             else {"kind": "bot", "bot": k, "name": names[i]} for i, k in enumerate(kinds)]
    path = tmp_path / f"{saved['game']}.json"
    path.write_text(json.dumps({**saved, "seats": seats}))
    page.set_input_files("[data-testid=load-file]", str(path))
    phase = wait_idle(page)
    assert phase in ("human", "curtain"), page.evaluate("window.__app.lastError")
    return phase


def open_screen(browser, site_url: str, problems, *, pace: int, **context_args) -> Page:
    """The site in a browser context of its own (``context_args``: a screen size, touch…),
    guarded like the ``app`` fixture (``problems``), with the engine ready. Close
    ``page.context`` after."""
    context = browser.new_context(**context_args)
    problems.guard(context)
    page = context.new_page()
    problems.watch(page)
    page.goto(f"{site_url}?pace={pace}")
    page.wait_for_function("window.__app && window.__app.ready", timeout=BOOT_TIMEOUT_MS)
    return page


def open_phone(browser, site_url: str, problems, *, pace: int, **context_args) -> Page:
    """The site on a 390×844 touch screen (``is_mobile``): :func:`open_screen`."""
    return open_screen(browser, site_url, problems, pace=pace, viewport={"width": 390, "height": 844},
                       has_touch=True, is_mobile=True, **context_args)
