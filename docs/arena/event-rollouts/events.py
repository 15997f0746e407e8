"""Rollouts in which the players play their event cards as hard bots do (the thirteenth look in
docs/bots.md).

The hard bot's rollouts (``engine/games/moteneba/rollout.py``) play Trade, Replace, Return and
Random cube only by their random moves (a percent or two of the turns), and finish such a card
at random, where hard bots play one on 26-33 % of their turns while they hold it
(``PLAY_RATE``). In this commit the expert's rollouts are the engine's event rollouts
(``moteneba_expert_rollout`` / ``moteneba_expert_roll``, the ``expert_rollout`` / ``expert_roll``
hooks): on a turn (not a random move) each kind of the year's event cards a seat holds is
played with the chance ``PLAY_RATE`` of its kind, with its last cube in hand the seat plays its
best card if the greedy rule says it gains, and a card being played is finished by the greedy
bot's choices. The variants, each against three hard bots at 100 iterations:

* ``experte``: the first form, every seat playing its cards, in a copy of the hard bot's roll
  made before the engine had the event rollouts (:func:`roll_events`: a card it plays at the
  rate is finished at once by :func:`play_event`; a card a random move played is finished at
  random, as in the hard bot's); 90 iterations, for the hard bot's time at 100;
* ``experteo``: the engine's event rollouts with every seat but the searching one playing its
  cards; 90 iterations;
* ``expertf``: the engine's event rollouts with no seat playing a card of its own accord: only
  a card being played (the option's own, or a random move's) is finished by the greedy rule;
  100 iterations (the hard bot's time).

From the repository's root, at this commit:

    python docs/arena/event-rollouts/events.py VARIANT GAMES SEED OUT.json

plays the arena's games (seed + g, the seats rotated by g) of VARIANT against three hard bots at
100 iterations, resuming OUT.json if it exists.
"""
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from engine import arena
from engine.bots import register_bot
from engine.bots.expert import ExpertBot
from engine.games.moteneba.bots import Projection, _best
from engine.games.moteneba.inference import PLAY_RATE
from engine.games.moteneba.rollout import (_NOISE, NUM_COLOURS, TOPIC, YEAR_EVENTS, COLOURS, INFLUENCE_WEIGHT,
                                           Placements, _done, _place, _skip_powerless, _step)
from engine.games.moteneba.rules import rerank
import engine.games.moteneba.bots as mb
import engine.games.moteneba.rollout as mr
from engine.games.moteneba.bots import _rows, _term

RATE = {kind: int(rate * 1000) for kind, rate in PLAY_RATE.items()}


def colour_gains(projection, colours):
    """The greedy rule's best gain for one cube of each colour."""
    return {c: max(m[0] for m in projection.placements((c,))) for c in colours}


def removal(projection, colour):
    """The greedy gain of taking a cube off ``colour``'s topic card."""
    state = projection.state
    ranking, topic = list(state.ranking), list(state.topic)
    topic[colour] -= 1
    rerank(ranking, topic, colour, False, state.pass_equal)
    if ranking == state.ranking:
        return 0.0
    _, rows = _rows(state, ranking)
    me, n = projection.me, projection.n
    return sum(_term(row, hearts, me, n) for row, hearts in zip(rows, projection.hearts)) - projection.now


def choices(state, seat, kind, projection):
    """``(gain, action ids after the card)`` of playing ``kind`` as the greedy bot would."""
    mine = state.unplaced[seat]
    held = [c for c in range(NUM_COLOURS) if mine[c]]
    if kind == "return":
        return max((removal(projection, c), ["topic:" + COLOURS[c]]) for c in range(NUM_COLOURS) if state.topic[c])
    worth = colour_gains(projection, range(NUM_COLOURS))
    bag = state.bag
    if kind in ("random", "replace"):
        back = None
        if kind == "replace":
            back = min(held, key=lambda c: worth[c])
        total = sum(bag) + (back is not None)
        drawn = sum((bag[c] + (c == back)) * worth[c] for c in range(NUM_COLOURS)) / total if total else 0.0
        if back is None:
            return drawn, []
        return drawn - worth[back], ["give:" + COLOURS[back]]
    best = (float("-inf"), [])
    for other in range(state.num_players):
        if other == seat:
            continue
        for theirs in range(NUM_COLOURS):
            if state.unplaced[other][theirs]:
                for give in held:
                    gain = worth[theirs] - worth[give]
                    if gain > best[0]:
                        best = (gain, ["give:" + COLOURS[give], "take:%d:%s" % (other, COLOURS[theirs])])
    return best


