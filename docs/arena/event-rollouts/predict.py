"""How well rollouts foresee a school year's end, with and without the players' event cards (the
thirteenth look in docs/bots.md).

    python docs/arena/event-rollouts/predict.py [K] [GAMES] [--scale X] [--finish-only]

From every third placement turn of the held-out recorded games of hard bots (seed a multiple of
5, as docs/arena/placement-model/fit.py holds them out; the first GAMES of them), K rollouts
are played from the *true* position (every hand as it was) to the year's end, judged there by
the shipped year-end model, and each seat's mean chance is scored against its share of the win
(log-loss, per school year and overall): once with the hard bot's rollouts (``moteneba_roll``),
once with the expert's event rollouts (``moteneba_expert_roll``: the year's event cards played
at the hard bots' rates, ``PLAY_RATE``, and finished by the greedy rule). ``--scale X`` plays
them at X times those rates; ``--finish-only`` plays none of its own accord and only finishes
by the greedy rule a card a random move played.
"""
import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs" / "arena" / "hard-bot-games"))
sys.path.insert(0, str(ROOT / "docs" / "arena" / "placement-model"))
import engine.games.moteneba.bots as mb  # noqa: E402
import engine.games.moteneba.rollout as mr  # noqa: E402
from engine.bots.expert import learned_evaluator, load_evaluation  # noqa: E402
from engine.games.moteneba.inference import PLAY_RATE  # noqa: E402
from engine.games.moteneba.rules import YEARS  # noqa: E402
from engine.rng import Rng  # noqa: E402
from model import at_placement_turn  # noqa: E402
from records import GAMES, read, replay, win_shares  # noqa: E402


def log_loss(chances, won) -> float:
    """The mean over seats of the log-loss of each seat's chance against its share of the win."""
    total = 0.0
    for p, w in zip(chances, won):
        p = min(max(p, 1e-12), 1 - 1e-12)
        total -= w * math.log(p) + (1 - w) * math.log(1 - p)
    return total / len(chances)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("k", nargs="?", type=int, default=4)
    parser.add_argument("games", nargs="?", type=int, default=200)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--finish-only", action="store_true")
    args = parser.parse_args()
    mb.EVENT_RATE.update({kind: min(1000, round(rate * 1000 * args.scale)) for kind, rate in PLAY_RATE.items()})
    if args.finish_only:
        mb.event_to_play = mr.event_to_play = lambda state, seat, rng: None
    games = [r for path in (GAMES, GAMES.with_name("moteneba-hard25-b.jsonl.gz")) for r in read(path)
             if r["players"] == 4 and r["seed"] % 5 == 0][:args.games]
    year_end = learned_evaluator("moteneba", load_evaluation("moteneba"))
    ways = {"the hard bot's rollouts": mr.moteneba_roll, "the event rollouts": mr.moteneba_expert_roll}
    scored = {name: [] for name in ways}
    for record in games:
        won, turns = win_shares(record), 0
        for state, _action in replay(record):
            if not at_placement_turn(state):
                continue
            turns += 1
            if turns % 3:
                continue
            for name, roll in ways.items():
                ends = [year_end(roll(state.clone(), Rng(record["seed"] * 1000 + turns * 7 + i), 2000))
                        for i in range(args.k)]
                chances = [sum(column) / args.k for column in zip(*ends)]
                scored[name].append((min(state.year, YEARS), log_loss(chances, won)))
    print(f"{len(games)} held-out games, {len(scored['the event rollouts'])} placement turns, {args.k} rollouts "
          f"each (rates x{args.scale}{', finishing only' if args.finish_only else ''}); log-loss year 1, 2, 3, all:")
    for name, items in scored.items():
        years = [[loss for year, loss in items if year == y] for y in range(1, YEARS + 1)]
        print(f"  {name}: " + ", ".join(f"{sum(y) / len(y):.4f}" for y in years)
              + f", {sum(loss for _, loss in items) / len(items):.4f}")


if __name__ == "__main__":
    main()
