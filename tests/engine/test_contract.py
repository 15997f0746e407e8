"""Contract tests run over every registered game, so each new game gets them for free.

They check what the fuzz suite (tests/fuzz/checks.py: legal actions and the player to move, the
game ends with valid results, save/load, clones, re-dealing hidden cards, the same seed and
actions give the same game, mutated saves) does not, for each game, player count and option
setting: junk, out-of-turn and after-the-end ids are refused with the state unchanged; legal
actions are the same when asked twice; every view is JSON-safe and offers actions to the seat to
move only; ``State.determinize`` leaves the seat's view and legal actions alone; different seeds
deal different games; bad settings and saves are refused clearly.
"""

from __future__ import annotations

import json

import pytest

import engine
from engine.bots import RandomBot
from engine.core import IllegalActionError
from engine.registry import game_class, game_names
from engine.saves import SaveError
from engine.rng import Rng

MAX_ACTIONS = 20_000


def option_settings(name: str) -> list[dict]:
    """Default options, plus each non-default value of every option on its own."""
    settings = [{}]
    for opt in game_class(name).info.options:
        if opt.name == "first_player":
            continue
        for value in opt.values:
            if value != opt.default:
                settings.append({opt.name: value})
    return settings


CASES = [(name, n, opts)
         for name in game_names()
         for n in range(game_class(name).info.min_players, game_class(name).info.max_players + 1)
         for opts in option_settings(name)]


def case_id(case) -> str:
    name, n, opts = case
    return f"{name}-{n}p" + "".join(f"-{k}={v}" for k, v in opts.items())


def fingerprint(state) -> str:
    """Everything observable about a state: its save, every seat's view, the spectator's, the rng."""
    views = [state.view(seat) for seat in range(state.num_players)] + [state.view(None)]
    return json.dumps([state.save(), views, state.rng.state, state.scores()], sort_keys=True)


def random_game(name, n, opts, seed, on_step=None):
    state = engine.new_game(name, n, seed=seed, options=opts)
    bot, rng = RandomBot(), Rng(seed + 1000)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return state
        if on_step:
            on_step(state)
        state.apply(bot.choose(state, state.current_player, rng))
    raise AssertionError(f"{name} with {n} players (seed {seed}) did not end in {MAX_ACTIONS} actions")


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_finished_game_refuses_every_action(case):
    name, n, opts = case
    state = random_game(name, n, opts, seed=1)
    before = fingerprint(state)
    for action_id in (state.history[-1], "no-such-action"):
        with pytest.raises(IllegalActionError):
            state.apply(action_id)
    assert fingerprint(state) == before, "a refused action changed a finished game"


#: every step of a game at each table size takes long: the quick run checks the smallest table
#: of each game (with every option), the whole run every size
STEP_CASES = [case if case[1] == game_class(case[0]).info.min_players
              else pytest.param(case, marks=pytest.mark.slow) for case in CASES]


@pytest.mark.parametrize("case", STEP_CASES, ids=case_id)
def test_every_step_refuses_bad_input_and_determinizes_blindly(case):
    """At every step: the legal actions are the same when asked twice; junk and out-of-turn ids
    are refused with nothing changed; every view is JSON-safe, with legal actions for the seat
    to move only, and unchanged (with the mover's legal actions) by ``State.determinize``."""
    name, n, opts = case
    det_rng = Rng(99)
    steps = {"count": 0}

    def check(state):
        steps["count"] += 1
        ids = [a.id for a in state.legal_actions()]
        assert [a.id for a in state.legal_actions()] == ids, "legal actions must be deterministic"
        before = fingerprint(state)
        for junk in ("", "no-such-action", ids[0] + "x", "take:99", "select:nothing"):
            if junk in ids:
                continue
            with pytest.raises(IllegalActionError) as err:
                state.apply(junk)
            assert str(err.value)
        other_seat = (state.current_player + 1) % n
        with pytest.raises(IllegalActionError, match="not your turn"):
            state.apply(ids[0], seat=other_seat)
        assert fingerprint(state) == before, "a refused action changed the state"
        # views: JSON-safe, and blind to everything State.determinize re-deals
        for seat in range(n):
            view = state.view(seat)
            json.dumps(view)
            assert (view["legal_actions"] != []) == (seat == state.current_player)
            if steps["count"] % 3 == 0:
                redealt = state.determinize(seat, det_rng)
                assert json.dumps(redealt.view(seat), sort_keys=True) == json.dumps(view, sort_keys=True)
                assert [a.id for a in redealt.legal_actions()] == ids or seat != state.current_player

    random_game(name, n, opts, seed=n * 7 + len(opts), on_step=check)
    assert steps["count"] > 5


@pytest.mark.parametrize("name", game_names())
def test_different_seeds_deal_different_games(name):
    n = game_class(name).info.min_players
    deals = {json.dumps([engine.new_game(name, n, seed=seed).view(s) for s in range(n)], sort_keys=True)
             for seed in range(4)}
    assert len(deals) > 1, "different seeds should deal different games"
    a, c = random_game(name, n, {}, seed=5), random_game(name, n, {}, seed=6)
    assert c.history != a.history, "different seeds should deal different games"


@pytest.mark.parametrize("name", game_names())
def test_bad_settings_and_saves_are_refused_clearly(name):
    info = game_class(name).info
    with pytest.raises(ValueError, match="players"):
        engine.new_game(name, info.max_players + 1)
    with pytest.raises(ValueError, match="players"):
        engine.new_game(name, info.min_players - 1)
    with pytest.raises(ValueError, match="seed"):
        engine.new_game(name, info.min_players, seed=-1)
    with pytest.raises(ValueError, match="no option"):
        engine.new_game(name, info.min_players, options={"bogus": "on"})
    state = random_game(name, info.min_players, {}, seed=3)
    good = state.save()
    bad_saves = [
        "not json at all {",
        json.dumps([1, 2]),
        {**good, "format": "other"},
        {**good, "game": "chess"},
        {**good, "num_players": 99},
        # an old-format save (settings and actions only) whose actions do not replay
        {**{k: v for k, v in good.items() if k not in ("state", "start")}, "format": "moteplay-save-1",
         "actions": good["actions"][:3] + ["junk"]},
        {**good, "actions": "draw"},
        {k: v for k, v in good.items() if k != "seed"},
    ]
    for bad in bad_saves:
        with pytest.raises(SaveError) as err:
            engine.load(bad)
        assert str(err.value)
    assert engine.load(good).scores() == state.scores()
    # with the position stored, actions that do not replay lead back to it
    loaded = engine.load_save({**good, "actions": good["actions"][:3] + ["junk"]})
    assert loaded.restored and loaded.state.view(None) == state.view(None)


def test_list_games_describes_every_game():
    games = engine.list_games()
    assert [g["name"] for g in games] == game_names()
    for game in games:
        assert game["title"] and game["min_players"] <= game["max_players"]
        for opt in game["options"]:
            assert opt["default"] in opt["values"]
        json.dumps(game)
