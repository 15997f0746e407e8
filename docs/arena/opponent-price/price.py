"""What a model of the opponents may cost inside the expert's rollouts (the sixteenth look in
docs/arena/moteneba-research.md). From the repository's root:

    python docs/arena/opponent-price/price.py [GAMES] [OUT.json]

On the placement turns of the first GAMES (default 6) recorded games of four hard bots
(``docs/arena/hard-bot-games/moteneba-hard25.jsonl.gz``; every third turn where a seat is
about to choose a cube), it times, one after the other on each position so that the machine's
load weighs on all alike, in CPU time:

* ``rollout``: one greedy rollout to the school year's end, as the expert's and the hard bot's
  searches play them (``moteneba_roll`` on a copy), with the placements it makes;
* ``greedy``: the greedy rule's best placement worked out afresh (``Placements(state).best``):
  what reading each placement's gain costs a model that has no rollout's cache to lean on;
* ``linear``: a score of 16 numbers for each of six placements (a linear policy's product,
  the features given): the cheapest learned policy;
* ``mlp``: a network of 64 inputs, 32 hidden units and one output for each of six placements
  (the product alone, the inputs given), in plain Python as the engine must run it;
* ``hard``: the hard bot's whole decision at 100 iterations.

It prints the means and what they imply: a rollout in which every opponent placement is made
by such a model costs ``rollout + k * model`` (k: the opponents' placements in it), so the
search affords that many times fewer worlds at the hard bot's time.
"""
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "hard-bot-games"))
from engine.arena import make_bot
from engine.games.moteneba import rollout
from engine.games.moteneba.rollout import Placements, moteneba_roll
from engine.games.moteneba.rules import NUM_COLOURS
from engine.rng import Rng
from records import read, replay


def net(sizes: list[int], rng: random.Random) -> list[list[list[float]]]:
    """Random weights of a fully connected network with the layer ``sizes``."""
    return [[[rng.uniform(-1, 1) for _ in range(a)] for _ in range(b)] for a, b in zip(sizes, sizes[1:])]


def forward(layers, x: list[float]) -> float:
    """The network's output for ``x``: rectified hidden layers, a linear output."""
    for i, layer in enumerate(layers):
        x = [sum(w * v for w, v in zip(row, x)) for row in layer]
        if i < len(layers) - 1:
            x = [v if v > 0.0 else 0.0 for v in x]
    return x[0]


def timed(f) -> float:
    start = time.process_time()
    f()
    return time.process_time() - start


def main(games: int, out: str | None) -> None:
    rng = random.Random(1)
    linear, mlp = net([16, 1], rng), net([64, 32, 1], rng)
    small, wide = [rng.random() for _ in range(16)], [rng.random() for _ in range(64)]
    hard = make_bot("moteneba", "hard", iterations=100)
    placed = [0]
    place = rollout._place

    def counting(state, seat, colour, target, placements):
        placed[0] += 1
        place(state, seat, colour, target, placements)

    rollout._place = counting
    rows = []
    for record in read()[:games]:
        turn = 0
        for state, _action in replay(record):
            if state.phase != "play" or state.pending is not None or not sum(state.unplaced[state.current_player]):
                continue
            turn += 1
            if turn % 3:
                continue
            seat = state.current_player
            held = [c for c in range(NUM_COLOURS) if state.unplaced[seat][c]]
            placed[0] = 0
            world = state.clone()
            row = {"year": state.year, "rollout": timed(lambda: moteneba_roll(world, Rng(turn), 10 ** 6))}
            row["placements"] = placed[0]
            row["greedy"] = timed(lambda: Placements(state).best(seat, held))
            row["linear"] = timed(lambda: [forward(linear, small) for _ in range(6)])
            row["mlp"] = timed(lambda: [forward(mlp, wide) for _ in range(6)])
            row["hard"] = timed(lambda: hard.choose(state.clone(), seat, Rng(turn)))
            rows.append(row)
        print(len(rows), "positions", flush=True)
    rollout._place = place

    mean = {k: sum(r[k] for r in rows) / len(rows) for k in ("rollout", "placements", "greedy", "linear", "mlp", "hard")}
    opponents = mean["placements"] * 3 / 4          # the placements the three opponents make
    summary = {"positions": len(rows), "games": games, "mean": mean,
               "per_placement_in_rollout": mean["rollout"] / mean["placements"]}
    print(f"{len(rows)} positions; per position, CPU milliseconds:")
    for k in ("rollout", "greedy", "linear", "mlp", "hard"):
        print(f"  {k:8} {1000 * mean[k]:8.3f}")
    print(f"  a rollout makes {mean['placements']:.1f} placements, "
          f"{1e6 * summary['per_placement_in_rollout']:.0f} microseconds each")
    for k in ("greedy", "linear", "mlp"):
        cost = mean["rollout"] + opponents * (mean[k] + (mean["greedy"] if k != "greedy" else 0.0))
        summary[k + "_rollout_factor"] = cost / mean["rollout"]
        print(f"  opponents placed by {k:6} (reading the gains afresh too): a rollout costs "
              f"{cost / mean['rollout']:.1f} times as much")
    summary["rollouts_per_hard_decision"] = mean["hard"] / mean["rollout"]
    print(f"  the hard bot's decision costs {summary['rollouts_per_hard_decision']:.0f} rollouts")
    if out:
        Path(out).write_text(json.dumps({"summary": summary, "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6, sys.argv[2] if len(sys.argv) > 2 else None)
