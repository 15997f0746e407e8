"""Heuristic bots for Moteneba.

The greedy bot looks one move ahead. It scores a position as the hearts it would get if the
year were scored now, minus the average of what each opponent would get, counting the current
topic ranking, each girl's hearts for this year and everybody's influence on her (so a cube
where it already wins comfortably, or can never catch up, is worth little). It tries every
placement of every cube it holds, every event card it can play, and picks the best. It reads
only its own seat's view (the honesty rule of :mod:`engine.bots`).
"""

from __future__ import annotations

import math
from operator import mul

from ...bots import Bot, random_action
from ...bots.hints import Found, doing, judged
from ...bots.search import outcome
from ...rng import Rng
from ...words import plural
from .board import COLOURS, COLOUR_INDEX, COLOUR_NAMES, GIRLS, GIRLS_ON_TABLE, NUM_COLOURS, POWER_BONUS
from .rules import MotenebaState
from .scoring import rerank, topic_values

INFLUENCE_WEIGHT = 0.01  # a little extra influence breaks ties between equal heart counts


class Board:
    """What the bot needs from the table, as plain lists (built from a view)."""

    def __init__(self, view: dict) -> None:
        table = view["table"]
        self.me: int = view["seat"]
        self.n: int = view["num_players"]
        self.year: int = table["year"]
        self.hearts = [g["hearts"] for g in table["girls"]]
        self.cubes = [[[g["cubes"][s]["colours"].get(c, 0) for c in COLOURS] for s in range(self.n)]
                      for g in table["girls"]]
        self.power = [list(g["power"]) for g in table["girls"]]
        self.ranking = [COLOUR_INDEX[r["colour"]] for r in table["ranking"]]
        self.topic = [0] * NUM_COLOURS
        for r in table["ranking"]:
            self.topic[COLOUR_INDEX[r["colour"]]] = r["cubes"]
        self.pass_equal = table["house_rules"]["equal_pass"]
        self.all_colours = table["house_rules"]["all_colours"]
        self.bag = [table["bag"]["colours"][c] for c in COLOURS]
        self.mine = [table["players"][self.me]["cubes"][c] for c in COLOURS]

    # ---------------------------------------------------------- evaluation
    def evaluate(self, ranking=None, extra=None) -> float:
        """My projected hearts minus the opponents' average, if the year were scored now.

        ``ranking`` replaces the current ranking; ``extra`` = ``(pos, colour, power)`` adds one of
        my cubes by a girl (``colour``) or one +3 Power (``power``) for the estimate.
        """
        values = topic_values(ranking if ranking is not None else self.ranking)
        me, n = self.me, self.n
        total = 0.0
        for pos, hearts in enumerate(self.hearts):
            infl = []
            for seat in range(n):
                cubes = self.cubes[pos][seat]
                power = self.power[pos][seat]
                if seat == me and extra is not None and extra[0] == pos:
                    if extra[1] is not None:
                        cubes = list(cubes)
                        cubes[extra[1]] += 1
                    power += extra[2]
                infl.append(influence_value(cubes, values, power, self.all_colours))
            received = received_hearts(infl, hearts)
            others = (sum(received) - received[me]) / (n - 1)
            total += received[me] - others + INFLUENCE_WEIGHT * infl[me]
        return total

    def ranking_after(self, colour: int, added: bool) -> list[int]:
        ranking, topic = list(self.ranking), list(self.topic)
        topic[colour] += 1 if added else -1
        rerank(ranking, topic, colour, added, self.pass_equal)
        return ranking

    def placements(self, colour: int) -> list[tuple[float, str]]:
        """``(value, action id)`` for every place a cube of ``colour`` can go."""
        options = [(self.evaluate(extra=(pos, colour, 0)), f"girl:{pos}") for pos in range(len(self.hearts))]
        options.append((self.evaluate(ranking=self.ranking_after(colour, True)), f"topic:{COLOURS[colour]}"))
        return options

    def best_placement(self, colour: int) -> tuple[float, str]:
        return max(self.placements(colour), key=lambda o: o[0])

    def cube_worth(self, colour: int, now: float) -> float:
        """How much placing one cube of ``colour`` would gain right now."""
        return self.best_placement(colour)[0] - now


