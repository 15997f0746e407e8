"""The search's rollouts to the end of the school year, played in one call.

:func:`moteneba_roll` plays exactly the moves :func:`~.bots.moteneba_rollout` would play, step
by step through :meth:`State.apply`, with the same random numbers (the behaviour is the same:
``tests/engine/test_moteneba_rollout.py`` compares the two on every field of the state), but it
carries the common steps out on the state's fields directly, and keeps the greedy rule's gains
from one placement to the next:

* **the draft**: nothing on the board moves, so each seat's gains are worked out once for the
  whole draft, and every pick only looks at which colours the pile still has;
* **the placements**: a cube by a girl changes only her row of influences, so each seat's gains
  are kept (:class:`Placements`) and only that girl's are worked out again; a cube on a topic
  card that changes the ranking starts them afresh;
* **+3 Power and the scoring**: as the rules do them (the scoring pays the year with the
  rules' own ``_pay_year`` and ``_close_year``), without the scoring's record and its lines in
  the log (a rollout's end is only judged, never shown).

Anything rarer (an event card or a removal chosen by a random move, and what follows it) is
stepped through :meth:`State.apply` as usual. The state's history and log are not kept up to
date by the direct steps: a rollout's end state is for the evaluation only.
"""

from __future__ import annotations

from ...rng import Rng
from .bots import (INFLUENCE_WEIGHT, ROLLOUT_NOISE, Projection, _row, _table_hearts, added_influence,
                   moteneba_rollout, received_hearts)
from .board import COLOURS, NUM_COLOURS, YEAR_EVENTS
from .rules import MotenebaState
from .scoring import event_taker, rerank, topic_values

_NOISE = int(ROLLOUT_NOISE * 1000)  # as moteneba_rollout: rng.below(1000) < this is a random move
TOPIC = -1                          # a target: the cube's own topic card (else a girl's position)


class Placements:
    """The greedy rule's choice for each seat during the year's placements, kept up to date as
    cubes go down. :meth:`best` answers as ``_best(Projection(state, seat).placements(colours))``
    does (the same gains, bit for bit, so the same ties), but a cube by a girl only makes that
    girl's part of each seat's gains be worked out again."""

    def __init__(self, state: MotenebaState) -> None:
        self.state = state
        self.n = state.num_players
        self.hearts = _table_hearts(state)
        self.girls = range(len(state.girls))
        self.reset()

    def reset(self) -> None:
        """Start afresh from the state (its ranking changed)."""
        self.ranking = list(self.state.ranking)
        self.values = topic_values(self.ranking)
        self.lines = [self._line(pos, self.values) for pos in self.girls]
        #: colour -> (values, lines, girls to redo) with a cube more on its topic card, or None
        #: if that cube would not change the ranking
        self.topic_lines: dict[int, tuple | None] = {}
        #: seat -> [girl terms, their sum, gains [pos][colour], topic gains {colour}, girls to redo]
        self.seats: dict[int, list] = {}

    def _line(self, pos: int, values, base: tuple | None = None) -> tuple:
        """Girl ``pos`` with colour values ``values``: ``(influence per seat, hearts received per
        seat, their sum, per seat how many seats are at least as strong, itself included, less
        one)``. ``base`` (the same girl's line with other values) is reused if the influences
        are the same."""
        state = self.state
        row = _row(state.on_girl[pos], state.power[pos], values, state.all_colours)
        if base is not None and base[0] == row:
            return base
        hearts = self.hearts[pos]
        last = len(hearts)
        received, ahead = [], []
        for value in row:
            slot = -1
            for other in row:
                if other >= value:
                    slot += 1
            ahead.append(slot)
            received.append(hearts[slot] if value > 0 and slot < last else 0)
        return row, received, sum(received), ahead

    def girl_changed(self, pos: int) -> None:
        """A cube was put by girl ``pos``."""
        self.lines[pos] = self._line(pos, self.values)
        for found in self.topic_lines.values():
            if found is not None:
                found[2].add(pos)
        for cache in self.seats.values():
            cache[4].add(pos)

    def topic_changed(self) -> None:
        """A cube was put on a topic card."""
        if self.state.ranking != self.ranking:
            self.reset()
            return
        self.topic_lines = {}
        for cache in self.seats.values():
            cache[3] = {}

    def _term(self, line: tuple, me: int) -> float:
        """``bots._term``: my hearts from this girl minus the others' average, plus a little
        of my influence."""
        got = line[1][me]
        return got - (line[2] - got) / (self.n - 1) + INFLUENCE_WEIGHT * line[0][me]

    def _seat(self, me: int) -> list:
        cache = self.seats.get(me)
        if cache is None:
            terms = [self._term(line, me) for line in self.lines]
            cache = self.seats[me] = [terms, sum(terms), [[None] * NUM_COLOURS for _ in self.girls], {}, set()]
            return cache
        redo = cache[4]
        if redo:
            terms, gains, lines = cache[0], cache[2], self.lines
            for pos in redo:
                terms[pos] = self._term(lines[pos], me)
                gains[pos] = [None] * NUM_COLOURS
            cache[1] = sum(terms)
            cache[3] = {}
            redo.clear()
        return cache

    def _girl_gain(self, me: int, cache: list, pos: int, colour: int) -> float:
        """``Projection.girl_gain(pos, colour)``: only my influence changes, so each other
        seat's hearts follow from its place counter."""
        row, received, _, ahead = self.lines[pos]
        mine = row[me]
        new = added_influence(self.state, pos, me, mine, self.values, colour)
        if new == mine:
            return 0.0
        hearts = self.hearts[pos]
        last = len(hearts)
        slot = total = 0
        for other, value in enumerate(row):
            if other == me:
                continue
            if value >= new:
                slot += 1
            if mine < value <= new:      # I draw level with them or pass them: one place down
                place = ahead[other] + 1
                total += hearts[place] if place < last else 0
            else:
                total += received[other]
        got = hearts[slot] if slot < last else 0
        total += got
        return got - (total - got) / (self.n - 1) + INFLUENCE_WEIGHT * new - cache[0][pos]

    def _topic(self, colour: int) -> tuple | None:
        if colour not in self.topic_lines:
            state = self.state
            ranking, topic = list(state.ranking), list(state.topic)
            topic[colour] += 1
            rerank(ranking, topic, colour, True, state.pass_equal)
            found = None
            if ranking != state.ranking:
                values = topic_values(ranking)
                found = (values, [self._line(pos, values, self.lines[pos]) for pos in self.girls], set())
            self.topic_lines[colour] = found
            return found
        found = self.topic_lines[colour]
        if found is not None and found[2]:
            values, lines = found[0], found[1]
            for pos in found[2]:
                lines[pos] = self._line(pos, values, self.lines[pos])
            found[2].clear()
        return found

    def _topic_gain(self, me: int, cache: list, colour: int) -> float:
        """``Projection.topic_gain(colour)``."""
        gain = cache[3].get(colour)
        if gain is None:
            found = self._topic(colour)
            if found is None:
                gain = 0.0
            else:
                term = self._term
                terms = [old if line is now else term(line, me)
                         for old, line, now in zip(cache[0], found[1], self.lines)]
                gain = sum(terms) - cache[1]
            cache[3][colour] = gain
        return gain

    def best(self, me: int, colours) -> tuple[int, int]:
        """``(colour, target)`` of the greedy rule's best placement of one of ``colours``
        (target: a girl's position or :data:`TOPIC`); on equal gains the first, in the order
        colour by colour, the girls, then the topic card."""
        cache = self._seat(me)
        gains = cache[2]
        best_gain, best_colour, best_target = None, None, None
        for colour in colours:
            for pos in self.girls:
                gain = gains[pos][colour]
                if gain is None:
                    gain = gains[pos][colour] = self._girl_gain(me, cache, pos, colour)
                if best_gain is None or gain > best_gain + 1e-9:
                    best_gain, best_colour, best_target = gain, colour, pos
            gain = self._topic_gain(me, cache, colour)
            if gain > best_gain + 1e-9:
                best_gain, best_colour, best_target = gain, colour, TOPIC
        return best_colour, best_target


