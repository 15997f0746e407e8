"""The site as an app: offline after one visit (under a sub-path, as GitHub Pages serves it),
updates that never mix builds, installable, autosave and resume, the Back button.

These tests run their own servers (the site under /moteplay/, stopped and restarted at will)
and their own browser contexts with service workers allowed; the other e2e tests block
service workers so that each starts from the network.
"""
from __future__ import annotations

import json
import socket
import subprocess
import sys
import zipfile
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

import engine
from engine.rng import Rng
from conftest import ROOT, SITE
from e2e_helpers import BOOT_TIMEOUT_MS, PACE, WAIT_MS, assert_no_axe_violations, motto_move, start, wait_idle
from serve_site import serve_in_thread

BASE = "/moteplay/"
AUTOSAVE_KEY = "moteplay.autosave.v1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Site:
    """A built site served under /moteplay/ on a fixed port, which can be stopped and
    served again (the same origin, so the browser keeps its service worker and caches)."""

    def __init__(self, directory: Path):
        self.directory = directory
        self.port = free_port()
        self.server = None

    def serve(self, directory: Path | None = None) -> str:
        self.stop()
        self.directory = directory or self.directory
        self.server, url = serve_in_thread(self.directory, port=self.port, base=BASE)
        return url

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{BASE}"

    def stop(self) -> None:
        if self.server:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture
def site():
    served = Site(SITE)
    served.serve()
    yield served
    served.stop()


class Watch:
    """Every request the context makes (pages, workers, the service worker) and page errors."""

    def __init__(self, context):
        self.requests: list[str] = []
        self.errors: list[str] = []
        context.on("request", lambda req: self.requests.append(req.url))

    def page(self, page):
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on("console", lambda msg: msg.type == "error" and self.errors.append(msg.text))
        return page

    def check(self):
        foreign = [u for u in self.requests
                   if urlparse(u).scheme not in ("data", "blob") and urlparse(u).hostname != "127.0.0.1"]
        assert foreign == [], f"requests left the site: {foreign}"
        assert self.errors == [], f"errors in the page: {self.errors}"


@pytest.fixture
def sw_context(browser, browser_context_args):
    """A fresh context where service workers are allowed (the others block them)."""
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow"})
    watch = Watch(context)
    yield context, watch
    context.close()
    watch.check()


def open_site(page, url: str):
    page.goto(f"{url}?pace={PACE}")
    page.wait_for_function("window.__app && (window.__app.ready || window.__app.phase === 'error')",
                           timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__app.phase") == "lobby", page.inner_text("body")


def wait_offline_ready(page):
    """Wait until the service worker has stored the site and controls the page."""
    page.wait_for_function("window.__app.offline === 'ready' && navigator.serviceWorker.controller !== null",
                           timeout=WAIT_MS)


def wait_autosaved(page, count: int):
    page.wait_for_function(f"window.__app.autosaved >= {count}", timeout=WAIT_MS)


def autosave(page) -> dict | None:
    text = page.evaluate(f"localStorage.getItem({AUTOSAVE_KEY!r})")
    return json.loads(text) if text else None


def play_some_motto(page, moves: int) -> dict:
    """Start Motto (Ada vs a computer), make ``moves`` clicks, return the autosaved game."""
    start(page, players=2, seats=["human", "random"], names=["Ada", "Cy"], seed=4242)
    for _ in range(moves):
        assert wait_idle(page) == "human"
        motto_move(page)
    wait_idle(page)
    status = page.evaluate("window.__app.status")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem({AUTOSAVE_KEY!r}) || 'null')?.turn === {status['turn']}",
        timeout=WAIT_MS)
    saved = autosave(page)
    assert saved["save"]["seed"] == 4242 and saved["turn"] == status["turn"] > 0
    assert [s["name"] for s in saved["seats"]] == ["Ada", "Cy"]
    return status


