"""Every bot of every game: legal choices, full games, and honesty (blind to hidden cards)."""

from __future__ import annotations

import json

import pytest

import engine
from engine.bots import available, make_bot, play_out
from engine.core import game_class, game_names
from engine.rng import Rng

BOT_CASES = [(game, bot["name"]) for game in game_names() for bot in available(game)]
#: small budgets so the search bot is quick and deterministic in tests
SETTINGS = {"hard": {"iterations": 6, "max_rollout": 40}}


def bot(game, name):
    return make_bot(game, name, **SETTINGS.get(name, {}))


@pytest.mark.parametrize("game,bot_name", BOT_CASES)
def test_bot_plays_whole_games_at_every_player_count(game, bot_name):
    info = game_class(game).info
    for n in range(info.min_players, info.max_players + 1):
        state = engine.new_game(game, n, seed=n)
        seats = [make_bot(game, "random") for _ in range(n)]
        seats[n - 1] = bot(game, bot_name)  # one seat of this bot among random players
        play_out(state, seats, Rng(n))
        assert state.is_over and state.winners()


@pytest.mark.parametrize("game,bot_name", BOT_CASES)
def test_bot_is_honest_reshuffling_unseen_cards_never_changes_its_choice(game, bot_name):
    """For a fixed bot seed, re-dealing everything the seat cannot see leaves the choice alone."""
    info = game_class(game).info
    checked = 0
    limit = 12 if bot_name == "hard" else 60
    for n in (info.min_players, info.max_players):
        state = engine.new_game(game, n, seed=11 + n)
        mover, rng = make_bot(game, "random"), Rng(5)
        while not state.is_over and checked < limit * n:
            seat = state.current_player
            expected = bot(game, bot_name).choose(state, seat, Rng(1234))
            for k in range(3):
                redealt = state.determinize(seat, Rng(k))
                assert bot(game, bot_name).choose(redealt, seat, Rng(1234)) == expected
            checked += 1
            state.apply(mover.choose(state, seat, rng))
    assert checked > 10


def test_unknown_bot_is_refused_clearly():
    with pytest.raises(ValueError, match="no bot 'genius'"):
        make_bot("motto", "genius")
    with pytest.raises(ValueError, match="unknown game"):
        available("chess")
    assert [b["name"] for b in available("motto")] == ["random", "greedy", "hard"]
    json.dumps(available("motto"))
