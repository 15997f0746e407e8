"""The arena: many seeded games between bots, with win rates and timings.

    python -m engine arena motto --seats hard,medium --games 200 --seed 1 --seconds 0.2 --json out.json

Game ``g`` uses seed ``S + g`` and rotates the seats by ``g`` places, so every level plays from
every position equally often. A shared win counts as ``1/k`` of a win for each of the ``k``
winners. The win rate comes with a 95% Wilson score interval.

Long runs: with ``--json FILE --resume`` the report is rewritten after every game, and a run
started again with the same game, seats, seed and settings keeps the games already in FILE and
plays only the missing ones (so a run can be stopped and continued, or extended to more games).

With ``--history`` each game of the report also keeps every action (``history``), so that it can
be replayed from its seed without the bots (``new_game(game, players, seed=seed)``, then each
action applied in turn), for example to study or train on the positions the bots passed through.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import time
from dataclasses import dataclass

from . import new_game
from .bots import LEVELS, make_bot
from .registry import game_class
from .rng import Rng


@dataclass
class LevelStats:
    level: str
    games: int = 0
    wins: float = 0.0
    score_total: int = 0
    decisions: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    cpu_decisions: int = 0

    def row(self) -> dict:
        low, high = wilson_interval(self.wins, self.games)
        return {"level": self.level, "games": self.games, "wins": round(self.wins, 2),
                "win_rate": self.wins / self.games if self.games else 0.0,
                "win_rate_low": low, "win_rate_high": high,
                "average_score": self.score_total / self.games if self.games else 0.0,
                "seconds_per_decision": self.seconds / self.decisions if self.decisions else 0.0,
                "cpu_seconds_per_decision": (self.cpu_seconds / self.cpu_decisions
                                             if self.cpu_decisions else None),
                "decisions": self.decisions}


def wilson_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def level_settings(level: str, settings: dict) -> dict:
    """The budget of one seat's bot: ``settings`` (``seconds`` or ``iterations``) for the hard
    bot; for the expert its own ``settings["expert"]`` if given, else the same as the hard
    bot's; nothing for the others."""
    name = LEVELS.get(level, level)
    hard = {k: v for k, v in settings.items() if k != "expert"}
    if name == "hard":
        return hard
    if name == "expert":
        return settings.get("expert", hard)
    return {}


def play_one(game: str, seats: list[str], seed: int, settings: dict, history: bool = False) -> dict:
    """One game: ``seats[i]`` is the level of seat i. Returns scores, winners and timings: each
    seat's ``seconds`` of wall time and ``cpu_seconds`` of the process's CPU time in its bot's
    ``choose`` (the CPU time does not count the moments another program had the core). With
    ``history``, also every action of the game, in order (``history``)."""
    state = new_game(game, len(seats), seed=seed)
    bots = [make_bot(game, level, **level_settings(level, settings)) for level in seats]
    rng = Rng(seed * 7919 + 1)
    spent = [0.0] * len(seats)
    cpu = [0.0] * len(seats)
    decisions = [0] * len(seats)
    while not state.is_over:
        seat = state.current_player
        start, start_cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(state, seat, rng)
        spent[seat] += time.perf_counter() - start
        cpu[seat] += time.process_time() - start_cpu
        decisions[seat] += 1
        state.apply(action)
    result = {"seed": seed, "seats": seats, "scores": state.scores(), "winners": state.winners(),
              "seconds": spent, "cpu_seconds": cpu, "decisions": decisions,
              "actions": len(state.history)}
    if history:
        result["history"] = list(state.history)
    return result


def _play_job(job):
    return play_one(*job)


