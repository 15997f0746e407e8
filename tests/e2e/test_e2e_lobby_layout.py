"""The lobby's Start on desktop and tablet screens: in the window on load, without scrolling,
and at most five Tab presses from the top of a freshly loaded page (the skip link counts)."""
from __future__ import annotations

import pytest

from e2e_helpers import BOOT_TIMEOUT_MS

SIZES = {
    "1280x800": dict(viewport={"width": 1280, "height": 800}),
    "768x1024-touch": dict(viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True),
}


@pytest.mark.parametrize("size", SIZES)
def test_start_is_in_view_and_a_few_tab_presses_away(screen, size):
    page = screen(**SIZES[size])
    assert page.evaluate("window.__app.phase") == "lobby"
    box = page.evaluate("""() => {
      const r = document.querySelector('[data-testid=start]').getBoundingClientRect();
      return { top: r.top, left: r.left, bottom: r.bottom, right: r.right, scrolled: scrollY,
               W: innerWidth, H: innerHeight };
    }""")
    assert box["scrolled"] == 0
    assert box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= box["H"] and box["right"] <= box["W"], box
    # from a fresh load: Tab until Start has the focus
    page.reload()
    page.wait_for_function("window.__app && window.__app.ready", timeout=BOOT_TIMEOUT_MS)
    presses, stops = 0, []
    while presses < 5:
        page.keyboard.press("Tab")
        presses += 1
        stops.append(page.evaluate("document.activeElement.dataset.testid ?? document.activeElement.className"))
        if stops[-1] == "start":
            break
    assert stops[-1] == "start", f"Start not reached in 5 Tab presses: {stops}"
    assert page.evaluate("scrollY") == 0 or page.locator("[data-testid=start]").is_visible()
