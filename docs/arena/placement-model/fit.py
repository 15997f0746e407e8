"""Fit the ninth look's placement model (model.py beside this file) on games of hard bots.

    python docs/arena/placement-model/fit.py [RECORDS ...] [--all] [--out WEIGHTS.json] [--rollouts K]

Every recorded game gives its placement turns (a player about to choose a cube to place), every
second one and the first of each year, each with every seat's :func:`placement_features` and
how far the year has gone; the target is each seat's share of the win. The model is a softmax
over the seats of a linear score with one set of weights per school year (and a second set
multiplied by how far the year has gone), fitted by Newton's method with a little L2
shrinkage, in pure Python: the years' weights are independent, so each year is fitted on its
own positions. The games whose seed is a multiple of 5 are held out (unless ``--all``), and
the mean log-loss of each seat's chance on the held-out positions is printed per year, for the
model and for a constant (1 / players). ``--out`` writes the weights in the shipped file's
format (``placement-evaluation.json`` beside this file is ``--all`` on both record files of
docs/arena/hard-bot-games/).

With ``--rollouts K`` it also judges every third placement turn of the held-out games as the
expert's rollouts would, K rollouts each from the true position, and prints the log-loss per
year of: the greedy rollouts to the year's end judged by the year-end model (the shipped
expert's judgement), the placement model on the position itself, and the ninth look's expert's
rollouts (four steps, then on to the next placement turn or a year's start) judged by the
placement model just fitted and the shipped year-end model.
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
sys.path.insert(0, str(ROOT / "docs" / "arena" / "hard-bot-games"))
from engine.bots.expert import learned_evaluator, load_evaluation  # noqa: E402
from engine.games.moteneba.rollout import moteneba_roll  # noqa: E402
from engine.games.moteneba.rules import YEARS  # noqa: E402
from engine.rng import Rng  # noqa: E402
from model import (EXPERT_DEPTH, PLACEMENT_FEATURE_NAMES, PlacementModel, at_placement_turn,  # noqa: E402
                   expert_evaluator, moteneba_expert_roll, placement_features, softmax, year_progress)
from records import GAMES, read, replay, train, win_shares  # noqa: E402

RECORDS = [GAMES, GAMES.with_name("moteneba-hard25-b.jsonl.gz")]
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
    share = win_shares(record)
    for item in out:
        item["won"] = share
    return out


def inputs(item: dict) -> list[list[float]]:
    """Each seat's input: its row, then its row times how far the year has gone."""
    return [row + [x * item["within"] for x in row] for row in item["rows"]]


def chances(weights: list[float], xs: list[list[float]]) -> list[float]:
    return softmax([sum(w * x for w, x in zip(weights, row)) for row in xs])


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


def compare(games: list[dict], model: PlacementModel, k: int) -> None:
    """The log-loss per year of three judgements of every third placement turn of ``games``."""
    year_end = learned_evaluator("moteneba", load_evaluation("moteneba"))
    judge = expert_evaluator(model, year_end)

    def mean_of(rows: list[list[float]]) -> list[float]:
        return [sum(col) / len(rows) for col in zip(*rows)]

    ways = {"greedy rollouts to the year's end, year-end model": lambda st, seed: mean_of(
                [year_end(moteneba_roll(st.clone(), Rng(seed + i), 2000)) for i in range(k)]),
            "placement model on the position": lambda st, seed: model.judge(st),
            f"{EXPERT_DEPTH} steps on to a judged position (the expert's rollouts)": lambda st, seed: mean_of(
                [judge(moteneba_expert_roll(st.clone(), Rng(seed + i), EXPERT_DEPTH)) for i in range(k)])}
    judged = {name: [] for name in ways}
    for record in games:
        turns = 0
        items = []
        for state, _action in replay(record):
            if at_placement_turn(state):
                turns += 1
                if turns % 3 == 0:
                    items.append((state.clone(), min(state.year, YEARS), record["seed"] * 1000 + turns))
        won = win_shares(record)
        for state, year, seed in items:
            for name, way in ways.items():
                judged[name].append({"year": year, "won": won, "p": way(state, seed * k)})
    print(f"{sum(len(v) for v in judged.values()) // len(ways)} positions of {len(games)} held-out games, "
          f"{k} rollouts each (log-loss; year 1, 2, 3, all):")
    for name, items in judged.items():
        per_year = [log_loss([i for i in items if i["year"] == y], lambda i: i["p"]) for y in range(1, YEARS + 1)]
        print(f"  {name}: " + ", ".join(f"{x:.4f}" for x in per_year) + f", {log_loss(items, lambda i: i['p']):.4f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="*", default=[str(p) for p in RECORDS])
    parser.add_argument("--all", action="store_true", help="fit on every game (nothing held out)")
    parser.add_argument("--out", metavar="WEIGHTS.json")
    parser.add_argument("--rollouts", type=int, default=0, metavar="K",
                        help="also compare the rollouts' judgements on the held-out games, K rollouts each")
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
    if args.rollouts and not args.all:
        compare([r for r in games if r["seed"] % 5 == 0], model, args.rollouts)
    if args.out:
        data = {"game": "moteneba", "model": "softmax over seats", "features": list(PLACEMENT_FEATURE_NAMES),
                "inputs": "each seat's score is base[year] . row + (how far the year has gone) * "
                          "by progress[year] . row; the chances are the softmax of the scores",
                "years": years,
                "trained": {"command": "python docs/arena/placement-model/fit.py"
                                       + (" --all" if args.all else "") + " --out FILE",
                            "records": [Path(p).name for p in args.records], "recorded_games": len(games),
                            "positions": len(fitted), "every": EVERY, "shrink": SHRINK,
                            "seconds": round(time.perf_counter() - started, 1)}}
        Path(args.out).write_text(json.dumps(data, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
