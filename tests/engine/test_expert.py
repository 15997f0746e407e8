"""The expert bot and its learned evaluation: shipped weights, sensible judgements, sequential
halving, deterministic choices at a fixed budget. (Legal full games and honesty under re-dealt
unseen cards are in test_bots.py, with every other bot.)"""

from __future__ import annotations

import glob
import json
import os
import subprocess
import sys
import zipfile

import pytest

import engine
from engine.bots import make_bot, random_action
from engine.bots.expert import (Evaluation, ExpertBot, ExpertSearch, evaluation_path,
                                learned_evaluator, load_evaluation, seat_features)
from engine.registry import game_names, game_spec
from engine.rng import Rng
from registry_cases import player_counts

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
#: the games whose expert cuts its rollouts after a few steps (the others play to a horizon)
SHORT_ROLLOUTS = [game for game in game_names() if game_spec(game).search.expert_depth is not None]


def mid_game(game: str, seed: int, steps: int, players: int | None = None):
    """A game of random moves ``steps`` steps in (by default at the game's smallest player count)."""
    state = engine.new_game(game, players or player_counts(game)[0], seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(random_action(state, rng))
    return state


@pytest.mark.parametrize("game", game_names())
def test_every_game_ships_an_evaluation_with_one_weight_per_input(game):
    model = load_evaluation(game)
    assert model is not None and evaluation_path(game).is_file()
    rows, progress = game_spec(game).search.features(engine.new_game(game, player_counts(game)[0], seed=1))
    assert len(rows[0]) == len(game_spec(game).search.feature_names) and 0.0 <= progress <= 1.0
    assert len(model.weights) == 2 * len(rows[0]) + 1
    data = json.loads(evaluation_path(game).read_text())
    assert data["features"] == list(game_spec(game).search.feature_names) and data["trained"]["command"].startswith("scripts/train")


def _wheel(tmp_path) -> str:
    """The engine wheel scripts/build made (dist/wheel), else one built now."""
    built = glob.glob(os.path.join(ROOT, "dist", "wheel", "moteplay-*-py3-none-any.whl"))
    if built:
        return built[0]
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-q",
                    "-w", str(tmp_path), ROOT], check=True, capture_output=True)
    return glob.glob(str(tmp_path / "moteplay-*.whl"))[0]


@pytest.mark.slow
def test_the_evaluations_load_from_the_installed_wheel(tmp_path):
    wheel = _wheel(tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    for game in game_names():
        assert f"engine/games/{game}/evaluation.json" in names
    site = tmp_path / "site-packages"
    zipfile.ZipFile(wheel).extractall(site)
    code = ("import engine, json; from engine.bots.expert import load_evaluation; "
            "print(json.dumps([engine.__file__] + [len(load_evaluation(g).weights) for g in %r]))" % game_names())
    out = subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path), env={**os.environ, "PYTHONPATH": str(site)},
                         check=True, capture_output=True, text=True).stdout
    where, *sizes = json.loads(out)
    assert where.startswith(str(site)) and all(size > 0 for size in sizes)


@pytest.mark.parametrize("game", game_names())
def test_the_evaluation_judges_every_seat_and_favours_the_seat_ahead(game):
    evaluate = learned_evaluator(game, load_evaluation(game))
    state = mid_game(game, 3, 10)
    while game_spec(game).search.features(state)[1] < 0.5:   # past the middle of the game, when points count
        state.apply(random_action(state, Rng(len(state.history))))
    chances = evaluate(state)
    assert len(chances) == state.num_players and all(0.0 < c < 1.0 for c in chances)
    rows, progress = game_spec(game).search.features(state)
    model = load_evaluation(game)
    # more points than everybody else, all else equal, is better than fewer
    ahead = [list(row) for row in rows]
    ahead[0][0] += 10
    behind = [list(row) for row in rows]
    behind[0][0] -= 10
    assert model.chance(seat_features(ahead, progress, 0)) > model.chance(seat_features(behind, progress, 0))


def test_a_finished_game_is_judged_by_its_outcome():
    state = engine.new_game("motto", 2, seed=4)
    rng = Rng(4)
    while not state.is_over:
        state.apply(random_action(state, rng))
    chances = learned_evaluator("motto", load_evaluation("motto"))(state)
    winner = state.winners()[0]
    assert chances[winner] > 0.8 > chances[1 - winner] or len(state.winners()) == 2


