"""Fit the expert's placement model on games of hard bots (engine/games/moteneba/evaluation.py).

    python docs/arena/hard-bot-games/placement.py [RECORDS ...] [--all] [--out WEIGHTS.json]

Every recorded game gives its placement turns (a player about to choose a cube to place), every
second one and the first of each year, each with every seat's :func:`placement_features` and
how far the year has gone; the target is each seat's share of the win. The model is a softmax
over the seats of a linear score with one set of weights per school year (and a second set
multiplied by how far the year has gone), fitted by Newton's method with a little L2
shrinkage, in pure Python: the years' weights are independent, so each year is fitted on its
own positions. The games whose seed is a multiple of 5 are held out (unless ``--all``), and
the mean log-loss of each seat's chance on the held-out positions is printed per year, for the
model and for a constant (1 / players). ``--out`` writes the weights in the shipped file's
format (the shipped ``placement-evaluation.json`` is ``--all`` on both record files here).
"""
import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).parent))
from engine.games.moteneba.evaluation import (PLACEMENT_FEATURE_NAMES, PlacementModel,  # noqa: E402
                                              at_placement_turn, placement_features, year_progress)
from engine.games.moteneba.rules import YEARS  # noqa: E402
from records import GAMES, read, replay, train  # noqa: E402

HERE = Path(__file__).parent
RECORDS = [GAMES, HERE / "moteneba-hard25-b.jsonl.gz"]
#: every how many placement turns a position is taken (the first of each year always)
EVERY = 2
#: the L2 shrinkage on the summed log-loss
SHRINK = 1.0


def positions(record: dict) -> list[dict]:
    """The placement turns of one recorded game: year, how far it has gone, the seats' rows,
    and each seat's share of the win."""
    out, turns, year_started = [], 0, None
    for state, _action in replay(record):
        if not at_placement_turn(state):
            continue
        turns += 1
        first = year_started != state.year
        year_started = state.year
        if first or turns % EVERY == 0:
            out.append({"year": min(state.year, YEARS), "within": year_progress(state),
                        "rows": placement_features(state)})
    winners = record["winners"]
    share = [1.0 / len(winners) if s in winners else 0.0 for s in range(record["players"])]
    for item in out:
        item["won"] = share
    return out


def inputs(item: dict) -> list[list[float]]:
    """Each seat's input: its row, then its row times how far the year has gone."""
    return [row + [x * item["within"] for x in row] for row in item["rows"]]


def chances(weights: list[float], xs: list[list[float]]) -> list[float]:
    scores = [sum(w * x for w, x in zip(weights, row)) for row in xs]
    top = max(scores)
    powers = [math.exp(s - top) for s in scores]
    total = sum(powers)
    return [p / total for p in powers]


def fit(items: list[dict], iterations: int = 12) -> list[float]:
    """Newton's method on the summed softmax log-loss plus ``SHRINK`` / 2 times the squared
    weights, from zero weights, until the step is tiny."""
    data = [(inputs(item), item["won"]) for item in items]
    size = len(data[0][0][0])
    weights = [0.0] * size
    for _ in range(iterations):
        grad = [SHRINK * w for w in weights]
        hess = [[SHRINK if i == j else 0.0 for j in range(size)] for i in range(size)]
        for xs, won in data:
            p = chances(weights, xs)
            mean = [sum(p[s] * xs[s][i] for s in range(len(xs))) for i in range(size)]
            for s, x in enumerate(xs):
                d = p[s] - won[s]
                ps = p[s]
                for i in range(size):
                    grad[i] += d * x[i]
                    xi = ps * x[i]
                    row = hess[i]
                    for j in range(i + 1):
                        row[j] += xi * x[j]
            for i in range(size):
                mi = mean[i]
                row = hess[i]
                for j in range(i + 1):
                    row[j] -= mi * mean[j]
        for i in range(size):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = train.solve(hess, grad)
        weights = [w - s for w, s in zip(weights, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return weights


def log_loss(items: list[dict], chance) -> float:
    """The mean over positions and seats of the log-loss of each seat's chance against its share."""
    total, count = 0.0, 0
    for item in items:
        for p, won in zip(chance(item), item["won"]):
            p = min(max(p, 1e-12), 1 - 1e-12)
            total -= won * math.log(p) + (1 - won) * math.log(1 - p)
            count += 1
    return total / count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="*", default=[str(p) for p in RECORDS])
    parser.add_argument("--all", action="store_true", help="fit on every game (nothing held out)")
    parser.add_argument("--out", metavar="WEIGHTS.json")
    args = parser.parse_args()
    started = time.perf_counter()
    games = [r for path in args.records for r in read(path) if r["players"] == 4]
    items = [item | {"seed": r["seed"]} for r in games for item in positions(r)]
    fitted = items if args.all else [i for i in items if i["seed"] % 5]
    held = [] if args.all else [i for i in items if i["seed"] % 5 == 0]
    print(f"{len(games)} games, {len(items)} placement turns "
          f"({len(fitted)} fitted on, {len(held)} held out)", flush=True)
    years = []
    half = len(PLACEMENT_FEATURE_NAMES)
    for year in range(1, YEARS + 1):
        weights = fit([i for i in fitted if i["year"] == year])
        years.append({"base": [round(w, 6) for w in weights[:half]],
                      "by progress": [round(w, 6) for w in weights[half:]]})
    model = PlacementModel(years)
    for year in range(1, YEARS + 1):
        mine = [i for i in held if i["year"] == year]
        if mine:
            print(f"year {year}: {len(mine)} held-out positions, log-loss "
                  f"{log_loss(mine, lambda i: model.chances(i['rows'], i['year'], i['within'])):.4f}, "
                  f"constant {log_loss(mine, lambda i: [1 / len(i['rows'])] * len(i['rows'])):.4f}")
    if held:
        print(f"all years: {log_loss(held, lambda i: model.chances(i['rows'], i['year'], i['within'])):.4f}, "
              f"constant {log_loss(held, lambda i: [1 / len(i['rows'])] * len(i['rows'])):.4f}")
    if args.out:
        data = {"game": "moteneba", "model": "softmax over seats", "features": list(PLACEMENT_FEATURE_NAMES),
                "inputs": "each seat's score is base[year] . row + (how far the year has gone) * "
                          "by progress[year] . row; the chances are the softmax of the scores",
                "years": years,
                "trained": {"command": "python docs/arena/hard-bot-games/placement.py"
                                       + (" --all" if args.all else "") + " --out FILE",
                            "records": [Path(p).name for p in args.records], "recorded_games": len(games),
                            "positions": len(fitted), "every": EVERY, "shrink": SHRINK,
                            "seconds": round(time.perf_counter() - started, 1)}}
        Path(args.out).write_text(json.dumps(data, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
