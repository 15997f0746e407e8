"""How the engine boots: a memory snapshot on a repeat visit, a normal boot whenever the
snapshot cannot be used, and the trimmed standard library enough for everything."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e_helpers import BOOT_TIMEOUT_MS, PACE, start, wait_idle

SNAPSHOT = "moteplay-snapshot-"

# in the page: the saved snapshot for this build, as {bytes, magicOk}, or null
READ_SNAPSHOT = """async () => {
    const key = window.__app.engine.snapshot_key;
    if (!(await caches.keys()).includes('%s' + key)) return null;
    const cache = await caches.open('%s' + key);
    const res = await cache.match(new URL('js/snapshot.bin', location.href).href);
    if (!res) return null;
    const bytes = new Uint8Array(await res.arrayBuffer());
    return {bytes: bytes.length, magicOk: new Uint32Array(bytes.buffer, 0, 1)[0] === 0x706e7300};
}""" % (SNAPSHOT, SNAPSHOT)

# in the page: rewrite the saved snapshot with `how` ("build": another build's id in its
# header, "truncate": the first half only, "garbage": random bytes) and add a stale cache
CORRUPT = """async (how) => {
    const key = window.__app.engine.snapshot_key;
    const url = new URL('js/snapshot.bin', location.href).href;
    const cache = await caches.open('%s' + key);
    let bytes = new Uint8Array(await (await cache.match(url)).arrayBuffer());
    if (how === 'build') bytes.fill(0xab, 16, 48);           // the 32-byte build id
    else if (how === 'truncate') bytes = bytes.slice(0, (bytes.length >> 1) & ~15);
    else bytes = crypto.getRandomValues(new Uint8Array(65536));
    await cache.put(url, new Response(bytes));
    const stale = await caches.open('%s' + 'from-another-build');
    await stale.put(url, new Response(new Uint8Array(16)));
}""" % (SNAPSHOT, SNAPSHOT)


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
            assert saved["magicOk"] and saved["bytes"] > 1_000_000, saved
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
    for how in ("build", "truncate", "garbage"):
        page.evaluate(CORRUPT, how)
        info = load(page, site_url)
        assert info["boot"] == "fresh", (how, info)
        assert info["snapshotError"], how           # it did try the snapshot, and said why
        wait_for_snapshot(page)                      # and saved a good one in its place
        caches = page.evaluate("caches.keys()")
        assert [c for c in caches if c.startswith(SNAPSHOT)] == [SNAPSHOT + info["snapshot_key"]], how
    assert load(page, site_url)["boot"] == "snapshot"

