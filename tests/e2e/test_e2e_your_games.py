"""Your games (js/games-kept.js, js/your-games.js): a game finished on this page is kept in the
browser, listed in the lobby with its players, scores and winner, replayed from the list after a
reload, counted per computer level, exported and imported into another browser; a damaged entry
is set aside without breaking the list.

The game is reached near its end from a save (a Motto position in the last round, found with
greedy bots in CPython) and finished in the page by a few clicks against a computer."""
from __future__ import annotations

import json

from e2e_helpers import (BOOT_TIMEOUT_MS, assert_no_axe_violations, find_save, load_save, motto_move,
                         wait_idle)

NAMES = ["Ada", "Ben"]
ROWS = "[data-testid=your-game]"


def finish_a_game(page, tmp_path) -> dict:
    """Load a Motto position of the last round (Ada, human, to move; Ben, the hard computer)
    and play it out; returns the final status."""
    saved = find_save("motto", 2, lambda s: s.current_player == 0 and s.final_turns is not None and not s.selection)
    load_save(page, tmp_path, saved, ["human", "hard"], NAMES)
    for _ in range(40):
        if motto_move(page) == "over":
            break
    assert page.evaluate("window.__app.phase") == "over"
    page.wait_for_function("window.__app.recorded === 1")
    return page.evaluate("window.__app.status")


def to_lobby(page) -> None:
    page.click("[data-testid=new-game]")
    page.wait_for_selector("[data-testid=your-games-list]")


def rows(page) -> list[dict]:
    """Each listed game: its game, players' texts, scores and the winner line."""
    return page.eval_on_selector_all(ROWS, """els => els.map((e) => ({
      game: e.dataset.game, id: e.dataset.id,
      players: [...e.querySelectorAll('[data-testid=your-game-player] .your-game__name')].map((p) => p.textContent),
      scores: [...e.querySelectorAll('[data-testid=your-game-score]')].map((p) => Number(p.textContent)),
      won: e.querySelector('[data-testid=your-game-won]').textContent }))""")


