"""Speed measurements shared by ``scripts/bench`` (CPython) and the page (Pyodide, through
``engine.bridge.benchmark``), so both run exactly the same code.

All functions return plain dicts of numbers. Nothing here is used during play.
"""

from __future__ import annotations

import time

from . import new_game
from .bots import make_bot, random_action
from .registry import game_class, game_names
from .rng import Rng


def _random_step(state, rng: Rng) -> None:
    state.apply(random_action(state, rng))


def mid_game_states(game: str, players: int, count: int = 20) -> list:
    """``count`` states from random games, each stopped about a third of the way through."""
    states = []
    for seed in range(count):
        state = new_game(game, players, seed=seed)
        rng = Rng(seed)
        probe = state.clone()
        length = 0
        while not probe.is_over:
            _random_step(probe, rng)
            length += 1
        rng = Rng(seed)
        for _ in range(length // 3):
            _random_step(state, rng)
        states.append(state)
    return states


def clone_microseconds(game: str, players: int, repeat: int = 2000) -> float:
    """Mean time of ``State.clone()`` on mid-game states, in microseconds."""
    states = mid_game_states(game, players, 10)
    start = time.perf_counter()
    for _ in range(repeat // len(states)):
        for state in states:
            state.clone()
    return (time.perf_counter() - start) / (repeat // len(states) * len(states)) * 1e6


def random_playouts(game: str, players: int, seconds: float = 2.0) -> dict:
    """Random games from the start to the end for about ``seconds``: playouts and actions per second."""
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < seconds or games == 0:
        state = new_game(game, players, seed=games)
        rng = Rng(games)
        while not state.is_over:
            _random_step(state, rng)
            actions += 1
        games += 1
    spent = time.perf_counter() - start
    return {"playouts_per_s": games / spent, "actions_per_s": actions / spent, "games": games}


def hard_decisions(game: str, players: int, iterations: int = 100, decisions: int = 10,
                   level: str = "hard") -> dict:
    """The hard bot (or another search bot, ``level``) at a fixed iteration budget on mid-game
    states: decisions and iterations per second."""
    states = mid_game_states(game, players, decisions)
    start = time.perf_counter()
    total_iterations = 0
    for state in states:
        bot = make_bot(game, level, iterations=iterations)
        bot.choose(state, state.current_player, Rng(1))
        total_iterations += bot.last_iterations
    spent = time.perf_counter() - start
    return {"decisions_per_s": len(states) / spent, "iterations_per_s": total_iterations / spent,
            "iterations_per_decision": iterations}


def common_player_count(game: str) -> int:
    """The player count the benchmarks use for a game."""
    return {"motto": 3, "mottainai": 2, "moteneba": 4}.get(game, game_class(game).info.min_players)


def all_games(seconds: float = 2.0, hard_iterations: int = 100) -> dict:
    """Every measurement for every game."""
    report = {}
    for game in game_names():
        players = common_player_count(game)
        report[game] = {"players": players,
                        "clone_us": clone_microseconds(game, players),
                        "random": random_playouts(game, players, seconds),
                        "hard": hard_decisions(game, players, hard_iterations),
                        "expert": hard_decisions(game, players, hard_iterations, level="expert")}
    return report
