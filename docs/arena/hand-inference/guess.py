"""How well the expert's worlds say who holds a +3 Power card (the twelfth look in docs/arena/moteneba-research.md).

    python docs/arena/hand-inference/guess.py GAMES

replays the first GAMES recorded games of four hard bots (docs/arena/hard-bot-games/) and, at
every third turn of the second and third years' placements, deals 40 worlds from the seat to
move's view, uniformly (the hard bot's deals) and by the expert's dealer (the game's likelihood
hook). For every other seat holding event cards, the share of worlds giving it a +3 Power is
its guessed chance; the log-loss of those chances against the truth is printed per part of the
year (early: more than 12 cubes still to place in the year; late: at most 12), with the mean guess
and how often the truth was a +3 Power (a constant guess of that share scores its entropy).
"""
import math
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs" / "arena" / "hard-bot-games"))
import records  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.rng import Rng  # noqa: E402

WORLDS = 40


def main(games: int) -> None:
    loss, count = defaultdict(float), Counter()
    expert = make_bot("moteneba", "expert", iterations=100)
    turn = 0
    for record in records.read()[:games]:
        for state, _ in records.replay(record):
            if state.phase != "play" or state.pending is not None or state.year == 1:
                continue
            turn += 1
            if turn % 3:
                continue
            seat = state.current_player
            part = "late" if sum(map(sum, state.unplaced)) <= 12 else "early"
            deals = {"uniform": lambda rng: state.determinize(seat, rng), "expert": expert.dealer(state, seat)}
            for name, deal in deals.items():
                rng = Rng(turn)
                worlds = [deal(rng) for _ in range(WORLDS)]
                for other in range(state.num_players):
                    if other == seat or not state.hands[other]:
                        continue
                    guess = sum("power" in w.hands[other] for w in worlds) / WORLDS
                    guess = min(max(guess, 0.02), 0.98)
                    truth = "power" in state.hands[other]
                    loss[(part, name)] -= math.log(guess if truth else 1.0 - guess)
                    loss[(part, name, "mean")] += guess
                    if name == "uniform":
                        count[part] += 1
                        count[(part, "power")] += truth
    for part in ("early", "late"):
        share = count[(part, "power")] / count[part]
        entropy = -(share * math.log(share) + (1 - share) * math.log(1 - share))
        print(f"{part}: {count[part]} guesses, a +3 Power in {share:.1%} (constant guess {entropy:.4f}); "
              f"uniform deals {loss[(part, 'uniform')] / count[part]:.4f} (mean guess "
              f"{loss[(part, 'uniform', 'mean')] / count[part]:.1%}), the expert's "
              f"{loss[(part, 'expert')] / count[part]:.4f} ({loss[(part, 'expert', 'mean')] / count[part]:.1%})")


if __name__ == "__main__":
    main(int(sys.argv[1]))
