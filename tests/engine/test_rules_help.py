"""The in-app rules help (web/rules/*.html and the data the build writes for it) agrees with
the engine's card data and with docs/rules/<game>.md, and is written in our own words."""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.registry import game_names
from engine.games.moteneba import board as moteneba
from engine.games.mottainai.cards import KINDS, MATERIAL_NAMES, ROLE_NAMES

ROOT = Path(__file__).resolve().parents[2]
RULES_HTML = ROOT / "web" / "rules"

def _rulebooks() -> Path | None:
    """Where the rulebooks as received are, if on this machine (they are not in the repository):
    the folder ``$MOTEPLAY_RULEBOOKS``, else ``shared/rules`` beside the clone."""
    for folder in (os.environ.get("MOTEPLAY_RULEBOOKS"), ROOT.parent / "shared" / "rules"):
        if folder and (Path(folder) / "motto.rulebook.txt").is_file():
            return Path(folder)
    return None


RULEBOOKS = _rulebooks()
#: fingerprints of the rulebooks, one file per game (<game>.json): every run of RUN words, hashed
#: (the words are not stored)
FINGERPRINTS = Path(__file__).resolve().parent / "data" / "rulebook-fingerprints"
RUN = 9
GAMES = game_names()
SECTIONS = ["overview", "setup", "turn", "scoring", "end", "rulings"]
EXTRA_SECTIONS = {"mottainai": ["glossary", "cards"]}


class HelpPage(HTMLParser):
    """Collects sections, ruling ids, glossary terms, figures and the visible text of a help file."""

    def __init__(self, text: str):
        super().__init__()
        self.sections, self.rulings, self.terms, self.figures, self.ids = [], [], [], [], []
        self.words: list[str] = []
        self._in_dt = False
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "section":
            self.sections.append(a.get("data-section"))
        if "data-ruling" in a:
            self.rulings.append(a["data-ruling"])
        if "data-figure" in a:
            self.figures.append(a["data-figure"])
        self._in_dt = tag == "dt"

    def handle_endtag(self, tag):
        if tag == "dt":
            self._in_dt = False

    def handle_data(self, data):
        if self._in_dt:
            self.terms.append(data.strip())
        self.words.append(data)


def help_page(game: str) -> HelpPage:
    return HelpPage((RULES_HTML / f"{game}.html").read_text(encoding="utf-8"))


def docs_rulings(game: str) -> tuple[list[str], int]:
    """The ruling ids (M1, T3, N10...) and the number of "(ours)" rulings in the
    "Our rulings" section of docs/rules/<game>.md."""
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    section = text.split("\n## Our rulings\n", 1)[1].split("\n## ", 1)[0]
    ids = re.findall(r"^- \*\*([A-Z]\d+[a-z]?) ", section, flags=re.M)
    ours = len(re.findall(r"^- \*\(ours\)\*", section, flags=re.M))
    return ids, ours


@pytest.mark.parametrize("game", GAMES)
def test_every_help_page_has_its_sections_in_order(game):
    page = help_page(game)
    assert page.sections == SECTIONS + EXTRA_SECTIONS.get(game, [])
    assert len(page.ids) == len(set(page.ids)), "ids must be unique"
    assert page.figures, "each help page shows the game's own pieces"


@pytest.mark.parametrize("game", GAMES)
def test_help_rulings_match_docs(game):
    ids, ours = docs_rulings(game)
    page = help_page(game)
    assert ids, f"no ruling ids found in docs/rules/{game}.md"
    assert [r for r in page.rulings if r != "ours"] == ids
    assert page.rulings.count("ours") == ours


def test_mottainai_glossary_has_every_term():
    terms = {t.lower() for t in help_page("mottainai").terms}
    for term in ["task", "helper", "craft bench", "sales", "gallery", "gift shop", "waiting area", "cover",
                 "backorder"]:
        assert term in terms


def test_moteneba_help_says_the_girl_values_are_reconstructed():
    text = " ".join(" ".join(help_page("moteneba").words).split())
    assert "heart values are our reconstruction" in text
    assert "N10" in text


@pytest.fixture(scope="module")
def built_rules(tmp_path_factory):
    """What scripts/assemble_site.py writes into site/rules/ for the panel."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import assemble_site

    out = tmp_path_factory.mktemp("site")
    assemble_site.write_rules_data(out)
    return out / "rules"


def test_card_reference_lists_every_engine_card(built_rules):
    data = json.loads((built_rules / "mottainai-cards.json").read_text())
    cards = data["cards"]
    assert [c["key"] for c in cards] == [k.key for k in KINDS]
    assert len(cards) == 54
    for card, kind in zip(cards, KINDS):
        assert (card["name"], card["material"], card["value"], card["text"]) == \
               (kind.name, kind.material, kind.value, kind.text)
        assert card["material"] in MATERIAL_NAMES and card["role"] in ROLE_NAMES
        # every card also has its line in the card table of docs/rules/mottainai.md
        assert card["timing"], f"{kind.name} has no row in docs/rules/mottainai.md's card table"


def test_girls_table_comes_from_the_engine_data(built_rules):
    data = json.loads((built_rules / "moteneba-girls.json").read_text())
    engine_data = json.loads((Path(moteneba.__file__).with_name("data.json")).read_text())
    assert data["girls"] == engine_data["girls"]
    assert len(data["girls"]) == 14


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def fingerprint(words: list[str]) -> set[str]:
    """Each run of :data:`RUN` words, as the first 16 hex digits of its SHA-256."""
    runs = (" ".join(words[i:i + RUN]) for i in range(len(words) - RUN + 1))
    return {hashlib.sha256(run.encode()).hexdigest()[:16] for run in runs}


def rulebook_fingerprints() -> dict[str, list[str]]:
    """The fingerprints of each game's rulebook, read from the rulebooks themselves."""
    return {game: sorted(fingerprint(_words((RULEBOOKS / f"{game}.rulebook.txt").read_text(encoding="utf-8"))))
            for game in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_help_is_in_our_own_words(game):
    """No run of 9 words of the rulebook appears in the help text. The rulebooks are not in the
    repository; their fingerprints are (tests/engine/data/rulebook-fingerprints/<game>.json, written by
    ``PYTHONPATH=. python tests/engine/test_rules_help.py`` where the rulebooks are)."""
    book = set(json.loads((FINGERPRINTS / f"{game}.json").read_text()))
    assert len(book) > 500
    ours = _words(" ".join(help_page(game).words))
    copied = [" ".join(ours[i:i + RUN]) for i in range(len(ours) - RUN + 1)
              if fingerprint(ours[i:i + RUN]) & book]
    assert copied == []


@pytest.mark.skipif(RULEBOOKS is None, reason="the rulebooks are not on this machine: the fingerprints are checked without them")
def test_the_fingerprints_are_those_of_the_rulebooks():
    assert {game: json.loads((FINGERPRINTS / f"{game}.json").read_text()) for game in GAMES} == rulebook_fingerprints()


if __name__ == "__main__":
    assert RULEBOOKS is not None, "set MOTEPLAY_RULEBOOKS to the folder of the rulebooks"
    FINGERPRINTS.mkdir(parents=True, exist_ok=True)
    for game, runs in rulebook_fingerprints().items():
        (FINGERPRINTS / f"{game}.json").write_text(json.dumps(runs, indent=0) + "\n")
    print(f"wrote {FINGERPRINTS}/<game>.json for {', '.join(GAMES)}")