def test_sequential_halving_keeps_the_better_half_and_never_fewer_than_two():
    state = mid_game("mottainai", 2, 30)
    while len(game_spec("mottainai").search.options(state, state.current_player)) < 5:
        state.apply(random_action(state, Rng(len(state.history))))
    seat = state.current_player
    options = game_spec("mottainai").search.options(state, seat)
    bot = ExpertBot(iterations=200)
    search = ExpertSearch(bot, state, seat, Rng(7), options, round_samples=3)
    for _ in range(3):
        search.sample()
    assert len(search.active) == (len(options) + 1) // 2
    for _ in range(30):
        search.sample()
    assert len(search.active) == 2
    assert search.best() in [options[i] for i in search.active]
    assert search.iterations == sum(search.plays)
    assert make_bot("mottainai", "expert", iterations=200).choose(state.clone(), seat, Rng(7)) in \
        {line[0] for line in options}


@pytest.mark.parametrize("game", game_names())
def test_expert_is_deterministic_at_a_fixed_budget_and_leaves_the_state_alone(game):
    for seed in (1, 2):
        state = mid_game(game, seed, 25)
        before = state.save()
        seat = state.current_player
        first = make_bot(game, "expert", iterations=24).choose(state, seat, Rng(9))
        again = make_bot(game, "expert", iterations=24).choose(state, seat, Rng(9))
        assert first == again and first in {a.id for a in state.legal_actions()}
        assert state.save() == before


@pytest.mark.parametrize("game", SHORT_ROLLOUTS)
def test_expert_rollouts_are_short_and_judged_by_the_evaluation(game):
    bot = make_bot(game, "expert", iterations=10)
    hard = make_bot(game, "hard", iterations=10)
    assert bot.rollout_depth(game) < hard.rollout_depth(game)
    assert isinstance(load_evaluation(game), Evaluation)
    assert bot.evaluator(game) is not hard.evaluator(game)


def test_moteneba_expert_plays_to_the_years_end_and_judges_it_with_the_learned_evaluation():
    bot = make_bot("moteneba", "expert", iterations=10)
    hard = make_bot("moteneba", "hard", iterations=10)
    assert bot.rollout_depth("moteneba") == hard.rollout_depth("moteneba")  # both stop at the horizon
    assert bot.evaluator("moteneba") is not hard.evaluator("moteneba")
    state = mid_game("moteneba", 5, 40, players=4)
    while state.phase != "play" or state.pending is not None:
        state.apply(random_action(state, Rng(len(state.history))))
    seat = state.current_player
    world = state.determinize(seat, Rng(1))
    end = bot._roll(world.clone(), game_spec("moteneba").search.rollout, Rng(2))
    assert end.year == state.year + 1 or end.is_over           # the year has been scored, no more
    assert end.phase == "draft" or end.is_over
    # it compares the hard bot's options (the greedy rule's best placements, event cards)
    assert bot.options(state, seat) == hard.options(state, seat)


def _after_first_year():
    state = mid_game("moteneba", 6, 10, players=4)
    while state.year == 1:
        state.apply(random_action(state, Rng(len(state.history))))
    return state


def test_moteneba_secure_hearts_count_a_wide_majority_and_not_a_close_one():
    """Just after the first year's scoring, the first seat leads by a girl by three cubes of the
    top colour to one, or by two to one: both win her next year, but only the wide lead keeps her
    first heart against an opponent's one more cube (the close one ties, a place lower)."""
    from engine.games.moteneba.evaluation import FEATURE_NAMES, moteneba_features
    from engine.games.moteneba.board import GIRLS
    from engine.games.moteneba.scoring import topic_values, year_hearts
    state = _after_first_year()
    values = topic_values(state.ranking)
    top = values.index(max(values))
    rows = {}
    for lead in (3, 2):
        for seat in range(state.num_players):
            state.on_girl[0][seat] = [0] * len(values)
            state.power[0][seat] = 0
        state.on_girl[0][0][top], state.on_girl[0][1][top] = lead, 1
        rows[lead], _ = moteneba_features(state)
    hearts = year_hearts(GIRLS[state.girls[0]]["hearts"], state.num_players, 2)
    tied = hearts[1] if len(hearts) > 1 else 0   # pressed, the close lead is a tie: one place lower
    next_year, secure = FEATURE_NAMES.index("hearts next year"), FEATURE_NAMES.index("secure hearts next year")
    assert rows[3][0][next_year] == rows[2][0][next_year]
    assert rows[3][0][secure] - rows[2][0][secure] == hearts[0] - tied > 0


