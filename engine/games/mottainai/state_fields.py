"""The fields of a Mottainai position, declared once (:data:`FIELDS`, see :mod:`engine.fields`):
how a clone copies each one, how a save writes it as plain JSON data and how a saved position
reads it back, every value checked as it is read (see :mod:`engine.snapshot`): every card's
place, the turn's progress and what card effects keep between steps."""

from __future__ import annotations

from ... import snapshot as snap
from ...fields import Field, Fields, lists, same
from .cards import KIND_BY_KEY, KINDS_PER_DECK, MATERIALS, ROLES
from .effects import EFFECTS

#: what a player can be asked to decide (``decision``)
DECISIONS = ("limit", "new_task", "action", "card", "support", "wing", "tailor", "offers", "ask")
#: the trigger points where card effects are offered
TRIGGERS = ("instead_hand_limit", "morning", "instead_discard_task", "instead_new_task", "before_task",
            "before_action", "after_action", "on_complete", "after_complete", "night")
#: the restrictions card effects can put on a task
TASK_FLAGS = ("skip", "no_helpers", "task_action_only", "shown")
#: the kinds of action (``kind``)
ACTION_KINDS = tuple(ROLES.values()) + ("craft", "prayer")
#: the places of every seat (one list of cards per seat): with the deck, the task slots and the
#: floor, every card is in exactly one place
SEAT_PLACES = ("hands", "waiting", "helpers", "bench", "sales", "gallery", "gift_shop")


def _size(state) -> int:
    """The number of cards in the game (card ids are ``0 .. size - 1``)."""
    return KINDS_PER_DECK * state.decks


def _phases(state) -> set[str]:
    return {name[7:] for name in dir(state) if name.startswith("_phase_")}


# ---------------------------------------------------------------------- reading values
def _read_decks(r, name, state) -> int:
    return 1 if state.num_players <= 3 else 2                                # T1


def _read_works_to_end(r, name, state) -> int:
    extended = state.options["extended"]
    return 6 if extended == "on" or (extended == "auto" and state.num_players >= 4) else 5


def _read_cards(r, name, state) -> list[int]:
    return r.get(name, snap.list_of, snap.whole, 0, _size(state))


def _read_seat_cards(r, name, state) -> list[list[int]]:
    return r.get(name, snap.per_seat, state.num_players, snap.list_of, snap.whole, 0, _size(state))


def _read_tasks(r, name, state) -> list[int | None]:
    return r.get(name, snap.list_of, snap.optional(snap.whole), 0, _size(state), length=state.num_players)


def _check_places(r, state) -> None:
    everything = state.deck + [c for c in state.tasks if c is not None] + state.floor
    for place in SEAT_PLACES:
        everything += [c for zone in getattr(state, place) for c in zone]
    snap.check_cards(everything, range(_size(state)), r.name("cards"))


def _plain(check, *args):
    """The reader of a plain field: ``check(value, what, *args)``."""
    return lambda r, name, state: r.get(name, check, *args)


def _read_free_form(r, name, state):
    return r.get(name, snap.decode)


