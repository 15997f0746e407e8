"""Compare a screening variant's games with an expert's arena games on the same seeds.

    python docs/arena/budget-screening/paired.py REPORT.json [MORE.json ...] [--against SHIPPED.json] [--out MERGED.json]

The reports (the arena's JSON, as variants.py and oracle.py write them; several runs of one
variant on different seeds are merged) give the variant's wins with the 95 % Wilson interval,
its average hearts and the time ratio (the median over the games of its CPU seconds per decision
over the hard bots'). On the seeds it shares with ``--against`` (by default the 200 arena games
of the expert the screenings of docs/arena/moteneba-research.md were made against, the eighth look's, before its
deals were guessed from play: docs/arena/year-end-evaluation/; the same seeds give the same
seats) it prints both seats' wins and the paired differences of the heart margins (the
seat's hearts minus the other seats' average, and minus the best other's), with the 95 %
interval of the mean difference. ``--out`` writes the merged report.
"""
import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from engine import arena  # noqa: E402

SHIPPED = ROOT / "docs" / "arena" / "year-end-evaluation" / "moteneba-expert100-expert-hard-hard-hard.json"


def seat_result(result: dict) -> tuple[float, float, float]:
    """The searched seat's (the one that is not a hard bot) share of the win and its two margins."""
    seat = next(i for i, level in enumerate(result["seats"]) if level != "hard")
    won = 1 / len(result["winners"]) if seat in result["winners"] else 0.0
    others = [x for i, x in enumerate(result["scores"]) if i != seat]
    mine = result["scores"][seat]
    return won, mine - sum(others) / len(others), mine - max(others)


def number(x: float) -> str:
    """A count of wins: whole, or with two decimals (shared wins count 1/k)."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+")
    parser.add_argument("--against", default=str(SHIPPED))
    parser.add_argument("--out")
    args = parser.parse_args()
    loaded = [json.loads(Path(p).read_text()) for p in args.reports]
    first = loaded[0]
    results = sorted({r["seed"]: r for rep in loaded for r in rep["results"]}.values(), key=lambda r: r["seed"])
    merged = arena.summarize(first["game"], first["seats"], first["seed"], first["settings"], results)
    level = merged["levels"][0]
    print(f"{level['level']}: {number(level['wins'])} wins of {level['games']} games, {level['win_rate']:.1%} "
          f"({level['win_rate_low']:.1%}-{level['win_rate_high']:.1%}), {level['average_score']:.1f} hearts; "
          f"time ratio {next(iter(merged['time_ratios'].values()), float('nan')):.2f}")
    shipped = {r["seed"]: r for r in json.loads(Path(args.against).read_text())["results"]}
    pairs = [(seat_result(r), seat_result(shipped[r["seed"]])) for r in results if r["seed"] in shipped]
    if len(pairs) >= 2:
        print(f"on the {len(pairs)} seeds shared with {Path(args.against).name}: {number(sum(a[0] for a, _ in pairs))} "
              f"wins against {number(sum(b[0] for _, b in pairs))}")
        for j, name in ((1, "over the others' average"), (2, "over the best other")):
            diff = [a[j] - b[j] for a, b in pairs]
            half = 1.96 * statistics.stdev(diff) / len(diff) ** 0.5
            print(f"  heart margin {name}: {statistics.mean(diff):+.1f} ± {half:.1f}")
    if args.out:
        if len(loaded) > 1:
            merged["note"] = "merged from " + ", ".join(Path(p).name for p in args.reports)
        arena.write_report(args.out, merged)
    return 0


if __name__ == "__main__":
    sys.exit(main())