class MotenebaGreedyBot(Bot):
    """Medium: one move ahead on the projected hearts of the year, against the competition."""

    name = "greedy"
    title = "Medium (greedy)"

    def choose(self, state: MotenebaState, seat: int, rng: Rng) -> str:
        view = state.view(seat)
        legal = [a["id"] for a in view["legal_actions"]]
        table = view["table"]
        phase = table["phase"]
        if phase == "pick":
            return self._pick(table, legal)
        board = Board(view)
        now = board.evaluate()
        if phase == "draft":
            return self._draft(board, now, legal)
        if phase == "power":
            return self._power(board, now, legal)
        pending = table["pending"]
        if pending is None:
            return self._turn(board, now, legal, table)
        kind = pending["kind"]
        if kind in ("place", "random"):
            colour = COLOUR_INDEX[pending["colour"]]
            options = [o for o in board.placements(colour) if o[1] in legal]
            return max(options, key=lambda o: o[0])[1]
        if kind == "return":
            return self._best_return(board, legal)[1]
        if kind == "replace":
            return "give:" + COLOURS[self._worst_cube(board, now)]
        # trade: first my cube, then the one I take for it
        if pending["colour"] is None:
            return "give:" + COLOURS[self._best_trade(board, now, table)[1]]
        return self._best_trade(board, now, table, COLOUR_INDEX[pending["colour"]])[2]

    # ---------------------------------------------------------- phases
    @staticmethod
    def _pick(table: dict, legal: list[str]) -> str:
        """The girl with the most hearts on her card (all girls are shared, so simply the richest)."""
        best = max(table["girls_to_pick"], key=lambda g: (sum(g["hearts"]), g["event"]))
        return f"pick:{best['key']}"

    @staticmethod
    def _draft(board: Board, now: float, legal: list[str]) -> str:
        """The cube that would gain the most if placed now; ties to the colour ranked higher."""
        values = topic_values(board.ranking)
        options = [a for a in legal if a.startswith("draft:")]
        return max(options, key=lambda a: (round(board.cube_worth(COLOUR_INDEX[a[6:]], now), 6),
                                           values[COLOUR_INDEX[a[6:]]]))

    @staticmethod
    def _power(board: Board, now: float, legal: list[str]) -> str:
        """Play +3 Power where it gains the most; keep it if it gains nothing (unless the last year)."""
        best, best_id = 0.0, None
        for action in legal:
            if action.startswith("power:"):
                pos = int(action[6:])
                gain = board.evaluate(extra=(pos, None, 1)) - now
                if gain > best:
                    best, best_id = gain, action
        return best_id if best_id is not None and best > INFLUENCE_WEIGHT * 3 else "done"

    def _turn(self, board: Board, now: float, legal: list[str], table: dict) -> str:
        """The best placement, unless an event card (a free action) or removing a cube gains more."""
        place_value, place_id = float("-inf"), None
        for action in legal:
            if action.startswith("cube:"):
                value = board.best_placement(COLOUR_INDEX[action[5:]])[0] - now
                if value > place_value:
                    place_value, place_id = value, action
        best_value, best_id = place_value, place_id
        event_value, event_id = 0.0, None
        for action in legal:
            if action.startswith("event:"):
                kind = action[6:]
                if kind == "return":
                    gain = self._best_return(board, [f"topic:{c}" for c in COLOURS])[0] - now
                elif kind == "random":
                    gain = self._random_worth(board, now)
                elif kind == "replace":
                    worst = self._worst_cube(board, now)
                    gain = self._random_worth(board, now, back=worst) - board.cube_worth(worst, now)
                else:
                    gain = self._best_trade(board, now, table)[0]
                if gain > event_value:
                    event_value, event_id = gain, action
            elif action.startswith("remove:"):
                colour = COLOUR_INDEX[action[7:]]
                gain = board.evaluate(ranking=board.ranking_after(colour, False)) - now
                if gain > best_value:
                    best_value, best_id = gain, action
        # An event card costs no cube: play it when it beats the best placement, or before the
        # last cube goes (a player without cubes can play no event card).
        if event_id is not None and (event_value > best_value or sum(board.mine) == 1):
            return event_id
        return best_id if best_id is not None else legal[0]

    # ---------------------------------------------------------- event helpers
    @staticmethod
    def _best_return(board: Board, legal: list[str]) -> tuple[float, str]:
        best = (float("-inf"), None)
        for action in legal:
            if action.startswith("topic:"):
                colour = COLOUR_INDEX[action[6:]]
                if board.topic[colour]:
                    value = board.evaluate(ranking=board.ranking_after(colour, False))
                    if value > best[0]:
                        best = (value, action)
        return best

    @staticmethod
    def _worst_cube(board: Board, now: float) -> int:
        held = [c for c in range(NUM_COLOURS) if board.mine[c]]
        return min(held, key=lambda c: board.cube_worth(c, now))

    @staticmethod
    def _random_worth(board: Board, now: float, back: int | None = None) -> float:
        """The expected gain of placing a cube drawn at random from the bag (after ``back`` goes in)."""
        bag = list(board.bag)
        if back is not None:
            bag[back] += 1
        total = sum(bag)
        if not total:
            return 0.0
        return sum(bag[c] * board.cube_worth(c, now) for c in range(NUM_COLOURS) if bag[c]) / total

    @staticmethod
    def _best_trade(board: Board, now: float, table: dict, given: int | None = None):
        """``(gain, my colour, take action)``: the swap that most improves my best cube."""
        worth = [board.cube_worth(c, now) for c in range(NUM_COLOURS)]
        best = (float("-inf"), None, None)
        mine = [given] if given is not None else [c for c in range(NUM_COLOURS) if board.mine[c]]
        for player in table["players"]:
            other = player["seat"]
            if other == board.me:
                continue
            for colour_name, count in player["cubes"].items():
                if not count:
                    continue
                theirs = COLOUR_INDEX[colour_name]
                for give in mine:
                    gain = worth[theirs] - worth[give]
                    if gain > best[0]:
                        best = (gain, give, f"take:{other}:{colour_name}")
        return best


