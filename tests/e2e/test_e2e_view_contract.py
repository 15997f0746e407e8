"""Every game's view module keeps the view-module contract (web/js/views/contract.js)."""
from __future__ import annotations

from engine.registry import game_names
from e2e_helpers import BOOT_TIMEOUT_MS

CHECK = """async () => {
  const { checkViewModule } = await import("./js/views/contract.js");
  const { viewFor } = await import("./js/views/index.js");
  const out = {};
  for (const game of ["generic", ...window.__app_games]) {
    const module = game === "generic" ? await import("./js/views/generic.js") : await viewFor(game);
    out[game] = { problems: checkViewModule(module),
                  hooks: Object.keys(module).filter((k) => typeof module[k] === "function") };
  }
  return out;
}"""


def test_every_view_module_exports_what_the_contract_requires(page, site_url):
    page.goto(site_url)
    page.wait_for_function("window.__app && window.__app.lobbyReady", timeout=BOOT_TIMEOUT_MS)
    games = page.evaluate("fetch('build.json').then((r) => r.json()).then((b) => b.games.map((g) => g.name))")
    assert games == game_names()   # the site lists every registered game, in the engine's order
    page.evaluate("(games) => { window.__app_games = games; }", games)
    found = page.evaluate(CHECK)
    assert all(not found[g]["problems"] for g in found), found
    assert found["generic"]["hooks"] == ["render"]
    for game in games:
        # a game's own views also describe the table and draw the open hands of a replay
        # (the shell copes without them, as for a game drawn by generic.js, but players lose them)
        assert {"render", "describe", "renderHoldings"} <= set(found[game]["hooks"]), (game, found[game])
        # its module is its own, not the generic fallback
        assert found[game]["hooks"] != ["render"]
    assert "decorateResult" in found["mottainai"]["hooks"]
