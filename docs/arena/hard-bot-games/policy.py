"""How well cheap features of a placement predict the hard bot's choice (a policy for rollouts).

    python docs/arena/hard-bot-games/policy.py [RECORDS] [--hidden H] [--epochs E]

Every turn of the recorded games where the seat put a cube (a cube and where it went) gives
one sample: every placement of every cube the seat held, each described by the features of
:func:`candidates`, and which one the hard bot played. A model scores each candidate (linear,
or a small network with ``--hidden`` units: a conditional logit, softmax over the turn's
candidates), fitted with PyTorch (training only: ``pip install torch``) on the games whose
seed is not a multiple of 5; printed are the held-out share of turns where the model's best
is the hard bot's placement, and the same for the greedy rule's best (the rollouts' model).
"""
import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
sys.path.insert(0, str(Path(__file__).parent))
from engine.games.moteneba.bots import Projection, _rows, _term, added_influence
from engine.games.moteneba.rules import (COLOUR_INDEX, GIRLS, NUM_COLOURS, YEARS, rerank,
                                         year_hearts)
from records import GAMES, read, replay

#: per candidate: the greedy gain, its shortfall from the best gain, greedy best, among the
#: best six, on a topic card, the colour's value, the share of held cubes of that colour, the
#: same gain with next year's hearts, then (by a girl) the lead after it over the best other
#: and over every other's most with all its cubes left, safe from them, already ahead, her top
#: heart, a tie made, the influence added; last the school year
FEATURES = 16


def potential(state, pos: int, seat: int, values) -> int:
    """``seat``'s most influence on girl ``pos`` if it put every cube it holds there."""
    best = max((state.on_girl[pos][seat][c] + state.unplaced[seat][c]) * values[c] for c in range(NUM_COLOURS))
    return best + 3 * state.power[pos][seat]


def candidates(state, seat: int):
    """``(moves, features)``: the greedy rule's ``(gain, colour, target)`` for every placement
    of every cube ``seat`` holds, and a row of :data:`FEATURES` numbers for each."""
    held = [c for c in range(NUM_COLOURS) if state.unplaced[seat][c]]
    projection = Projection(state, seat)
    moves = projection.placements(held)
    n = state.num_players
    gains = [m[0] for m in moves]
    top = max(gains)
    rank = {i: r for r, i in enumerate(sorted(range(len(moves)), key=lambda i: -gains[i]))}
    year = min(state.year, YEARS)
    later = [tuple(year_hearts(GIRLS[g]["hearts"], n, min(year + 1, YEARS))) for g in state.girls]
    values = projection.values
    held_total = sum(state.unplaced[seat])
    rows = []
    for i, (gain, colour, target) in enumerate(moves):
        f = [0.0] * FEATURES
        f[0], f[1] = gain, gain - top
        f[2], f[3] = float(rank[i] == 0), float(rank[i] < 6)
        f[5] = values[colour] / 5.0
        f[6] = state.unplaced[seat][colour] / held_total
        f[15] = year / YEARS
        if target.startswith("topic"):
            f[4] = 1.0
            ranking, topic = list(state.ranking), list(state.topic)
            topic[colour] += 1
            rerank(ranking, topic, colour, True, state.pass_equal)
            if ranking != state.ranking:
                _, after = _rows(state, ranking)
                f[7] = sum(_term(r, h, seat, n) for r, h in zip(after, later)) - \
                    sum(_term(r, h, seat, n) for r, h in zip(projection.infl, later))
        else:
            pos = int(target[5:])
            row = projection.infl[pos]
            mine = row[seat]
            new = added_influence(state, pos, seat, mine, values, colour)
            grown = row[:seat] + (new,) + row[seat + 1:]
            f[7] = _term(grown, later[pos], seat, n) - _term(row, later[pos], seat, n)
            best_other = max(row[o] for o in range(n) if o != seat)
            threat = max(potential(state, pos, o, values) for o in range(n) if o != seat)
            f[8] = max(-2.0, min(2.0, (new - best_other) / 10.0))
            f[9] = max(-2.0, min(2.0, (new - threat) / 10.0))
            f[10], f[11] = float(new > threat), float(mine > best_other)
            f[12] = projection.hearts[pos][0] / 5.0 if projection.hearts[pos] else 0.0
            f[13], f[14] = float(new == best_other), (new - mine) / 10.0
        rows.append(f)
    return moves, rows


def turns(record: dict) -> list[tuple[np.ndarray, int]]:
    """``(features of every candidate, index of the one played)`` for each cube placed."""
    out, actions = [], record["actions"]
    for k, (state, action) in enumerate(replay(record)):
        if state.phase == "play" and state.pending is None and action.startswith("cube:"):
            moves, rows = candidates(state, state.current_player)
            target = actions[k + 1]
            played = [i for i, m in enumerate(moves) if m[1] == COLOUR_INDEX[action[5:]] and m[2] == target]
            out.append((np.array(rows, dtype=np.float32), played[0]))
    return out


def main() -> None:
    import torch
    parser = argparse.ArgumentParser()
    parser.add_argument("records", nargs="?", default=str(GAMES))
    parser.add_argument("--hidden", type=int, default=0, help="hidden units (0: a linear score)")
    parser.add_argument("--epochs", type=int, default=60)
    args = parser.parse_args()
    records = read(args.records)
    fitted = [t for r in records if r["seed"] % 5 for t in turns(r)]
    held = [t for r in records if r["seed"] % 5 == 0 for t in turns(r)]

    def inputs(rows: np.ndarray) -> np.ndarray:  # each feature, and each times the school year
        return np.concatenate([rows[:, :-1], rows[:, :-1] * rows[:, -1:]], axis=1)

    torch.manual_seed(0)
    width = inputs(fitted[0][0]).shape[1]
    model = (torch.nn.Sequential(torch.nn.Linear(width, args.hidden), torch.nn.Tanh(), torch.nn.Linear(args.hidden, 1))
             if args.hidden else torch.nn.Linear(width, 1))
    most = max(len(rows) for rows, _ in fitted)
    x = torch.zeros(len(fitted), most, width)
    mask = torch.full((len(fitted), most), -1e9)
    for i, (rows, _) in enumerate(fitted):
        x[i, :len(rows)] = torch.from_numpy(inputs(rows))
        mask[i, :len(rows)] = 0.0
    y = torch.tensor([played for _, played in fitted])
    optimiser = torch.optim.Adam(model.parameters(), lr=0.01, weight_decay=1e-5)
    for _ in range(args.epochs):
        order = torch.randperm(len(fitted))
        for start in range(0, len(fitted), 512):
            batch = order[start:start + 512]
            loss = torch.nn.functional.cross_entropy(model(x[batch]).squeeze(-1) + mask[batch], y[batch])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
    with torch.no_grad():
        hits = sum(int(model(torch.from_numpy(inputs(rows))).squeeze(-1).argmax()) == played for rows, played in held)
    greedy = sum(int(np.argmax(rows[:, 0] + 1e-6 * rows[:, 2])) == played for rows, played in held)
    print(f"{len(records)} games: {len(fitted)} turns fitted, {len(held)} held out")
    print(f"the hard bot's placement predicted in {hits / len(held):.1%} of held-out turns "
          f"({'a network of %d units' % args.hidden if args.hidden else 'linear'}); the greedy rule's best "
          f"{greedy / len(held):.1%}")


if __name__ == "__main__":
    main()
