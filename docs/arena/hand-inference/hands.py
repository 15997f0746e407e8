"""What the opponents' event cards are worth to the expert, and guessing them from play (the
twelfth look in docs/arena/moteneba-research.md).

``expertk`` is a bound, not a bot: the expert whose worlds deal the opponents their
*real* event cards (the event deck and the bag are still dealt at random). From the
repository's root:

    python docs/arena/hand-inference/hands.py VARIANT GAMES SEED OUT.json

plays the arena's games (seed + g, the seats rotated by g) of VARIANT against three hard bots at
100 iterations, resuming OUT.json if it exists. Each variant is the expert with its worlds dealt
otherwise (its ``dealer``); the reports beside this file were played before the expert had a
dealer of its own (with uniform deals), so ``experti`` and ``expertih`` differ from today's
expert only in how their deals are made. ``experti`` is the screening of the expert's likely
deals (it read a seat's turns from the log, and in the draft counted the previous year's).
"""
import itertools
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from engine import arena
from engine.bots import register_bot
from engine.bots.expert import ExpertBot
from engine.games.moteneba.inference import PLAY_RATE, likeliest, unplayed


class KnownHands:
    """Deals (``determinize``) that keep the opponents' real hands (only the event deck's order
    is dealt again); a subclass deals otherwise. A variant's ``DEALS`` names its class."""

    def __init__(self, real, seat):
        self.real, self.seat = real, seat

    def determinize(self, seat, rng):
        world = self.real.determinize(seat, rng)
        deck = sorted(self.real.deck)
        rng.shuffle(deck)
        for other in range(world.num_players):
            if other != seat:
                world.hands[other] = list(self.real.hands[other])
        world.deck = deck
        world._forget_legal()
        return world


@register_bot("*")
class ExpertK(ExpertBot):
    """The bound: the expert seeing the opponents' event cards (its worlds dealt by ``DEALS``
    instead of the expert's own dealer; the rest as the expert, at 100 iterations)."""
    name, title = "expertk", "expert seeing the opponents' event cards (a bound)"
    DEALS = KnownHands

    def __init__(self, **kw):
        super().__init__(iterations=100)

    def dealer(self, state, seat):
        deals = self.DEALS(state, seat)
        return lambda rng: deals.determinize(seat, rng)


class KnownPower(KnownHands):
    """Deals that give each opponent its real number of
    +3 Power cards; the rest of the unseen cards are dealt at random."""

    def determinize(self, seat, rng):
        world = self.real.determinize(seat, rng)
        real = self.real
        others = [o for o in range(world.num_players) if o != seat]
        unseen = sorted(list(real.deck) + [k for o in others for k in real.hands[o]])
        powers = {o: real.hands[o].count("power") for o in others}
        rest = [k for k in unseen if k != "power"]
        rng.shuffle(rest)
        for o in others:
            world.hands[o] = ["power"] * powers[o] + [rest.pop() for _ in range(len(real.hands[o]) - powers[o])]
        world.deck = rest + ["power"] * real.deck.count("power")
        rng.shuffle(world.deck)
        world._forget_legal()
        return world


@register_bot("*")
class ExpertKP(ExpertK):
    """A bound: the shipped expert knowing who holds the +3 Power cards (and nothing else hidden)."""
    name, title = "expertkp", "expert seeing who holds +3 Power (a bound)"
    DEALS = KnownPower


def turns_this_year(state):
    """How many times each seat has placed one of its own cubes this school year (read from the
    public log: every such turn was a turn on which it played no event card)."""
    turns = [0] * state.num_players
    for line in reversed(state.log):
        if line.startswith("Everyone has their cubes for year"):
            break
        if line.startswith("{P") and " places a" in line and "the random cube" not in line:
            turns[int(line[2:line.index("}")])] += 1
    return turns


