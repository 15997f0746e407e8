"""Moteneba's rollouts played in one call (``rollout.moteneba_roll``, the ``roll`` hook) play
exactly what stepping the rollout policy through ``State.apply`` plays."""

from __future__ import annotations

import pytest

import engine
from engine.bots import make_bot
from engine.bots.search import SearchBot
from engine.games.moteneba import bots as mb
from engine.games.moteneba.rollout import moteneba_roll
from engine.rng import Rng
from engine.registry import game_spec

HOUSE_RULES = ({}, {"house_remove_cube": "on"}, {"house_equal_pass": "on", "house_all_colours": "on"},
               {"house_remove_cube": "on", "house_equal_pass": "on"})


def stepped(state, rng, limit):
    """The rollout the search played before the ``roll`` hook: one ``apply`` per step."""
    year, steps = state.year, 0
    while not state.is_over and steps < limit and state.year == year:
        step = mb.moteneba_rollout(state, rng)
        for action_id in ([step] if isinstance(step, str) else step):
            state.apply(action_id)
        steps += 1
    return state


def fields(state):
    """Everything of a state a rollout's end is judged on, and everything that plays on."""
    return (state.is_over, state.year, state.phase, state.start, state.current_player, state.pending,
            state.hearts, state.year_hearts, state.on_girl, state.power, state.ranking, state.topic,
            state.unplaced, state.pile, state.bag, state.draft_round, state.hands, state.deck,
            state.discard, state.power_queue, state.board_version, state.rng.state, state.scores(),
            state.winners())


def positions(players, options, seed, every=4):
    """Positions of a greedy game, every few steps: drafts, placements, pending cubes, +3 Power."""
    state = engine.new_game("moteneba", players, seed=seed, options=options)
    greedy, rng = make_bot("moteneba", "greedy"), Rng(seed)
    found, step = [], 0
    while not state.is_over:
        if step % every == 0:
            found.append(state.clone())
        state.apply(greedy.choose(state, state.current_player, rng))
        step += 1
    return found


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("rules", range(len(HOUSE_RULES)))
def test_roll_plays_what_stepping_plays(players, rules):
    checked = 0
    for seed in (players * 10 + rules,):
        for index, state in enumerate(positions(players, HOUSE_RULES[rules], seed, every=3)):
            seat = state.current_player
            world = state.determinize(seat, Rng(index))
            for limit in (2000, 3 + index % 20):
                for draw in range(2):
                    a, b = world.clone(), world.clone()
                    assert fields(moteneba_roll(a, Rng(draw * 31 + index), limit)) == \
                        fields(stepped(b, Rng(draw * 31 + index), limit)), (seed, index, limit, draw)
                    checked += 1
    assert checked > 150


def test_roll_handles_random_event_cards_and_removals():
    """Random moves pick event cards and removals too: they are stepped through the rules."""
    played = set()
    for seed in range(12):
        for state in positions(4, {"house_remove_cube": "on"}, seed, every=2):
            if state.phase != "play" or state.pending is not None:
                continue
            seat = state.current_player
            for draw in range(4):
                world = state.determinize(seat, Rng(draw))
                a, b = world.clone(), world.clone()
                before = len(b.history)
                assert fields(moteneba_roll(a, Rng(draw), 2000)) == fields(stepped(b, Rng(draw), 2000))
                played.update(a.split(":")[0] for a in b.history[before:])
        if {"event", "remove"} <= played:
            break
    assert {"event", "remove"} <= played


def test_search_uses_the_roll_hook_and_decides_as_before():
    """The hook is the game's; the search's choices are those of stepping (one mid-game state)."""
    assert game_spec("moteneba").search.roll is moteneba_roll
    state = positions(4, {}, 7, every=9)[5]
    seat = state.current_player

    class Stepping(SearchBot):
        def _roll(self, world, rollout, rng):
            return stepped(world, rng, self.rollout_depth(world.info.name))

    for bot in (SearchBot(iterations=24), make_bot("moteneba", "expert", iterations=24)):
        stepping = Stepping(iterations=24) if type(bot) is SearchBot else None
        if stepping is None:
            class ExpertStepping(type(bot)):
                def _roll(self, world, rollout, rng):
                    return stepped(world, rng, self.rollout_depth(world.info.name))
            stepping = ExpertStepping(iterations=24)
        assert bot.choose(state.clone(), seat, Rng(3)) == stepping.choose(state.clone(), seat, Rng(3))
