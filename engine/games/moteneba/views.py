"""How a Moteneba game looks to one seat: the prompt, the girls with their cubes, the topic
ranking, the bag, the draft, each player's cubes, hearts and event-card count, the scoring, and
the seat's own event cards. A mixin of :class:`.rules.MotenebaState`: nothing hidden from the
seat leaves it."""

from __future__ import annotations

from ...core import json_copy
from .board import (COLOURS, DATA, EVENT_KINDS, EVENTS, GIRLS, GIRLS_ON_TABLE, NUM_COLOURS, TAKE_BACK_EVENTS,
                    YEAR_EVENTS, YEARS, colour_counts)


class Views:
    """The views of a Moteneba game (mixed into MotenebaState)."""

    def _prompt(self, seat: int | None) -> str:
        if self._over:
            return "The game is over."
        current = self._current
        if seat != current:
            doing = {"pick": "choose a girl", "draft": "take a cube from the pile",
                     "play": "take their turn", "power": "decide on +3 Power"}[self.phase]
            return "Waiting for {P%d} to %s." % (current, doing)
        if self.phase == "pick":
            return "Choose a girl for the table (%d of %d chosen)." % (len(self.girls), GIRLS_ON_TABLE)
        if self.phase == "draft":
            return "Year %d draft, round %d of %d: take one cube from the pile." % (
                self.year, self.draft_round + 1, self.num_players)
        if self.phase == "power":
            if "power" in self.hands[seat]:
                return "Year-end scoring: play +3 Power cards on girls, one at a time, then say done."
            return "Year-end scoring: you have no +3 Power card to play. Say done."
        pending = self.pending
        if pending is None:
            return "Your turn: choose a cube to place%s%s." % (
                ", or play an event card" if any(k in self.hands[seat] for k in YEAR_EVENTS) else "",
                ", or remove a cube from a topic card" if self.remove_rule and any(self.topic) else "")
        kind, colour = pending
        if kind == "place":
            return "Place your %s cube: click a girl, or the %s topic card." % (COLOURS[colour], COLOURS[colour])
        if kind == "random":
            return "Place the random %s cube: click a girl, or the %s topic card." % (COLOURS[colour], COLOURS[colour])
        if kind == "return":
            return "Return: choose the topic card to take a cube from."
        if kind == "replace":
            return "Replace: choose one of your cubes to put back in the bag."
        if colour is None:
            return "Trade: choose one of your cubes to give away."
        return "Trade: choose the cube you want from another player (you give your %s cube)." % COLOURS[colour]

    def _taking_back(self) -> str | None:
        """The event card the player to move has started but may still cancel, or None."""
        pending = self.pending
        return pending[0] if pending is not None and pending[0] in TAKE_BACK_EVENTS else None

    def event_count(self, seat: int) -> int:
        """How many event cards ``seat`` holds, as everyone sees it: a card being played that
        can still go back into the hand counts until the play is completed (N8)."""
        held = len(self.hands[seat])
        if seat == self._current and self._taking_back() is not None:
            held += 1
        return held

    def _table(self, seat: int | None) -> dict:
        """The table as ``seat`` sees it (JSON-ready). Keys:

        ``year``, ``years``, ``phase`` (pick/draft/play/power/over), ``start_player``;
        ``colours`` (key, name, letter); ``girls`` in table order, each with ``pos``, ``key``,
        ``name``, ``printed_hearts``, ``hearts`` (those paid this year), ``event``, ``cubes`` (per
        seat: ``colours`` {colour: count}, ``total``) and ``power`` (+3 Power played this year,
        per seat); ``girls_to_pick`` (pick phase); ``ranking`` (value 5 first: ``value``,
        ``colour``, ``cubes``); ``bag`` (``total``, ``colours``); ``draft`` (``round``,
        ``rounds``, ``leader``, ``pile``, ``pile_total``) during the draft; ``players`` (per seat:
        unplaced ``cubes`` per colour, ``cube_count``, ``event_count`` (:meth:`event_count`),
        ``hearts``, ``year_hearts``); ``event_deck`` (count), ``event_discard`` (played kinds),
        ``event_cards`` (the kinds' texts); ``pending`` (``seat``, ``kind``, ``colour``: a cube
        choice or an event card being played; other seats do not see an event card that can still
        be taken back into the hand, see ``TAKE_BACK_EVENTS``); ``house_rules``; ``scoring`` (the
        live preview during the +3 Power step, else the last finished year's, see
        :meth:`compute_scoring`), ``scorings`` (every finished year); and, for a seat,
        ``events``: its own event cards (others see only ``event_count``).
        """
        n = self.num_players
        girls = []
        for pos, index in enumerate(self.girls):
            girl = GIRLS[index]
            girls.append({
                "pos": pos, "key": girl["key"], "name": girl["name"], "printed_hearts": list(girl["hearts"]),
                "hearts": self._girl_hearts(pos), "event": girl["event"],
                "cubes": [{"seat": s, "colours": {COLOURS[c]: k for c, k in enumerate(self.on_girl[pos][s]) if k},
                           "total": sum(self.on_girl[pos][s])} for s in range(n)],
                "power": list(self.power[pos]),
            })
        table = {
            "year": self.year, "years": YEARS, "phase": self.phase, "start_player": self.start,
            "colours": json_copy(DATA["colours"]),
            "girls": girls,
            "girls_to_pick": ([{"key": g["key"], "name": g["name"], "hearts": list(g["hearts"]),
                                "event": g["event"]} for i, g in enumerate(GIRLS) if i not in self.girls]
                              if self.phase == "pick" else []),
            "ranking": [{"value": NUM_COLOURS - place, "colour": COLOURS[c], "cubes": self.topic[c]}
                        for place, c in enumerate(self.ranking)],
            "bag": {"total": sum(self.bag), "colours": colour_counts(self.bag)},
            "draft": None,
            "players": [{"seat": s, "cubes": colour_counts(self.unplaced[s]), "cube_count": sum(self.unplaced[s]),
                         "event_count": self.event_count(s), "hearts": self.hearts[s],
                         "year_hearts": list(self.year_hearts[s])} for s in range(n)],
            "event_deck": len(self.deck),
            "event_discard": list(self.discard),
            "event_cards": [{"kind": k, "title": e["title"], "count": e["count"], "text": e["text"]}
                            for k, e in EVENTS.items()],
            "pending": None,
            "house_rules": {"equal_pass": self.pass_equal, "remove_cube": self.remove_rule,
                            "all_colours": self.all_colours},
            "scoring": None,
            "scorings": json_copy(self.scorings),   # kept ready-made in the state: copied
        }
        if self.phase == "draft":
            table["draft"] = {"round": self.draft_round + 1, "rounds": n,
                              "leader": (self.start + self.draft_round) % n,
                              "pile": colour_counts(self.pile), "pile_total": sum(self.pile)}
        if self.pending is not None and (seat == self._current or self._taking_back() is None):
            kind, colour = self.pending
            table["pending"] = {"seat": self._current, "kind": kind,
                                "colour": COLOURS[colour] if colour is not None else None}
        if self.phase == "power":
            table["scoring"] = self.compute_scoring()
        elif self.scorings:
            table["scoring"] = json_copy(self.scorings[-1])
        if seat is not None:
            table["events"] = [{"kind": k, "title": EVENTS[k]["title"], "text": EVENTS[k]["text"]}
                               for k in sorted(self.hands[seat], key=EVENT_KINDS.index)]
        return table

    def _holdings(self, seat: int) -> dict:
        """For open hands: the seat's event cards (as in its own view's ``events``)."""
        return {"events": [{"kind": k, "title": EVENTS[k]["title"], "text": EVENTS[k]["text"]}
                           for k in sorted(self.hands[seat], key=EVENT_KINDS.index)]}