def continue_game(page, status: dict) -> None:
    """In the lobby: "Continue: Motto, 2 players, turn N" brings the same game back."""
    button = page.locator("[data-testid=resume]")
    expect(button).to_have_text(f"Continue: Motto, 2 players, turn {status['turn']}")
    button.click()
    assert wait_idle(page) == "human"
    back = page.evaluate("window.__app.status")
    assert {k: back[k] for k in ("seed", "turn", "current_player")} == \
        {k: status[k] for k in ("seed", "turn", "current_player")}


# ------------------------------------------------------------------ what is published
def precached_files(site: Path) -> list[str]:
    """The FILES list the build wrote into the site's service worker (paths, queries dropped)."""
    source = (site / "sw.js").read_text()
    start = source.index("const FILES = ") + len("const FILES = ")
    files, _ = json.JSONDecoder().raw_decode(source[start:])
    return [f.split("?")[0] for f in files]


def test_the_site_holds_only_what_players_need():
    # Pages publishes site/ and the service worker stores its list: no benchmark page in either
    # (scripts/bench serves its bare Pyodide page from dist/bench-site/)
    on_disk = sorted(p.relative_to(SITE).as_posix() for p in SITE.rglob("*") if p.is_file())
    assert not (SITE / "bench").exists()
    assert [f for f in on_disk if "bench" in f or "bare" in f] == []
    # the worker stores every file but itself and Pages' marker
    files = precached_files(SITE)
    assert "pyodide/pyodide.asm.wasm" in files and "index.html" in files
    assert sorted(files) == [f for f in on_disk if f not in ("sw.js", ".nojekyll")]


# ------------------------------------------------------------------ offline after one visit
def test_offline_after_one_visit_under_a_sub_path(site, sw_context):
    context, watch = sw_context
    page = watch.page(context.new_page())
    open_site(page, site.url)
    wait_offline_ready(page)
    expect(page.locator("[data-testid=offline-note]")).to_contain_text("offline")
    # every file the page needs is in this build's cache
    build = page.evaluate("fetch('build.json').then(r => r.json())")
    cached = page.evaluate(f"caches.open('moteplay-site-{build['build']}').then(c => c.keys())"
                           ".then(keys => keys.map(k => k.url))")
    assert any(u.endswith(build["wheel"]) for u in cached)
    assert any(u.endswith("pyodide/pyodide.asm.wasm") for u in cached)
    assert all(urlparse(u).path.startswith(BASE) for u in cached)
    assert not any("/bench/" in u for u in cached)

    status = play_some_motto(page, 3)

    # the server is gone and the browser is offline
    site.stop()
    context.set_offline(True)
    page.reload()
    page.wait_for_function("window.__app && window.__app.ready", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__app.phase") == "lobby"
    continue_game(page, status)
    motto_move(page)  # the engine plays on with no network
    assert page.evaluate("window.__app.status")["actions"] > status["actions"]

    # a fresh tab of the same browser opens offline too
    other = watch.page(context.new_page())
    open_site(other, site.url)
    expect(other.locator("[data-testid=continue-block]")).to_be_visible()


# ------------------------------------------------------------------ updates
def changed_build(tmp_path: Path) -> Path:
    """Build B: the same site with a changed engine (its version says so), assembled by the
    real build script into another folder."""
    wheel_a = next((ROOT / "dist" / "wheel").glob("moteplay-*-py3-none-any.whl"))
    version_b = "0.1.0.post999"
    wheel_dir = tmp_path / "wheel-b"
    wheel_dir.mkdir()
    wheel_b = wheel_dir / f"moteplay-{version_b}-py3-none-any.whl"
    with zipfile.ZipFile(wheel_a) as src, zipfile.ZipFile(wheel_b, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            data = src.read(item)
            if item.filename == "engine/version.py":
                data = data.replace(b'__version__ = "0.1.0"', f'__version__ = "{version_b}"'.encode())
                assert version_b.encode() in data
            dst.writestr(item, data)
    out = tmp_path / "site-b"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "assemble_site.py"),
                    "--wheel-dir", str(wheel_dir), "--out", str(out)], check=True, capture_output=True)
    return out


