"""The tenth look in docs/arena/moteneba-research.md: judge where the expert's rollouts end by what real play made of
such ends, not by what real year's ends were worth.

    python docs/arena/rollout-calibration/calibrate.py collect OUT.jsonl.gz [--every 2] [--rollouts 4] [--part I/N]
    python docs/arena/rollout-calibration/calibrate.py fit DATA.jsonl.gz [...] [--all] [--out WEIGHTS.json]

The shipped expert plays each option on with greedy rollouts to the school year's end and judges
that position with the year-end model, fitted on the *real* year's ends of games of hard bots.
But the rollouts' ends are not real year's ends: greedy players seldom play event cards, fight
for the girls otherwise, and in the third year the rollout ends the game, where the expert takes
its bare result (won or lost, by one heart or by twenty).

``collect`` replays the recorded games of four hard bots (docs/arena/hard-bot-games/), and at
every ``E``-th decision (a draft pick or a placement turn) plays ``K`` greedy rollouts from the
position to the end of its school year, exactly as the expert's search does, and writes each
rollout's end as the year-end model reads it (every seat's row of
:func:`~engine.games.moteneba.evaluation.moteneba_features`; at the end of the game, the
hearts) with the school year of the position, how far that year had gone, and every seat's real
share of the win.

``fit`` fits one logistic model per school year of the position on those samples: a seat's input
is the rollout end's row minus the best other seat's (as the shipped model), the same times how far
the year had gone at the position, and that share itself; the target is the seat's share of the
real game's win. So the model says what a rollout's end is worth *given how real hard bots went
on from the position*. The games whose seed is a multiple of 5 are held out (unless ``--all``),
and the held-out log-loss of the mean over a position's rollouts is printed for the fitted model
and for the shipped judgement (the year-end model, or the game's result). ``--out`` writes the
three models as JSON. ``calibration.json`` beside this file is ``fit part1.jsonl.gz part2.jsonl.gz
--all`` on ``collect partI.jsonl.gz --part I/2`` (I = 1, 2; the defaults; 54,722 positions, two
minutes each on one core; the data, 2 MB, is not kept: it is made again exactly).
"""
from __future__ import annotations

import argparse
import gzip
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs" / "arena" / "hard-bot-games"))
sys.path.insert(0, str(ROOT / "docs" / "arena" / "placement-model"))
from engine.bots.expert import Evaluation, load_evaluation, seat_features  # noqa: E402
from engine.games.moteneba.evaluation import moteneba_features  # noqa: E402
from engine.games.moteneba.rollout import moteneba_roll  # noqa: E402
from engine.games.moteneba.rules import YEARS  # noqa: E402
from engine.rng import Rng  # noqa: E402
from model import year_progress  # noqa: E402
from records import GAMES, read, replay, train, win_shares  # noqa: E402

RECORDS = [GAMES, GAMES.with_name("moteneba-hard25-b.jsonl.gz")]


def end_rows(state) -> list[list[float]]:
    """What the calibrated model reads at a rollout's end: the year-end model's rows, or at the
    end of the game each seat's hearts."""
    if state.is_over:
        return [[float(h)] for h in state.hearts]
    return moteneba_features(state)[0]


def at_decision(state) -> bool:
    """A draft pick or a placement turn (the searched decisions; +3 Power and pending steps
    are left out)."""
    return not state.is_over and state.pending is None and state.phase in ("draft", "play")


def collect_game(record: dict, every: int, k: int) -> list[dict]:
    won = win_shares(record)
    out, step = [], 0
    for state, _action in replay(record):
        if not at_decision(state):
            continue
        step += 1
        if step % every:
            continue
        year, within = min(state.year, YEARS), year_progress(state)
        ends = []
        for i in range(k):
            end = moteneba_roll(state.clone(), Rng(record["seed"] * 100003 + step * 17 + i), 2000)
            ends.append(end_rows(end))
        out.append({"seed": record["seed"], "year": year, "within": round(within, 4), "ends": ends, "won": won})
    return out


def collect(args) -> None:
    games = [r for path in RECORDS for r in read(path) if r["players"] == 4]
    part, parts = (int(x) for x in args.part.split("/"))
    games = games[part - 1::parts]
    started = time.perf_counter()
    with gzip.open(args.out, "wt") as handle:
        for n, record in enumerate(games, 1):
            for item in collect_game(record, args.every, args.rollouts):
                handle.write(json.dumps(item, separators=(",", ":")) + "\n")
            if n % 20 == 0:
                print(f"{n}/{len(games)} games, {time.perf_counter() - started:.0f} s", flush=True)


