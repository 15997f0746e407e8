"""Plain-text rendering of a Motto view, for the terminal."""

from __future__ import annotations

from ...core import fill_names

SYMBOL_MARKS = {"love": "<3", "passion": "*", "money": "$"}


def card_text(card: dict) -> str:
    return f"[{card['count']}{SYMBOL_MARKS[card['symbol']]} {card['colour']}]"


def render(view: dict, names: list[str]) -> str:
    """The table as one seat sees it."""
    t = view["table"]
    lines = []
    pool = "  ".join(f"{i}:{card_text(c)}" if c else f"{i}:(empty)" for i, c in enumerate(t["pool"]))
    lines.append(f"Table: {pool}    deck {t['deck_count']}, discard {t['discard_count']}")
    stacks = "  ".join(f"{s['label']}:{''.join(str(x) for x in s['remaining']) or '-'}" for s in t["stacks"])
    lines.append(f"Tokens left: {stacks}")
    for p in t["players"]:
        tokens = " ".join(f"{tok['label']}{tok['size']}" for tok in p["tokens"]) or "none"
        marker = "->" if view["current_player"] == p["seat"] else "  "
        lines.append(f"{marker} {names[p['seat']]}: {p['hand_count']} cards, {p['score']} points ({tokens})")
    if t.get("last_play"):
        lp = t["last_play"]
        lines.append(f"Last play by {names[lp['seat']]}: " + " ".join(card_text(c) for c in lp["cards"]))
    if t["final_turns"] is not None:
        lines.append(f"Final round: {t['final_turns']} turn(s) left.")
    if "hand" in t:
        lines.append("Your hand: " + (" ".join(card_text(c) for c in t["hand"]) or "(empty)"))
        if t["selection"]:
            lines.append("Chosen to play: " + " ".join(card_text(c) for c in t["selection"]))
    return fill_names("\n".join(lines), names)
