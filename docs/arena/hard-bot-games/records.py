"""Game records of four hard bots, and the positions they pass through.

    python docs/arena/hard-bot-games/records.py ITERATIONS FIRST_SEED COUNT OUT.jsonl [PLAYERS]

plays COUNT games of hard bots at ITERATIONS per decision (seeds FIRST_SEED onwards, PLAYERS
seats, 4 by default) and appends one JSON line per game to OUT.jsonl: its seed, player count,
the bots' iterations, every decision (the game's history), the scores and the winners; a seed
already in OUT.jsonl is skipped, so a stopped run resumes. The game is deterministic given its
seed and history, so :func:`replay` gives back every position exactly.

``moteneba-hard25.jsonl.gz`` beside this file holds 217 such games (hard bots at 25
iterations, 4 players, seeds 20001-20111 and 25001-25106), the data of the eighth look in
docs/arena/moteneba-research.md; ``moteneba-hard25-b.jsonl.gz`` 423 more (seeds 30001-30400 and 35001-35023),
with which ``docs/arena/placement-model/fit.py`` fits the placement model of the ninth look.
"""
import json
import os
import sys
from importlib.machinery import SourceFileLoader
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from engine import new_game  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.rng import Rng  # noqa: E402

#: scripts/train, whose fitting and reading of records the screenings share
train = SourceFileLoader("train", str(ROOT / "scripts" / "train")).load_module()
GAMES = Path(__file__).with_name("moteneba-hard25.jsonl.gz")


def read(path=GAMES) -> list[dict]:
    """The records of a JSON-lines file (gzipped if its name ends in .gz)."""
    return train.read_records(str(path))


def replay(record: dict):
    """Every decision of a recorded game: yields ``(state before it, its action)``; the state is
    the live game, so copy it to keep it."""
    state = new_game("moteneba", record["players"], seed=record["seed"])
    for action in record["actions"]:
        yield state, action
        state.apply(action)
    assert state.is_over and state.scores() == record["scores"], "the record does not replay"


def win_shares(record: dict) -> list[float]:
    """Each seat's share of the recorded game's win (a shared win split evenly)."""
    winners = record["winners"]
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(record["players"])]


def play(seed: int, players: int, iterations: int) -> dict:
    state = new_game("moteneba", players, seed=seed)
    bots = [make_bot("moteneba", "hard", iterations=iterations) for _ in range(players)]
    rng = Rng(seed * 7919 + 1)
    while not state.is_over:
        seat = state.current_player
        state.apply(bots[seat].choose(state, seat, rng))
    return {"seed": seed, "players": players, "iterations": iterations, "actions": list(state.history),
            "scores": state.scores(), "winners": state.winners()}


if __name__ == "__main__":
    iterations, first, count, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    players = int(sys.argv[5]) if len(sys.argv) > 5 else 4
    done = {r["seed"] for r in read(out)} if os.path.exists(out) else set()
    with open(out, "a") as handle:
        for seed in range(first, first + count):
            if seed not in done:
                handle.write(json.dumps(play(seed, players, iterations), separators=(",", ":")) + "\n")
                handle.flush()
