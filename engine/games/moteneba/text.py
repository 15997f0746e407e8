"""Plain-text rendering of a Moteneba view, for the terminal.

Colours are shown by their letter (R red, B blue, Y yellow, W white, K black), so nothing
depends on the terminal's colours.
"""

from __future__ import annotations

from ...core import fill_names
from ...words import plural

LETTERS = {"red": "R", "blue": "B", "yellow": "Y", "white": "W", "black": "K"}
ORDER = tuple(LETTERS)


def cubes_text(colours: dict) -> str:
    """``{"red": 2, "black": 1}`` -> ``R2 K1`` (``-`` when there are none)."""
    parts = [f"{LETTERS[c]}{colours[c]}" for c in ORDER if colours.get(c)]
    return " ".join(parts) if parts else "-"


def hearts_text(hearts) -> str:
    return "/".join(str(h) for h in hearts) if hearts else "none"


def scoring_text(scoring: dict, names: list[str]) -> list[str]:
    """The year-end scoring table: per girl, each player's influence, colour, power, place and hearts."""
    head = "Year %d scoring%s" % (scoring["year"], "" if scoring["paid"] else " (before the hearts are paid)")
    lines = [head + ":"]
    for girl in scoring["girls"]:
        lines.append(f"  {girl['name']} (pays {hearts_text(girl['hearts'])}{', event' if girl['event'] else ''}):")
        for row in girl["players"]:
            if row["influence"] == 0:
                continue
            parts = []
            if row["colour"]:
                parts.append(f"{row['colour_cubes']} {row['colour']} x {row['colour_value']}")
            elif row["colour_cubes"]:
                parts.append(f"all colours ({plural(row['colour_cubes'], 'cube')})")
            if row["power"]:
                parts.append(f"{3 * row['power']} Power")
            how = " + ".join(parts)
            place = f"{row['place']}{'=' if row['tied'] else ''}"
            lines.append(f"    {place:>3}. {names[row['seat']]:<14} {row['influence']:>3}  ({how})"
                         f"  -> {plural(row['hearts'], 'heart')}")
        lines.append("    " + girl["summary"])
    totals = ", ".join(f"{names[s]} {b} -> {a}" for s, (b, a) in
                       enumerate(zip(scoring["totals_before"], scoring["totals_after"])))
    lines.append("  Hearts: " + totals)
    return lines


def render(view: dict, names: list[str]) -> str:
    """The table as one seat sees it."""
    t = view["table"]
    lines = []
    phase = {"pick": "choosing the girls", "draft": "cube draft", "play": "placing cubes",
             "power": "+3 Power before the scoring", "over": "game over"}[t["phase"]]
    lines.append(f"Year {t['year']} of {t['years']}: {phase}. Starting player: {names[t['start_player']]}."
                 f"  Bag: {t['bag']['total']} cubes ({cubes_text(t['bag']['colours'])}).")
    lines.append("Ranking: " + "  ".join(f"{r['value']}={LETTERS[r['colour']]} {r['colour']} ({r['cubes']})"
                                         for r in t["ranking"]))
    if t["girls_to_pick"]:
        lines.append("Girls to choose from: " + ", ".join(
            f"{g['name']} {hearts_text(g['hearts'])}{' E' if g['event'] else ''}" for g in t["girls_to_pick"]))
    for girl in t["girls"]:
        mark = " E" if girl["event"] else ""
        cubes = "  ".join(f"{names[c['seat']]}: {cubes_text(c['colours'])}" for c in girl["cubes"] if c["total"])
        power = "".join(f"  +{3 * p} Power {names[s]}" for s, p in enumerate(girl["power"]) if p)
        lines.append(f"  {girl['pos'] + 1}. {girl['name']:<7} [{hearts_text(girl['hearts'])}{mark}]"
                     f"  {cubes or '(no cubes)'}{power}")
    if t["draft"]:
        d = t["draft"]
        lines.append(f"Draft round {d['round']} of {d['rounds']} (leader {names[d['leader']]}): pile "
                     f"{cubes_text(d['pile'])}")
    for p in t["players"]:
        marker = "->" if view["current_player"] == p["seat"] else "  "
        lines.append(f"{marker} {names[p['seat']]}: cubes {cubes_text(p['cubes'])} ({p['cube_count']}), "
                     f"{p['event_count']} event card(s), {p['hearts']} hearts")
    lines.append(f"Event deck: {t['event_deck']} cards; played: {', '.join(t['event_discard']) or 'none'}.")
    if "events" in t:
        lines.append("Your event cards: " + (", ".join(e["title"] for e in t["events"]) or "none"))
    if t["pending"]:
        p = t["pending"]
        lines.append(f"In progress: {p['kind']}" + (f" ({p['colour']})" if p["colour"] else ""))
    just_scored = t["draft"] is not None and t["draft"]["round"] == 1 and t["year"] > 1
    if t["scoring"] and (t["phase"] in ("power", "over") or just_scored):
        lines.extend(scoring_text(t["scoring"], names))
    return fill_names("\n".join(lines), names)
