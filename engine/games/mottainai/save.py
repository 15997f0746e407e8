"""A Mottainai position as plain JSON data for a save, and back: every card's place, the turn's
progress and what card effects keep between steps, each value checked as it is read (see
:mod:`engine.snapshot`). A mixin of :class:`.rules.MottainaiState`."""

from __future__ import annotations

from ... import snapshot as snap
from .cards import KIND_BY_KEY, KINDS_PER_DECK, MATERIALS, ROLES
from .effects import EFFECTS


class SaveCodec:
    """The saved position of a Mottainai game (mixed into MottainaiState)."""

    #: the places every card is in (each card is in exactly one)
    PLACES = ("deck", "hands", "tasks", "floor", "waiting", "helpers", "bench", "sales", "gallery", "gift_shop")
    #: what a player can be asked to decide (``decision``)
    DECISIONS = ("limit", "new_task", "action", "card", "support", "wing", "tailor", "offers", "ask")
    #: the trigger points where card effects are offered
    TRIGGERS = ("instead_hand_limit", "morning", "instead_discard_task", "instead_new_task", "before_task",
                "before_action", "after_action", "on_complete", "after_complete", "night")
    #: the restrictions card effects can put on a task
    TASK_FLAGS = ("skip", "no_helpers", "task_action_only", "shown")
    #: the kinds of action (``kind``)
    ACTION_KINDS = tuple(ROLES.values()) + ("craft", "prayer")
    #: the free-form fields card effects keep (stored with :func:`engine.snapshot.encode`)
    FREE_FORM = ("ctx", "outcome", "resume", "turn_notes")
    #: the plain fields: name -> check
    PLAIN = {"task_bonus": (snap.whole, -100, 100), "prayer_only": (snap.flag,),
             "actions_total": (snap.whole, 0, 1000), "actions_left": (snap.whole, -1000, 1000),
             "committed": (snap.flag,), "returned": (snap.whole, 0, 1000), "extra_turn": (snap.flag,),
             "end_reason": (snap.optional(snap.one_of), ("deck", "wing", "cup", "instant")),
             "end_card": (snap.optional(snap.one_of), KIND_BY_KEY),
             "task_material": (snap.optional(snap.one_of), MATERIALS),
             "kind": (snap.optional(snap.one_of), ACTION_KINDS),
             "offer_trigger": (snap.optional(snap.one_of), TRIGGERS)}

    def _write_state(self) -> dict:
        data = {place: [list(z) for z in getattr(self, place)] if place not in ("deck", "tasks", "floor")
                else list(getattr(self, place)) for place in self.PLACES}
        data.update({name: getattr(self, name) for name in self.PLAIN})
        data.update({name: snap.encode(getattr(self, name)) for name in self.FREE_FORM})
        data.update({
            "task_face_down": list(self.task_face_down), "known": [[c, bits] for c, bits in self.known.items()],
            "phase": self.phase, "decision": self.decision, "used": list(self.used),
            "offer_next": self.offer_next, "queue": list(self.queue), "task_owner": self.task_owner,
            "task_flags": sorted(self.task_flags), "work": self.work, "supports": list(self.supports),
            "instant_winner": self.instant_winner,
            "questions": [{"card": q["card"], "holder": q["holder"], "work": q["work"], "prompt": q["prompt"],
                           "options": [list(o) for o in q["options"]], "data": snap.encode(q["data"])}
                          for q in self.questions]})
        return data

    def _read_state(self, r: snap.Reader, schema: int) -> None:
        n = self.num_players
        self.decks = 1 if n <= 3 else 2
        extended = self.options["extended"]
        self.works_to_end = 6 if extended == "on" or (extended == "auto" and n >= 4) else 5
        size = KINDS_PER_DECK * self.decks
        cards = (snap.list_of, snap.whole, 0, size)
        seats = (snap.list_of, snap.seat, n)
        self.deck = r.get("deck", *cards)
        self.tasks = r.get("tasks", snap.list_of, snap.optional(snap.whole), 0, size, length=n)
        self.floor = r.get("floor", *cards)
        for place in self.PLACES:
            if place not in ("deck", "tasks", "floor"):
                setattr(self, place, r.get(place, snap.per_seat, n, *cards))
        everything = self.deck + [c for c in self.tasks if c is not None] + self.floor
        for place in self.PLACES:
            if place not in ("deck", "tasks", "floor"):
                everything += [c for zone in getattr(self, place) for c in zone]
        snap.check_cards(everything, range(size), r.name("cards"))
        self.task_face_down = r.get("task_face_down", snap.per_seat, n, snap.flag)
        pair = lambda v, w: snap.list_of(v, w, snap.whole, 0, max(size, 1 << n), length=2)  # noqa: E731 - a one-line local reader
        known = r.get("known", snap.list_of, pair)
        self.known = {c: bits for c, bits in known}
        if len(self.known) != len(known) or any(c >= size or not 0 < bits < 1 << n for c, bits in known):
            raise ValueError(f"{r.name('known')} must list cards of the game once each, with seats that know them")
        self.phase = r.get("phase", snap.one_of, {name[7:] for name in dir(self) if name.startswith("_phase_")})
        self.decision = r.get("decision", snap.optional(snap.one_of), self.DECISIONS)
        for name, (check, *args) in self.PLAIN.items():
            setattr(self, name, r.get(name, check, *args))
        self.used = r.get("used", *cards)
        self.offer_next = r.get("offer_next", snap.optional(snap.one_of),
                                {name[7:] for name in dir(self) if name.startswith("_phase_")})
        self.queue = r.get("queue", *seats, most=n)
        self.task_owner = r.get("task_owner", snap.optional(snap.seat), n)
        self.task_flags = set(r.get("task_flags", snap.list_of, snap.one_of, self.TASK_FLAGS))
        self.work = r.get("work", snap.optional(snap.whole), 0, size)
        self.supports = r.get("supports", *cards)
        self.instant_winner = r.get("instant_winner", snap.optional(snap.seat), n)
        for name in self.FREE_FORM:
            setattr(self, name, r.get(name, snap.decode))
        self.questions = r.get("questions", snap.list_of, self._read_question, n, size)
        self._check_free_form(r, n, size)
        mine = self.hands[self._current]
        d = self.decision
        if ((d is None) != self._over or (d == "ask") != bool(self.questions) and d == "ask"
                or d == "offers" and (self.offer_trigger is None or self.offer_next is None)
                or d in ("card", "support", "wing", "tailor") and self.kind is None
                or d in ("support", "wing") and self.work is None
                or d in ("support", "wing") and self.work not in mine
                or (self.task_owner is None) != (self.task_material is None)
                or d == "new_task" and self.tasks[self._current] is not None):
            raise ValueError(f"{r.name('decision')} is not one the seat to move can be in")

    @staticmethod
    def _read_question(value, what: str, n: int, size: int) -> dict:
        q = snap.Reader(value, what)
        options = q.get("options", snap.list_of, lambda v, w: snap.list_of(v, w, snap.text, length=2))
        if not options:
            raise ValueError(f"{what} has no answers")
        return {"card": q.get("card", snap.one_of, EFFECTS), "holder": q.get("holder", snap.seat, n),
                "work": q.get("work", snap.whole, 0, size), "prompt": q.get("prompt", snap.text),
                "options": tuple(tuple(o) for o in options), "data": q.get("data", snap.decode)}

    def _check_free_form(self, r: snap.Reader, n: int, size: int) -> None:
        """The shapes card effects rely on in ``ctx``, ``outcome``, ``resume``, ``turn_notes``."""
        def is_card(v):
            return type(v) is int and 0 <= v < size

        def check_ctx(ctx, what):
            if type(ctx) is not dict:
                raise ValueError(f"{what} must be a mapping")
            owner, work = ctx.get("owner"), ctx.get("work")
            if (owner is not None and not (type(owner) is int and 0 <= owner < n)
                    or work is not None and not is_card(work)
                    or ctx.get("material") not in (None, *MATERIALS)
                    or ctx.get("kind") not in (None, *self.ACTION_KINDS, "dice", "cloak", "poem")
                    or type(ctx.get("free", False)) is not bool
                    or any(not (type(ctx.get(k, ())) is tuple and all(map(is_card, ctx.get(k, ()))))
                           for k in ("figurine_shown", "flag_shown"))):
                raise ValueError(f"{what} is not one this engine can go on from")
            check_outcome(ctx.get("outcome"), what)

        def check_outcome(outcome, what):
            if outcome is None:
                return
            if type(outcome) is not dict or any(
                    not (is_card(v) or v is None or type(v) in (int, str) and k in ("returned", "drew", "wing")
                         or type(v) is list and all(map(is_card, v))) for k, v in outcome.items()):
                raise ValueError(f"{what} has an outcome this engine cannot go on from")

        check_ctx(self.ctx, r.name("ctx"))
        check_outcome(self.outcome, r.name("outcome"))
        phases = {name[7:] for name in dir(self) if name.startswith("_phase_")}
        if type(self.resume) is not list:
            raise ValueError(f"{r.name('resume')} must be a list")
        for entry in self.resume:
            if (type(entry) is not tuple or len(entry) != 5 or entry[0] not in phases
                    or type(entry[2]) is not list or not all(map(is_card, entry[2]))
                    or entry[3] not in (None, *self.TRIGGERS) or entry[4] not in (None, *phases)):
                raise ValueError(f"{r.name('resume')} is not a list of places to go on from")
            check_ctx(entry[1], r.name("resume"))
        notes = self.turn_notes
        copies, doll = (notes.get("copies", {}), notes.get("doll")) if type(notes) is dict else (None, None)
        if (type(notes) is not dict or set(notes) - {"copies", "doll"} or type(copies) is not dict
                or not all(is_card(k) and is_card(v) for k, v in copies.items())
                or doll is not None and not (type(doll) is tuple and len(doll) == 2 and all(map(is_card, doll)))):
            raise ValueError(f"{r.name('turn_notes')} is not one this engine can go on from")
