"""Moteneba's board as data: the colours of the cubes, the fourteen girls, the event cards (from
``data.json``), the game's fixed numbers, and the short texts that name them."""

from __future__ import annotations

import json
from pathlib import Path

DATA = json.loads(Path(__file__).with_name("data.json").read_text(encoding="utf-8"))

COLOURS: tuple[str, ...] = tuple(c["key"] for c in DATA["colours"])
COLOUR_INDEX = {key: i for i, key in enumerate(COLOURS)}
COLOUR_NAMES = {c["key"]: c["name"] for c in DATA["colours"]}
COLOUR_LETTERS = {c["key"]: c["letter"] for c in DATA["colours"]}
NUM_COLOURS = len(COLOURS)
CUBES_PER_COLOUR: int = DATA["cubes_per_colour"]

GIRLS: tuple[dict, ...] = tuple(DATA["girls"])
GIRL_INDEX = {g["key"]: i for i, g in enumerate(GIRLS)}
GIRLS_ON_TABLE = 7
GIRL_POSITIONS = {str(pos): pos for pos in range(GIRLS_ON_TABLE)}  # "girl:I"'s I, by its text

EVENTS = {e["kind"]: e for e in DATA["events"]}
EVENT_KINDS: tuple[str, ...] = tuple(e["kind"] for e in DATA["events"])  # display order
YEAR_EVENTS = ("trade", "replace", "return", "random")  # playable during the year (not Power)
# event cards that go back into the hand on "cancel" until their effect is done: hidden
# information until then (N8), so only the player sees them being played, and for everyone else
# the card is still in the hand (Random cube is discarded at once, face up)
TAKE_BACK_EVENTS = ("trade", "replace", "return")

YEARS = 3
PILE_SIZE = {3: 10, 4: 7, 5: 6}  # cubes a draft round's leader draws (N2)
POWER_BONUS = 3
PLACE_NAMES = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}


def hearts_text(hearts) -> str:
    return "/".join(str(h) for h in hearts) if hearts else "none"


def girl_title(index: int) -> str:
    """A girl's name with her printed hearts, e.g. ``Emi (7/4/1)`` or ``Botan (10/2, event)``."""
    girl = GIRLS[index]
    extra = ", event" if girl["event"] else ""
    return f"{girl['name']} ({hearts_text(girl['hearts'])}{extra})"


def cubes_text(counts) -> str:
    """``[2, 0, 1, 0, 0]`` -> ``2 red, 1 yellow`` (``no cubes`` when empty)."""
    parts = [f"{n} {COLOURS[c]}" for c, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "no cubes"


def colour_counts(counts) -> dict:
    """Cube counts per colour as a JSON object keyed by colour (all five colours)."""
    return {COLOURS[c]: counts[c] for c in range(NUM_COLOURS)}


def seat_names(seats) -> str:
    """``[0, 2]`` -> ``{P0} and {P2}`` (seat names for a log line)."""
    names = ["{P%d}" % s for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
