"""Moteneba (Shimamura Nao, Dougen Nobutake), for 3-5 players, with the rulings N1-N10 of
docs/rules/moteneba.md.

The table: seven girls, each giving hearts (points) to the players who impress her most; five
topic cards (red, blue, yellow, white, black) ranked beside the value cards 5..1; a bag of 100
cubes (20 per colour); a deck of 14 event cards. A game is three school years. Each year:

1. **Draft** (N2): one round per player. The round's leader draws 10/7/6 cubes (3/4/5 players)
   from the bag into a pile; from the leader clockwise, players take one cube at a time
   (``draft:COLOUR``) until the pile is empty. The next round's leader is the next player.
2. **Placement** (N3): from the year's starting player clockwise, each player with cubes left
   takes one turn:

   * ``cube:COLOUR`` chooses an unplaced cube (``cancel`` drops the choice), then
     ``girl:I`` puts it by the girl in table position ``I`` (0-6), or ``topic:COLOUR`` puts it
     on the topic card of its own colour, which may climb the ranking (N4);
   * ``event:KIND`` plays an event card from hand (not +3 Power), then its targets step by step
     (``give:COLOUR``, ``take:SEAT:COLOUR``, ``topic:COLOUR``, ``girl:I``; ``cancel`` until the
     card's effect has begun);
   * house rule (b) only: ``remove:COLOUR`` takes a cube off that topic card back to the bag.

3. **+3 Power** (N6): from the starting player clockwise, each player holding event cards may
   play +3 Power cards on girls (``power:I``) and then says ``done``.
4. **Scoring** (N5): each girl pays hearts by influence, ties a notch lower; her event symbol
   gives the sole winner the top event card. The most hearts start the next year (N7).

After the third year the most hearts win. With the ``girls=pick`` option the game opens with the
players choosing the seven girls in turn (``pick:KEY``).

This module holds the state: the setup, the year's flow, the legal actions and carrying them out.
The colours, girls and event cards are in :mod:`.board`; the scoring in :mod:`.scoring` and the
views in :mod:`.views` (mixins of :class:`MotenebaState`); the state's fields, for clones and
saves, in :mod:`.state_fields`.
"""

from __future__ import annotations

from ...core import Action, GameInfo, Option, State, seat_option
from ...rng import Rng
from .board import (COLOUR_INDEX, COLOURS, CUBES_PER_COLOUR, DATA, EVENTS, GIRL_INDEX, GIRL_POSITIONS, GIRLS,
                    GIRLS_ON_TABLE, NUM_COLOURS, PILE_SIZE, YEAR_EVENTS, YEARS, cubes_text,
                    girl_title, seat_names)
from .scoring import Scoring, next_starting_player, rerank, topic_values
from .state_fields import FIELDS
from .views import Views

# ---------------------------------------------------------------------- the game
ON_OFF = ("off", "on")
_DONE = Action("done", "Play no more +3 Power: go on to the scoring")