# ---------------------------------------------------------------------- the hard bot's pieces
# The hard bot (engine/bots/search.py) runs flat determinized Monte Carlo over the best few
# placements, with every seat playing the greedy rule (a little noise) in the rollouts up to the
# end of the current year, where the position is judged by hearts plus half the hearts the
# board would pay next year. These functions read the raw (already determinized) state, so
# they are fast; they never see more than the search gave them.

ROLLOUT_NOISE = 0.1        # share of rollout moves played at random
HARD_CANDIDATES = 6        # placements the hard bot compares (the greedy rule's best few)
FUTURE_WEIGHT = 0.5        # weight of next year's projected hearts at the rollout horizon
MARGIN_SCALE = 6.0         # hearts of lead that make a position clearly won


def influence_value(cubes, values, power: int, all_colours: bool) -> int:
    """:func:`~.rules.influence`'s number alone (the colour that counted is not needed), for speed."""
    if all_colours:
        return sum(map(mul, cubes, values)) + POWER_BONUS * power
    return max(map(mul, cubes, values)) + POWER_BONUS * power


def received_hearts(infl: list[int], hearts) -> list[int]:
    """:func:`~.rules.award`'s hearts received per seat alone, for speed: a seat with influence
    ties with ``k`` seats and is beaten by ``b``, so it gets the heart of place ``b + k``."""
    last = len(hearts)
    received = []
    for mine in infl:
        if mine <= 0:
            received.append(0)
            continue
        slot = -1
        for other in infl:
            if other >= mine:
                slot += 1
        received.append(hearts[slot] if slot < last else 0)
    return received


def influences(state: MotenebaState, values) -> list[list[int]]:
    """``[position][seat]`` influence on each girl with the colour values ``values``."""
    all_colours = state.all_colours
    seats = range(state.num_players)
    return [[influence_value(on_girl[s], values, power[s], all_colours) for s in seats]
            for on_girl, power in zip(state.on_girl, state.power)]


#: each table's hearts per girl for a year, by ``(girls, players, year)`` (tuples)
_HEARTS: dict[tuple, tuple] = {}


