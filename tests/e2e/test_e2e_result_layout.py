"""The final score table on real screens: every header and every cell of each game's score table
(the game's own additions included) is within the window's width once the result is scrolled
into view, nothing is cut by the result box, and axe finds nothing, in the light and the dark
theme. On a phone the table is stacked: each player a block with the name, the winner badge and
the total, then each column as "label: value".

Each game is a finished game (greedy computer players) loaded as a save, with long names, at
1280×800, 1366×768 (mouse), 768×1024 and 390×844 (touch).
"""
from __future__ import annotations

import json

import pytest

from e2e_helpers import assert_no_axe_violations, wait_idle
from engine.registry import game_class, game_names

SIZES = {
    "1280x800": dict(viewport={"width": 1280, "height": 800}),
    "1366x768": dict(viewport={"width": 1366, "height": 768}),
    "768x1024-touch": dict(viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True),
    "390x844-touch": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True),
}
#: the table each game is played at (a game not named here: its most seats)
PLAYERS = {"motto": 4, "mottainai": 3, "moteneba": 4}
GAMES = {game: PLAYERS.get(game, game_class(game).info.max_players) for game in game_names()}
NAMES = ["Bartholomew Jones", "Computer 2", "Maximiliana Ortega", "Computer 4"]

# Each header and cell of the score table, after the result box and the cell are scrolled into
# view: a list of problems (empty when all is well).
CHECK = r"""() => {
  const W = innerWidth, problems = [];
  const box = document.getElementById("result");
  const table = box.querySelector("[data-testid=score-table]");
  if (!table) return ["no score table"];
  box.scrollIntoView({ block: "start" });
  if (box.scrollWidth > box.clientWidth + 1) problems.push(`the result box scrolls sideways: ${box.scrollWidth} > ${box.clientWidth}`);
  if (document.documentElement.scrollWidth > W) problems.push("the page is wider than the window");
  const b = box.getBoundingClientRect();
  for (const cell of table.querySelectorAll("th, td")) {
    // stacked, the column headers are for screen readers only (each cell shows its label)
    if (cell.closest("thead")?.getBoundingClientRect().width <= 1) continue;
    cell.scrollIntoView({ block: "nearest", inline: "nearest" });
    const r = cell.getBoundingClientRect();
    const what = `${cell.tagName.toLowerCase()} "${cell.textContent.trim()}"`;
    if (!r.width || !r.height) { problems.push(`${what} has no size`); continue; }
    if (r.left < -0.5 || r.right > W + 0.5) problems.push(`${what} is outside the window: ${Math.round(r.left)}..${Math.round(r.right)} of ${W}`);
    if (r.left < b.left - 0.5 || r.right > b.right + 0.5) problems.push(`${what} is cut by the result box: ${Math.round(r.left)}..${Math.round(r.right)} in ${Math.round(b.left)}..${Math.round(b.right)}`);
    if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`${what} is cut: ${cell.scrollWidth} > ${cell.clientWidth}`);
  }
  return problems;
}"""


def finished_save(game: str, players: int) -> dict:
    import engine
    from engine.bots import make_bot
    from engine.rng import Rng

    state, rng, bot = engine.new_game(game, players, seed=7), Rng(7), make_bot(game, "greedy")
    while not state.is_over:
        state.apply(bot.choose(state, state.current_player, rng))
    return state.save()


@pytest.fixture(scope="module")
def saves():
    return {game: finished_save(game, players) for game, players in GAMES.items()}


@pytest.mark.parametrize("size", SIZES)
def test_the_score_table_shows_every_column_on_every_screen(screen, saves, tmp_path, size):
    page = screen(**SIZES[size])
    narrow = SIZES[size]["viewport"]["width"] < 600
    for game, players in GAMES.items():
        if page.evaluate("window.__app.phase") != "lobby":
            page.click("[data-testid=result-new-game]")
            wait_idle(page)
        saved = saves[game]
        seats = [{"kind": "human", "bot": None, "name": NAMES[0]}] + [
            {"kind": "bot", "bot": "greedy", "name": NAMES[i]} for i in range(1, players)]
        path = tmp_path / f"{game}.json"
        path.write_text(json.dumps({**saved, "seats": seats}))
        page.set_input_files("[data-testid=load-file]", str(path))
        assert wait_idle(page) == "over", page.evaluate("window.__app.lastError")
        table = page.locator("[data-testid=score-table]")
        rows = page.locator("[data-testid=score-row]")
        assert rows.count() == players
        assert page.locator("[data-testid=score-row][data-winner=true] .badge--win").count() >= 1
        assert page.locator("[data-testid=score-total]").count() == players
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            found = page.evaluate(CHECK)
            assert found == [], f"{game} at {size}, {scheme}: " + "; ".join(found)
            # stacked on a phone: a block per player, the total beside the name
            stacked = page.evaluate("getComputedStyle(document.querySelector('[data-testid=score-row]')).display")
            assert (stacked != "table-row") == narrow, (game, size, stacked)
        # the table keeps its semantics: headers, one row header per player
        assert table.evaluate("t => t.querySelectorAll('thead th').length") == len(
            page.evaluate("window.__app.view.result.columns")) + 2
        assert table.get_by_role("rowheader").count() == players
        assert table.get_by_role("columnheader").count() >= 3
        assert_no_axe_violations(page, f"{game}, the result at {size}")
        page.emulate_media(color_scheme="light")
