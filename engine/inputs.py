"""Checks for input that comes from outside the engine: saves and the page's JSON.

Written once and used by :func:`engine.load`, :func:`engine.new_game` and every function of
:mod:`engine.bridge`. Whatever arrives, the answer is a ``ValueError`` (the callers turn it into
``SaveError`` or an ``{"ok": false}`` reply) with a short message: values from the input are
quoted cut short by :func:`quote`, so a 10 MB field never becomes a 10 MB message.

The limits are the constants below (listed in ``docs/engine-api.md`` and
``docs/bridge-contract.md``).
"""

from __future__ import annotations

import json
import math
import re

#: seeds are whole numbers with ``0 <= seed < MAX_SEED`` (they fit a signed 64-bit integer)
MAX_SEED = 2 ** 63
#: the longest JSON text read (a save of 20,000 actions is about 300,000 characters)
MAX_JSON_CHARS = 1_000_000
#: the deepest nesting of lists and objects (a save needs 3)
MAX_DEPTH = 16
#: the most values (numbers, strings, list items...) in one JSON document
MAX_VALUES = 50_000
#: the longest string anywhere in the input (player names in a save, for instance)
MAX_STRING = 1_000
#: the longest name or id: game, option name and value, action id, engine version
MAX_NAME = 100
#: the most actions in a save (random games end within a few thousand)
MAX_ACTIONS = 20_000
#: the most whole-number bits anywhere in the input (2**64 and beyond are refused)
MAX_INT_BITS = 64

QUOTE_CHARS = 60

_STRING_LITERAL = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


def quote(value, limit: int = QUOTE_CHARS) -> str:
    """A short, safe rendering of an untrusted value for an error message.

    Strings are cut to ``limit`` characters (then ``…``); huge numbers, lists and objects are
    described instead of printed (printing them may be slow, huge, or fail)."""
    if isinstance(value, str):
        return repr(value[:limit]) + ("…" if len(value) > limit else "")
    if value is None or isinstance(value, bool):
        return json.dumps(value)  # null, true, false: the page speaks JSON
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        return repr(value) if value.bit_length() <= 128 else f"<a {value.bit_length()}-bit number>"
    if isinstance(value, (list, tuple, dict, bytes, bytearray)):
        kind = "an object" if isinstance(value, dict) else "a list" if isinstance(value, (list, tuple)) else "bytes"
        return f"<{kind} of {len(value)} item{'' if len(value) == 1 else 's'}>"
    return f"<a {type(value).__name__}>"


def parse_json(text, what: str = "the input"):
    """Parse untrusted JSON text (a string, or UTF-8 bytes); refuse what is too long, too deep,
    ``NaN``/``Infinity`` or anything :func:`check_value` refuses. ``ValueError`` says why.

    A byte-order mark at the start (Windows Notepad writes one) is ignored; UTF-16 text (bytes
    with its byte-order mark or its zero bytes, or a string that was read from them as UTF-8)
    is refused with a message saying to save the file as UTF-8."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > 4 * MAX_JSON_CHARS:
            raise ValueError(f"{what} is too long ({len(text)} bytes; at most {MAX_JSON_CHARS} characters)")
        if bytes(text[:2]) in (b"\xff\xfe", b"\xfe\xff") or b"\0" in text[:4]:
            raise ValueError(_utf16(what))
        try:
            text = bytes(text).decode("utf-8-sig")  # a byte-order mark first is dropped
        except UnicodeDecodeError:
            raise ValueError(f"{what} is not UTF-8 text") from None
    if not isinstance(text, str):
        raise ValueError(f"{what} must be JSON text, not {quote(text)}")
    text = text.removeprefix("\ufeff")  # UTF-8's byte-order mark, decoded but not dropped
    if "\0" in text[:4]:  # UTF-16 read as UTF-8 (JSON text never holds a NUL)
        raise ValueError(_utf16(what))
    if len(text) > MAX_JSON_CHARS:
        raise ValueError(f"{what} is too long ({len(text)} characters; at most {MAX_JSON_CHARS})")
    # Python's parser recurses once per level: measure the nesting before it can overflow
    depth = 0
    for bracket in _BRACKET.finditer(_STRING_LITERAL.sub("", text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise ValueError(f"{what} is nested too deeply (more than {MAX_DEPTH} levels)")
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:  # say where, in words: not the parser's "Expecting value"
        raise ValueError(f"{what} is not readable JSON (it breaks off or goes wrong at "
                         f"line {exc.lineno}, column {exc.colno})") from None
    except ValueError as exc:
        raise ValueError(f"{what} is not valid JSON ({str(exc)[:QUOTE_CHARS * 2]})") from None
    check_value(value, what)
    return value


def _utf16(what: str) -> str:
    return f"{what} is in UTF-16, not UTF-8: save the file as UTF-8 and try again"


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def check_value(value, what: str = "the input") -> None:
    """Refuse a value that JSON could not carry or that is beyond the limits above: too deep,
    too many values, too long a string, too large a number, NaN or infinity, keys that are not
    strings. Walks without recursion, so any nesting is safe to check."""
    stack = [(value, 1)]
    count = 0
    while stack:
        item, depth = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise ValueError(f"{what} is too large (more than {MAX_VALUES} values)")
        if isinstance(item, (dict, list, tuple)):
            if depth > MAX_DEPTH:
                raise ValueError(f"{what} is nested too deeply (more than {MAX_DEPTH} levels)")
            if isinstance(item, dict):
                for key in item:
                    if not isinstance(key, str):
                        raise ValueError(f"{what} has a key that is not a string: {quote(key)}")
                    stack.append((key, depth + 1))
                items = item.values()
            else:
                items = item
            if len(item) > MAX_VALUES:
                raise ValueError(f"{what} is too large (more than {MAX_VALUES} values)")
            stack.extend((child, depth + 1) for child in items)
        elif isinstance(item, str):
            if len(item) > MAX_STRING:
                raise ValueError(f"{what} holds a string that is too long ({len(item)} characters; "
                                 f"at most {MAX_STRING}): {quote(item)}")
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if item.bit_length() > MAX_INT_BITS:
                raise ValueError(f"{what} holds a number that is too large: {quote(item)}")
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise ValueError(f"{what} holds {quote(item)}, which is not a JSON number")
        else:
            raise ValueError(f"{what} holds {quote(item)}, which is not a JSON value")


def whole_number(value, what: str, low: int, high: int) -> int:
    """``value`` if it is a whole number with ``low <= value < high`` (``True`` is not 1)."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value < high:
        top = f"{high - 1:,}"  # digits a player can read, not "2**63 - 1"
        raise ValueError(f"{what} must be a whole number from {low} to {top}, not {quote(value)}")
    return value


def seed(value, what: str = "the seed") -> int:
    """A seed: a whole number with ``0 <= seed < 2**63``."""
    return whole_number(value, what, 0, MAX_SEED)


def name(value, what: str) -> str:
    """A short identifier: a string of at most ``MAX_NAME`` characters."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be a string, not {quote(value)}")
    if len(value) > MAX_NAME:
        raise ValueError(f"{what} is too long ({len(value)} characters): {quote(value)}")
    return value
