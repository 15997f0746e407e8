"""The Rules panel: opened from the lobby and during a game, its sections, Mottainai's card
reference (every card of the engine's data, search and material filters), Esc and focus, and
offline after one visit."""
from __future__ import annotations

import re
from pathlib import Path

from e2e_helpers import BOOT_TIMEOUT_MS, assert_no_axe_violations, start
from engine.games.mottainai.cards import KINDS
from engine.registry import game_names, game_spec
# the offline test reuses the offline tests' own server (site under /moteplay/) and context
from test_e2e_offline import open_site, site, sw_context, wait_offline_ready  # noqa: F401 - fixtures, used by name

SECTIONS = ["overview", "setup", "turn", "scoring", "end", "rulings"]
#: the sections a game's rules text has after SECTIONS (a game not named here: as its text has them)
EXTRA_SECTIONS = {"motto": [], "mottainai": ["glossary", "cards"], "moteneba": []}
DIALOG = "[data-testid=rules-dialog]"
READY = "[data-testid=rules-body][data-ready=true]"
ROOT = Path(__file__).resolve().parents[2]


def sections_of(game):
    """The sections of the game's rules text (web/rules/<game>.html), in order."""
    return re.findall(r'<section data-section="([^"]+)"', (ROOT / "web" / game_spec(game).web.rules).read_text())


def sections(page):
    return page.eval_on_selector_all(f"{DIALOG} section[data-section]", "els => els.map(e => e.dataset.section)")


def shown_cards(page):
    return page.eval_on_selector_all("[data-testid=card-ref]:not([hidden])",
                                     "els => els.map(e => [e.dataset.card, e.dataset.group])")


def test_rules_from_the_lobby_for_each_game(app):
    page = app
    for game in game_names():
        title = game_spec(game).info.title
        extra = EXTRA_SECTIONS.get(game, sections_of(game)[len(SECTIONS):])
        opener = f"[data-testid=rules-{game}]"
        page.click(opener)
        page.wait_for_selector(READY)
        dialog = page.locator(DIALOG)
        assert dialog.get_attribute("data-game") == game
        assert page.inner_text("#rules-title") == f"How to play {title}"
        assert page.evaluate("document.querySelector('#rules-title').closest('dialog').open")
        assert sections(page) == SECTIONS + extra
        # the pictures are drawn with the table's own pieces
        assert page.locator(f"{DIALOG} [data-figure] .rules-pieces").count() >= 2
        assert page.locator(f"{DIALOG} .rules-rulings li").count() >= 8
        assert_no_axe_violations(page, f"the rules panel of {title}")
        page.keyboard.press("Escape")
        page.wait_for_selector(DIALOG, state="hidden")
        assert page.evaluate("document.activeElement.dataset.testid") == f"rules-{game}"

    # Moteneba says plainly that the girls' heart values are reconstructed, with all 14 girls
    page.click("[data-testid=rules-moteneba]")
    page.wait_for_selector(READY)
    assert "heart values are our reconstruction" in page.inner_text(DIALOG)
    assert page.locator("[data-testid=girls-table] tbody tr").count() == 14

    # switch to Mottainai inside the panel: the card reference lists every card of the engine
    page.click("[data-testid=rules-game-mottainai]")
    page.wait_for_selector(f"{DIALOG}[data-game=mottainai] {READY}")
    assert len(shown_cards(page)) == len(KINDS) == 54
    assert page.get_attribute("[data-testid=card-count]", "data-shown") == "54"

    # search by name, as you type (keyboard)
    page.focus("[data-testid=card-search]")
    page.keyboard.type("kite")
    assert shown_cards(page) == [["kite", "cloth"]]
    assert page.inner_text("[data-testid=card-count]") == "1 of 54 cards"

    # search by material
    page.fill("[data-testid=card-search]", "clay")
    clay = [k.key for k in KINDS if k.material == "clay"]
    assert [c for c, _ in shown_cards(page)] == clay

    # the material buttons filter too, and combine with the search
    page.fill("[data-testid=card-search]", "")
    page.click("[data-testid=card-filter-metal]")
    assert page.get_attribute("[data-testid=card-filter-metal]", "aria-pressed") == "true"
    assert [c for c, _ in shown_cards(page)] == [k.key for k in KINDS if k.material == "metal"]
    page.fill("[data-testid=card-search]", "bell")
    assert shown_cards(page) == [["bell", "metal"]]
    page.fill("[data-testid=card-search]", "kite")           # a Cloth card with the Metal filter
    assert shown_cards(page) == []
    assert page.is_visible("text=No card matches.")
    page.click("[data-testid=card-filter-all]")
    assert shown_cards(page) == [["kite", "cloth"]]

    # Esc closes it even from the search field; the close button works too
    page.focus("[data-testid=card-search]")
    page.keyboard.press("Escape")
    page.wait_for_selector(DIALOG, state="hidden")
    assert page.evaluate("document.activeElement.dataset.testid") == "rules-moteneba"

    # the top bar's Rules button opens the game chosen in the lobby
    page.click("[data-testid=game-mottainai]")
    page.click("[data-testid=rules-open]")
    page.wait_for_selector(READY)
    assert page.get_attribute(DIALOG, "data-game") == "mottainai"
    page.click("[data-testid=rules-close]")
    page.wait_for_selector(DIALOG, state="hidden")
    assert page.evaluate("document.activeElement.dataset.testid") == "rules-open"