def _term(infl, hearts, me: int, n: int) -> float:
    """One girl's part of the greedy score: my hearts minus the others' average (the hearts
    of :func:`received_hearts`, summed as they are found)."""
    last = len(hearts)
    total = got = 0
    for seat, value in enumerate(infl):
        if value > 0:
            slot = -1
            for other in infl:
                if other >= value:
                    slot += 1
            if slot < last:
                total += hearts[slot]
                if seat == me:
                    got = hearts[slot]
    return got - (total - got) / (n - 1) + INFLUENCE_WEIGHT * infl[me]


def _table_hearts(state: MotenebaState) -> tuple:
    """``state._girl_hearts`` of every girl on the table, as tuples (kept per table and year)."""
    key = (tuple(state.girls), state.num_players, state.year)
    hearts = _HEARTS.get(key)
    if hearts is None:
        if len(_HEARTS) >= 1000:
            _HEARTS.clear()
        hearts = _HEARTS[key] = tuple(tuple(state._girl_hearts(pos)) for pos in range(len(state.girls)))
    return hearts


def _row(on_girl, power, values, all_colours: bool) -> tuple:
    """Every seat's :func:`influence_value` on one girl, as a tuple."""
    if all_colours:
        return tuple([sum(map(mul, cubes, values)) + POWER_BONUS * p for cubes, p in zip(on_girl, power)])
    return tuple([max(map(mul, cubes, values)) + POWER_BONUS * p for cubes, p in zip(on_girl, power)])


def _rows(state: MotenebaState, ranking) -> tuple[list[int], list[tuple]]:
    """The colour values of ``ranking`` and :func:`influences` with them, as tuples.

    Kept in the state (``_rows_memo``, never copied by a clone) while its ``board_version``
    (the rules count every change of the cubes by the girls and of the +3 Power played on
    them) stands: a draft, where nothing on the board moves, asks for the same rows at every
    step, and so do the placements of every cube colour on a turn."""
    mark = state.board_version
    memo = state.__dict__.get("_rows_memo")
    if memo is None or memo[0] != mark:
        memo = state._rows_memo = (mark, {})
    key = tuple(ranking)
    found = memo[1].get(key)
    if found is None:
        values = topic_values(ranking)
        all_colours = state.all_colours
        found = memo[1][key] = (values, [_row(on_girl, power, values, all_colours)
                                         for on_girl, power in zip(state.on_girl, state.power)])
    return found


def added_influence(state: MotenebaState, pos: int, seat: int, now: int, values, colour: int | None,
                    power: int = 0) -> int:
    """``seat``'s influence on girl ``pos`` (``now`` as it stands: the best colour's cubes x
    value, plus 3 per +3 Power) with one more cube of ``colour`` (``None``: no cube) and
    ``power`` more +3 Power, with the colour values ``values``."""
    if colour is None:
        return now + POWER_BONUS * power
    if state.all_colours:
        return now + values[colour] + POWER_BONUS * power
    played = state.power[pos][seat]         # only this colour's product grows
    best = now - POWER_BONUS * played
    grown = (state.on_girl[pos][seat][colour] + 1) * values[colour]
    return (grown if grown > best else best) + POWER_BONUS * (played + power)


_GIRL_IDS = tuple(f"girl:{pos}" for pos in range(GIRLS_ON_TABLE))
_TOPIC_IDS = tuple(f"topic:{name}" for name in COLOURS)


