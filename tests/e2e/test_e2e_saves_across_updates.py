"""A game in progress survives an update of the site whose engine deals differently.

Build A (the built site) autosaves a Motto game; then the site is updated in place to build B:
B's files are added beside A's and ``build.json`` becomes B's, whose engine's ``Rng.shuffle``
reverses what it shuffled (so every deck comes out in another order and the autosave's actions no longer
replay). Continue must bring the game back exactly where it was, with the notice said once.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile

from conftest import ROOT, SITE
from e2e_helpers import BOOT_TIMEOUT_MS, PACE, motto_move, start, wait_idle
from serve_site import serve_in_thread

from engine.saves import RESTORED_NOTICE

SHUFFLE = "            items[i], items[j] = items[j], items[i]\n"


def updated_site(tmp_path) -> tuple:
    """A copy of the site with build B's files added, and B's ``build.json``: an engine wheel
    whose shuffle differs, assembled by the real build script (so its bytecode is compiled from
    the changed source); B's files have other hashed names than A's, so both builds' files sit
    side by side, as on a host between two deploys."""
    wheel_a = next((ROOT / "dist" / "wheel").glob("moteplay-*-py3-none-any.whl"))
    wheel_dir = tmp_path / "wheel-b"
    wheel_dir.mkdir()
    with zipfile.ZipFile(wheel_a) as src, zipfile.ZipFile(wheel_dir / wheel_a.name, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            data = src.read(item)
            if item.filename == "engine/rng.py":
                text = data.decode()
                assert SHUFFLE in text
                data = text.replace(SHUFFLE, SHUFFLE + "        items.reverse()\n", 1).encode()
            dst.writestr(item, data)
    site_b = tmp_path / "site-b"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "assemble_site.py"),
                    "--wheel-dir", str(wheel_dir), "--out", str(site_b)], check=True, capture_output=True)
    build_b = json.loads((site_b / "build.json").read_text())
    build_a = json.loads((SITE / "build.json").read_text())
    assert build_b["bytecode"] != build_a["bytecode"] and build_b["engine_boot"] != build_a["engine_boot"]
    live = tmp_path / "site"
    shutil.copytree(SITE, live)
    for path in site_b.rglob("*"):
        if path.is_file() and not (live / path.relative_to(site_b)).exists():
            (live / path.relative_to(site_b)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, live / path.relative_to(site_b))
    return live, build_b


def boot(page, url):
    page.goto(f"{url}?pace={PACE}")
    page.wait_for_function("window.__app && window.__app.ready", timeout=BOOT_TIMEOUT_MS)


def test_continue_after_an_update_that_shuffles_differently(page, problems, tmp_path):
    live, build_b = updated_site(tmp_path)
    server, url = serve_in_thread(live)
    try:
        problems.watch(page)
        boot(page, url)
        start(page, players=3, seats=["human", "random", "random"], seed=11)
        for _ in range(6):
            if motto_move(page) != "human":
                break
        wait_idle(page)
        page.wait_for_function("window.__app.autosaved > 0")
        before = page.evaluate("window.__app.view")
        turn = page.evaluate("window.__app.status.turn")
        saved = page.evaluate("JSON.parse(localStorage.getItem('moteplay.autosave.v1')).save")
        assert saved["format"] == "moteplay-save-2" and saved["actions"]

        (live / "build.json").write_text(json.dumps(build_b))   # the update
        boot(page, url)
        notice = page.locator("[data-testid=lobby-notice]")
        assert notice.inner_text().strip() == RESTORED_NOTICE
        assert page.evaluate("localStorage.getItem('moteplay.autosave.broken')") is None
        assert page.inner_text("[data-testid=resume]").strip().endswith(f"turn {turn}")   # it still counts
        page.click("[data-testid=resume]")
        assert wait_idle(page) == "human"
        after = page.evaluate("window.__app.view")
        for key in ("current_player", "prompt", "legal_actions", "log", "table"):
            assert after[key] == before[key], key
        # the game plays on under build B
        assert motto_move(page) in ("human", "over")

        # said once: the autosave now holds the game as build B keeps it
        boot(page, url)
        assert page.locator("[data-testid=lobby-notice]").count() == 0
        assert page.locator("[data-testid=resume]").count() == 1

        # a "Save game" file from build A loads the same way, with the sentence in a toast
        seats = [{"kind": "human", "bot": None, "name": "Ann"},
                 {"kind": "bot", "bot": "random", "name": "Bo"}, {"kind": "bot", "bot": "random", "name": "Cy"}]
        path = tmp_path / "motto-from-build-a.json"
        path.write_text(json.dumps({**saved, "seats": seats}))
        page.set_input_files("[data-testid=load-file]", str(path))
        assert wait_idle(page) == "human"
        assert page.locator("[data-testid=error]").is_visible()
        assert page.inner_text("#message-text").strip() == RESTORED_NOTICE
        assert page.evaluate("window.__app.view.table.hand") == before["table"]["hand"]
    finally:
        server.shutdown()
        server.server_close()
