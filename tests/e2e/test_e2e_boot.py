"""How the engine boots in PyScript's worker: the lobby before Python (Start and Continue wait
for it), a memory snapshot on a repeat visit, a normal boot whenever the snapshot cannot be
used, clear errors, PyScript from the site with its plugins off, and the trimmed standard
library enough for everything."""
from __future__ import annotations

import json

from playwright.sync_api import Page, expect

import engine
from conftest import SITE
from e2e_helpers import BOOT_TIMEOUT_MS, PACE, setup_lobby, start, wait_idle

SNAPSHOT = "moteplay-snapshot-"
DIGEST = "X-Moteplay-Sha256"  # the header holding a saved snapshot's SHA-256
# in the page: the SHA-256 of some bytes as hex, as the loader writes it
SHA256 = """const sha256 = async (bytes) => Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)),
                                           (b) => b.toString(16).padStart(2, '0')).join('');"""

# in the page: the saved snapshot for this build, as {bytes, magicOk, digestOk}, or null
READ_SNAPSHOT = """async () => {
    %s
    const key = window.__app.engine.snapshot_key;
    if (!(await caches.keys()).includes('%s' + key)) return null;
    const cache = await caches.open('%s' + key);
    const res = await cache.match(new URL('js/snapshot.bin', location.href).href);
    if (!res) return null;
    const bytes = new Uint8Array(await res.arrayBuffer());
    return {bytes: bytes.length, magicOk: new Uint32Array(bytes.buffer, 0, 1)[0] === 0x706e7300,
            digestOk: res.headers.get('%s') === await sha256(bytes)};
}""" % (SHA256, SNAPSHOT, SNAPSHOT, DIGEST)

# in the page: rewrite the saved snapshot with `how` and add a stale cache. "build": another
# build's id in its header, with a checksum that matches (so Pyodide's own check refuses it);
# "truncate": the first half only, "garbage": random bytes (both keep the saved checksum);
# "unchecked": the bytes as saved, without their checksum
CORRUPT = """async (how) => {
    %s
    const key = window.__app.engine.snapshot_key;
    const url = new URL('js/snapshot.bin', location.href).href;
    const cache = await caches.open('%s' + key);
    const saved = await cache.match(url);
    const headers = new Headers(saved.headers);
    let bytes = new Uint8Array(await saved.arrayBuffer());
    if (how === 'build') bytes.fill(0xab, 16, 48);           // the 32-byte build id
    else if (how === 'truncate') bytes = bytes.slice(0, (bytes.length >> 1) & ~15);
    else if (how === 'garbage') bytes = crypto.getRandomValues(new Uint8Array(65536));
    if (how === 'build') headers.set('%s', await sha256(bytes));
    if (how === 'unchecked') headers.delete('%s');
    await cache.put(url, new Response(bytes, { headers }));
    const stale = await caches.open('%s' + 'from-another-build');
    await stale.put(url, new Response(new Uint8Array(16)));
}""" % (SHA256, SNAPSHOT, DIGEST, DIGEST, SNAPSHOT)
# why each is refused (the start of the boot's snapshotError)
REFUSED = {"build": "Snapshot build id mismatch", "truncate": "the saved snapshot is damaged",
           "garbage": "the saved snapshot is damaged", "unchecked": "the saved snapshot has no checksum"}


# in the page: {IndexedDB database name: entries in its store}
COUNT_STORES = """async () => {
    const out = {};
    for (const { name } of await indexedDB.databases()) {
        const db = await new Promise((ok, ko) => Object.assign(indexedDB.open(name), { onsuccess: (e) => ok(e.target.result),
                                                                                        onerror: ko }));
        let count = 0;
        for (const store of db.objectStoreNames) {
            count += await new Promise((ok) => { db.transaction(store).objectStore(store).count().onsuccess = (e) => ok(e.target.result); });
        }
        db.close();
        out[name] = count;
    }
    return out;
}"""


