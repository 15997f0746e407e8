"""(a) Motto random games per second in CPython."""

from __future__ import annotations

import random
import statistics
import time


def random_games(n: int) -> tuple[float, int]:
    import engine
    actions = 0
    t0 = time.perf_counter()
    for i in range(n):
        state = engine.new_game("motto", 3, seed=i)
        rng = random.Random(i)
        while not state.is_over:
            ids = [a.id for a in state.legal_actions()]
            forward = [a for a in ids if a != "cancel"] or ids
            state.apply(rng.choice(forward))
            actions += 1
    return time.perf_counter() - t0, actions


def bench_cpython(games: int) -> dict:
    runs = []
    for _ in range(3):
        secs, actions = random_games(games)
        runs.append({"seconds": round(secs, 3), "games_per_s": round(games / secs, 1),
                     "actions_per_s": round(actions / secs)})
    med = statistics.median(r["games_per_s"] for r in runs)
    return {"games": games, "players": 3, "runs": runs, "median_games_per_s": med,
            "median_actions_per_s": statistics.median(r["actions_per_s"] for r in runs)}
