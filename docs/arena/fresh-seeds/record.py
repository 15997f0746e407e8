"""The arena's games with every action kept (the thirteenth look in
docs/arena/moteneba-research.md), for bots registered by a screening script: ``python -m engine
arena --history``'s run, callable from Python. From the repository's root:

    python docs/arena/fresh-seeds/record.py GAMES SEED OUT.json [SEATS]

plays the arena's games (seed + g, the seats rotated by g) of SEATS (default
expert,hard,hard,hard) at 100 iterations each, two at a time, resuming OUT.json if it exists.
Each game's ``history`` replays it without the bots; years.py reads each school year's hearts
from it. ``register_expert`` registers a screening script's variant of the expert that differs
only by its weights.
"""
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from engine import arena
from engine.bots import register_bot
from engine.bots.expert import Evaluation, ExpertBot


def register_expert(name: str, title: str, weights: Path) -> type:
    """Register the bot ``name``: the expert at 100 iterations with the year-end evaluation of
    the weights file ``weights``."""
    class Variant(ExpertBot):
        def __init__(self, **kw):
            super().__init__(iterations=100, model=Evaluation.from_json(json.loads(weights.read_text())))
    Variant.name, Variant.title = name, title
    Variant.__doc__ = f"The expert at 100 iterations with the weights of {weights.name}."
    return register_bot("*")(Variant)


def run(seats: list[str], games: int, seed: int, out: str) -> None:
    """The arena's games of ``seats`` (every search seat at 100 iterations), two at a time,
    written to ``out`` after each game (resumed if it exists), with the table at the end."""
    done = json.load(open(out))["results"] if os.path.exists(out) else None
    rep = arena.run_arena("moteneba", seats, games, seed, {"iterations": 100, "expert": {"iterations": 100}},
                          jobs=2, done=done, on_game=lambda r: arena.write_report(out, r),
                          progress=lambda d, t: print(d, t, flush=True), history=True)
    print(arena.format_table(rep))


if __name__ == "__main__":
    run((sys.argv[4] if len(sys.argv) > 4 else "expert,hard,hard,hard").split(","),
        int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