class Projection:
    """The greedy score of a raw state for one seat, with cheap "what if" changes."""

    def __init__(self, state: MotenebaState, seat: int) -> None:
        self.state, self.me, self.n = state, seat, state.num_players
        self.hearts = _table_hearts(state)
        self.values, self.infl = _rows(state, state.ranking)
        self.terms = [_term(row, h, seat, self.n) for row, h in zip(self.infl, self.hearts)]
        self.now = sum(self.terms)

    def girl_gain(self, pos: int, colour: int | None, power: int = 0) -> float:
        """The gain of one more of my cubes of ``colour`` (or ``power`` +3 Power) by girl ``pos``."""
        me = self.me
        row = self.infl[pos]
        mine = row[me]
        new = added_influence(self.state, pos, me, mine, self.values, colour, power)
        if new == mine:
            return 0.0
        return _term(row[:me] + (new,) + row[me + 1:], self.hearts[pos], me, self.n) - self.terms[pos]

    def topic_gain(self, colour: int) -> float:
        """The gain of a cube put on ``colour``'s topic card."""
        state = self.state
        ranking, topic = list(state.ranking), list(state.topic)
        topic[colour] += 1
        rerank(ranking, topic, colour, True, state.pass_equal)
        if ranking == state.ranking:
            return 0.0
        _, rows = _rows(state, ranking)
        me, n, now = self.me, self.n, self.infl
        # a girl whose row did not change (no cubes of a colour whose value changed) keeps her term
        terms = [term if row == before else _term(row, hearts, me, n)
                 for term, row, before, hearts in zip(self.terms, rows, now, self.hearts)]
        return sum(terms) - self.now

    def placements(self, colours) -> list[tuple[float, int, str]]:
        """``(gain, colour, target id)`` for every place of a cube of each of ``colours``."""
        moves = []
        girls = range(len(self.hearts))
        for colour in colours:
            for pos in girls:
                moves.append((self.girl_gain(pos, colour), colour, _GIRL_IDS[pos]))
            moves.append((self.topic_gain(colour), colour, _TOPIC_IDS[colour]))
        return moves


def _best(moves):
    """The best move; among equal gains the first (so the order of ``moves`` breaks ties)."""
    best = moves[0]
    for move in moves:
        if move[0] > best[0] + 1e-9:
            best = move
    return best


def moteneba_rollout(state: MotenebaState, rng: Rng):
    """The greedy rule on the raw state for whoever moves (no event cards), 10 % random moves."""
    if rng.below(1000) < ROLLOUT_NOISE * 1000:
        return random_action(state, rng)
    phase, seat = state.phase, state.current_player
    if phase == "draft":
        projection = Projection(state, seat)
        colours = [c for c in state.ranking if state.pile[c]]  # higher value first on ties
        return "draft:" + COLOURS[_best(projection.placements(colours))[1]]
    if phase == "power":
        if "power" not in state.hands[seat]:
            return "done"
        projection = Projection(state, seat)
        gain, pos = max((projection.girl_gain(p, None, 1), p) for p in range(len(state.girls)))
        return f"power:{pos}" if gain > INFLUENCE_WEIGHT * 3 else "done"
    if phase == "play":
        pending = state.pending
        if pending is None:
            held = [c for c in range(NUM_COLOURS) if state.unplaced[seat][c]]
            _, colour, target = _best(Projection(state, seat).placements(held))
            return ["cube:" + COLOURS[colour], target]
        if pending[0] in ("place", "random"):
            return _best(Projection(state, seat).placements([pending[1]]))[2]
    return random_action(state, rng)


def moteneba_options(state: MotenebaState, seat: int) -> list[list[str]]:
    """The hard bot's choices: on a turn, the greedy rule's best few placements (a cube and
    where it goes), every playable event card and cube removal; otherwise every action."""
    legal = [a.id for a in state.legal_actions()]
    if state.phase != "play" or state.pending is not None:
        forward = [a for a in legal if a != "cancel"] or legal
        return [[a] for a in forward]
    held = [c for c in range(NUM_COLOURS) if state.unplaced[seat][c]]
    moves = sorted(Projection(state, seat).placements(held), key=lambda m: -m[0])
    options = [["cube:" + COLOURS[colour], target] for _, colour, target in moves[:HARD_CANDIDATES]]
    options += [[a] for a in legal if not a.startswith("cube:")]
    return options


def moteneba_horizon(start: MotenebaState):
    """Rollouts stop when the year they start in has been scored."""
    year = start.year
    return lambda state: state.year != year


def projected_hearts(state: MotenebaState) -> list[float]:
    """Each seat's hearts if the board were scored now with this year's heart values."""
    n = state.num_players
    got = [0.0] * n
    for pos, infl in enumerate(influences(state, topic_values(state.ranking))):
        received = received_hearts(infl, state._girl_hearts(pos))
        for s in range(n):
            got[s] += received[s]
    return got


