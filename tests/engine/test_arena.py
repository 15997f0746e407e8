"""A small arena run for every game (the long runs behind docs/bots.md are scripts/arena-all)."""

from __future__ import annotations

import json

import pytest

from engine.arena import level_settings, run_arena, time_ratios, wilson_interval
from engine.benchmarks import common_player_count
from engine.cli import main
from engine.registry import game_names


def test_wilson_interval():
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35
    low, high = wilson_interval(5, 10)
    assert low < 0.5 < high and abs((low + high) / 2 - 0.5) < 1e-9
    assert wilson_interval(0, 0) == (0.0, 0.0)


@pytest.mark.parametrize("game", [pytest.param(game, marks=pytest.mark.slow) if game == "mottainai" else game
                                  for game in game_names()])  # Mottainai's long games are slow
def test_smoke_arena_rotates_seats_and_counts_every_game(game):
    n = common_player_count(game)
    levels = ["hard", "medium"] + ["random"] * (n - 2)
    report = run_arena(game, levels, games=2, seed=3, settings={"iterations": 8, "max_rollout": 60})
    assert len(report["results"]) == 2
    assert report["results"][1]["seats"] == levels[1:] + levels[:1]
    rows = {row["level"]: row for row in report["levels"]}
    assert set(rows) == set(levels)
    assert sum(row["wins"] for row in rows.values()) == pytest.approx(2)
    assert rows["hard"]["games"] == 2 and rows["hard"]["decisions"] > 0
    json.dumps(report)


@pytest.mark.parametrize("game", [pytest.param(game, marks=pytest.mark.slow) if game == "mottainai" else game
                                  for game in game_names()])
def test_smoke_arena_with_the_expert_gives_each_search_bot_its_own_budget(game):
    n = common_player_count(game)
    levels = ["expert", "hard"] + ["random"] * (n - 2)
    settings = {"iterations": 6, "max_rollout": 40, "expert": {"iterations": 12}}
    report = run_arena(game, levels, games=2, seed=4, settings=settings)
    rows = {row["level"]: row for row in report["levels"]}
    assert len(report["results"]) == 2 and report["results"][1]["seats"] == levels[1:] + levels[:1]
    assert sum(row["wins"] for row in rows.values()) == pytest.approx(2)
    assert rows["expert"]["games"] == 2 and rows["expert"]["decisions"] > 0
    assert rows["expert"]["cpu_seconds_per_decision"] > 0
    assert all(len(r["cpu_seconds"]) == n for r in report["results"])
    assert report["time_ratios"]["expert/hard"] > 0
    json.dumps(report)


def test_time_ratios_compare_levels_within_each_game_and_take_the_median():
    def game(seats, seconds, decisions, cpu=None):
        result = {"seats": seats, "seconds": seconds, "decisions": decisions}
        if cpu is not None:
            result["cpu_seconds"] = cpu
        return result
    results = [
        # wall seconds only (a report from before CPU time was recorded): 2.0 / 1.0
        game(["expert", "hard"], [20.0, 10.0], [10, 10]),
        # CPU time is used where present: (4 / 8) / (3 / 6) = 1.0, whatever the wall clock said
        game(["hard", "expert"], [99.0, 1.0], [6, 8], cpu=[3.0, 4.0]),
        # a paused game does not sway the median: 0.5
        game(["expert", "hard"], [5000.0, 20.0], [10, 10], cpu=[5.0, 10.0]),
    ]
    assert time_ratios(["expert", "hard"], results) == {"expert/hard": 1.0}
    # several seats of one level: their time over their decisions (0.2 / 0.1); a level that
    # spent no time (the random bot, whose choice is instant) gives no ratio
    four = [game(["expert", "hard", "hard", "random"], [0, 0, 0, 0], [10, 10, 30, 5], cpu=[2.0, 1.0, 3.0, 0.0])]
    assert time_ratios(["expert", "hard", "hard", "random"], four) == pytest.approx({"expert/hard": 2.0})


