"""A game's own state fields, declared once: for each field, how :meth:`~engine.core.State.clone`
copies it, how a save writes it and how a saved position reads it back (checked, see
:mod:`engine.snapshot`). A game lists its fields as a tuple of :class:`Field` in the order a
save writes and reads them, and its ``_copy_into``, ``_write_state`` and ``_read_state`` hand
that tuple to :func:`copy_fields`, :func:`write_fields` and :func:`read_fields`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


def same(value):
    """The copy of an immutable value (a number, a string, ``None``, a tuple of those): itself."""
    return value


def lists(value: list) -> list:
    """A copy of a list of lists: every inner list is new."""
    return [list(inner) for inner in value]


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a game's state.

    ``copy(value)``: an independent copy for a clone (:func:`same` for an immutable value);
    ``write(value)``: plain JSON data for a save; ``read(reader, name, state)``: the value read
    back from the saved position and checked (the fields listed before it are read already);
    ``check(reader, state)`` (optional): what must hold once this field is read, given the
    fields before it (``ValueError`` if not)."""

    name: str
    copy: Callable[[Any], Any]
    write: Callable[[Any], Any]
    read: Callable[..., Any]
    check: Callable[..., None] | None = None


def copy_fields(fields: tuple[Field, ...], source, target) -> None:
    """Copy every field of ``source`` into ``target`` (for ``_copy_into``; through the instances'
    ``__dict__``, as clones are made by the thousand in a search)."""
    mine, theirs = source.__dict__, target.__dict__
    for field in fields:
        theirs[field.name] = field.copy(mine[field.name])


def write_fields(fields: tuple[Field, ...], state) -> dict:
    """Every field of ``state`` as JSON data, keyed by its name (for ``_write_state``)."""
    return {field.name: field.write(getattr(state, field.name)) for field in fields}


def read_fields(fields: tuple[Field, ...], reader, state) -> None:
    """Read every field into ``state`` from a saved position, in order, checking each (for
    ``_read_state``)."""
    for field in fields:
        setattr(state, field.name, field.read(reader, field.name, state))
        if field.check is not None:
            field.check(reader, state)
