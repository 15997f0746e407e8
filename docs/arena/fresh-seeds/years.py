"""Where the expert gains and loses against the hard bots, school year by school year, in games
recorded by record.py (the thirteenth look in docs/arena/moteneba-research.md):

    python docs/arena/fresh-seeds/years.py REPORT.json [MORE.json ...]

prints, for each school year, the expert's (the seat that is not a hard bot) hearts of that year
less the hard bots' average (mean and 95 % interval over the games), and how often the expert's
seat held the most hearts of the year.
"""
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from engine import new_game


def mean_interval(values):
    """The mean and the half-width of its 95 % interval."""
    return statistics.mean(values), 1.96 * statistics.stdev(values) / len(values) ** 0.5


def year_hearts(game: dict) -> list[list[int]]:
    """Each seat's hearts of each school year: kept in the report, or read from its replayed
    ``history``."""
    if "year_hearts" not in game:
        state = new_game("moteneba", len(game["seats"]), seed=game["seed"])
        for action in game["history"]:
            state.apply(action)
        assert state.scores() == game["scores"], f"game {game['seed']} does not replay"
        game["year_hearts"] = state.year_hearts
    return game["year_hearts"]


def main() -> None:
    games = [g for path in sys.argv[1:] for g in json.load(open(path))["results"]]
    for g in games:
        year_hearts(g)
    seat_of = [next(s for s, level in enumerate(g["seats"]) if level != "hard") for g in games]
    years = len(games[0]["year_hearts"][0])
    print(f"{len(games)} games; the expert's hearts less the hard bots' average, per school year:")
    for y in range(years):
        margins, tops = [], 0.0
        for g, me in zip(games, seat_of):
            hearts = [row[y] for row in g["year_hearts"]]
            others = [h for s, h in enumerate(hearts) if s != me]
            margins.append(hearts[me] - sum(others) / len(others))
            best = max(hearts)
            if hearts[me] == best:
                tops += 1 / hearts.count(best)
        mean, half = mean_interval(margins)
        print(f"  year {y + 1}: {mean:+.2f} ± {half:.2f} hearts; the year's most hearts in {tops:.1f} of {len(games)}"
              f" ({100 * tops / len(games):.1f} %, par {100 / len(games[0]['seats']):.0f} %)")
    totals = [sum(g["year_hearts"][me]) for g, me in zip(games, seat_of)]
    print(f"  the expert's average hearts: {sum(totals) / len(totals):.1f}")


if __name__ == "__main__":
    main()