def test_arena_budgets_per_level():
    settings = {"iterations": 30, "expert": {"iterations": 90}}
    assert level_settings("hard", settings) == {"iterations": 30}
    assert level_settings("expert", settings) == {"iterations": 90}
    assert level_settings("expert", {"seconds": 0.5}) == {"seconds": 0.5}
    assert level_settings("medium", settings) == {}


def test_arena_command_line_writes_json(tmp_path, capsys):
    out = tmp_path / "arena.json"
    assert main(["arena", "motto", "--seats", "medium,random", "--games", "4", "--seed", "2",
                 "--json", str(out)]) == 0
    table = capsys.readouterr().out
    assert "| medium | 4 |" in table and "95% interval" in table
    assert json.loads(out.read_text())["games"] == 4
    assert main(["arena", "motto", "--seats", "medium", "--games", "1"]) == 2


def test_arena_resume_keeps_played_games_and_plays_only_the_missing_ones(tmp_path, capsys):
    out = tmp_path / "arena.json"
    args = ["arena", "motto", "--seats", "medium,random", "--seed", "5", "--json", str(out), "--resume"]
    assert main(args + ["--games", "2"]) == 0
    first = json.loads(out.read_text())
    assert first["games"] == 2 and [r["seed"] for r in first["results"]] == [5, 6]
    # mark the kept games: a resumed run must not play them again
    for result in first["results"]:
        result["actions"] = -1
    out.write_text(json.dumps(first))
    assert main(args + ["--games", "3"]) == 0
    second = json.loads(out.read_text())
    assert [r["seed"] for r in second["results"]] == [5, 6, 7]
    assert [r["actions"] for r in second["results"]][:2] == [-1, -1]
    assert second["results"][2]["actions"] > 0 and second["results"][2]["seats"] == ["medium", "random"]
    capsys.readouterr()
    # another match-up in the same file is refused with a clear message, the file untouched
    assert main(["arena", "motto", "--seats", "hard,random", "--games", "1", "--seed", "5",
                 "--json", str(out), "--resume"]) == 2
    assert "different match-up" in capsys.readouterr().err
    assert json.loads(out.read_text()) == second
    assert main(["arena", "motto", "--seats", "medium,random", "--resume"]) == 2


@pytest.mark.parametrize("game", [pytest.param(game, marks=pytest.mark.slow) if game == "mottainai" else game
                                  for game in game_names()])
def test_arena_history_replays_each_game_to_its_scores(game):
    from engine import new_game
    n = common_player_count(game)
    levels = ["hard", "medium"] + ["random"] * (n - 2)
    report = run_arena(game, levels, games=2, seed=8, settings={"iterations": 4, "max_rollout": 40}, history=True)
    for result in report["results"]:
        assert len(result["history"]) == result["actions"] > 0
        state = new_game(game, n, seed=result["seed"])
        for action in result["history"]:
            state.apply(action)
        assert state.is_over and state.scores() == result["scores"] and state.winners() == result["winners"]
    plain = run_arena(game, levels, games=2, seed=8, settings={"iterations": 4, "max_rollout": 40})
    assert [r["scores"] for r in plain["results"]] == [r["scores"] for r in report["results"]]
    assert all("history" not in r for r in plain["results"])


def test_arena_resume_with_history_plays_again_the_games_kept_without_it(tmp_path, capsys):
    out = tmp_path / "arena.json"
    args = ["arena", "motto", "--seats", "medium,random", "--seed", "5", "--json", str(out), "--resume"]
    assert main(args + ["--games", "2"]) == 0
    assert all("history" not in r for r in json.loads(out.read_text())["results"])
    assert main(args + ["--games", "3", "--history"]) == 0
    report = json.loads(out.read_text())
    assert [r["seed"] for r in report["results"]] == [5, 6, 7]
    assert all(len(r["history"]) == r["actions"] for r in report["results"])
    capsys.readouterr()
    assert main(["arena", "motto", "--seats", "medium,random", "--history"]) == 2
    assert "--history needs --json FILE" in capsys.readouterr().err
