"""Fit the expert's year-end evaluation on games of hard bots, and compare it with the shipped one.

    python docs/arena/hard-bot-games/year_end.py [RECORDS ...] [--all] [--out WEIGHTS.json]

Every recorded game gives the positions just after each year's scoring but the last (where the
expert's rollouts stop and the evaluation judges), one sample per seat: the seat's features
(engine/games/moteneba/evaluation.py, as the expert reads them) and its share of the win. The
games whose seed is a multiple of 5 are held out; the logistic model is fitted on the rest (or
on all with ``--all``) by ``scripts/train``'s own Newton's method, and the mean log-loss on the
held-out positions is printed for the fitted model, the shipped model (fitted on the rollout
policy's self-play) and a constant. ``--out`` writes the fitted weights in the shipped file's
format.
"""
import argparse
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).parent))
from engine.bots import expert  # noqa: E402
from engine.core import game_spec  # noqa: E402
from records import GAMES, read, train  # noqa: E402


def samples(record: dict) -> list[tuple[list[float], float]]:
    """``scripts/train --records``'s samples of one game: each year's end but the last."""
    return train.recorded("moteneba", record, 2)


def log_loss(model: expert.Evaluation, data) -> float:
    total = 0.0
    for x, y in data:
        p = min(max(model.chance(x), 1e-12), 1 - 1e-12)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(data)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("records", nargs="*", default=[str(GAMES)])
    parser.add_argument("--all", action="store_true", help="fit on every game (none held out)")
    parser.add_argument("--out")
    args = parser.parse_args()
    records = [r for path in args.records for r in read(path)]
    held = [s for r in records if r["seed"] % 5 == 0 for s in samples(r)]
    fitted = [s for r in records if args.all or r["seed"] % 5 for s in samples(r)]
    weights, bias, loss = train.fit(fitted)
    model = expert.Evaluation(weights, bias)
    share = sum(y for _, y in fitted) / len(fitted)
    constant = -(share * math.log(share) + (1 - share) * math.log(1 - share))
    print(f"{len(records)} games; {len(fitted)} positions fitted (log-loss {loss:.4f}), {len(held)} held out")
    print(f"held-out log-loss: fitted {log_loss(model, held):.4f}, shipped "
          f"{log_loss(expert.load_evaluation('moteneba'), held):.4f}, constant {constant:.4f}")
    names = game_spec("moteneba").search.feature_names
    for i, name in enumerate(names):
        print(f"  {name:28} lead {weights[i]:+.3f}  x progress {weights[len(names) + i]:+.3f}")
    print(f"  progress {weights[-1]:+.3f}  bias {bias:+.3f}")
    if args.out:
        data = dict(json.loads(expert.evaluation_path("moteneba").read_text()))
        data.update(weights=[round(w, 6) for w in weights], bias=round(bias, 6),
                    trained={"command": "docs/arena/hard-bot-games/year_end.py " + " ".join(sys.argv[1:]),
                             "games": len(records), "positions": len(fitted)})
        Path(args.out).write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