def run_arena(game: str, levels: list[str], games: int, seed: int, settings: dict,
              jobs: int = 1, progress=None, done: list[dict] | None = None, on_game=None,
              history: bool = False) -> dict:
    """Play ``games`` games with the seat levels rotated; returns per-level stats and games.

    ``done`` are results of this same match-up already played (from a report being resumed):
    games whose seed is among them are not played again (with ``history``, only those that kept
    theirs: the others are played again, to the same result). ``on_game(report)`` is called
    with the report so far after every new game. ``history`` keeps every game's actions.
    """
    info = game_class(game).info
    if not info.min_players <= len(levels) <= info.max_players:
        raise ValueError(f"{info.title} is for {info.min_players}-{info.max_players} players; "
                         f"--seats names {len(levels)}")
    kept = {r["seed"]: r for r in (done or [])
            if seed <= r["seed"] < seed + games and (not history or "history" in r)}
    work = []
    for g in range(games):
        shift = g % len(levels)
        if seed + g not in kept:
            work.append((game, levels[shift:] + levels[:shift], seed + g, settings, history))
    results = sorted(kept.values(), key=lambda r: r["seed"])

    def record(result):
        results.append(result)
        if progress:
            progress(len(results), games)
        if on_game:
            on_game(summarize(game, levels, seed, settings, results))

    if jobs > 1 and work:
        from multiprocessing import Pool
        with Pool(jobs) as pool:
            for result in pool.imap(_play_job, work):
                record(result)
    else:
        for job in work:
            record(_play_job(job))
    results.sort(key=lambda r: r["seed"])
    return summarize(game, levels, seed, settings, results)


def summarize(game: str, levels: list[str], seed: int, settings: dict, results: list[dict]) -> dict:
    """The report of a match-up: per-level stats over ``results`` (the games played so far)."""
    stats = {level: LevelStats(level) for level in dict.fromkeys(levels)}
    for result in results:
        for seat, level in enumerate(result["seats"]):
            entry = stats[level]
            entry.games += 1
            entry.score_total += result["scores"][seat]
            entry.decisions += result["decisions"][seat]
            entry.seconds += result["seconds"][seat]
            if "cpu_seconds" in result:
                entry.cpu_seconds += result["cpu_seconds"][seat]
                entry.cpu_decisions += result["decisions"][seat]
            if seat in result["winners"]:
                entry.wins += 1 / len(result["winners"])
    return {"game": game, "seats": levels, "games": len(results), "seed": seed, "settings": settings,
            "levels": [s.row() for s in stats.values()], "time_ratios": time_ratios(levels, results),
            "results": results}


def time_ratios(levels: list[str], results: list[dict]) -> dict[str, float]:
    """How long the first level takes per decision next to each other search bot (hard, expert),
    in the same games:
    for every game, the first level's seconds per decision divided by the other's (CPU seconds
    where the report has them, else wall seconds), and the median over the games. Both bots share
    whatever load the machine had during a game, so the ratio is fair where the absolute
    seconds are not; a ratio of at most 1 means "no more time per decision than the other"."""
    first = levels[0]
    ratios: dict[str, float] = {}
    for other in dict.fromkeys(levels[1:]):
        if other == first or LEVELS.get(other, other) not in ("hard", "expert"):
            continue  # only a search bot's time is a budget to compare with
        per_game = []
        for result in results:
            clock = result.get("cpu_seconds", result["seconds"])

            def per_decision(level: str) -> float | None:
                seats = [s for s, name in enumerate(result["seats"]) if name == level]
                made = sum(result["decisions"][s] for s in seats)
                return sum(clock[s] for s in seats) / made if made else None
            mine, theirs = per_decision(first), per_decision(other)
            if mine is not None and theirs:
                per_game.append(mine / theirs)
        if per_game:
            ratios[f"{first}/{other}"] = statistics.median(per_game)
    return ratios


def load_for_resume(path: str, game: str, levels: list[str], seed: int, settings: dict) -> list[dict]:
    """The games already in the report at ``path`` if it is the same match-up, else an error."""
    if not os.path.exists(path):
        return []
    try:
        with open(path, encoding="utf-8") as handle:
            report = json.load(handle)
        same = (report["game"], report["seats"], report["seed"], report["settings"]) == (game, levels, seed, settings)
        results = report["results"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"cannot resume from {path}: not an arena report ({exc})") from None
    if not same:
        raise ValueError(f"cannot resume from {path}: it is a different match-up "
                         f"({report['game']} {','.join(report['seats'])}, seed {report['seed']}, "
                         f"settings {report['settings']})")
    return results


