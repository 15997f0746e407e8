"""A game in progress survives an update of the site whose engine deals differently.

Build A (the built site) autosaves a Motto game; then the site is updated in place to build B:
the same files, but ``build.json`` points to an engine wheel whose ``Rng.shuffle`` reverses
what it shuffled (so every deck comes out in another order and the autosave's actions no longer
replay). Continue must bring the game back exactly where it was, with the notice said once.
"""
from __future__ import annotations

import gzip
import io
import json
import shutil
import zipfile

from conftest import SITE
from e2e_helpers import BOOT_TIMEOUT_MS, PACE, motto_move, start, wait_idle
from serve_site import serve_in_thread

from engine.saves import RESTORED_NOTICE

SHUFFLE = "            items[i], items[j] = items[j], items[i]\n"


def updated_site(tmp_path) -> tuple:
    """A copy of the site and the ``build.json`` of build B: an engine wheel whose shuffle differs
    (its compiled ``rng`` left out of the bytecode, so Python compiles the changed source), and
    the loader that points at it, under new names as a real build would write them."""
    live = tmp_path / "site"
    shutil.copytree(SITE, live)
    build = json.loads((live / "build.json").read_text())
    (live / "wheels" / "b-shuffle").mkdir()

    def rewrite(name: str, change) -> str:
        """The zip (or gzipped zip, as the bytecode is) ``build[name]`` with ``change`` applied."""
        source = live / build[name]
        packed = source.suffix == ".gz"
        data = gzip.decompress(source.read_bytes()) if packed else source.read_bytes()
        out = io.BytesIO()
        with zipfile.ZipFile(io.BytesIO(data)) as zin, zipfile.ZipFile(out, "w") as zout:
            for item in zin.infolist():
                changed = change(item.filename, zin.read(item))
                if changed is not None:
                    zout.writestr(item, changed)
        target = live / "wheels" / "b-shuffle" / source.name
        target.write_bytes(gzip.compress(out.getvalue()) if packed else out.getvalue())
        return f"wheels/b-shuffle/{source.name}"

    def shuffle_otherwise(filename, data):
        if filename == "engine/rng.py":
            text = data.decode()
            assert SHUFFLE in text
            return text.replace(SHUFFLE, SHUFFLE + "        items.reverse()\n", 1).encode()
        return data

    wheel = rewrite("wheel", shuffle_otherwise)
    bytecode = rewrite("bytecode", lambda filename, data: None if "/engine/__pycache__/rng." in filename else data)
    loader = (live / build["engine_boot"]).read_text()
    for key, value in (("wheel", wheel), ("bytecode", bytecode), ("snapshotKey", build["snapshot_key"] + "-b")):
        old = f'"{key}": "{build[key if key != "snapshotKey" else "snapshot_key"]}"'
        assert old in loader, old
        loader = loader.replace(old, f'"{key}": "{value}"')
    (live / "pyodide" / "engine-boot-b.mjs").write_text(loader)
    build_b = {**build, "wheel": wheel, "bytecode": bytecode, "engine_boot": "pyodide/engine-boot-b.mjs",
               "snapshot_key": build["snapshot_key"] + "-b", "build": build["build"] + "-b"}
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
