"""Turn counts: ``State.turn`` and the bridge's ``status.turn`` count turns as a player does
("turn 12"), not actions: a Motto play of three cards is one turn of four actions."""
from __future__ import annotations

import json

import pytest

import engine
from engine import bridge
from engine.bots import make_bot
from engine.rng import Rng
from registry_cases import smallest_and_largest

TURN_ENDS = ("take:", "draw", "confirm", "pass")


def test_motto_counts_takes_draws_and_plays_not_actions():
    state, bot, rng = engine.new_game("motto", 3, seed=5), make_bot("motto", "greedy"), Rng(5)
    assert state.turn == 1
    plays = 0
    while not state.is_over:
        action = bot.choose(state, state.current_player, rng)
        state.apply(action)
        plays += action == "confirm"
        if not state.is_over:
            ended = sum(a.startswith(TURN_ENDS) for a in state.history)
            assert state.turn == ended + 1, (state.history[-6:], state.turn)
    assert plays > 0 and len(state.history) > state.turn   # plays took several actions in one turn


@pytest.mark.parametrize("name, players", smallest_and_largest())
def test_a_turn_goes_up_by_one_when_another_seat_moves(name, players):
    state, bot, rng = engine.new_game(name, players, seed=3), make_bot(name, "greedy"), Rng(3)
    steps = 0
    while not state.is_over and steps < 3000:
        seat, turn = state.current_player, state.turn
        state.apply(bot.choose(state, seat, rng))
        steps += 1
        if state.is_over:
            assert state.turn == turn
        elif state.current_player == seat:
            assert state.turn == turn          # still this seat's turn
        else:
            assert state.turn == turn + 1      # the next seat's turn begins
    assert engine.load(state.save()).turn == state.turn   # a loaded game counts the same
    assert state.turn < len(state.history)


def test_the_bridge_status_says_turn_and_actions():
    reply = json.loads(bridge.new_game(json.dumps({"game": "motto", "num_players": 2, "seed": 4})))
    assert reply["status"]["turn"] == 1 and reply["status"]["actions"] == 0
    state = engine.new_game("motto", 2, seed=4)
    state.apply("draw")
    reply = json.loads(bridge.load(json.dumps(state.save())))
    assert reply["status"]["turn"] == 2 and reply["status"]["actions"] == 1