def reload(page) -> None:
    page.reload()
    page.wait_for_function("window.__app && window.__app.ready", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("[data-testid=your-games][data-count]", state="attached")


def test_a_finished_game_in_your_games_and_its_replay(app, tmp_path, browser, browser_context_args, problems,
                                                      site_url):
    page = app
    assert page.is_visible("[data-testid=your-games-empty]")
    status = finish_a_game(page, tmp_path)
    to_lobby(page)

    # the lobby lists it: the game, the players with the computer's level, the scores, the winner
    [row] = rows(page)
    assert row["game"] == "motto"
    assert row["players"] == ["Ada (you)", "Ben (computer, hard)"]
    assert row["scores"] == status["scores"]
    winner = status["winners"]
    assert row["won"] == ("You won" if winner == [0] else "Ben won" if winner == [1] else "Ada and Ben shared the win")

    # counted against the hard computer: played 1, won 1 if Ada won
    cell = page.locator("[data-testid=your-games-stats-row][data-level=hard] td[data-game=motto]")
    assert (cell.get_attribute("data-played"), cell.get_attribute("data-won")) == ("1", "1" if 0 in winner else "0")

    # the page shows the finished game again after a reload: it is not kept twice
    reload(page)
    page.click("[data-testid=resume]")
    assert wait_idle(page) == "over"
    to_lobby(page)
    assert len(rows(page)) == 1

    # damaged entries in the store: one of a wrong shape, one whose save the engine refuses
    page.evaluate("""() => new Promise((resolve, reject) => {
      const open = indexedDB.open("moteplay");
      open.onsuccess = () => {
        const tx = open.result.transaction("games", "readwrite");
        const games = tx.objectStore("games");
        games.put({ id: "broken-1", game: "motto", finishedAt: "yesterday" });
        games.getAll().onsuccess = (e) => {
          const good = e.target.result.find((entry) => entry.save);
          const save = { ...good.save, actions: ["no-such-move"] };
          delete save.state;  // else the engine goes on from the saved position
          games.put({ ...good, id: "bad-save", finishedAt: "2000-01-01T00:00:00Z", save });
        };
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      };
    })""")
    reload(page)
    # the wrong shape is set aside at once: the others stay listed, a line says so
    assert [r["id"] for r in rows(page)][1:] == ["bad-save"]
    aside = page.inner_text("[data-testid=your-games-aside]")
    assert aside.startswith("1 damaged entry set aside (its date is missing or wrong)"), aside
    # the refused save is set aside when its replay is asked for, the lobby saying why
    page.click(f"{ROWS} >> nth=1 >> [data-testid=your-game-replay]")
    page.wait_for_selector("[data-testid=lobby-notice]")
    assert "could not be opened" in page.inner_text("[data-testid=lobby-notice]")
    page.wait_for_function("document.querySelector('[data-testid=your-games]').dataset.count === '1'")
    assert page.inner_text("[data-testid=your-games-aside]").startswith("2 damaged entries set aside")

    assert_no_axe_violations(page, "the lobby with Your games")

    # the replay opens from the list alone (the engine loads its save), at the end, and steps back
    page.click(f"{ROWS} >> nth=0 >> [data-testid=your-game-replay]")
    wait_idle(page)
    assert page.evaluate("window.__app.phase") == "replay"
    steps = int(page.get_attribute("[data-testid=replay]", "data-step"))
    assert page.inner_text("[data-testid=replay-step]") == f"Step {steps} of {steps}"
    viewers = page.eval_on_selector_all("[data-testid=replay-viewer] option", "els => els.map(e => e.textContent)")
    assert viewers == ["Everyone — all hands", "Ada", "Ben"]
    page.click("[data-testid=replay-prev]")
    page.wait_for_function(f"document.querySelector('[data-testid=replay]').dataset.step === '{steps - 1}'")
    page.click("[data-testid=replay-exit]")
    page.wait_for_selector("[data-testid=your-games-list]")
    assert page.evaluate("window.__app.phase") == "lobby"

    # export, then import into another browser: the same list; importing again doubles nothing
    with page.expect_download() as download:
        page.click("[data-testid=your-games-export]")
    assert download.value.suggested_filename.startswith("moteplay-games-")
    exported = tmp_path / "games.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert (data["format"], data["version"], len(data["games"])) == ("moteplay-games", 1, 1)

    other = browser.new_context(**browser_context_args)
    problems.guard(other)
    try:
        fresh = other.new_page()
        problems.watch(fresh)
        fresh.goto(f"{site_url}?pace=20")
        fresh.wait_for_selector("[data-testid=your-games-empty]")
        fresh.set_input_files("[data-testid=your-games-import-file]", str(exported))
        fresh.wait_for_selector("[data-testid=your-games-list]")
        assert fresh.inner_text("[data-testid=your-games-said]") == "Imported 1 game."
        assert rows(fresh) == rows(page)
        fresh.set_input_files("[data-testid=your-games-import-file]", str(exported))
        fresh.wait_for_function("document.querySelector('[data-testid=your-games-said]').textContent"
                                ".includes('already here')")
        assert fresh.inner_text("[data-testid=your-games-said]") == "Imported 0 games, 1 already here."
        assert len(rows(fresh)) == 1

        # a game in progress here: a past game's replay borrows the engine and gives it back
        fresh.click("[data-testid=start]")
        assert wait_idle(fresh) == "human"
        before = fresh.evaluate("window.__app.save()")
        to_lobby(fresh)
        fresh.click(f"{ROWS} >> nth=0 >> [data-testid=your-game-replay]")
        wait_idle(fresh)
        assert fresh.evaluate("window.__app.phase") == "replay"
        fresh.go_back()  # Back leaves the replay too
        fresh.wait_for_selector("[data-testid=your-games-list]")
        fresh.click("[data-testid=resume]")
        assert wait_idle(fresh) == "human"
        assert fresh.evaluate("window.__app.save()") == before
    finally:
        other.close()

    # Delete, once confirmed
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(f"{ROWS} >> nth=0 >> [data-testid=your-game-delete]")
    page.wait_for_selector("[data-testid=your-games-empty]")