def event_to_play(state, seat, held, rng):
    """The year's event card ``seat`` plays on this turn, or None."""
    hand = state.hands[seat]
    if not hand:
        return None
    kinds = [k for k in YEAR_EVENTS if k in hand and state._can_play_event(k, seat)]
    if not kinds:
        return None
    if sum(state.unplaced[seat]) == 1:
        projection = Projection(state, seat)
        gain, kind = max((choices(state, seat, k, projection)[0], k) for k in kinds)
        return kind if gain > INFLUENCE_WEIGHT else None
    for kind in kinds:
        if rng.below(1000) < RATE[kind]:
            return kind
    return None


def play_event(state, seat, kind):
    """Play ``kind`` with the greedy bot's choices, through the rules."""
    projection = Projection(state, seat)
    follow = choices(state, seat, kind, projection)[1]
    state._forget_legal()
    state.apply("event:" + kind)
    if kind == "random":
        colour = state.pending[1]
        follow = [_best(Projection(state, seat).placements((colour,)))[2]]
    for action_id in follow:
        state._forget_legal()
        state.apply(action_id)
    state._forget_legal()


def roll_events(state, rng, limit):
    """``moteneba_roll`` (the shipped rollout, copied) where a seat holding Trade, Replace, Return
    or Random cube plays it on a turn as hard bots do (:func:`event_to_play`), the card's choices
    made by the greedy rule (:func:`play_event`)."""
    year = state.year
    girls = len(state.girls)
    n = state.num_players
    draft_gains: dict[int, list] = {}       # seat -> its greedy placements (the board stands)
    placements, mark = None, None           # kept while nothing but our own steps moved the board
    steps = 0
    while not state._over and state.year == year and steps < limit:
        steps += 1
        phase, seat, pending = state.phase, state._current, state.pending
        if phase == "draft":
            pile = state.pile
            if rng.below(1000) < _NOISE:
                held = [c for c in range(NUM_COLOURS) if pile[c]]
                colour = held[rng.below(len(held))]
            else:
                moves = draft_gains.get(seat)
                if moves is None:
                    moves = draft_gains[seat] = Projection(state, seat).placements(state.ranking)
                best = None
                for move in moves:
                    if pile[move[1]] and (best is None or move[0] > best[0] + 1e-9):
                        best = move
                colour = best[1]
            pile[colour] -= 1
            state.unplaced[seat][colour] += 1
            if sum(pile):
                state._current = (seat + 1) % n
            else:
                state.draft_round += 1
                state._start_draft_round()
                state._take_forced_steps()
            state._forget_legal()
            continue
        if phase == "play" and (pending is None or pending[0] == "place"):
            if placements is None or mark != state.board_version:
                placements = Placements(state)
            if pending is None:
                mine = state.unplaced[seat]
                held = [c for c in range(NUM_COLOURS) if mine[c]]
                if rng.below(1000) < _NOISE:          # the rules' legal list: cubes, events, removals
                    hand = state.hands[seat]
                    others = ["event:" + k for k in YEAR_EVENTS if k in hand and state._can_play_event(k, seat)]
                    if state.remove_rule:
                        others += ["remove:" + COLOURS[c] for c in state.ranking if state.topic[c]]
                    pick = rng.below(len(held) + len(others))
                    state._forget_legal()
                    if pick < len(held):              # a cube chosen: where it goes is the next step
                        state.pending = ("place", held[pick])
                    else:                             # an event card or a removal: the rules do it
                        state.apply(others[pick - len(held)])
                        placements = None
                    continue
                kind = event_to_play(state, seat, held, rng)
                if kind is not None:                  # an event card is the turn (the rules do it)
                    play_event(state, seat, kind)
                    placements = None
                    continue
                colour, target = placements.best(seat, held)
            else:
                colour = pending[1]
                if rng.below(1000) < _NOISE:
                    pick = rng.below(girls + 1)
                    target = TOPIC if pick == girls else pick
                else:
                    target = placements.best(seat, (colour,))[1]
            _place(state, seat, colour, target, placements)
            state._forget_legal()
            mark = state.board_version
            continue
        if phase == "power":
            if rng.below(1000) < _NOISE:
                pick = rng.below(girls + 1)
                target = None if pick == girls else pick
            else:
                projection = Projection(state, seat)
                gain, pos = max((projection.girl_gain(p, None, 1), p) for p in range(girls))
                target = pos if gain > INFLUENCE_WEIGHT * 3 else None
            if target is None:
                _done(state)
            else:
                state.hands[seat].remove("power")
                state.discard.append("power")
                state.power[target][seat] += 1
                state.board_version += 1
            _skip_powerless(state)
            state._forget_legal()
            continue
        _step(state, rng, False)
        placements = None
    return state