def _check_free_form(r, state) -> None:
    """The shapes card effects rely on in ``ctx``, ``outcome``, ``resume``, ``turn_notes``."""
    n, size = state.num_players, _size(state)

    def is_card(v):
        return type(v) is int and 0 <= v < size

    def check_ctx(ctx, what):
        if type(ctx) is not dict:
            raise ValueError(f"{what} must be a mapping")
        owner, work = ctx.get("owner"), ctx.get("work")
        if (owner is not None and not (type(owner) is int and 0 <= owner < n)
                or work is not None and not is_card(work)
                or ctx.get("material") not in (None, *MATERIALS)
                or ctx.get("kind") not in (None, *ACTION_KINDS, "dice", "cloak", "poem")
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

    check_ctx(state.ctx, r.name("ctx"))
    check_outcome(state.outcome, r.name("outcome"))
    phases = _phases(state)
    if type(state.resume) is not list:
        raise ValueError(f"{r.name('resume')} must be a list")
    for entry in state.resume:
        if (type(entry) is not tuple or len(entry) != 5 or entry[0] not in phases
                or type(entry[2]) is not list or not all(map(is_card, entry[2]))
                or entry[3] not in (None, *TRIGGERS) or entry[4] not in (None, *phases)):
            raise ValueError(f"{r.name('resume')} is not a list of places to go on from")
        check_ctx(entry[1], r.name("resume"))
    notes = state.turn_notes
    copies, doll = (notes.get("copies", {}), notes.get("doll")) if type(notes) is dict else (None, None)
    if (type(notes) is not dict or set(notes) - {"copies", "doll"} or type(copies) is not dict
            or not all(is_card(k) and is_card(v) for k, v in copies.items())
            or doll is not None and not (type(doll) is tuple and len(doll) == 2 and all(map(is_card, doll)))):
        raise ValueError(f"{r.name('turn_notes')} is not one this engine can go on from")


def _read_known(r, name, state) -> dict[int, int]:
    n, size = state.num_players, _size(state)
    pair = lambda v, w: snap.list_of(v, w, snap.whole, 0, max(size, 1 << n), length=2)  # noqa: E731 - a one-line local reader
    known = r.get(name, snap.list_of, pair)
    result = {c: bits for c, bits in known}
    if len(result) != len(known) or any(c >= size or not 0 < bits < 1 << n for c, bits in known):
        raise ValueError(f"{r.name(name)} must list cards of the game once each, with seats that know them")
    return result


def _read_phase(r, name, state) -> str | None:
    return r.get(name, snap.one_of, _phases(state))


def _read_offer_next(r, name, state) -> str | None:
    return r.get(name, snap.optional(snap.one_of), _phases(state))


def _read_question(value, what: str, n: int, size: int) -> dict:
    q = snap.Reader(value, what)
    options = q.get("options", snap.list_of, lambda v, w: snap.list_of(v, w, snap.text, length=2))
    if not options:
        raise ValueError(f"{what} has no answers")
    return {"card": q.get("card", snap.one_of, EFFECTS), "holder": q.get("holder", snap.seat, n),
            "work": q.get("work", snap.whole, 0, size), "prompt": q.get("prompt", snap.text),
            "options": tuple(tuple(o) for o in options), "data": q.get("data", snap.decode)}


def _read_questions(r, name, state) -> list[dict]:
    return r.get(name, snap.list_of, _read_question, state.num_players, _size(state))


def _check_decision(r, state) -> None:
    """The decision is one the seat to move can be in, given the rest of the position."""
    mine = state.hands[state._current]
    d = state.decision
    if ((d is None) != state._over or (d == "ask") != bool(state.questions) and d == "ask"
            or d == "offers" and (state.offer_trigger is None or state.offer_next is None)
            or d in ("card", "support", "wing", "tailor") and state.kind is None
            or d in ("support", "wing") and state.work is None
            or d in ("support", "wing") and state.work not in mine
            or (state.task_owner is None) != (state.task_material is None)
            or d == "new_task" and state.tasks[state._current] is not None):
        raise ValueError(f"{r.name('decision')} is not one the seat to move can be in")


# ---------------------------------------------------------------------- copies and writing
def _copy_questions(questions: list[dict]) -> list[dict]:
    return [dict(q) for q in questions]


def _copy_outcome(outcome: dict | None) -> dict | None:
    return None if outcome is None else dict(outcome)


def _copy_resume(resume: list[tuple]) -> list[tuple]:
    return [(p, dict(c), list(u), t, n) for p, c, u, t, n in resume]


def _copy_turn_notes(notes: dict) -> dict:
    return {k: (dict(v) if isinstance(v, dict) else v) for k, v in notes.items()}


def _write_question(q: dict) -> dict:
    return {"card": q["card"], "holder": q["holder"], "work": q["work"], "prompt": q["prompt"],
            "options": [list(o) for o in q["options"]], "data": snap.encode(q["data"])}


def _seat_place(name: str, check=None) -> Field:
    """A place with one list of cards per seat."""
    return Field(name, lists, lists, _read_seat_cards, check)


#: Every field of MottainaiState's own, in the order a save writes and reads them (each check runs
#: once its field is read). ``decks`` and ``works_to_end`` follow from the settings: not saved.
FIELDS = Fields(
    Field("decks", same, None, _read_decks),
    Field("works_to_end", same, None, _read_works_to_end),
    # the places every card is in (each card is in exactly one)
    Field("deck", list, list, _read_cards),
    _seat_place("hands"),
    Field("tasks", list, list, _read_tasks),
    Field("floor", list, list, _read_cards),
    _seat_place("waiting"),
    _seat_place("helpers"),
    _seat_place("bench"),
    _seat_place("sales"),
    _seat_place("gallery"),
    _seat_place("gift_shop", _check_places),
    # the turn's progress
    Field("task_bonus", same, same, _plain(snap.whole, -100, 100)),
    Field("prayer_only", same, same, _plain(snap.flag)),
    Field("actions_total", same, same, _plain(snap.whole, 0, 1000)),
    Field("actions_left", same, same, _plain(snap.whole, -1000, 1000)),
    Field("committed", same, same, _plain(snap.flag)),
    Field("returned", same, same, _plain(snap.whole, 0, 1000)),
    Field("extra_turn", same, same, _plain(snap.flag)),
    Field("end_reason", same, same, _plain(snap.optional(snap.one_of), ("deck", "wing", "cup", "instant"))),
    Field("end_card", same, same, _plain(snap.optional(snap.one_of), KIND_BY_KEY)),
    Field("task_material", same, same, _plain(snap.optional(snap.one_of), MATERIALS)),
    Field("kind", same, same, _plain(snap.optional(snap.one_of), ACTION_KINDS)),
    Field("offer_trigger", same, same, _plain(snap.optional(snap.one_of), TRIGGERS)),
    # what card effects keep in free form (stored with engine.snapshot.encode)
    Field("ctx", dict, snap.encode, _read_free_form),
    Field("outcome", _copy_outcome, snap.encode, _read_free_form),
    Field("resume", _copy_resume, snap.encode, _read_free_form),
    Field("turn_notes", _copy_turn_notes, snap.encode, _read_free_form, _check_free_form),
    # the task slots, what each seat knows of hidden cards, the step of the turn
    Field("task_face_down", list, list,
          lambda r, name, state: r.get(name, snap.per_seat, state.num_players, snap.flag)),
    Field("known", dict, lambda known: [[c, bits] for c, bits in known.items()], _read_known),
    Field("phase", same, same, _read_phase),
    Field("decision", same, same, _plain(snap.optional(snap.one_of), DECISIONS)),
    Field("used", list, list, _read_cards),
    Field("offer_next", same, same, _read_offer_next),
    Field("queue", list, list,
          lambda r, name, state: r.get(name, snap.list_of, snap.seat, state.num_players, most=state.num_players)),
    Field("task_owner", same, same,
          lambda r, name, state: r.get(name, snap.optional(snap.seat), state.num_players)),
    Field("task_flags", set, sorted,
          lambda r, name, state: set(r.get(name, snap.list_of, snap.one_of, TASK_FLAGS))),
    Field("work", same, same, lambda r, name, state: r.get(name, snap.optional(snap.whole), 0, _size(state))),
    Field("supports", list, list, _read_cards),
    Field("instant_winner", same, same,
          lambda r, name, state: r.get(name, snap.optional(snap.seat), state.num_players)),
    Field("questions", _copy_questions, lambda questions: [_write_question(q) for q in questions],
          _read_questions, _check_decision),
)