class InferredHands(KnownHands):
    """Deals of the opponents' hands in proportion to how likely their play this year makes
    them (rejection sampling: a uniform deal is kept with its likelihood over a bound on every
    deal's)."""

    TRIES = 200

    def __init__(self, real, seat):
        super().__init__(real, seat)
        self.turns = turns_this_year(real)

    def likelihood(self, world):
        return unplayed(world, self.seat, self.turns)

    def held(self, other):
        """How many turns each card of ``other``'s has been held."""
        return [self.turns[other]] * len(self.real.hands[other])

    def determinize(self, seat, rng):
        bound = self.bound(seat)
        for _ in range(self.TRIES):
            world = self.real.determinize(seat, rng)
            if rng.random() * bound < self.likelihood(world):
                return world
        return world

    def bound(self, seat):
        """At least the likelihood of any deal (:func:`likeliest`)."""
        real = self.real
        unseen = list(real.deck)
        slots = []
        for other in range(real.num_players):
            if other != seat:
                unseen += real.hands[other]
                slots += self.held(other)
        return likeliest(slots, unseen.count("power"))


def holding(state):
    """For each seat, how many of its own turns each card it holds has been held: the cards held
    are taken to be the ones taken last (an old card is the likelier to have been played), and a
    card taken at a year's end has been held on every turn of the seat's since (read from the
    public log)."""
    turns = [0] * state.num_players
    taken = [[] for _ in range(state.num_players)]
    for line in state.log:
        if line.startswith("{P") and " places a" in line and "the random cube" not in line:
            turns[int(line[2:line.index("}")])] += 1
        elif line.endswith("takes an event card."):
            for part in line.split(". "):
                if part.endswith("takes an event card") or part.endswith("takes an event card."):
                    seat = int(part[part.rindex("{P") + 2:part.rindex("}")])
                    taken[seat].append(turns[seat])
    held = []
    for seat in range(state.num_players):
        h = len(state.hands[seat])
        since = taken[seat][len(taken[seat]) - h:] if h else []
        held.append(sorted((turns[seat] - t for t in since), reverse=True))
    return held


def likelihood_held(world, seat, held):
    """:func:`likelihood` with each card held for its own number of turns (:func:`holding`),
    averaged over which card is which."""
    value = 1.0
    for other in range(world.num_players):
        if other == seat or not world.hands[other]:
            continue
        slots = held[other]
        kinds = world.hands[other]
        if len(set(slots)) == 1:
            n = slots[0]
            for kind in kinds:
                if kind in PLAY_RATE:
                    value *= (1.0 - PLAY_RATE[kind]) ** n
            continue
        orders = set(itertools.permutations(kinds))
        total = 0.0
        for order in orders:
            v = 1.0
            for kind, n in zip(order, slots):
                if kind in PLAY_RATE:
                    v *= (1.0 - PLAY_RATE[kind]) ** n
            total += v
        value *= total / len(orders)
    return value


class InferredHeld(InferredHands):
    """:class:`InferredHands` with each card's own holding time (:func:`likelihood_held`)."""

    def __init__(self, real, seat):
        super().__init__(real, seat)
        self.holding = holding(real)

    def likelihood(self, world):
        return likelihood_held(world, self.seat, self.holding)

    def held(self, other):
        return self.holding[other]


@register_bot("*")
class ExpertIH(ExpertK):
    """experti with each card's own holding time, across the years."""
    name, title = "expertih", "experti with holding times across the years"
    DEALS = InferredHeld


@register_bot("*")
class ExpertI(ExpertK):
    """The shipped expert whose worlds deal the opponents' event cards by what their play this
    year makes likely (a card they could have played but did not is likelier a +3 Power)."""
    name, title = "experti", "expert guessing the opponents' event cards from play"
    DEALS = InferredHands


if __name__ == "__main__":
    name, games, seed, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    done = json.load(open(out))["results"] if os.path.exists(out) else None
    rep = arena.run_arena("moteneba", [name, "hard", "hard", "hard"], games, seed, {"iterations": 100},
                          jobs=1, done=done, on_game=lambda r: arena.write_report(out, r),
                          progress=lambda d, t: print(d, t, flush=True))
    print(arena.format_table(rep))
