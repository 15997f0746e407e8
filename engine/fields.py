"""A game's own state fields, declared once: for each field, how :meth:`~engine.core.State.clone`
copies it, how a save writes it and how a saved position reads it back (checked, see
:mod:`engine.snapshot`). A game lists its fields in a :class:`Fields`, in the order a save writes
and reads them, and its ``_copy_into``, ``_write_state`` and ``_read_state`` call that
declaration's :meth:`~Fields.copy`, :meth:`~Fields.write` and :meth:`~Fields.read`.

Clones are made by the thousand in a search, so :class:`Fields` builds its copy function once,
as straight-line code with one assignment per field (the common copies :func:`same`, ``list``,
:func:`lists` and :func:`dict_lists` written out inline), rather than looping over the fields on every clone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator


def same(value):
    """The copy of an immutable value (a number, a string, ``None``, a tuple of those): itself."""
    return value


def lists(value: list) -> list:
    """A copy of a list of lists: every inner list is new."""
    return [list(inner) for inner in value]


def dict_lists(value: dict) -> dict:
    """A copy of a mapping of lists: every list is new (the keys are kept)."""
    return {key: list(inner) for key, inner in value.items()}


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a game's state.

    ``copy(value)``: an independent copy for a clone (:func:`same` for an immutable value);
    ``write(value)``: plain JSON data for a save, or ``None`` for a field a save does not hold
    (one that follows from the game's settings, or a cache); ``read(reader, name, state)``: the
    value read back from the saved position and checked (the fields listed before it are read
    already; for a field a save does not hold, the value it starts with); ``check(reader,
    state)`` (optional): what must hold once this field is read, given the fields before it
    (``ValueError`` if not)."""

    name: str
    copy: Callable[[Any], Any]
    write: Callable[[Any], Any] | None
    read: Callable[..., Any]
    check: Callable[..., None] | None = None


#: copies written out inline in the copy function: copy -> code for the copy of ``value``
_INLINE = {same: "{value}", list: "list({value})", lists: "[list(inner) for inner in {value}]",
           dict_lists: "{{key: list(inner) for key, inner in {value}.items()}}"}


class Fields:
    """A game's state fields, in the order a save writes and reads them."""

    __slots__ = ("fields", "copy")

    def __init__(self, *fields: Field) -> None:
        names = [field.name for field in fields]
        if len(set(names)) != len(names) or not all(name.isidentifier() for name in names):
            raise ValueError(f"the fields must have different names, each a Python name: {names}")
        self.fields = fields
        #: ``copy(source, target)``: every field of ``source`` copied into ``target`` (for
        #: ``_copy_into``)
        self.copy: Callable[[Any, Any], None] = _copier(fields)

    def __iter__(self) -> Iterator[Field]:
        return iter(self.fields)

    def __len__(self) -> int:
        return len(self.fields)

    def write(self, state) -> dict:
        """Every saved field of ``state`` as JSON data, keyed by its name (for ``_write_state``)."""
        return {field.name: field.write(getattr(state, field.name)) for field in self.fields
                if field.write is not None}

    def read(self, reader, state) -> None:
        """Read every field into ``state`` from a saved position, in order, checking each (for
        ``_read_state``)."""
        for field in self.fields:
            setattr(state, field.name, field.read(reader, field.name, state))
            if field.check is not None:
                field.check(reader, state)


def _copier(fields: tuple[Field, ...]) -> Callable[[Any, Any], None]:
    """The copy function of ``fields``, compiled once: for ``Field("deck", list, ...)`` and
    ``Field("phase", same, ...)`` it is ``target.deck = list(source.deck); target.phase =
    source.phase``; any other copy is called by name. (Plain attributes, not the instances'
    ``__dict__``: CPython keeps a fresh instance's attributes compact until its ``__dict__`` is
    asked for, and a clone is then faster to fill and to use.)"""
    lines = ["def copy(source, target):"]
    namespace: dict[str, Any] = {}
    for i, field in enumerate(fields):
        value = f"source.{field.name}"
        inline = _INLINE.get(field.copy)
        if inline is None:
            namespace[f"copy_{i}"] = field.copy
            code = f"copy_{i}({value})"
        else:
            code = inline.format(value=value)
        lines.append(f"    target.{field.name} = {code}")
    exec("\n".join(lines), namespace)  # the code is built above from the field names only
    return namespace["copy"]
