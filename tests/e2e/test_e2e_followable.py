"""A table a player can follow at every screen size, light and dark: a hint that passes over a
set scoring more now names it beside the suggestion, with the reason, the ringed control and the
player's hand on screen together; the Settings panel opens inside the window, its controls
reachable, and nothing on either screen breaks accessibility (axe).

One Motto position (loaded as a save) serves the four sizes; each size looks at both themes."""
from __future__ import annotations

import functools
import re

import pytest
from playwright.sync_api import expect

from e2e_helpers import WAIT_MS, assert_no_axe_violations, find_save, load_save, open_screen, settle
from e2e.test_e2e_hint import passes_over_a_set
from e2e.test_e2e_settings import open_settings

SIZES = [(1280, 800, False), (1366, 768, False), (768, 1024, True), (390, 844, True)]

# the boxes of what the player needs together, and whether each is whole inside the window
IN_VIEW = r"""() => {
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right,
             whole: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5 }; };
  return { reason: box(document.querySelector("[data-testid=hint-line]")),
           ringed: box(document.querySelector("#table .is-hinted")),
           handCard: box(document.querySelector("#table [data-testid=hand-card]")),
           turn: box(document.getElementById("turn")) };
}"""


def ask_hint(page) -> dict:
    """Press Suggest (its label is shorter on a phone) and wait for the suggestion."""
    page.evaluate("delete document.body.dataset.hint")
    page.click("[data-testid=hint]")
    page.wait_for_function("document.body.dataset.hint !== undefined", timeout=WAIT_MS)
    return {"line": page.locator("[data-testid=hint-line]").text_content()}


@functools.cache
def passing_over() -> dict:
    return find_save("motto", 2, lambda s: s.current_player == 0 and passes_over_a_set(s))


@pytest.mark.parametrize("width,height,touch", SIZES, ids=[f"{w}x{h}" for w, h, _ in SIZES])
def test_a_hint_and_the_settings_in_view_at_every_size(browser, site_url, problems, tmp_path, width, height, touch):
    page = open_screen(browser, site_url, problems, pace=50, viewport={"width": width, "height": height},
                       has_touch=touch, is_mobile=touch and width < 600)
    load_save(page, tmp_path, passing_over(), ["human", "greedy"], ["Ada", "Bea"])
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shown = ask_hint(page)
        assert re.search(r"(p|P)laying .* scores \d+ points now", shown["line"]), shown["line"]
        settle(page)   # the page's own scrolling into view done
        found = page.evaluate(IN_VIEW)
        for part in ("reason", "ringed", "handCard", "turn"):
            assert found[part] and found[part]["whole"], (width, height, scheme, part, found)
        page.screenshot(path=f"/tmp/followable-hint-{width}x{height}-{scheme}.png")
        assert_no_axe_violations(page, f"a hint passing over a set at {width}x{height}, {scheme}")

        open_settings(page)
        dialog = page.locator("[data-testid=settings-dialog]")
        box = dialog.bounding_box()
        assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width + 0.5, (width, height, box)
        # every choice of the panel can be reached: in the window, or by scrolling the panel itself
        for radio in dialog.locator("input[type=radio]").all():
            radio.scroll_into_view_if_needed()
            expect(radio).to_be_in_viewport()
        assert_no_axe_violations(page, f"the Settings panel at {width}x{height}, {scheme}")
        page.click("[data-testid=settings-close]")
        expect(dialog).to_be_hidden()
    page.context.close()
