"""The Rules panel's data for the site's build (``Game.web.rules_data``): the girls and the event
cards from the engine's own ``data.json``, so the page never keeps a second copy of them."""

from __future__ import annotations

from .board import DATA


def rules_data(rules_doc: str) -> dict[str, dict]:
    """``rules/moteneba-girls.json``: the girls (our reconstructed heart values, ruling N10), the
    colours and the events. ``rules_doc`` (docs/rules/moteneba.md) adds nothing."""
    return {"moteneba-girls": {"source": "engine/games/moteneba/data.json", "about": DATA["about"],
                               "colours": DATA["colours"], "girls": DATA["girls"], "events": DATA["events"]}}
