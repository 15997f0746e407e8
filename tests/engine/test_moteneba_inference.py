"""The expert's guess at the other Moteneba players' event cards (engine/games/moteneba/inference.py):
what it counts, that it reads only what the seat sees, and that the expert's worlds follow it."""

from __future__ import annotations

import pytest

import engine
from engine.bots import make_bot
from engine.games.moteneba.inference import PLAY_RATE, moteneba_likelihood, turns_this_year
from engine.rng import Rng


def own_placements_this_year(state) -> list[int]:
    """The same count read from the public log: the seat's placements of its own cubes since the
    year's placements began (a Random cube is not its own)."""
    turns = [0] * state.num_players
    if state.phase not in ("play", "power"):
        return turns
    for line in reversed(state.log):
        if line.startswith("Everyone has their cubes for year"):
            break
        if line.startswith("{P") and " places a" in line and "the random cube" not in line:
            turns[int(line[2:line.index("}")])] += 1
    return turns


def played_games(players: int, seeds):
    """Every position of greedy games in which, on every third seed, a player plays the first
    event card it may (so Trade, Replace, Return and Random cube all come up)."""
    for seed in seeds:
        state = engine.new_game("moteneba", players, seed=seed)
        bot, rng = make_bot("moteneba", "greedy"), Rng(seed)
        while not state.is_over:
            yield state
            action = bot.choose(state, state.current_player, rng)
            if seed % 3 == 0 and state.phase == "play" and state.pending is None:
                events = [a.id for a in state.legal_actions() if a.id.startswith("event:")]
                action = events[0] if events else action
            state.apply(action)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_turns_this_year_count_each_seats_placements_of_its_own_cubes(players):
    checked = 0
    for state in played_games(players, range(6)):
        assert turns_this_year(state) == own_placements_this_year(state)
        checked += state.phase == "play" and any(turns_this_year(state))
    assert checked > 100


def year_two_position(seed: int = 3):
    """A position of the second year's placements where some other seat holds an event card
    and has placed a few cubes (greedy play from ``seed``)."""
    for state in played_games(4, [seed, seed + 1, seed + 2, seed + 4]):
        seat = state.current_player
        turns = turns_this_year(state)
        if (state.phase == "play" and state.pending is None and state.year == 2
                and any(state.hands[o] and turns[o] >= 4 for o in range(4) if o != seat)):
            return state.clone()
    raise AssertionError("no such position")


def test_before_the_years_first_turn_every_deal_is_as_likely():
    drafts = (state for state in played_games(4, range(3, 9))
              if state.phase == "draft" and state.year > 1
              and any(state.hands[o] for o in range(4) if o != state.current_player))
    state = next(drafts)
    seat = state.current_player
    chance = moteneba_likelihood(state, seat)
    assert {chance(state.determinize(seat, Rng(k))) for k in range(20)} == {1.0}


def test_a_card_held_through_turns_unplayed_is_likelier_a_power_card():
    state = year_two_position()
    seat = state.current_player
    chance = moteneba_likelihood(state, seat)
    turns = turns_this_year(state)
    holder = next(o for o in range(4) if o != seat and state.hands[o] and turns[o] >= 4)
    values = []
    for k in range(300):
        world = state.determinize(seat, Rng(k))
        value = chance(world)
        assert 0.0 < value <= 1.0 + 1e-12
        # each card of the year's kinds, once per turn its holder played none
        model = 1.0
        for other in range(4):
            if other != seat:
                for kind in world.hands[other]:
                    model *= (1.0 - PLAY_RATE[kind]) ** turns[other] if kind in PLAY_RATE else 1.0
        values.append((world.hands[holder].count("power"), value, value / model))
    ratios = [r for _, _, r in values]
    assert max(ratios) - min(ratios) < 1e-9 * max(ratios)   # the model over one constant bound
    with_power = [v for p, v, _ in values if p]
    without = [v for p, v, _ in values if not p]
    assert with_power and without
    # with the rest of the deal alike, a +3 Power in the holder's hand is the likelier deal
    assert sum(with_power) / len(with_power) > 2 * sum(without) / len(without)


def test_the_likelihood_reads_only_what_the_seat_sees():
    state = year_two_position()
    seat = state.current_player
    worlds = [state.determinize(seat, Rng(100 + k)) for k in range(20)]
    truth = moteneba_likelihood(state, seat)
    for k in range(3):
        redealt = moteneba_likelihood(state.determinize(seat, Rng(k)), seat)
        assert [redealt(w) for w in worlds] == [truth(w) for w in worlds]


def test_the_experts_worlds_follow_the_likelihood_and_the_hard_bots_do_not():
    state = year_two_position()
    seat = state.current_player
    turns = turns_this_year(state)
    holders = [o for o in range(4) if o != seat and state.hands[o]]
    expert = make_bot("moteneba", "expert", iterations=12).dealer(state, seat)
    hard = make_bot("moteneba", "hard", iterations=12).dealer(state, seat)

    def power_share(deal, count=400):
        rng = Rng(9)
        dealt = [deal(rng) for _ in range(count)]
        return sum(sum(w.hands[o].count("power") for o in holders) for w in dealt) / count

    uniform = power_share(lambda rng: state.determinize(seat, rng))
    assert abs(power_share(hard) - uniform) < 1e-12
    # the opponents' cards held through their turns unplayed are more often +3 Power
    assert max(turns[o] for o in holders) >= 4
    assert power_share(expert) > uniform + 0.1


def test_the_expert_is_honest_where_the_guess_is_at_work():
    state = year_two_position()
    seat = state.current_player
    expected = make_bot("moteneba", "expert", iterations=24).choose(state, seat, Rng(77))
    for k in range(3):
        redealt = state.determinize(seat, Rng(k))
        assert make_bot("moteneba", "expert", iterations=24).choose(redealt, seat, Rng(77)) == expected
