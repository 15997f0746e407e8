from e2e_helpers import start, wait_idle
from test_mottainai import choose

def test_shot(app):
    start(app, players=2, seats=["human", "greedy"], names=["Ada", "Bo"], seed=4242)
    for step in range(2000):
        phase = wait_idle(app)
        if phase == "over":
            break
        if app.locator("[data-testid=work]").count() >= 2:
            break
        view = app.evaluate("window.__app.view")
        ids = [a["id"] for a in view["legal_actions"]]
        app.locator(f"[data-action='{choose(ids, step)}']").first.click()
    print("works", app.locator("[data-testid=work]").count())
    w = app.locator("[data-testid=work]").first
    w.focus()
    app.screenshot(path="/tmp/shot_desktop.png")
    app.set_viewport_size({"width": 390, "height": 800})
    w2 = app.locator("[data-testid=work]").last
    w2.scroll_into_view_if_needed()
    w2.click(timeout=5000)
    app.screenshot(path="/tmp/shot_mobile.png")