def moteneba_evaluate(state: MotenebaState) -> list[float]:
    """At the horizon: hearts plus half of next year's projected hearts, as each seat's lead over
    its best opponent squashed into (0, 1); a finished game scores its outcome."""
    if state.is_over:
        return outcome(state)
    future = projected_hearts(state)
    value = [state.hearts[s] + FUTURE_WEIGHT * future[s] for s in range(state.num_players)]
    n = state.num_players
    return [1.0 / (1.0 + math.exp(-(value[s] - max(value[o] for o in range(n) if o != s)) / MARGIN_SCALE))
            for s in range(n)]


def _doing(state: MotenebaState, line) -> str:
    """A move in Moteneba's words, as a gerund: "placing a red cube by Mai", "placing a red
    cube on its topic card", else from its label ("playing the event card Trade: ...")."""
    if len(line) == 2 and line[0].startswith("cube:"):
        colour = COLOUR_NAMES[line[0][5:]].lower()
        if line[1].startswith("girl:"):
            return f"placing a {colour} cube by {GIRLS[state.girls[int(line[1][5:])]]['name']}"
        if line[1].startswith("topic:"):
            return f"placing a {colour} cube on its topic card"
    return doing(state, line)


def _hearts_if_scored_now(state: MotenebaState, seat: int, ranking, girl: int | None = None,
                          colour: int | None = None) -> int:
    """The hearts ``seat`` would get if the year were scored now with the topic ``ranking``, with
    one more of its cubes of ``colour`` by girl ``girl`` when given."""
    values, rows = _rows(state, ranking)
    total = 0
    for pos, (row, hearts) in enumerate(zip(rows, _table_hearts(state))):
        if pos == girl:
            row = list(row)
            row[seat] = added_influence(state, pos, seat, row[seat], values, colour)
        total += received_hearts(list(row), hearts)[seat]
    return total


def moteneba_scores_now(state: MotenebaState, seat: int, line: list[str]) -> tuple[int, str]:
    """What a placement brings right now: the hearts the seat would gain if the year were scored
    just after it (the cubes and the board are public); hearts are only given at the year's
    end, so "is worth 2 more hearts if the year ended now". A cube the seat must place (an
    event's) counts too; drafting, event cards and cube removals score nothing now."""
    if len(line) == 2 and line[0].startswith("cube:"):
        colour, target = COLOUR_INDEX[line[0][5:]], line[1]
    elif len(line) == 1 and state.pending is not None and state.pending[0] in ("place", "random"):
        colour, target = state.pending[1], line[0]
    else:
        return 0, ""
    before = _hearts_if_scored_now(state, seat, state.ranking)
    if target.startswith("girl:"):
        after = _hearts_if_scored_now(state, seat, state.ranking, int(target[5:]), colour)
    elif target.startswith("topic:"):
        ranking, topic = list(state.ranking), list(state.topic)
        topic[colour] += 1
        rerank(ranking, topic, colour, True, state.pass_equal)
        after = _hearts_if_scored_now(state, seat, ranking)
    else:
        return 0, ""
    gain = after - before
    if gain <= 0:
        return gain, ""
    return gain, f"is worth {plural(gain, 'more heart')} if the year ended now"


def moteneba_reason(state: MotenebaState, seat: int, line: list[str], found: Found) -> str:
    """Why the search suggests ``line``: where the cube goes, the move it passes over (a
    placement worth more hearts now, or a close one) with what each brings, then the hearts it
    brought by the end of this school year (where every rollout, the hard bot's and the
    expert's, stops: its ``horizon``) and the chance to win there (greedy play for every seat;
    numbers only from enough of them)."""
    by_girl = len(line) == 2 and line[0].startswith("cube:") and line[1].startswith("girl:")
    # the page says "Suggested: <the move>." first, so the reason may call it "it"
    odds = judged(state, line, found, _doing, named=True, verb="brings", point="heart",
                  span="ahead to the end of this school year")
    if by_girl:
        colour = COLOUR_NAMES[line[0][5:]].lower()
        girl = GIRLS[state.girls[int(line[1][5:])]]["name"]
        return f"Place a {colour} cube by {girl}. {odds}"
    return odds
