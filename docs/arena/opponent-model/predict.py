"""How often cheap models of a hard bot make its placement (recorded games of hard bots).

    python docs/arena/opponent-model/predict.py GAMES [RECORDS]

For every turn of the first GAMES recorded games (by default ``moteneba-hard25-b.jsonl.gz``,
hard bots at 25 iterations) where a hard bot put a cube, each model picks one of the greedy
rule's best six placements from the seat's own view (one world dealt with ``determinize``), and
the share of turns where it made the hard bot's placement (the cube and where it went) is
printed after each game:

* ``in_top6``: the hard bot's placement is among the greedy rule's best six (the ceiling);
* ``greedy``: the greedy rule's best (the rollouts' model of every seat);
* ``end``: each placement judged by the greedy rule's gain on the *projected year's end*: for
  each colour held, one rollout of the greedy rule without random moves from the position with
  that cube out of the seat's hand (its turn passed) to the year's last placement;
* ``search1``: the hard bot's search in one world: each placement played on to the year's end by
  a greedy rollout (10 % random moves) from the same random numbers, judged by its evaluation;
* ``dK``: the same cut after K steps, judged by :func:`lines.short_lead` (hearts so far plus this
  year's board, as a lead over the best other seat); ``quiet``: the rollouts without random
  moves; ``x2``: two rollouts each, summed.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "hard-bot-games"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from engine.games.moteneba import bots
from engine.games.moteneba.bots import Projection, moteneba_evaluate, moteneba_rollout
from engine.games.moteneba.rollout import moteneba_roll
from engine.games.moteneba.rules import COLOUR_INDEX
from engine.rng import Rng
from lines import best_placements, placed, quiet_roll, short_lead
from records import read, replay

GAMES_B = Path(__file__).resolve().parents[1] / "hard-bot-games" / "moteneba-hard25-b.jsonl.gz"


def final_board(state, seat, colour):
    """The board after the year's last placement, the greedy rule (no random moves) playing
    every seat, with one cube of ``colour`` out of ``seat``'s hand and its turn passed."""
    world = state.clone()
    world.unplaced[seat][colour] -= 1
    world._start_power = lambda: None        # stop before +3 Power and the scoring
    world._next_turn(seat)
    world._forget_legal()
    saved, bots.ROLLOUT_NOISE = bots.ROLLOUT_NOISE, 0.0
    try:
        while world.pending is not None or sum(map(sum, world.unplaced)):
            step = moteneba_rollout(world, Rng(0))
            for action in [step] if isinstance(step, str) else step:
                world.apply(action)
    finally:
        bots.ROLLOUT_NOISE = saved
    return world


def end_model(world, seat, moves, rng):
    boards = {colour: Projection(final_board(world, seat, colour), seat) for colour in {m[1] for m in moves}}
    values = [boards[c].topic_gain(c) if t.startswith("topic") else boards[c].girl_gain(int(t[5:]), c)
              for _, c, t in moves]
    return max(range(len(moves)), key=lambda i: (values[i], -i))


def searched(depth=None, quiet=False, worlds=1):
    """The hard bot's search in ``worlds`` worlds (the one dealt), cut after ``depth`` steps."""
    def model(world, seat, moves, rng):
        values = [0.0] * len(moves)
        for _ in range(worlds):
            seed = rng.next_u32()
            for i, (_, colour, target) in enumerate(moves):
                roll = quiet_roll if quiet else moteneba_roll
                end = roll(placed(world, colour, target), Rng(seed), depth or 2000)
                values[i] += moteneba_evaluate(end)[seat] if depth is None else short_lead(end, seat, world.year)
        return max(range(len(moves)), key=lambda i: (values[i], -i))
    return model


MODELS = {
    "greedy": lambda world, seat, moves, rng: 0,
    "end": end_model,
    "search1": searched(),
    "d4": searched(4),
    "d8": searched(8),
    "d8quiet": searched(8, quiet=True),
    "d8x2": searched(8, worlds=2),
    "d12": searched(12),
    "d12quiet": searched(12, quiet=True),
    "d16": searched(16),
}


def main():
    count = int(sys.argv[1])
    records = read(sys.argv[2] if len(sys.argv) > 2 else GAMES_B)[:count]
    hits = {"in_top6": 0, **{name: 0 for name in MODELS}}
    turns = 0
    for record in records:
        actions = record["actions"]
        for i, (state, action) in enumerate(replay(record)):
            if state.phase != "play" or state.pending is not None or not action.startswith("cube:"):
                continue
            seat = state.current_player
            made = (COLOUR_INDEX[action[5:]], actions[i + 1])
            world = state.determinize(seat, Rng(record["seed"] * 1009 + i))
            moves = best_placements(world, seat)
            keys = [(c, t) for _, c, t in moves]
            turns += 1
            hits["in_top6"] += made in keys
            for name, model in MODELS.items():
                hits[name] += keys[model(world, seat, moves, Rng(record["seed"] * 7919 + i))] == made
        print(record["seed"], turns, {k: round(v / turns, 3) for k, v in hits.items()}, flush=True)


if __name__ == "__main__":
    main()
