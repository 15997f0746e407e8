"""The arena's games with each school year's hearts and every action kept (the thirteenth look in
docs/arena/moteneba-research.md): ``python -m engine arena``'s run, whose reports keep only the final scores, with
two more fields per game, ``year_hearts`` (each seat's hearts of each school year) and
``history`` (every action, so the game can be replayed without the bots). From the
repository's root:

    python docs/arena/fresh-seeds/record.py GAMES SEED OUT.json [SEATS]

plays the arena's games (seed + g, the seats rotated by g) of SEATS (default
expert,hard,hard,hard) at 100 iterations each, two at a time, resuming OUT.json if it exists.
"""
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from engine import arena
from engine import new_game

_play_one = arena.play_one
_new_game = new_game


def play_one(game, seats, seed, settings):
    """``arena.play_one`` with the finished game's ``year_hearts`` and ``history``."""
    made = []

    def keep(*args, **kw):
        made.append(_new_game(*args, **kw))
        return made[-1]
    arena.new_game = keep
    try:
        result = _play_one(game, seats, seed, settings)
    finally:
        arena.new_game = _new_game
    state = made[-1]
    return result | {"year_hearts": state.year_hearts, "history": list(state.history)}


arena.play_one = play_one


def run(seats: list[str], games: int, seed: int, out: str) -> None:
    """The arena's games of ``seats`` (every search seat at 100 iterations), two at a time,
    written to ``out`` after each game (resumed if it exists), with the table at the end."""
    done = json.load(open(out))["results"] if os.path.exists(out) else None
    rep = arena.run_arena("moteneba", seats, games, seed, {"iterations": 100, "expert": {"iterations": 100}},
                          jobs=2, done=done, on_game=lambda r: arena.write_report(out, r),
                          progress=lambda d, t: print(d, t, flush=True))
    print(arena.format_table(rep))


if __name__ == "__main__":
    run((sys.argv[4] if len(sys.argv) > 4 else "expert,hard,hard,hard").split(","),
        int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