def write_report(path: str, report: dict) -> None:
    """Write the report as JSON, atomically (a stopped run never leaves half a file)."""
    temp = path + ".part"
    with open(temp, "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=1)
    os.replace(temp, path)


def format_table(report: dict) -> str:
    lines = [f"{report['game']}: {report['games']} games, seats {','.join(report['seats'])}, "
             f"seed {report['seed']}, search settings {report['settings'] or 'default'}",
             "| level | seats played | win rate | 95% interval | average score | seconds per decision "
             "| CPU seconds per decision |",
             "|---|---|---|---|---|---|---|"]
    for row in report["levels"]:
        cpu = row.get("cpu_seconds_per_decision")
        cpu = "-" if cpu is None else f"{cpu:.4f}"
        lines.append(f"| {row['level']} | {row['games']} | {row['win_rate']:.1%} | "
                     f"{row['win_rate_low']:.1%}-{row['win_rate_high']:.1%} | {row['average_score']:.1f} | "
                     f"{row['seconds_per_decision']:.4f} | {cpu} |")
    for pair, ratio in report.get("time_ratios", {}).items():
        lines.append(f"time per decision {pair}, median over the games: {ratio:.2f}")
    return "\n".join(lines)


def add_arena_parser(sub) -> None:
    arena = sub.add_parser("arena", help="play many seeded games between bots and report win rates")
    arena.add_argument("game")
    arena.add_argument("--seats", required=True,
                       help="comma-separated levels, one per seat: easy|medium|hard|expert or random|greedy|hard|expert")
    arena.add_argument("--games", type=int, default=20)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--seconds", type=float, default=None, help="hard bot time per decision")
    arena.add_argument("--iterations", type=int, default=None, help="hard bot iterations per decision")
    arena.add_argument("--expert-seconds", type=float, default=None,
                       help="expert bot time per decision (default: as the hard bot's)")
    arena.add_argument("--expert-iterations", type=int, default=None,
                       help="expert bot iterations per decision (default: as the hard bot's)")
    arena.add_argument("--jobs", type=int, default=1, help="games in parallel (processes)")
    arena.add_argument("--json", metavar="FILE", help="write the full report as JSON")
    arena.add_argument("--resume", action="store_true",
                       help="with --json: keep the games already in FILE (same match-up), play only "
                            "the missing ones, and rewrite FILE after every game")
    arena.add_argument("--history", action="store_true",
                       help="with --json: keep every game's actions in FILE, to replay a game "
                            "from its seed without the bots")
    arena.set_defaults(func=cmd_arena)


def cmd_arena(args) -> int:
    import sys
    settings = {}
    if args.seconds is not None:
        settings["seconds"] = args.seconds
    if args.iterations is not None:
        settings["iterations"] = args.iterations
    expert = {}
    if args.expert_seconds is not None:
        expert["seconds"] = args.expert_seconds
    if args.expert_iterations is not None:
        expert["iterations"] = args.expert_iterations
    if expert:
        settings["expert"] = expert
    levels = [s.strip() for s in args.seats.split(",") if s.strip()]

    def progress(done, total):
        print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)

    if args.resume and not args.json:
        print("error: --resume needs --json FILE", file=sys.stderr)
        return 2
    if args.history and not args.json:
        print("error: --history needs --json FILE", file=sys.stderr)
        return 2
    try:
        done = load_for_resume(args.json, args.game, levels, args.seed, settings) if args.resume else None
        report = run_arena(args.game, levels, args.games, args.seed, settings, jobs=args.jobs,
                           progress=progress, done=done, history=args.history,
                           on_game=(lambda r: write_report(args.json, r)) if args.resume else None)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(file=sys.stderr)
    print(format_table(report))
    if args.json:
        write_report(args.json, report)
    return 0
