"""Reading and writing a game's stored position: the checks and codecs every game shares.

A save holds, besides the seed and the actions, the whole position at the moment of saving (see
:meth:`engine.core.State.snapshot`), so that a game survives an engine change that replays its
actions differently. Each game writes its own fields as plain JSON data
(``State._write_state``) and reads them back (``State._read_state``) through a :class:`Reader`,
which checks every value as it takes it: the stored position is untrusted input like the rest
of the save. A check that fails raises ``ValueError`` with a short message naming the field, never
the hidden cards it holds.

:func:`encode` and :func:`decode` carry the few Python values JSON has no word for (tuples,
sets, mappings with whole-number keys) for state that card effects keep in free form.
"""

from __future__ import annotations

from collections import Counter

from .inputs import quote

#: the most items in any one list or object of a stored position (cards, log lines, notes)
MAX_ITEMS = 2_000


class Reader:
    """The fields of one JSON object of a stored position, each taken once and checked.

    ``what`` names the object in messages ("the saved position's deck")."""

    def __init__(self, data, what: str) -> None:
        if not isinstance(data, dict):
            raise ValueError(f"{what} must be a JSON object, not {quote(data)}")
        self.data = data
        self.what = what

    def name(self, key: str) -> str:
        return f"{self.what}'s {key}"

    def raw(self, key: str):
        if key not in self.data:
            raise ValueError(f"{self.what} has no {key!r}")
        return self.data[key]

    def get(self, key: str, check, *args, **kwargs):
        """``check(value, what, *args, **kwargs)`` of the field ``key``."""
        return check(self.raw(key), self.name(key), *args, **kwargs)

    def sub(self, key: str) -> "Reader":
        return Reader(self.raw(key), self.name(key))


# ---------------------------------------------------------------------- value checks
# Each takes (value, what, ...) and returns the value (or what it decodes to), or raises ValueError.

def whole(value, what: str, low: int, high: int) -> int:
    """A whole number with ``low <= value < high``."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value < high:
        raise ValueError(f"{what} must be a whole number from {low} to {high - 1}, not {quote(value)}")
    return value


def _typed(value, what: str, kind: type, words: str):
    if not isinstance(value, kind):
        raise ValueError(f"{what} must be {words}, not {quote(value)}")
    return value


def flag(value, what: str) -> bool:
    return _typed(value, what, bool, "true or false")


def text(value, what: str) -> str:
    return _typed(value, what, str, "text")


def one_of(value, what: str, choices) -> str:
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{what} is not one this engine knows: {quote(value)}")
    return value


def optional(check):
    """A check that also accepts ``null`` (read as ``None``)."""
    def checked(value, what, *args, **kwargs):
        return None if value is None else check(value, what, *args, **kwargs)
    return checked


def list_of(value, what: str, item=None, *args, length: int | None = None, most: int = MAX_ITEMS) -> list:
    """A list (of exactly ``length`` items, if given), each item checked by ``item``."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, not {quote(value)}")
    if length is not None and len(value) != length:
        raise ValueError(f"{what} must have {length} entries, not {len(value)}")
    if len(value) > most:
        raise ValueError(f"{what} has too many entries ({len(value)}; at most {most})")
    if item is None:
        return list(value)
    return [item(v, f"{what} (entry {i + 1})", *args) for i, v in enumerate(value)]


def seat(value, what: str, num_players: int) -> int:
    return whole(value, what, 0, num_players)


def per_seat(value, what: str, num_players: int, item, *args, **kwargs) -> list:
    """One entry per seat, each checked by ``item(entry, what, *args, **kwargs)``."""
    return list_of(value, what, lambda v, w: item(v, w, *args, **kwargs), length=num_players)


def check_cards(found, expected, what: str) -> None:
    """The cards of every place together must be exactly the game's cards: the same number of
    each (the message names a card kind only when it does not exist or is too often there)."""
    have, want = Counter(found), Counter(expected)
    if have == want:
        return
    extra = sorted(map(str, have - want))
    if extra:
        raise ValueError(f"{what} does not add up: {quote(extra[0])} is there more often than the game has it")
    raise ValueError(f"{what} does not add up: {sum(have.values())} cards where the game has {sum(want.values())}")


def within(part, whole_, what: str, where: str) -> None:
    """Every card of ``part`` (with its copies) is among ``whole_``."""
    if Counter(part) - Counter(whole_):
        raise ValueError(f"{what} holds a card that is not in {where}")


# ---------------------------------------------------------------------- free-form values
# Lists stay lists; tuples, sets and mappings are marked with a one-key object:
#   (1, 2) -> {"tuple": [1, 2]}     {"a": 1} -> {"dict": {"a": 1}}
#   {3, 1} -> {"set": [1, 3]}       {5: 7}   -> {"pairs": [[5, 7]]}

def encode(value):
    """Plain JSON data for ``value`` (None, bools, ints, strings, lists, tuples, sets, dicts)."""
    kind = type(value)
    if value is None or kind in (bool, int, str):
        return value
    if kind is list:
        return [encode(v) for v in value]
    if kind is tuple:
        return {"tuple": [encode(v) for v in value]}
    if kind in (set, frozenset):
        return {"set": sorted((encode(v) for v in value), key=repr)}
    if kind is dict:
        if all(type(k) is str for k in value):
            return {"dict": {k: encode(v) for k, v in value.items()}}
        return {"pairs": [[encode(k), encode(v)] for k, v in value.items()]}
    raise TypeError(f"cannot store a {kind.__name__} in a saved position")


def decode(value, what: str):
    """The value :func:`encode` wrote (``ValueError`` for anything else)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, list):
        return [decode(v, what) for v in value]
    if isinstance(value, dict) and len(value) == 1:
        (tag, inner), = value.items()
        if tag == "tuple" and isinstance(inner, list):
            return tuple(decode(v, what) for v in inner)
        if tag == "set" and isinstance(inner, list):
            items = [decode(v, what) for v in inner]
            if all(isinstance(v, (int, str)) for v in items):
                return set(items)
        if tag == "dict" and isinstance(inner, dict):
            return {k: decode(v, what) for k, v in inner.items()}
        if tag == "pairs" and isinstance(inner, list) and all(isinstance(p, list) and len(p) == 2 for p in inner):
            pairs = [(decode(k, what), decode(v, what)) for k, v in inner]
            if all(isinstance(k, (int, str)) for k, _ in pairs):
                return dict(pairs)
    raise ValueError(f"{what} holds a value this engine cannot read: {quote(value)}")
