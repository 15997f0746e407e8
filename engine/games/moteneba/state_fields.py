"""The fields of a Moteneba position, declared once (:data:`FIELDS`, see :mod:`engine.fields`):
how a clone copies each one, how a save writes it as plain JSON data and how a saved position
reads it back, every value checked as it is read (see :mod:`engine.snapshot`): the girls, the
cubes in every place, the event cards, the hearts and the step of the school year."""

from __future__ import annotations

from ... import snapshot as snap
from ...core import json_copy
from ...fields import Field, Fields, lists, same
from .board import (COLOUR_INDEX, COLOURS, CUBES_PER_COLOUR, DATA, EVENTS, GIRL_INDEX, GIRLS, GIRLS_ON_TABLE,
                    NUM_COLOURS, TAKE_BACK_EVENTS, YEARS)

PHASES = ("pick", "draft", "play", "power", "over")


def _house_rule(option: str):
    """The reader of a house rule's switch: it follows from the game's settings (not saved)."""
    return lambda r, name, state: state.options[option] == "on"


def _cubes(value, what: str) -> list[int]:
    """A number of cubes of each colour."""
    return snap.list_of(value, what, snap.whole, 0, CUBES_PER_COLOUR + 1, length=NUM_COLOURS)


def _events(value, what: str) -> list[str]:
    return snap.list_of(value, what, snap.one_of, EVENTS)


def _years_done(state) -> int:
    return YEARS if state._over else state.year - 1


def _per_girl(item, *args):
    """The reader of a field with, for each girl on the table, one ``item`` per seat."""
    return lambda r, name, state: r.get(name, snap.list_of, snap.per_seat, state.num_players, item, *args,
                                        length=len(state.girls))


def _plain(check, *args):
    """The reader of a field checked by ``check(value, what, *args)``."""
    return lambda r, name, state: r.get(name, check, *args)


def _per_seat(item, *args):
    """The reader of a field with one ``item`` per seat."""
    return lambda r, name, state: r.get(name, snap.per_seat, state.num_players, item, *args)


def _check_phase(r, state) -> None:
    if (state.phase == "over") != state._over:
        raise ValueError(f"{r.name('phase')} does not match whether the game is over")


def _read_girls(r, name, state) -> list[int]:
    girls = r.get(name, snap.list_of, snap.one_of, GIRL_INDEX, most=GIRLS_ON_TABLE)
    girls = [GIRL_INDEX[key] for key in girls]
    if len(set(girls)) != len(girls) or (len(girls) < GIRLS_ON_TABLE) != (state.phase == "pick"):
        raise ValueError(f"{r.name(name)} must be seven different girls once they are chosen")
    return girls


def _read_ranking(r, name, state) -> list[int]:
    ranking = r.get(name, snap.list_of, snap.one_of, COLOUR_INDEX, length=NUM_COLOURS)
    if sorted(ranking) != sorted(COLOURS):
        raise ValueError(f"{r.name(name)} must rank each colour once")
    return [COLOUR_INDEX[c] for c in ranking]


def _read_year_hearts(r, name, state) -> list[list[int]]:
    return r.get(name, snap.per_seat, state.num_players, snap.list_of, snap.whole, 0, 1000,
                 length=_years_done(state))


def _check_hearts(r, state) -> None:
    if any(sum(y) != h for y, h in zip(state.year_hearts, state.hearts)):
        raise ValueError(f"{r.name('hearts')} do not add up to the hearts of each year")


def _write_pending(pending) -> list | None:
    if pending is None:
        return None
    kind, colour = pending
    return [kind, COLOURS[colour] if colour is not None else None]


def _read_pending(r, name, state) -> tuple | None:
    """A decision in progress: ``(kind, colour index or None)``, one the seat to move can be in."""
    pending = r.get(name, snap.optional(snap.list_of), length=2)
    if pending is None:
        return None
    kind = snap.one_of(pending[0], r.name(name), ("place", "random") + TAKE_BACK_EVENTS)
    colour = snap.optional(snap.one_of)(pending[1], r.name(name), COLOUR_INDEX)
    colour = None if colour is None else COLOUR_INDEX[colour]
    mine = state.unplaced[state._current]
    needs_colour = {"place": True, "random": True, "return": False, "replace": False,
                    "trade": colour is not None}[kind]
    if (state.phase != "play" or needs_colour != (colour is not None)
            or (kind in ("place", "trade") and colour is not None and not mine[colour])):
        raise ValueError(f"{r.name(name)} is not a decision the seat to move can be in")
    return kind, colour