class MotenebaState(Scoring, Views, State):
    """A game of Moteneba. See the module docstring for the phases and the actions."""

    score_unit = ("heart", "hearts")

    info = GameInfo(
        name="moteneba", title="Moteneba", min_players=3, max_players=5,
        options=(
            Option("girls", "Girls", ("random", "pick"), "random",
                   "random: seven of the fourteen girls are dealt from the seed. pick: starting "
                   "with the first player and going clockwise, the players choose them one at a time."),
            seat_option(5),
            Option("house_equal_pass", "House rule (a): topics pass equal ones", ON_OFF, "off",
                   "A topic card that gains a cube also passes cards with as many cubes; one that "
                   "loses a cube also sinks below cards with as many."),
            Option("house_remove_cube", "House rule (b): remove a cube from a topic", ON_OFF, "off",
                   "Instead of placing a cube, a player may take one cube off any topic card back "
                   "to the bag (keeping their own cubes)."),
            Option("house_all_colours", "House rule (c): influence from all colours", ON_OFF, "off",
                   "A player's influence on a girl is the sum over all their colours, not the best one."),
        ),
        blurb="Three school years of winning the girls' hearts: draft trend cubes, place them by the "
              "girls or push their topics up the popularity ranking, and play event cards.",
    )

    fields = FIELDS  # the state's own fields, for clone and the save (state_fields.py)

    # -------------------------------------------------------------- setup
    def _setup(self) -> None:
        n = self.num_players
        self.pass_equal = self.options["house_equal_pass"] == "on"
        self.remove_rule = self.options["house_remove_cube"] == "on"
        self.all_colours = self.options["house_all_colours"] == "on"
        self.start = self._first_player()           # the year's starting player
        self.year = 1
        self.girls: list[int] = []                  # girl indices, in table order
        self.on_girl: list[list[list[int]]] = []    # [position][seat][colour] cubes by each girl
        self.ranking = list(range(NUM_COLOURS))     # colour indices, value 5 first
        self.rng.shuffle(self.ranking)
        self.topic = [0] * NUM_COLOURS              # cubes on each topic card
        self.bag = [CUBES_PER_COLOUR] * NUM_COLOURS
        self.deck = [e["kind"] for e in DATA["events"] for _ in range(e["count"])]  # top = last
        self.rng.shuffle(self.deck)
        self.discard: list[str] = []                # played event cards, face up
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.unplaced = [[0] * NUM_COLOURS for _ in range(n)]
        self.hearts = [0] * n
        self.year_hearts: list[list[int]] = [[] for _ in range(n)]
        self.phase = "pick"
        self.draft_round = 0
        self.pile = [0] * NUM_COLOURS
        self.pending: tuple | None = None           # a decision in progress, see _legal
        self.power: list[list[int]] = []            # [position][seat] +3 Power played this year
        self.power_queue: list[int] = []            # seats still to have their Power step
        self.scorings: list[dict] = []              # each finished year's scoring (JSON-ready)
        # counts the changes of on_girl and power (the hard bot's rollouts keep their influence
        # rows while it stands: code that edits those fields directly must add one)
        self.board_version = 0
        if self.options["girls"] == "pick":
            self._current = self.start
            self._say("The players choose the seven girls in turn, starting with {P%d}." % self.start)
        else:
            chosen = list(range(len(GIRLS)))
            self.rng.shuffle(chosen)
            for index in chosen[:GIRLS_ON_TABLE]:
                self._add_girl(index)
            self._say("The girls today: " + ", ".join(girl_title(i) for i in self.girls) + ".")
            self._start_year()

    def _add_girl(self, index: int) -> None:
        self.board_version += 1
        self.girls.append(index)
        self.on_girl.append([[0] * NUM_COLOURS for _ in range(self.num_players)])
        self.power.append([0] * self.num_players)

    # -------------------------------------------------------------- the bag
    def _draw_cube(self) -> int | None:
        """A random cube from the bag (its colour index), or ``None`` if the bag is empty."""
        total = sum(self.bag)
        if total == 0:
            return None
        r = self.rng.below(total)
        for colour, count in enumerate(self.bag):
            if r < count:
                self.bag[colour] -= 1
                return colour
            r -= count
        raise AssertionError("bag counts out of step")  # pragma: no cover

    # -------------------------------------------------------------- year flow
    def _start_year(self) -> None:
        self.phase = "draft"
        self.draft_round = 0
        self._say(f"Year {self.year} begins. {{P{self.start}}} is the starting player.")
        self._start_draft_round()

    def _start_draft_round(self) -> None:
        """The round's leader draws the pile; skip rounds whose pile is empty (bag used up)."""
        n = self.num_players
        while self.draft_round < n:
            leader = (self.start + self.draft_round) % n
            pile = [0] * NUM_COLOURS
            for _ in range(PILE_SIZE[n]):
                colour = self._draw_cube()
                if colour is None:
                    break
                pile[colour] += 1
            self.pile = pile
            if sum(pile):
                self._current = leader
                self._say("Draft round %d of %d: {P%d} draws %s from the bag."
                          % (self.draft_round + 1, n, leader, cubes_text(pile)))
                return
            self._say("The bag is empty: draft round %d has no cubes." % (self.draft_round + 1))
            self.draft_round += 1
        self._start_placement()

    def _start_placement(self) -> None:
        self.phase = "play"
        self._say("Everyone has their cubes for year %d. {P%d} places first." % (self.year, self.start))
        if sum(self.unplaced[self.start]):
            self._current = self.start
        else:
            self._next_turn(self.start)

    def _next_turn(self, seat: int) -> None:
        """The next player clockwise who still has cubes; if none, the year's play is over."""
        for step in range(1, self.num_players + 1):
            other = (seat + step) % self.num_players
            if sum(self.unplaced[other]):
                self._current = other
                return
        self._start_power()

    def _start_power(self) -> None:
        """Every player holding event cards (from the starting player clockwise) gets a +3 Power
        step. The step is offered on the public hand count, so it reveals nothing."""
        n = self.num_players
        self.pending = None
        self.power_queue = [(self.start + i) % n for i in range(n) if self.hands[(self.start + i) % n]]
        if self.power_queue:
            self.phase = "power"
            self._current = self.power_queue.pop(0)
            self._say("The year's cubes are all placed. Before the scoring, players with event cards "
                      "may play +3 Power, starting with {P%d}." % self._current)
        else:
            self._say("The year's cubes are all placed: scoring.")
            self._score_year()

    # -------------------------------------------------------------- scoring
    def _score_year(self) -> None:
        """Pay the hearts, hand out event cards, discard played Power, then the next year or
        the end (rulings N5-N7)."""
        scoring = self.compute_scoring()
        n = self.num_players
        for girl in scoring["girls"]:
            self._say("%s: %s" % (girl["name"], girl["summary"]))
        self._pay_year(scoring["year_hearts"],
                       [girl["event_taker"] for girl in scoring["girls"] if girl["event_taker"] is not None])
        scoring["paid"] = True
        self._say("Year %d's hearts: " % self.year
                  + ", ".join("{P%d} +%d (%d)" % (s, scoring["year_hearts"][s], self.hearts[s]) for s in range(n))
                  + ".", "year_scored")
        self._close_year(scoring)

    def _pay_year(self, gained: list[int], takers: list[int]) -> None:
        """Pay a year's scoring: an event card to each taker (in the girls' order), the hearts
        ``gained`` per seat; the +3 Power played on the girls is cleared (its cards went to the
        discard when played)."""
        for taker in takers:
            self.hands[taker].append(self.deck.pop())
            self._reveal()  # the taker sees the event card
        for seat in range(self.num_players):
            self.hearts[seat] += gained[seat]
            self.year_hearts[seat].append(gained[seat])
        for pos in range(len(self.power)):
            self.power[pos] = [0] * self.num_players
        self.board_version += 1

    def _close_year(self, scoring: dict | None) -> None:
        """After the pay: the next year with its starting player, or the end of the game.
        ``scoring`` (the year's record) is kept with the starting player it gave; ``None``
        keeps no record (a search's rollout, which is only judged)."""
        n = self.num_players
        if self.year < YEARS:
            new_start = next_starting_player(self.hearts, self.start)
            if scoring is not None:
                scoring["next_start"] = new_start
                self.scorings.append(scoring)
            self.start = new_start
            self.year += 1
            self._start_year()
        else:
            if scoring is not None:
                scoring["next_start"] = None
                self.scorings.append(scoring)
            self.phase = "over"
            self._end_game()
            best = max(self.hearts)
            won = [s for s in range(n) if self.hearts[s] == best]
            self._say("The game is over. " + seat_names(won) + (" share the win" if len(won) > 1 else " wins")
                      + " with %d hearts." % best)

    # -------------------------------------------------------------- legal actions
    def _can_play_event(self, kind: str, seat: int) -> bool:
        if kind == "trade":
            return any(sum(self.unplaced[o]) for o in range(self.num_players) if o != seat)
        if kind == "replace":
            return True  # the player has a cube (N3), and it goes into the bag first
        if kind == "return":
            return any(self.topic)
        if kind == "random":
            return sum(self.bag) > 0
        return False

    def _targets(self, colour: int, verb: str) -> list[Action]:
        """Where a cube of ``colour`` can go: by any girl, or on its own topic card."""
        actions = [self._girl_target(colour, pos, verb) for pos in range(len(self.girls))]
        actions.append(self._topic_target(colour, verb))
        return actions

    def _girl_target(self, colour: int, pos: int, verb: str) -> Action:
        name = COLOURS[colour]
        return Action(f"girl:{pos}", f"{verb} the {name} cube by {girl_title(self.girls[pos])}")

    def _topic_target(self, colour: int, verb: str) -> Action:
        name = COLOURS[colour]
        return Action(f"topic:{name}", f"{verb} the {name} cube on the {name} topic card "
                                       f"(now {self.topic[colour]} cubes, value "
                                       f"{topic_values(self.ranking)[colour]})")

    def _draft_action(self, colour: int) -> Action:
        return Action(f"draft:{COLOURS[colour]}", f"Take a {COLOURS[colour]} cube ({self.pile[colour]} in the pile)")

    def _cube_action(self, colour: int, values) -> Action:
        return Action(f"cube:{COLOURS[colour]}", f"Place a {COLOURS[colour]} cube (value {values[colour]} now)")

    def _legal_action(self, action_id: str) -> Action | None:
        """The legal action with id ``action_id`` (or ``None``), decided as :meth:`_legal`
        decides, without listing the others, for the steps rollouts take most (a cube drafted,
        chosen and placed; +3 Power said done); any other step looks in the list."""
        verb, _, arg = action_id.partition(":")
        phase = self.phase
        if phase == "draft":
            colour = COLOUR_INDEX.get(arg)
            if verb != "draft" or colour is None or not self.pile[colour]:
                return None
            return self._draft_action(colour)
        pending = self.pending
        if phase == "play" and verb in ("cube", "girl", "topic"):
            if verb == "cube":
                colour = COLOUR_INDEX.get(arg)
                if pending is not None or colour is None or not self.unplaced[self._current][colour]:
                    return None
                return self._cube_action(colour, topic_values(self.ranking))
            if pending is not None and pending[0] in ("place", "random"):
                colour = pending[1]
                if verb == "topic":
                    return self._topic_target(colour, "Place") if arg == COLOURS[colour] else None
                pos = GIRL_POSITIONS.get(arg)
                if pos is None or pos >= len(self.girls):
                    return None
                return self._girl_target(colour, pos, "Place")
        if phase == "power" and action_id == "done":
            return _DONE
        return super()._legal_action(action_id)

    def _legal(self) -> list[Action]:
        seat = self._current
        phase = self.phase
        if phase == "pick":
            return [Action(f"pick:{g['key']}", f"Choose {girl_title(i)}")
                    for i, g in enumerate(GIRLS) if i not in self.girls]
        if phase == "draft":
            return [self._draft_action(c) for c in range(NUM_COLOURS) if self.pile[c]]
        if phase == "power":
            actions = []
            if "power" in self.hands[seat]:
                actions = [Action(f"power:{pos}", f"Play +3 Power on {girl_title(index)}")
                           for pos, index in enumerate(self.girls)]
            actions.append(_DONE)
            return actions
        # phase == "play"
        pending = self.pending
        mine = self.unplaced[seat]
        if pending is None:
            values = topic_values(self.ranking)
            actions = [self._cube_action(c, values) for c in range(NUM_COLOURS) if mine[c]]
            for kind in YEAR_EVENTS:
                if kind in self.hands[seat] and self._can_play_event(kind, seat):
                    actions.append(Action(f"event:{kind}", f"Play the event card {EVENTS[kind]['title']}: "
                                                           f"{EVENTS[kind]['text']}"))
            if self.remove_rule:
                actions += [Action(f"remove:{COLOURS[c]}", f"Remove a cube from the {COLOURS[c]} topic card "
                                                           f"back to the bag")
                            for c in self.ranking if self.topic[c]]
            return actions
        kind = pending[0]
        cancel = Action("cancel", "Choose something else")
        if kind == "place":
            return self._targets(pending[1], "Place") + [cancel]
        if kind == "random":
            return self._targets(pending[1], "Place")  # the cube is drawn: no way back
        if kind == "return":
            return [Action(f"topic:{COLOURS[c]}", f"Return a cube from the {COLOURS[c]} topic card "
                                                  f"({self.topic[c]} cubes) to the bag")
                    for c in self.ranking if self.topic[c]] + [cancel]
        if kind in ("trade", "replace") and pending[1] is None:
            verb = "Trade away" if kind == "trade" else "Put back"
            return [Action(f"give:{COLOURS[c]}", f"{verb} one of your {COLOURS[c]} cubes")
                    for c in range(NUM_COLOURS) if mine[c]] + [cancel]
        if kind == "trade":
            actions = []
            for other in range(self.num_players):
                if other == seat:
                    continue
                for c in range(NUM_COLOURS):
                    if self.unplaced[other][c]:
                        actions.append(Action(f"take:{other}:{COLOURS[c]}",
                                              "Take a %s cube from {P%d} for your %s cube"
                                              % (COLOURS[c], other, COLOURS[pending[1]])))
            return actions + [cancel]
        raise AssertionError(f"unknown pending decision {pending!r}")  # pragma: no cover

    def _why_illegal(self, action_id: str) -> str | None:
        verb, _, arg = action_id.partition(":")
        phase = self.phase
        seat = self._current
        if verb == "pick":
            if phase != "pick":
                return "the girls are already chosen"
            if arg not in GIRL_INDEX:
                return f"there is no girl {arg!r} in Moteneba"
            return f"{GIRLS[GIRL_INDEX[arg]]['name']} is already on the table"
        if verb == "draft":
            if phase != "draft":
                return "cubes are taken from the pile only during the draft"
            if arg not in COLOUR_INDEX:
                return f"there is no colour {arg!r}; the colours are {', '.join(COLOURS)}"
            return f"there is no {arg} cube in the pile"
        if verb in ("power", "done"):
            if phase != "power":
                return "+3 Power cards are played only at the year-end scoring"
            if verb == "power":
                return ("there is no such girl on the table" if "power" in self.hands[seat]
                        else "you have no +3 Power card")
            return None
        if phase in ("pick", "draft"):
            return "first choose the girls" if phase == "pick" else "take a cube from the pile first"
        if phase == "power":
            return "it is time to play +3 Power cards or say done"
        pending = self.pending
        if verb == "cube":
            if pending is not None:
                return "finish or cancel what you started first"
            if arg not in COLOUR_INDEX:
                return f"there is no colour {arg!r}; the colours are {', '.join(COLOURS)}"
            return f"you have no {arg} cube left to place"
        if verb == "girl":
            if pending is None:
                return "first choose one of your cubes, then the girl"
            if pending[0] not in ("place", "random"):
                return "this event card does not place a cube by a girl"
            return "there is no such girl on the table"
        if verb == "topic":
            if pending is None:
                return "first choose one of your cubes, then its topic card"
            if arg not in COLOUR_INDEX:
                return f"there is no topic {arg!r}; the colours are {', '.join(COLOURS)}"
            if pending[0] in ("place", "random"):
                return ("a cube goes only on the topic card of its own colour (%s)"
                        % COLOURS[pending[1]])
            if pending[0] == "return":
                return f"the {arg} topic card has no cubes"
            return "this event card does not use a topic card"
        if verb == "event":
            if pending is not None:
                return "finish or cancel what you started first"
            if arg == "power":
                return "+3 Power is played only at the year-end scoring"
            if arg not in EVENTS:
                return f"there is no event card {arg!r}"
            if arg not in self.hands[seat]:
                return f"you have no {EVENTS[arg]['title']} card"
            return {"trade": "no other player has an unplaced cube to trade",
                    "return": "no topic card has a cube to return",
                    "random": "the bag is empty"}.get(arg)
        if verb == "remove":
            if not self.remove_rule:
                return "removing a cube from a topic card is house rule (b), which is not in use"
            if pending is not None:
                return "finish or cancel what you started first"
            return f"the {arg} topic card has no cubes"
        if verb == "give":
            if pending is None or pending[0] not in ("trade", "replace"):
                return "no event card asks for one of your cubes now"
            return f"you have no {arg} cube"
        if verb == "take":
            if pending is None or pending[0] != "trade" or pending[1] is None:
                return "no Trade is waiting for the other player's cube"
            return "that player has no such unplaced cube"
        if verb == "cancel":
            if pending is not None and pending[0] == "random":
                return "the random cube is already drawn: it must be placed"
            return "there is nothing to cancel"
        return None

    def _forced_step(self) -> str | None:
        """The +3 Power step of a player who holds event cards but no +3 Power card: "done" is
        its only answer and saying it shows nothing, so the engine says it for them (logged as
        when a player says it: "{P1} is done with +3 Power.", the same words either way)."""
        if self.phase == "power" and "power" not in self.hands[self._current]:
            return "done"
        return None

    # -------------------------------------------------------------- carrying out actions
    def _apply(self, action: Action) -> None:
        seat = self._current
        verb, _, arg = action.id.partition(":")
        if self.phase == "pick":
            self._pick(seat, GIRL_INDEX[arg])
        elif self.phase == "draft":
            self._take_from_pile(seat, COLOUR_INDEX[arg])
        elif self.phase == "power":
            if verb == "power":
                self._play_power(seat, int(arg))
            else:
                self._say("{P%d} is done with +3 Power." % seat)
                if self.power_queue:
                    self._current = self.power_queue.pop(0)
                else:
                    self._score_year()
        else:
            self._play_turn(seat, verb, arg)

    def _pick(self, seat: int, index: int) -> None:
        self._add_girl(index)
        self._say("{P%d} chooses %s." % (seat, girl_title(index)))
        if len(self.girls) < GIRLS_ON_TABLE:
            self._current = self._next_seat(seat)
        else:
            self._start_year()

    def _take_from_pile(self, seat: int, colour: int) -> None:
        self.pile[colour] -= 1
        self.unplaced[seat][colour] += 1
        self._say("{P%d} takes a %s cube." % (seat, COLOURS[colour]))
        if sum(self.pile):
            self._current = self._next_seat(seat)
        else:
            self.draft_round += 1
            self._start_draft_round()

    def _play_power(self, seat: int, pos: int) -> None:
        self.hands[seat].remove("power")
        self.discard.append("power")
        self.power[pos][seat] += 1
        self.board_version += 1
        self._say("{P%d} plays +3 Power on %s." % (seat, GIRLS[self.girls[pos]]["name"]))

    def _place(self, seat: int, colour: int, verb: str, arg: str) -> str:
        """Put a cube of ``colour`` by a girl (as ``seat``'s) or on its topic card; a log phrase."""
        name = COLOURS[colour]
        if verb == "girl":
            pos = int(arg)
            self.on_girl[pos][seat][colour] += 1
            self.board_version += 1
            return f"a {name} cube by {GIRLS[self.girls[pos]]['name']}"
        self.topic[colour] += 1
        old = self.ranking.index(colour)
        rerank(self.ranking, self.topic, colour, added=True, pass_equal=self.pass_equal)
        return f"a {name} cube on the {name} topic card" + self._rank_change(colour, old)

    def _remove_from_topic(self, colour: int) -> str:
        self.topic[colour] -= 1
        self.bag[colour] += 1
        old = self.ranking.index(colour)
        rerank(self.ranking, self.topic, colour, added=False, pass_equal=self.pass_equal)
        return self._rank_change(colour, old)

    def _rank_change(self, colour: int, old: int) -> str:
        new = self.ranking.index(colour)
        if new == old:
            return f" ({COLOURS[colour]} stays at value {NUM_COLOURS - new})"
        way = "rises" if new < old else "drops"
        return f" ({COLOURS[colour]} {way} from value {NUM_COLOURS - old} to {NUM_COLOURS - new})"

    def _play_turn(self, seat: int, verb: str, arg: str) -> None:
        pending = self.pending
        if verb == "cancel":
            if pending[0] != "place":
                self.hands[seat].append(pending[0])  # the event card goes back to the hand
            self.pending = None
            return
        if pending is None:
            if verb == "cube":
                self.pending = ("place", COLOUR_INDEX[arg])
                return
            if verb == "remove":
                colour = COLOUR_INDEX[arg]
                change = self._remove_from_topic(colour)
                self._say("{P%d} removes a cube from the %s topic card to the bag%s." % (seat, arg, change))
                self._next_turn(seat)
                return
            # verb == "event": the card leaves the hand now (back on cancel)
            self.hands[seat].remove(arg)
            if arg == "random":
                colour = self._draw_cube()
                self.discard.append(arg)
                self.pending = ("random", colour)
                self._say("{P%d} plays Random cube and draws a %s cube from the bag." % (seat, COLOURS[colour]))
            else:
                self.pending = (arg, None)
            return
        kind = pending[0]
        if kind == "place":
            colour = pending[1]
            self.unplaced[seat][colour] -= 1
            self.pending = None
            self._say("{P%d} places %s." % (seat, self._place(seat, colour, verb, arg)))
        elif kind == "random":
            self.pending = None
            self._say("{P%d} places the random cube: %s." % (seat, self._place(seat, pending[1], verb, arg)))
        elif kind == "return":
            colour = COLOUR_INDEX[arg]
            self.discard.append(kind)
            self.pending = None
            change = self._remove_from_topic(colour)
            self._say("{P%d} plays Return: a cube from the %s topic card goes back to the bag%s."
                      % (seat, arg, change))
        elif kind == "replace":
            colour = COLOUR_INDEX[arg]
            self.discard.append(kind)
            self.pending = None
            self.unplaced[seat][colour] -= 1
            self.bag[colour] += 1
            drawn = self._draw_cube()
            self.unplaced[seat][drawn] += 1
            self._say("{P%d} plays Replace: puts a %s cube back in the bag and draws a %s cube."
                      % (seat, arg, COLOURS[drawn]))
        elif kind == "trade" and verb == "give":
            self.pending = ("trade", COLOUR_INDEX[arg])
            return
        else:  # trade, take:SEAT:COLOUR
            other_text, _, colour_name = arg.partition(":")
            other, theirs, given = int(other_text), COLOUR_INDEX[colour_name], pending[1]
            self.discard.append(kind)
            self.pending = None
            self.unplaced[seat][given] -= 1
            self.unplaced[other][given] += 1
            self.unplaced[other][theirs] -= 1
            self.unplaced[seat][theirs] += 1
            self._say("{P%d} plays Trade: gives {P%d} a %s cube for a %s cube."
                      % (seat, other, COLOURS[given], colour_name))
        self._next_turn(seat)

    # -------------------------------------------------------------- hidden information
    def _determinize(self, seat: int, rng: Rng) -> None:
        """Re-deal the event deck and the other players' event cards (all taken face down).

        The bag needs nothing: it is kept as counts (public) and drawn with ``self.rng``, which
        :meth:`State.determinize` has already reseeded. A Random cube being placed is face up
        and stays; for another seat, an event card that can still be cancelled is a card in the
        hand like any other (N8), so it goes back there and is re-dealt with the rest.
        """
        kind = self._taking_back()
        if kind is not None and seat != self._current:
            self.hands[self._current].append(kind)
            self.pending = None
        unseen = list(self.deck)
        for other in range(self.num_players):
            if other != seat:
                unseen += self.hands[other]
        unseen.sort()  # depend only on what the seat knows, not on the true order
        rng.shuffle(unseen)
        for other in range(self.num_players):
            if other != seat:
                size = len(self.hands[other])
                self.hands[other] = [unseen.pop() for _ in range(size)]
        self.deck = unseen
        self._forget_legal()  # another seat's legal event cards may have changed with its hand