@register_bot("*")
class ExpertE(ExpertBot):
    """The shipped expert with rollouts that play event cards (:func:`roll_events`), at 90
    iterations: its rollouts cost about a tenth more, so 90 take the hard bot's time at 100."""
    name, title = "experte", "expert whose rollouts play event cards"

    def __init__(self, **kw):
        super().__init__(iterations=90)

    def _roll(self, world, rollout, rng):
        return roll_events(world, rng, self.rollout_depth(world.info.name))


# ---------------------------------------------------------------------- the opponents' cards only
_event_to_play = mb.event_to_play
SEARCHER = [None]   # the seat the expert is choosing for


def others_only(state, seat, rng):
    """The expert's rollouts' :func:`~engine.games.moteneba.bots.event_to_play`, for every seat but
    the searching one (whose cards wait, as in the hard bot's rollouts)."""
    return None if seat == SEARCHER[0] else _event_to_play(state, seat, rng)


@register_bot("*")
class ExpertEO(ExpertBot):
    """The expert with the event rollouts (``expert_roll``) in which only the opponents play
    their cards, at 90 iterations."""
    name, title = "experteo", "expert whose rollouts play the opponents' event cards"

    def __init__(self, **kw):
        super().__init__(iterations=90)

    def choose(self, state, seat, rng):
        SEARCHER[0] = seat
        mb.event_to_play = mr.event_to_play = others_only
        try:
            return super().choose(state, seat, rng)
        finally:
            mb.event_to_play = mr.event_to_play = _event_to_play



def no_cards(state, seat, rng):
    """No seat plays an event card of its own accord in the rollouts (as in the hard bot's)."""
    return None


@register_bot("*")
class ExpertF(ExpertBot):
    """The expert whose rollouts play the hard bot's moves, except that an event card being played
    (its own option's, or one a random move played) is finished by the greedy rule's choices
    instead of random ones; at 100 iterations."""
    name, title = "expertf", "expert whose rollouts finish event cards by the greedy rule"

    def __init__(self, **kw):
        super().__init__(iterations=100)

    def choose(self, state, seat, rng):
        mb.event_to_play = mr.event_to_play = no_cards
        try:
            return super().choose(state, seat, rng)
        finally:
            mb.event_to_play = mr.event_to_play = _event_to_play


if __name__ == "__main__":
    name, games, seed, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    done = json.load(open(out))["results"] if os.path.exists(out) else None
    rep = arena.run_arena("moteneba", [name, "hard", "hard", "hard"], games, seed, {"iterations": 100},
                          jobs=1, done=done, on_game=lambda r: arena.write_report(out, r),
                          progress=lambda d, t: print(d, t, flush=True))
    print(arena.format_table(rep))