class Calibration:
    """Three logistic models, one per school year of the position the rollout started from."""

    def __init__(self, years: list[Evaluation]) -> None:
        self.years = years

    @classmethod
    def from_json(cls, data: dict) -> "Calibration":
        return cls([Evaluation(y["weights"], y["bias"]) for y in data["years"]])

    def chances(self, rows: list[list[float]], year: int, within: float) -> list[float]:
        model = self.years[min(year, YEARS) - 1]
        return [model.chance(seat_features(rows, within, s)) for s in range(len(rows))]


def samples(items: list[dict]) -> list[tuple[list[float], float]]:
    return [(seat_features(rows, item["within"], s), item["won"][s])
            for item in items for rows in item["ends"] for s in range(len(rows))]


def log_loss(items: list[dict], judge) -> float:
    """Mean over positions and seats of the log-loss of the mean of the rollouts' judgements."""
    total, count = 0.0, 0
    for item in items:
        judged = [judge(rows, item) for rows in item["ends"]]
        for s, won in enumerate(item["won"]):
            p = min(max(sum(j[s] for j in judged) / len(judged), 1e-3), 1 - 1e-3)
            total -= won * math.log(p) + (1 - won) * math.log(1 - p)
            count += 1
    return total / count


def shipped_judge():
    """The shipped expert's judgement of a rollout's end, from its rows: the year-end model, or
    the game's result (shares of the most hearts)."""
    model = load_evaluation("moteneba")

    def judge(rows, item):
        if len(rows[0]) == 1:
            top = max(r[0] for r in rows)
            best = [s for s, r in enumerate(rows) if r[0] == top]
            return [1.0 / len(best) if s in best else 0.0 for s in range(len(rows))]
        return [model.chance(seat_features(rows, progress_of(item), s)) for s in range(len(rows))]
    return judge


def progress_of(item: dict) -> float:
    """The progress the shipped model reads at the end of the position's school year."""
    return item["year"] / YEARS


def fit_all(args) -> None:
    started = time.perf_counter()
    items = []
    for path in args.data:
        with gzip.open(path, "rt") as handle:
            items += [json.loads(line) for line in handle]
    fitted = items if args.all else [i for i in items if i["seed"] % 5]
    held = [] if args.all else [i for i in items if i["seed"] % 5 == 0]
    print(f"{len(items)} positions ({len(fitted)} fitted on, {len(held)} held out)")
    years = []
    for year in range(1, YEARS + 1):
        weights, bias, loss = train.fit(samples([i for i in fitted if i["year"] == year]))
        years.append({"weights": [round(w, 6) for w in weights], "bias": round(bias, 6), "log_loss": round(loss, 5)})
        print(f"year {year}: weights {[round(w, 3) for w in weights]}, bias {bias:.3f}")
    model = Calibration.from_json({"years": years})
    shipped = shipped_judge()
    for year in range(1, YEARS + 1):
        mine = [i for i in held if i["year"] == year]
        if mine:
            n = len(mine[0]["won"])
            print(f"year {year}: {len(mine)} held-out positions; log-loss calibrated "
                  f"{log_loss(mine, lambda rows, i: model.chances(rows, i['year'], i['within'])):.4f}, "
                  f"shipped {log_loss(mine, shipped):.4f}, constant "
                  f"{log_loss(mine, lambda rows, i: [1 / n] * n):.4f}")
    if held:
        print(f"all: calibrated {log_loss(held, lambda rows, i: model.chances(rows, i['year'], i['within'])):.4f}, "
              f"shipped {log_loss(held, shipped):.4f}")
    if args.out:
        data = {"game": "moteneba", "model": "logistic per school year of the position",
                "inputs": "the rollout end's row (the year-end model's features, or the hearts at the end "
                          "of the game) minus the best other seat's, the same times how far the position's "
                          "year had gone, then that share",
                "years": years,
                "trained": {"data": "python docs/arena/rollout-calibration/calibrate.py collect partI.jsonl.gz "
                                    "--part I/2 (I = 1, 2)",
                            "command": "python docs/arena/rollout-calibration/calibrate.py fit "
                                       + " ".join(Path(p).name for p in args.data) + (" --all" if args.all else ""),
                            "positions": len(fitted), "seconds": round(time.perf_counter() - started, 1)}}
        Path(args.out).write_text(json.dumps(data, indent=1) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("out")
    c.add_argument("--every", type=int, default=2)
    c.add_argument("--rollouts", type=int, default=4)
    c.add_argument("--part", default="1/1")
    f = sub.add_parser("fit")
    f.add_argument("data", nargs="+")
    f.add_argument("--all", action="store_true")
    f.add_argument("--out")
    args = parser.parse_args()
    (collect if args.command == "collect" else fit_all)(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