def load(page: Page, url: str) -> dict:
    page.goto(f"{url}?pace={PACE}")
    page.wait_for_function("window.__app && (window.__app.ready || window.__app.phase === 'error')",
                           timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__app.phase") == "lobby", page.inner_text("body")
    expect(page.locator("[data-testid=lobby]")).to_be_visible()
    return page.evaluate("window.__app.engine")


def wait_for_snapshot(page: Page) -> dict:
    """Wait until the worker has saved this build's snapshot (it does so after 'ready')."""
    for _ in range(150):
        saved = page.evaluate(READ_SNAPSHOT)
        if saved:
            assert saved["magicOk"] and saved["digestOk"] and saved["bytes"] > 1_000_000, saved
            return saved
        page.wait_for_timeout(200)
    raise AssertionError("no snapshot was saved within 30 s")


def call(page: Page, name: str, args=None) -> dict:
    return page.evaluate("""async ([name, args]) => {
        const client = await import('./js/engine-client.js');
        return await client.call(name, args ?? undefined);
    }""", [name, args])


def test_a_repeat_visit_restores_the_snapshot_and_plays(page, problems, site_url):
    page.on("pageerror", lambda exc: problems.errors.append(str(exc)))
    first = load(page, site_url)
    assert first["boot"] == "fresh"
    wait_for_snapshot(page)

    second = load(page, site_url)
    assert second["boot"] == "snapshot", second
    assert second["python"] == first["python"] and second["engine"] == first["engine"]
    # a game works after the restore: a human move, then a bot moves
    start(page, players=2, seats=["human", "random"], names=["Ada", "Bot"], seed=5,
          options={"first_player": "1"})
    page.click("[data-testid=deck]")
    assert wait_idle(page) == "human"
    assert "Bot" in page.inner_text("[data-testid=log]")

    # the trimmed standard library is enough for every game's hard bot and the benchmark
    for game in call(page, "list_games")["games"]:
        reply = call(page, "new_game", {"game": game["name"], "num_players": game["min_players"],
                                         "seed": 3, "options": {}})
        assert reply["ok"], reply
        reply = call(page, "bot_turn", {"seat": reply["status"]["current_player"], "bot": "hard", "seed": 1})
        assert reply["ok"] and reply["actions"] >= 1, (game["name"], reply)
    reply = call(page, "benchmark", {"seconds": 0.05, "hard_iterations": 2})
    assert reply["ok"], reply
    assert sorted(reply["results"]) == sorted(g["name"] for g in call(page, "list_games")["games"])


def test_an_unusable_snapshot_boots_normally(page, problems, site_url):
    page.on("pageerror", lambda exc: problems.errors.append(str(exc)))
    assert load(page, site_url)["boot"] == "fresh"
    wait_for_snapshot(page)
    for how, why in REFUSED.items():
        page.evaluate(CORRUPT, how)
        info = load(page, site_url)
        assert info["boot"] == "fresh", (how, info)
        assert (info["snapshotError"] or "").startswith(why), (how, info)  # it tried, and said why
        wait_for_snapshot(page)                      # and saved a good one in its place
        caches = page.evaluate("caches.keys()")
        assert [c for c in caches if c.startswith(SNAPSHOT)] == [SNAPSHOT + info["snapshot_key"]], how
    assert load(page, site_url)["boot"] == "snapshot"



# ------------------------------------------------------------------ lobby first
class Held:
    """Requests for the engine's files, held back until ``release()``: Python cannot finish
    booting meanwhile (the wheel and its bytecode are what the loader waits for)."""

    def __init__(self, page: Page):
        self.page = page
        self.routes = []
        self.released = False
        page.route("**/wheels/**", self.hold)

    def hold(self, route):
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def wait(self):
        """Until the loader has asked for the engine's files (and is held)."""
        for _ in range(300):
            if self.routes:
                return
            self.page.wait_for_timeout(100)
        raise AssertionError("the engine's files were never asked for")

    def release(self):
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


def console_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    return errors


def in_progress_autosave() -> dict:
    """The autosave of a Motto game a few actions in, Ada (seat 0, human) to move, against a computer."""
    state = engine.new_game("motto", 2, seed=11)
    while len(state.save()["actions"]) < 3 or state.current_player != 0:
        state.apply(state.legal_actions()[0].id)
    save = state.save()
    return {"save": save, "seats": [{"kind": "human", "bot": None, "name": "Ada"},
                                    {"kind": "bot", "bot": "random", "name": "Cy"}],
            "hints": True, "title": "Motto", "numPlayers": 2, "turn": state.turn, "isOver": False}


def test_the_lobby_is_usable_before_the_engine_and_continue_waits_for_it(page, problems, site_url):
    page.on("pageerror", lambda exc: problems.errors.append(str(exc)))
    errors = console_errors(page)
    kept = in_progress_autosave()
    page.add_init_script(f"localStorage.setItem('moteplay.autosave.v1', {json.dumps(json.dumps(kept))})")
    held = Held(page)
    page.goto(f"{site_url}?pace={PACE}")
    page.wait_for_function("window.__app && window.__app.lobbyReady", timeout=BOOT_TIMEOUT_MS)
    lobby = page.locator("[data-testid=lobby]")
    expect(lobby).to_be_visible()
    assert page.evaluate("window.__app.ready") is False

    # every game, its seats and options, from build.json: no Python needed
    for game in engine.list_games():
        expect(page.locator(f"[data-testid=game-{game['name']}]")).to_be_attached()
    page.click("[data-testid=game-mottainai]")
    page.select_option("[data-testid=num-players]", "3")
    expect(page.locator("[data-testid=seat-name-2]")).to_be_visible()
    page.fill("[data-testid=seat-name-0]", "Bea")
    page.click("[data-testid=game-motto]")
    expect(page.locator("[data-testid=opt-first_player]")).to_be_visible()
    # How to play and the Rules panel
    page.click("[data-testid=rules-motto]")
    expect(page.locator("[data-testid=rules-body]")).to_have_attribute("data-ready", "true")
    page.click("[data-testid=rules-close]")
    expect(page.locator("[data-testid=rules-dialog]")).to_be_hidden()
    # Continue is offered from the autosave alone
    resume = page.locator("[data-testid=resume]")
    expect(resume).to_have_text(f"Continue: Motto, 2 players, turn {kept['turn']}")
    held.wait()  # the loader asked for the engine's files: Python waits for them
    assert page.evaluate("window.__app.ready") is False

    resume.click()
    expect(page.locator("[data-testid=loading]")).to_be_visible()
    expect(page.locator("#loading-text")).to_have_text("Starting Python…")
    expect(page.locator("[data-testid=loading-step]")).not_to_be_empty()
    expect(page.locator("#loading-time")).to_contain_text(" s")
    held.release()
    assert wait_idle(page) == "human"
    status = page.evaluate("window.__app.status")
    assert (status["seed"], status["turn"]) == (11, kept["turn"])
    expect(page.locator("[data-testid=table]")).to_be_visible()
    assert page.evaluate("window.__app.ready")
    assert errors == [], errors


def test_start_before_the_engine_is_ready_waits_then_starts(page, problems, site_url):
    page.on("pageerror", lambda exc: problems.errors.append(str(exc)))
    errors = console_errors(page)
    held = Held(page)
    page.goto(f"{site_url}?pace={PACE}")
    page.wait_for_function("window.__app && window.__app.lobbyReady", timeout=BOOT_TIMEOUT_MS)
    setup_lobby(page, players=2, seats=["human", "random"], names=["Ada", "Cy"], seed=21)
    held.wait()
    page.click("[data-testid=start]")
    expect(page.locator("#loading-text")).to_have_text("Starting Python…")
    expect(page.locator("[data-testid=lobby]")).to_be_hidden()
    assert page.evaluate("window.__app.phase") == "starting"
    page.wait_for_timeout(300)  # still waiting: nothing goes on without the engine
    assert page.evaluate("window.__app.phase") == "starting"
    held.release()
    assert wait_idle(page) in ("human", "bot")
    assert page.evaluate("window.__app.status")["seed"] == 21
    assert [s["name"] for s in page.evaluate("window.__app.setup")["seats"]] == ["Ada", "Cy"]
    expect(page.locator("[data-testid=game]")).to_be_visible()
    assert errors == [], errors


def test_a_python_error_in_the_worker_shows_a_clear_error(page, problems, site_url):
    """PyScript's worker.ready resolves even when the worker's script fails: the first call
    (info) finds it, and the page says so with Reload."""
    page.on("pageerror", lambda exc: problems.errors.append(str(exc)))
    page.route("**/py/worker.py*", lambda route: route.fulfill(
        status=200, content_type="text/plain", body="raise RuntimeError('the worker script is broken')\n"))
    page.goto(site_url)
    page.wait_for_function("window.__app && window.__app.phase === 'error'", timeout=BOOT_TIMEOUT_MS)
    fatal = page.locator("[data-testid=fatal-error]")
    expect(fatal).to_contain_text("The game engine could not be loaded")
    expect(fatal).to_contain_text("did not start its Python")
    expect(page.locator("#btn-reload")).to_be_visible()
    expect(page.locator("[data-testid=lobby]")).to_be_hidden()


def test_pyscript_loads_from_the_site_with_its_plugins_off(page, problems, site_url):
    page.on("pageerror", lambda exc: problems.errors.append(str(exc)))
    errors = console_errors(page)
    requests: list[str] = []
    page.on("request", lambda req: requests.append(req.url))
    info = load(page, site_url)
    build = json.loads((SITE / "build.json").read_text())
    assert info["pyscript"] == build["pyscript"] and build["pyscript"].startswith(f"pyscript/{build['pyscript_version']}/")
    scripts = [u for u in requests if "/pyscript/" in u]
    # core.js, its chunk and the error plugin's: no editor, terminal, game or TOML chunks
    assert sorted(u.rsplit("/", 1)[1].split("-")[0] for u in scripts) == ["core", "core.js", "error"], scripts
    # the loader and the wheel: both named by version or hash
    assert any(u.endswith(build["engine_boot"]) for u in requests)
    assert any(u.endswith(build["wheel"]) and u.endswith("-py3-none-any.whl") for u in requests)
    # PyScript's IndexedDB stores, opened on every boot: its fs helper's, and the packages
    # cache of our Pyodide folder, which stays empty (no packages: no micropip); and the
    # lobby's Your games (js/games-kept.js), empty before any game ends
    stores = page.evaluate(COUNT_STORES)
    packages = f"IDBMap/{site_url}pyodide@{build['pyodide']}"
    assert sorted(stores) == sorted(["IDBMap/@pyscript.fs", packages, "moteplay"]), stores
    assert stores[packages] == 0 and stores["moteplay"] == 0, stores
    # no SharedArrayBuffer warning from the worker (sync_main_only), no error at all
    assert errors == [], errors
    versions = page.inner_text("[data-testid=versions]")
    assert f"PyScript {build['pyscript_version']}" in versions and "Python 3." in versions


# appended to py/worker.py by the test: info() also says whether Python's `js` is the worker's
# real globalThis (after a _makeSnapshot boot Pyodide leaves a recording proxy there, on which
# js.performance throws "Illegal invocation" and a JS null "Cannot create proxy")
JS_PROBE = '''
import js as _js
_plain_info = info


def info():
    reply = json.loads(_plain_info())
    _js.JSON.parse("null")
    reply["js"] = {"now": _js.performance.now() > 0, "href": str(_js.location.href)}
    return json.dumps(reply)
'''


def test_python_js_is_the_real_global_after_a_fresh_and_a_snapshot_boot(page, problems, site_url):
    page.on("pageerror", lambda exc: problems.errors.append(str(exc)))

    def probe(route):
        route.fulfill(status=200, content_type="text/plain", body=route.fetch().text() + JS_PROBE)

    page.route("**/py/worker.py*", probe)
    first = load(page, site_url)
    assert first["boot"] == "fresh" and first["js"]["now"], first
    assert "127.0.0.1" in first["js"]["href"], first["js"]  # PyScript's blob worker, on this site
    wait_for_snapshot(page)
    second = load(page, site_url)
    assert second["boot"] == "snapshot" and second["js"]["now"], second


TRACEBACK_PROBE = '''
_plain_call = call


def call(name, arg=None):
    if name != "probe_traceback":
        return _plain_call(name, arg)
    import os, traceback, engine, engine.registry
    try:
        engine.new_game("no-such-game", 2)
    except ValueError as exc:
        return json.dumps({"ok": True, "traceback": "".join(traceback.format_exception(exc)),
                           "module": engine.registry.__file__,
                           "source": os.path.exists(engine.registry.__file__[:-1])})
'''


def test_the_engine_runs_from_its_bytecode_and_tracebacks_quote_the_wheels_sources(page, problems, site_url):
    """The engine's modules come from the build's bytecode (each .pyc where its source goes); the
    wheel, with the sources a traceback quotes, is installed once the engine has answered, and is
    part of the saved boot, so a repeat visit's tracebacks quote it too."""
    page.on("pageerror", lambda exc: problems.errors.append(str(exc)))

    def probe(route):
        route.fulfill(status=200, content_type="text/plain", body=route.fetch().text() + TRACEBACK_PROBE)

    page.route("**/py/worker.py*", probe)
    assert load(page, site_url)["boot"] == "fresh"
    wait_for_snapshot(page)  # saved once the wheel is in
    for boot in ("fresh", "snapshot"):
        if boot == "snapshot":
            assert load(page, site_url)["boot"] == "snapshot"
        reply = call(page, "probe_traceback")
        assert reply["module"].endswith("/site-packages/engine/registry.pyc"), reply  # no compiling in the browser
        assert reply["source"], reply
        assert 'engine/registry.py", line' in reply["traceback"], reply
        assert "raise ValueError(f\"unknown game" in reply["traceback"], (boot, reply["traceback"])
