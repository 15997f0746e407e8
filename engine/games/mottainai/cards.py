"""Mottainai's cards as plain data: the five materials (value, task, name, mark), the two wings,
the 54 card designs read from ``cards.json`` (:class:`Kind`), and small helpers on physical card
ids (``card % 54`` is the design, ``card // 54`` the copy) with no game state: a card's design,
material, value, label and view, display order, one card per design, the first player.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

MATERIALS = ("paper", "stone", "cloth", "clay", "metal")
VALUES = {"paper": 1, "stone": 2, "cloth": 2, "clay": 3, "metal": 3}
ROLES = {"paper": "clerk", "stone": "monk", "cloth": "tailor", "clay": "potter", "metal": "smith"}
MATERIAL_OF_ROLE = {role: material for material, role in ROLES.items()}
MATERIAL_NAMES = {"paper": "Paper", "stone": "Stone", "cloth": "Cloth", "clay": "Clay", "metal": "Metal"}
ROLE_NAMES = {"clerk": "Clerk", "monk": "Monk", "tailor": "Tailor", "potter": "Potter", "smith": "Smith"}
ROLE_TEXT = {
    "clerk": "sell a material from your craft bench",
    "monk": "hire a helper from the floor",
    "tailor": "return cards from your hand, then draw up to five",
    "potter": "collect a material from the floor into your craft bench",
    "smith": "complete a work from your hand, with support from your hand",
}
#: a plain-text mark per material, for the terminal and for screen readers (never colour alone)
MATERIAL_MARKS = {"paper": "~", "stone": "o", "cloth": "#", "clay": "U", "metal": "^"}
WINGS = ("gallery", "gift_shop")
WING_NAMES = {"gallery": "Gallery", "gift_shop": "Gift Shop"}
HAND_LIMIT = 5
KINDS_PER_DECK = 54


class Kind(NamedTuple):
    """One of the 54 card designs. Physical card ``i`` is ``KINDS[i % 54]`` (copy ``i // 54``)."""

    index: int
    key: str
    name: str
    material: str
    value: int
    trigger: str
    when: tuple
    text: str

    @property
    def label(self) -> str:
        return f"{self.name} ({MATERIAL_NAMES[self.material]} {self.value})"

    def to_json(self) -> dict:
        return {"key": self.key, "name": self.name, "material": self.material, "value": self.value,
                "role": ROLES[self.material], "trigger": self.trigger, "text": self.text,
                "label": self.label, "material_name": MATERIAL_NAMES[self.material],
                "role_name": ROLE_NAMES[ROLES[self.material]]}


def _load_kinds() -> tuple[Kind, ...]:
    data = json.loads((Path(__file__).with_name("cards.json")).read_text(encoding="utf-8"))
    kinds = tuple(Kind(i, c["key"], c["name"], c["material"], c["value"], c["trigger"],
                       tuple(c["when"]), c["text"]) for i, c in enumerate(data["cards"]))
    assert len(kinds) == KINDS_PER_DECK and all(k.value == VALUES[k.material] for k in kinds)
    return kinds


KINDS = _load_kinds()
KIND_BY_KEY = {k.key: k for k in KINDS}
_KIND_JSON = [k.to_json() for k in KINDS]
_ORDER = [(MATERIALS.index(k.material), k.name) for k in KINDS]  # sort_key of each design, by index


def kind_of(card: int) -> Kind:
    """The design of physical card ``card``."""
    return KINDS[card % KINDS_PER_DECK]


def material_of(card: int) -> str:
    return KINDS[card % KINDS_PER_DECK].material


def value_of(card: int) -> int:
    return KINDS[card % KINDS_PER_DECK].value


def card_json(card: int) -> dict:
    """A face-up card as the views show it (by design only: the two copies look the same); a new
    dict on every call, since callers may change their views."""
    return dict(_KIND_JSON[card % KINDS_PER_DECK])


def sort_key(card: int):
    """Display order: by material, then name, then physical id."""
    return _ORDER[card % KINDS_PER_DECK] + (card,)


#: sort_key of every card of the two decks a game may use (T1), by physical id
_SORT_KEYS = [sort_key(card) for card in range(2 * KINDS_PER_DECK)]


def label(card: int) -> str:
    return KINDS[card % KINDS_PER_DECK].label


def quotes(names: list[str]) -> str:
    """The text of each named card, quoted for a prompt: ' “Cup: At the end of your turn ...”'."""
    by_name = {k.name: k for k in KINDS}
    return "".join(" \u201c%s: %s\u201d" % (name, by_name[name].text) for name in names)


def distinct(cards, predicate=None) -> list[int]:
    """One card per design, in display order (the first copy of each), optionally filtered."""
    seen, out = set(), []
    for card in sorted(cards, key=_SORT_KEYS.__getitem__):
        k = card % KINDS_PER_DECK
        if k in seen or (predicate is not None and not predicate(card)):
            continue
        seen.add(k)
        out.append(card)
    return out


def find(cards, key: str) -> int | None:
    """The first card of design ``key`` in ``cards`` (in display order), or ``None``."""
    kind = KIND_BY_KEY.get(key)
    if kind is None:
        return None
    matches = [c for c in cards if c % KINDS_PER_DECK == kind.index]
    return min(matches, key=sort_key) if matches else None


def first_player(floor: list[int]) -> int:
    """The seat whose setup floor card (``floor[seat]``) comes first alphabetically; on
    identical names (two decks), the earlier seat (T2)."""
    return min(range(len(floor)), key=lambda s: (kind_of(floor[s]).name.lower(), s))

