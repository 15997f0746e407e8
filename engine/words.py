"""Small helpers for the English of labels, log lines and hints, shared by the games and the bots."""

from __future__ import annotations


def plural(count: int, word: str) -> str:
    """The count and ``word`` (singular), with an "s" unless the count is 1: "1 card", "3 cards",
    "0 Stone cards"."""
    return f"{count} {word}" + ("" if count == 1 else "s")
