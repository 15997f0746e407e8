"""The Rules panel's data for the site's build (``Game.web.rules_data``): the cards as the engine
describes them, so the page never keeps a second copy of them."""

from __future__ import annotations

from .cards import KINDS


def rules_data(rules_doc: str) -> dict[str, dict]:
    """``rules/mottainai-cards.json``: the 54 cards (name, material, value, task, effect text in our
    words), each with its "when" and our rulings from the card effects table of ``rules_doc``
    (the text of docs/rules/mottainai.md)."""
    notes = {}
    section = rules_doc.split("\n## Card effects", 1)[-1].split("\n## ", 1)[0]
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if line.startswith("| ") and len(cells) == 5:
            notes[cells[0]] = {"timing": cells[3], "rulings": cells[4]}
    cards = [{**k.to_json(), "when": list(k.when), **notes.get(k.name, {"timing": "", "rulings": ""})}
             for k in KINDS]
    return {"mottainai-cards": {"source": "engine/games/mottainai/cards.json", "cards": cards}}