def _check_cubes_and_cards(r, state) -> None:
    """Every cube and every event card is in exactly one place (a decision in progress holds the
    cube drawn at random, or the event card being played)."""
    pending = state.pending
    drawn = [0] * NUM_COLOURS
    if pending is not None and pending[0] == "random":
        drawn[pending[1]] = 1
    for colour in range(NUM_COLOURS):
        total = (state.bag[colour] + state.topic[colour] + state.pile[colour] + drawn[colour]
                 + sum(u[colour] for u in state.unplaced) + sum(s[colour] for g in state.on_girl for s in g))
        if total != CUBES_PER_COLOUR:
            raise ValueError(f"{r.name('cubes')} do not add up: {total} {COLOURS[colour]} cubes, "
                             f"not {CUBES_PER_COLOUR}")
    held = [pending[0]] if pending is not None and pending[0] in TAKE_BACK_EVENTS else []
    snap.check_cards(state.deck + state.discard + [k for h in state.hands for k in h] + held,
                     [e["kind"] for e in DATA["events"] for _ in range(e["count"])], r.name("event cards"))


def _read_scorings(r, name, state) -> list[dict]:
    return [reader.data for reader in r.get(name, snap.list_of, snap.Reader, length=_years_done(state))]


def _check_turn(r, state) -> None:
    if state.phase == "draft" and not sum(state.pile) or state.phase == "play" and not (
            sum(state.unplaced[state._current]) or state.pending is not None):
        raise ValueError(f"{r.name('phase')} does not match the cubes of the seat to move")


def _copy_on_girl(on_girl: list[list[list[int]]]) -> list[list[list[int]]]:
    return [[list(cubes) for cubes in girl] for girl in on_girl]


#: Every field of MotenebaState's own, in the order a save writes and reads them (each check runs
#: once its field is read). The house rules' switches follow from the settings and
#: ``board_version`` starts again from 0: neither is saved.
FIELDS = Fields(
    Field("pass_equal", same, None, _house_rule("house_equal_pass")),
    Field("remove_rule", same, None, _house_rule("house_remove_cube")),
    Field("all_colours", same, None, _house_rule("house_all_colours")),
    Field("start", same, same, lambda r, name, state: r.get(name, snap.seat, state.num_players)),
    Field("year", same, same, _plain(snap.whole, 1, YEARS + 1)),
    Field("phase", same, same, _plain(snap.one_of, PHASES), _check_phase),
    Field("girls", list, lambda girls: [GIRLS[i]["key"] for i in girls], _read_girls),
    Field("on_girl", _copy_on_girl, _copy_on_girl, _per_girl(_cubes)),
    Field("ranking", list, lambda ranking: [COLOURS[c] for c in ranking], _read_ranking),
    Field("topic", list, list, _plain(_cubes)),
    Field("bag", list, list, _plain(_cubes)),
    Field("deck", list, list, _plain(_events)),
    Field("discard", list, list, _plain(_events)),
    Field("hands", lists, lists, _per_seat(_events)),
    Field("unplaced", lists, lists, _per_seat(_cubes)),
    Field("hearts", list, list, _per_seat(snap.whole, 0, 1000)),
    Field("year_hearts", lists, lists, _read_year_hearts, _check_hearts),
    Field("draft_round", same, same, lambda r, name, state: r.get(name, snap.whole, 0, state.num_players + 1)),
    Field("pile", list, list, _plain(_cubes)),
    Field("pending", same, _write_pending, _read_pending, _check_cubes_and_cards),  # a tuple
    Field("power", lists, lists, _per_girl(snap.whole, 0, 100)),
    Field("power_queue", list, list,
          lambda r, name, state: r.get(name, snap.list_of, snap.seat, state.num_players, most=state.num_players)),
    Field("scorings", list, json_copy, _read_scorings, _check_turn),  # finished scorings never change
    Field("board_version", same, None, lambda r, name, state: 0),
)
