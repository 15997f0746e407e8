"""Plain-text rendering of a Mottainai view, for the terminal.

Materials are always written with their name's initial and a mark (never colour alone):
``[Bell M3]`` is Bell, Metal, value 3.
"""

from __future__ import annotations

from ...core import fill_names

SHORT = {"paper": "P", "stone": "S", "cloth": "C", "clay": "Y", "metal": "M"}
NAMES = {"paper": "Paper", "stone": "Stone", "cloth": "Cloth", "clay": "Clay", "metal": "Metal"}
ROLE = {"paper": "Clerk", "stone": "Monk", "cloth": "Tailor", "clay": "Potter", "metal": "Smith"}


def card_text(card: dict) -> str:
    return f"[{card['name']} {SHORT[card['material']]}{card['value']}]"


def cards_text(cards: list[dict]) -> str:
    return " ".join(card_text(c) for c in cards) or "-"


def groups_text(groups: list[dict], covered: bool = True) -> str:
    """``2 Metal (covered)``-style counts per material."""
    parts = []
    for g in groups:
        text = f"{g['count']} {NAMES[g['material']]}"
        if covered:
            if g["covered"]:
                text += " (covered)"
            elif g.get("covered_at_scoring"):
                text += f" (covered at scoring by {g['covered_at_scoring']})"
            else:
                text += f" (not covered, cover {g['cover']})"
        parts.append(text)
    return ", ".join(parts) or "none"


def temple_text(p: dict, name: str, full: bool) -> list[str]:
    """One player's temple: task, helpers, craft bench, sales, and the two wings."""
    if p["task_face_down"]:
        task = "(face-down starting card)"
    elif p["task"]:
        task = f"{card_text(p['task'])} = {ROLE[p['task']['material']]}"
    else:
        task = "(empty)"
    lines = [f"{name}: hand {p['hand_count']}, waiting area {p['waiting_count']} (face down), "
             f"points on the table {p['points_on_table']}",
             f"   Task: {task}",
             f"   Helpers: {groups_text(p['helper_groups'])}",
             f"   Craft bench: {groups_text(p['bench_groups'], covered=False)}",
             f"   Sales: {groups_text(p['sale_groups'])}",
             f"   Gallery ({len(p['gallery'])}): {cards_text(p['gallery'])}",
             f"   Gift Shop ({len(p['gift_shop'])}): {cards_text(p['gift_shop'])}"]
    if full:
        lines.insert(3, f"     helper cards: {cards_text(p['helpers'])}")
        lines.insert(5, f"     bench cards: {cards_text(p['craft_bench'])}")
        lines.insert(7, f"     sale cards: {cards_text(p['sales'])}")
    if "final_hand" in p:
        lines.append(f"   Hand at the end: {cards_text(p['final_hand'])}")
    return lines


def works_effects_text(players: list[dict]) -> list[str]:
    """One short line per completed work design on the table (works are public): its effect."""
    seen, lines = set(), []
    for p in players:
        for card in p["gallery"] + p["gift_shop"]:
            if card["key"] not in seen:
                seen.add(card["key"])
                lines.append(f"   {card_text(card)} {card['text']}")
    return lines


def render(view: dict, names: list[str]) -> str:
    """The table as one seat sees it: the other temples first, then your own and your hand."""
    t = view["table"]
    seat = view["seat"]
    lines = [f"Deck: {t['deck_count']} cards ({t['decks']} deck{'s' if t['decks'] > 1 else ''}); "
             f"the game ends at {t['works_to_end']} works in one wing or when the deck runs out.",
             f"Floor: {cards_text(t['floor'])}"]
    order = [p for p in t["players"] if p["seat"] != seat] + [p for p in t["players"] if p["seat"] == seat]
    for p in order:
        mark = "->" if t["turn"] == p["seat"] else "  "
        who = names[p["seat"]] + (" (you)" if p["seat"] == seat else "")
        block = temple_text(p, who, full=p["seat"] == seat)
        lines.append(f"{mark} {block[0]}")
        lines.extend(block[1:])
    effects = works_effects_text(t["players"])
    if effects:
        lines.append("Effects of the completed works:")
        lines.extend(effects)
    noon = t.get("noon")
    if noon:
        if noon["prayer_only"]:
            lines.append(f"Noon: {names[noon['performer']]} has no task: one Prayer.")
        else:
            owner = "their own" if noon["task_owner"] == noon["performer"] else f"{names[noon['task_owner']]}'s"
            lines.append(f"Noon: {names[noon['performer']]} performs {owner} {ROLE[noon['material']]} task "
                         f"({NAMES[noon['material']]}): {noon['actions_left']} of {noon['actions_total']} "
                         "actions left.")
    if "hand" in t:
        lines.append(f"Your hand: {cards_text(t['hand'])}")
        choice = t.get("choice")
        if choice and choice.get("work"):
            extra = f", support {cards_text(choice['supports'])}" if choice["supports"] else ""
            lines.append(f"Completing: {card_text(choice['work'])}{extra}")
    return fill_names("\n".join(lines), names)