# ---------------------------------------------------------------------- the rules' steps, direct
def _place(state: MotenebaState, seat: int, colour: int, target: int, placements: Placements | None) -> None:
    """The pending cube of ``colour`` goes to ``target``; the next turn (``_play_turn``)."""
    state.unplaced[seat][colour] -= 1
    if target == TOPIC:
        state.topic[colour] += 1
        rerank(state.ranking, state.topic, colour, True, state.pass_equal)
        if placements is not None:
            placements.topic_changed()
    else:
        state.on_girl[target][seat][colour] += 1
        state.board_version += 1
        if placements is not None:
            placements.girl_changed(target)
    state.pending = None
    _next_turn(state, seat)


def _next_turn(state: MotenebaState, seat: int) -> None:
    """The next seat with cubes; else the +3 Power steps, else the scoring (``_next_turn``,
    ``_start_power``)."""
    n = state.num_players
    for step in range(1, n + 1):
        other = (seat + step) % n
        if sum(state.unplaced[other]):
            state._current = other
            return
    start, hands = state.start, state.hands
    state.power_queue = [(start + i) % n for i in range(n) if hands[(start + i) % n]]
    if state.power_queue:
        state.phase = "power"
        state._current = state.power_queue.pop(0)
        _skip_powerless(state)
    else:
        _score(state)


def _skip_powerless(state: MotenebaState) -> None:
    """The engine's forced "done" of a seat holding event cards but no +3 Power."""
    while state.phase == "power" and "power" not in state.hands[state._current]:
        _done(state)


def _done(state: MotenebaState) -> None:
    if state.power_queue:
        state._current = state.power_queue.pop(0)
    else:
        _score(state)


def _score(state: MotenebaState) -> None:
    """The year's scoring as ``_score_year`` pays it (the same ``_pay_year`` and
    ``_close_year``), without its record and log lines, which only a player reads."""
    values = topic_values(state.ranking)
    table = _table_hearts(state)
    deck_left = len(state.deck)
    gained = [0] * state.num_players
    takers = []
    for pos, index in enumerate(state.girls):
        infl = _row(state.on_girl[pos], state.power[pos], values, state.all_colours)
        for seat, got in enumerate(received_hearts(infl, table[pos])):
            gained[seat] += got
        taker = event_taker(index, infl, state.year, deck_left)
        if taker is not None:
            takers.append(taker)
            deck_left -= 1
    state._pay_year(gained, takers)
    state._forget_legal()
    state._close_year(None)


def _step(state: MotenebaState, rng: Rng) -> None:
    """One step of :func:`~.bots.moteneba_rollout` through :meth:`State.apply`."""
    state._forget_legal()
    step = moteneba_rollout(state, rng)
    for action_id in ([step] if isinstance(step, str) else step):
        state.apply(action_id)


# ---------------------------------------------------------------------- the rollout
def moteneba_roll(state: MotenebaState, rng: Rng, limit: int) -> MotenebaState:
    """Play ``state`` on with :func:`~.bots.moteneba_rollout` until the school year it is in
    has been scored (the ``horizon`` hook), the game ends, or ``limit`` steps; the state itself
    is played on and returned."""
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
        _step(state, rng)
        placements = None
    return state