def test_update_prompt_then_reload_brings_the_new_build_and_the_game(site, sw_context, tmp_path):
    context, watch = sw_context
    site_b = changed_build(tmp_path)
    build_a = json.loads((SITE / "build.json").read_text())
    build_b = json.loads((site_b / "build.json").read_text())
    assert build_a["build"] != build_b["build"] and build_a["wheel"] != build_b["wheel"]

    page = watch.page(context.new_page())
    open_site(page, site.url)
    wait_offline_ready(page)
    status = play_some_motto(page, 2)

    # deploy B; the next visit still runs A (from its cache) and offers the update
    site.serve(site_b)
    open_site(page, site.url)
    expect(page.locator("[data-testid=update-banner]")).to_be_visible(timeout=WAIT_MS)
    assert_no_axe_violations(page, "the lobby with the update prompt")
    assert page.evaluate("window.__app.engine.wheel") == build_a["wheel"]
    assert page.evaluate("window.__app.engine.engine") == build_a["engine_version"]
    assert page.evaluate("window.__app.offline") == "update"

    page.click("[data-testid=update-reload]")
    page.wait_for_function("window.__app && window.__app.ready && "
                           f"window.__app.engine.wheel === {build_b['wheel']!r}",
                           timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__app.engine.engine") == "0.1.0.post999"
    expect(page.locator("[data-testid=update-banner]")).to_be_hidden()
    expect(page.locator("[data-testid=versions]")).to_contain_text("0.1.0.post999")
    continue_game(page, status)
    # the old build's cache is gone, the new one holds B
    names = page.evaluate("caches.keys()")
    assert f"moteplay-site-{build_b['build']}" in names
    assert f"moteplay-site-{build_a['build']}" not in names


# ------------------------------------------------------------------ installable
def test_chromium_finds_the_app_installable(site, browser_type, browser_type_launch_args, tmp_path):
    context = browser_type.launch_persistent_context(
        str(tmp_path / "profile"), **browser_type_launch_args, service_workers="allow",
        viewport={"width": 1280, "height": 900})
    try:
        watch = Watch(context)
        page = watch.page(context.pages[0] if context.pages else context.new_page())
        open_site(page, site.url)
        wait_offline_ready(page)
        manifest = page.evaluate("fetch('manifest.webmanifest').then(r => r.json())")
        assert manifest["start_url"] == "./" and manifest["scope"] == "./"
        assert {"192x192", "512x512"} <= {i["sizes"] for i in manifest["icons"]}
        assert any(i.get("purpose") == "maskable" for i in manifest["icons"])
        cdp = context.new_cdp_session(page)
        reply = cdp.send("Page.getInstallabilityErrors")
        assert reply["installabilityErrors"] == [], reply
        app_manifest = cdp.send("Page.getAppManifest")
        assert app_manifest["errors"] == [], app_manifest
        watch.check()
    finally:
        context.close()


# ------------------------------------------------------------------ autosave, Back, bad saves
def test_back_from_a_game_goes_to_the_lobby_with_continue(app):
    status = play_some_motto(app, 2)
    app.go_back()
    expect(app.locator("[data-testid=lobby]")).to_be_visible()
    assert app.evaluate("window.__app.phase") == "lobby"
    assert app.url.startswith(app.evaluate("location.origin"))  # still on the site
    assert_no_axe_violations(app, "the lobby with a game to continue")
    # Forward returns to the game; Back again and Continue does too
    app.go_forward()
    assert wait_idle(app) == "human"
    assert app.evaluate("window.__app.status")["turn"] == status["turn"]
    app.go_back()
    expect(app.locator("[data-testid=lobby]")).to_be_visible()
    continue_game(app, status)
    # "New game" in the game is a history entry too: Back returns to the game
    app.click("[data-testid=new-game]")
    expect(app.locator("[data-testid=lobby]")).to_be_visible()
    app.go_back()
    assert wait_idle(app) == "human"


def test_reload_in_a_hotseat_game_comes_back_behind_the_curtain(app):
    start(app, players=2, seats=["human", "human"], names=["Ada", "Bea"], seed=77,
          options={"first_player": "1"})
    assert wait_idle(app) == "curtain"
    app.click("[data-testid=curtain-reveal]")
    assert wait_idle(app) == "human"
    motto_move(app)
    status = app.evaluate("window.__app.status")
    app.wait_for_function(f"JSON.parse(localStorage.getItem({AUTOSAVE_KEY!r}) || 'null')?.turn === {status['turn']}",
                          timeout=WAIT_MS)
    app.reload()
    app.wait_for_function("window.__app && window.__app.ready", timeout=BOOT_TIMEOUT_MS)
    app.click("[data-testid=resume]")
    assert wait_idle(app) == "curtain"
    expect(app.locator("[data-testid=curtain]")).to_be_visible()
    assert app.locator("[data-testid=hand-card]").count() == 0  # no hand behind the curtain
    assert app.evaluate("window.__app.view") is None
    who = app.evaluate("window.__app.status")["current_player"]
    expect(app.locator("[data-testid=curtain-title]")).to_have_text(f"Pass to {['Ada', 'Bea'][who]}")


def finished_motto_save() -> dict:
    state = engine.new_game("motto", 2, seed=31)
    rng = Rng(5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state.save()


def test_a_finished_game_is_kept_until_a_new_game_starts(app):
    save = finished_motto_save()
    record = {"save": save, "seats": [{"kind": "human", "bot": None, "name": "Ada"},
                                      {"kind": "bot", "bot": "random", "name": "Cy"}],
              "title": "Motto", "numPlayers": 2, "turn": len(save["actions"]), "isOver": True}
    app.evaluate(f"localStorage.setItem({AUTOSAVE_KEY!r}, {json.dumps(json.dumps(record))})")
    app.reload()
    app.wait_for_function("window.__app && window.__app.ready", timeout=BOOT_TIMEOUT_MS)
    expect(app.locator("[data-testid=continue-block]")).to_contain_text("Motto, 2 players, finished")
    app.click("[data-testid=resume]")
    assert wait_idle(app) == "over"
    expect(app.locator("[data-testid=score-table]")).to_be_visible()
    expect(app.locator("[data-testid=score-table]")).to_contain_text("Ada")
    # a new game replaces it
    app.click("[data-testid=result-new-game]")
    start(app, players=2, seats=["human", "random"], seed=8)
    app.wait_for_function(f"JSON.parse(localStorage.getItem({AUTOSAVE_KEY!r})).save.seed === 8", timeout=WAIT_MS)


@pytest.mark.parametrize("stored", [
    "{not json",
    json.dumps({"save": {"game": "motto", "num_players": 2, "seed": 1, "options": {},
                         "actions": ["no-such-action"]}, "seats": [], "title": "Motto",
                "numPlayers": 2, "turn": 1, "isOver": False}),
], ids=["not-json", "illegal-action"])
def test_a_corrupted_autosave_gives_a_message_and_an_empty_lobby(app, stored):
    app.evaluate(f"localStorage.setItem({AUTOSAVE_KEY!r}, {json.dumps(stored)})")
    app.reload()
    app.wait_for_function("window.__app && (window.__app.ready || window.__app.phase === 'error')",
                          timeout=BOOT_TIMEOUT_MS)
    assert app.evaluate("window.__app.phase") == "lobby"
    notice = app.locator("[data-testid=lobby-notice]")
    expect(notice).to_contain_text("Your last game could not be restored")
    assert_no_axe_violations(app, "the lobby after a stored game was set aside")
    assert len(notice.inner_text()) < 300
    expect(app.locator("[data-testid=continue-block]")).to_have_count(0)
    expect(app.locator("[data-testid=start]")).to_be_visible()
    # set aside, not lost: kept under another key, and the next visit is clean
    assert app.evaluate("localStorage.getItem('moteplay.autosave.broken')") == stored
    assert app.evaluate(f"localStorage.getItem({AUTOSAVE_KEY!r})") is None
    app.reload()
    app.wait_for_function("window.__app && window.__app.ready", timeout=BOOT_TIMEOUT_MS)
    expect(app.locator("[data-testid=lobby-notice]")).to_have_count(0)