def test_moteneba_evaluation_values_hearts_and_cards_at_each_years_end():
    """The shipped model: after the first and the second year's scoring, more hearts, an event
    card or a +3 Power card each make a seat likelier to win."""
    from engine.games.moteneba.evaluation import FEATURE_NAMES, moteneba_features
    state = _after_first_year()
    model = load_evaluation("moteneba")
    for year in (1, 2):
        while state.year == year:  # on to this year's scoring (the first year's is behind)
            state.apply(random_action(state, Rng(len(state.history))))
        rows, progress = moteneba_features(state)
        before = model.chance(seat_features(rows, progress, 0))
        for name, more in (("hearts", 5), ("event cards", 1), ("+3 Power cards", 1)):
            changed = [list(r) for r in rows]
            changed[0][FEATURE_NAMES.index(name)] += more
            if name == "+3 Power cards":
                changed[0][FEATURE_NAMES.index("event cards")] += more  # a +3 Power is an event card too
            assert model.chance(seat_features(changed, progress, 0)) > before, (year, name)


def _random_games(seeds):
    """Finished 4-player Moteneba games of random moves, one per seed."""
    for seed in seeds:
        state = engine.new_game("moteneba", 4, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(random_action(state, rng))
        yield seed, state


def test_train_fits_the_evaluation_on_recorded_games(tmp_path):
    """``scripts/train --records``: recorded games are replayed from their seeds and fitted, and
    a record that does not replay is refused with a clear message."""
    records = [{"seed": seed, "players": 4, "actions": list(state.history), "scores": state.scores(),
                "winners": state.winners()} for seed, state in _random_games((5, 6, 7))]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    out = tmp_path / "evaluation.json"
    train = [sys.executable, os.path.join(ROOT, "scripts", "train"), "moteneba", "--records", str(path),
             "--rounds", "1", "--out", str(out)]
    subprocess.run(train, check=True, capture_output=True, text=True)
    data = json.loads(out.read_text())
    assert len(data["weights"]) == 2 * len(game_spec("moteneba").search.feature_names) + 1
    assert data["trained"]["rounds"][0] == {**data["trained"]["rounds"][0], "recorded_games": 3, "positions": 3 * 2 * 4}
    assert data["trained"]["records"] == str(path)
    records[1]["scores"][0] += 1
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    failed = subprocess.run(train, capture_output=True, text=True)
    assert failed.returncode == 2 and "seed 6 does not replay" in failed.stderr and "Traceback" not in failed.stderr


def test_train_fits_on_the_seats_of_some_levels_of_an_arena_report_and_shrinks_towards_earlier_weights(tmp_path):
    """``scripts/train --records REPORT --levels L --towards WEIGHTS --shrink S``: an arena report
    made with ``--history`` is read like recorded games, only the seats of the levels named give
    positions, and a strong shrinkage keeps the earlier weights."""
    levels = ["expert", "hard", "hard", "hard"]
    results = [{"seed": seed, "seats": levels[seed % 4:] + levels[:seed % 4], "scores": state.scores(),
                "winners": state.winners(), "history": list(state.history)}
               for seed, state in _random_games((5, 6, 7))]
    report = tmp_path / "arena.json"
    report.write_text(json.dumps({"game": "moteneba", "results": results}))
    out = tmp_path / "evaluation.json"
    prior = evaluation_path("moteneba")
    train = [sys.executable, os.path.join(ROOT, "scripts", "train"), "moteneba", "--records", str(report),
             "--levels", "expert", "--rounds", "1", "--out", str(out)]
    subprocess.run(train + ["--towards", str(prior), "--shrink", "1e9"], check=True, capture_output=True, text=True)
    data = json.loads(out.read_text())
    assert data["trained"]["rounds"][0]["positions"] == 3 * 2  # one seat a game, each year's end but the last
    assert data["trained"]["levels"] == ["expert"] and data["trained"]["towards"] == str(prior)
    shipped = json.loads(prior.read_text())
    assert data["weights"] == pytest.approx(shipped["weights"], abs=1e-5)
    assert data["bias"] == pytest.approx(shipped["bias"], abs=1e-5)
    subprocess.run(train, check=True, capture_output=True, text=True)
    assert json.loads(out.read_text())["weights"] != data["weights"]  # towards zero, a little: another fit
    for result in results:
        del result["history"]
    report.write_text(json.dumps({"game": "moteneba", "results": results}))
    failed = subprocess.run(train, capture_output=True, text=True)
    assert failed.returncode == 2 and "without its games' histories" in failed.stderr and "Traceback" not in failed.stderr