def test_rules_during_a_game_open_at_that_game(app):
    page = app
    page.click("[data-testid=game-moteneba]")
    start(page, players=3, seats=["human", "random", "random"], seed=7)
    assert page.evaluate("window.__app.phase") in ("human", "over")
    page.click("[data-testid=rules-open]")
    page.wait_for_selector(READY)
    assert page.get_attribute(DIALOG, "data-game") == "moteneba"
    assert page.inner_text("#rules-title") == "How to play Moteneba"
    assert sections(page) == SECTIONS
    # the section links move to a section and put the focus on its heading
    page.click(f"{DIALOG} .rules__toc a[href='#rules-moteneba-scoring']")
    assert page.evaluate("document.activeElement.id") == "rules-moteneba-scoring"
    page.keyboard.press("Escape")
    page.wait_for_selector(DIALOG, state="hidden")
    assert page.evaluate("document.activeElement.dataset.testid") == "rules-open"
    # the game is untouched and still waits for the player
    assert page.evaluate("window.__app.phase") == "human"


def test_a_views_own_how_to_play_opens_the_panel_at_its_game(app):
    """Motto's table has its own "How to play Motto" (data-rules-game="motto"): the panel opens
    there, with the pictures the view draws, and the focus comes back to that button."""
    page = app
    page.click("[data-testid=game-motto]")
    start(page, players=2, seats=["human", "random"], seed=3)
    page.click("#table [data-testid=rules]")
    page.wait_for_selector(f"{DIALOG}[data-game=motto] {READY}")
    assert page.inner_text("#rules-title") == "How to play Motto"
    assert page.locator(f"{DIALOG} [data-figure] .rules-pieces").count() >= 2
    page.keyboard.press("Escape")
    page.wait_for_selector(DIALOG, state="hidden")
    assert page.evaluate("document.activeElement.dataset.testid") == "rules"
def test_rules_open_offline(site, sw_context):  # noqa: F811 - the offline tests' fixtures, imported above
    """After one visit the panel works with no network: its texts, pictures and card data are
    part of the precached build."""
    context, watch = sw_context
    page = watch.page(context.new_page())
    open_site(page, site.url)
    wait_offline_ready(page)
    site.stop()
    context.set_offline(True)
    page.reload()
    page.wait_for_function("window.__app && window.__app.ready", timeout=BOOT_TIMEOUT_MS)
    page.click("[data-testid=rules-mottainai]")
    page.wait_for_selector(READY)
    assert len(shown_cards(page)) == 54
    assert page.locator(f"{DIALOG} [data-figure] .rules-pieces").count() >= 3
    page.click("[data-testid=rules-game-moteneba]")
    page.wait_for_selector(f"{DIALOG}[data-game=moteneba] {READY}")
    assert page.locator("[data-testid=girls-table] tbody tr").count() == 14
