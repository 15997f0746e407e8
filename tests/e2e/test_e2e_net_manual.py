"""Connecting two pages by hand (web/js/net/manual.js) and the QR codes that carry the codes
(web/js/net/qr.js), in two browser contexts of one Chromium: the host makes an offer, the test
carries the code to the guest as a person would, and the reply back.

The pages are a blank page on the site's origin (no engine boot). Chromium gets
``--allow-loopback-in-peer-connection`` and both contexts camera and microphone permission, so
the pages connect on a machine whose only network is loopback too (Chromium lists network
interfaces only for pages with that permission).
"""
from __future__ import annotations

import base64
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

from conftest import CHROMIUM, CHROMIUM_ARGS, ROOT

NET_ARGS = ["--allow-loopback-in-peer-connection"]
BLANK = "__net_test.html"
# The QR packages, as the site's import map names them; the test serves them from node_modules.
VENDOR = {"qrcode-generator": "qrcode-generator/dist/qrcode.mjs", "jsqr": "jsqr/dist/jsQR.js"}
# Measured here: 99 characters (these pages have camera permission, so Chromium gives real
# addresses: one IPv4, one IPv6); 130 with the two mDNS names a page gets without it. The bound
# leaves room for one more IPv4 address (docs/multiplayer.md).
MAX_CODE = 135


def blank_page() -> str:
    imports = ", ".join(f'"{name}": "/__vendor/{path}"' for name, path in VENDOR.items())
    return (f'<!doctype html><meta charset="utf-8"><title>net</title>'
            f'<script type="importmap">{{"imports": {{{imports}}}}}</script><body></body>')


def serve_test_files(context, site_url: str) -> None:
    """The blank page and the vendored packages; anything off 127.0.0.1 is refused."""
    def route(route):
        url = urlparse(route.request.url)
        if url.hostname != "127.0.0.1":
            return route.abort()
        if url.path.endswith("/" + BLANK):
            return route.fulfill(content_type="text/html", body=blank_page())
        if url.path.startswith("/__vendor/"):
            file = ROOT / "node_modules" / url.path[len("/__vendor/"):]
            return route.fulfill(content_type="text/javascript", body=file.read_bytes()) if file.is_file() \
                else route.fulfill(status=404)
        return route.continue_()
    context.route("**/*", route)


@pytest.fixture(scope="module")
def net_browser(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + NET_ARGS)
    yield browser
    browser.close()


def open_page(browser, site_url, errors):
    context = browser.new_context(permissions=["camera", "microphone"], service_workers="block")
    serve_test_files(context, site_url)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(site_url + BLANK)
    page.evaluate("async () => { window.net = await import(new URL('js/net/manual.js', location.href)); }")
    return page


@pytest.fixture
def pair(net_browser, site_url):
    errors: list[str] = []
    host = open_page(net_browser, site_url, errors)
    guest = open_page(net_browser, site_url, errors)
    yield host, guest
    for page in (host, guest):
        page.context.close()
    assert errors == [], f"uncaught errors in the pages: {errors}"


def make_offer(host) -> str:
    return host.evaluate("""async () => {
        window.offer = await net.makeOffer();
        return offer.code;
    }""")


def answer(guest, offer_code: str) -> str:
    return guest.evaluate("""async (code) => {
        window.answer = await net.answerOffer(code);
        window.received = [];
        answer.link.then((link) => {
            window.link = link;
            link.onclose = () => { window.closedAt = Date.now(); };
        }, (error) => { window.linkError = error.message; });
        return answer.code;
    }""", offer_code)


def accept(host, reply_code: str) -> None:
    host.evaluate("""async (code) => {
        window.link = await offer.accept(code);
        window.received = [];
        link.onclose = () => { window.closedAt = Date.now(); };
    }""", reply_code)


def error_of(page, script: str, arg) -> str:
    """The message of the Error that ``script`` (an async function of ``arg``) rejects with."""
    return page.evaluate(f"async (arg) => {{ try {{ await ({script})(arg); return 'no error'; }} "
                         "catch (e) { return e.message; } }", arg)


def connect(host, guest) -> tuple[str, str]:
    offer_code = make_offer(host)
    reply_code = answer(guest, offer_code)
    accept(host, reply_code)
    guest.wait_for_function("window.link", timeout=10_000)
    return offer_code, reply_code


def test_codes_connect_and_carry_messages(pair):
    host, guest = pair
    started = time.monotonic()
    offer_code, reply_code = connect(host, guest)
    took = time.monotonic() - started
    print(f"offer {len(offer_code)} chars, reply {len(reply_code)} chars, connected in {took:.2f} s")
    for code in (offer_code, reply_code):
        assert len(code) <= MAX_CODE, code
        assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"), code
    assert host.evaluate("[link.id, link.closed]") == ["manual", False]

    # Messages sent before the other side sets onmessage are kept, in order.
    host.evaluate("link.send('first'); link.send('second')")
    guest.wait_for_timeout(300)
    # (A function given to evaluate is called: the handlers are set inside one.)
    guest.evaluate("() => { link.onmessage = (data) => received.push(data); }")
    host.evaluate("() => { link.onmessage = (data) => received.push(data); }")
    guest.wait_for_function("received.length === 2")
    assert guest.evaluate("received") == ["first", "second"]

    guest.evaluate("link.send(JSON.stringify({ hello: 'host', n: 1 })); link.send('')")
    host.wait_for_function("received.length === 2")
    assert host.evaluate("received") == ['{"hello":"host","n":1}', ""]   # strings as received

    # A 200 KB message (with characters outside the BMP across chunk edges) arrives whole.
    big = host.evaluate(r"""() => {
        const unit = 'abc\u00e9\u{1F600}';  // 'é' and an emoji (a surrogate pair)
        window.big = unit.repeat(Math.ceil(200_000 / unit.length)).slice(0, 199_999) + '!';
        link.send(big);
        link.send('after');
        return big.length;
    }""")
    guest.wait_for_function("received.length === 4", timeout=10_000)
    assert guest.evaluate("received[2].length") == big
    assert guest.evaluate("received[2]") == host.evaluate("big")
    assert guest.evaluate("received[3]") == "after"


def test_bad_codes_are_refused_with_a_clear_message(pair):
    host, guest = pair
    offer_code = make_offer(host)
    reply_code = answer(guest, offer_code)

    # A reply given as an offer, an offer given as a reply.
    assert "reply code" in error_of(guest, "(code) => net.answerOffer(code)", reply_code)
    assert "offer code" in error_of(host, "(code) => offer.accept(code)", offer_code)
    # Garbage and cut codes, on both sides.
    for bad, words in [("hello world!", "not a connection code"), ("", "empty"),
                       ("aGVsbG8gd29ybGQgdGhpcyBpcyBub3Q", "not a Moteplay connection code"),
                       (offer_code[:60], "incomplete"), (offer_code[:-1], "incomplete")]:
        assert words in error_of(guest, "(code) => net.answerOffer(code)", bad), bad
    assert "incomplete" in error_of(host, "(code) => offer.accept(code)", reply_code[:-3])
    # A damaged character (the checksum catches it).
    damaged = reply_code[:40] + ("A" if reply_code[40] != "A" else "B") + reply_code[41:]
    assert "damaged" in error_of(host, "(code) => offer.accept(code)", damaged)

    # The refusals left the offer usable: the right reply still connects.
    accept(host, reply_code)
    guest.wait_for_function("window.link", timeout=10_000)
    assert "already been answered" in error_of(host, "(code) => offer.accept(code)", reply_code)


def test_closing_a_page_closes_the_link_on_the_other(pair):
    host, guest = pair
    connect(host, guest)
    started = time.monotonic()
    guest.close()
    host.wait_for_function("window.closedAt", timeout=15_000)
    print(f"host saw the guest's page close after {time.monotonic() - started:.2f} s")
    assert host.evaluate("link.closed") is True
    host.evaluate("link.send('nobody listens')")  # a no-op, no error


def test_link_close_fires_onclose_on_both_sides(pair):
    host, guest = pair
    connect(host, guest)
    host.evaluate("link.close()")
    guest.wait_for_function("window.closedAt", timeout=15_000)
    assert host.evaluate("[link.closed, Boolean(window.closedAt)]") == [True, True]


def test_withdrawn_offer_rejects_a_pending_accept(pair):
    host, guest = pair
    reply_code = answer(guest, make_offer(host))
    message = host.evaluate("""async (code) => {
        const pending = offer.accept(code).then(() => 'connected', (e) => e.message);
        offer.close();
        return pending;
    }""", reply_code)
    assert "withdrawn" in message or "closed before it opened" in message, message
    assert "withdrawn" in error_of(host, "(code) => offer.accept(code)", reply_code)


# --- QR codes -------------------------------------------------------------------------------

def needs_vendored_packages():
    missing = [name for name, path in VENDOR.items() if not (ROOT / "node_modules" / path).is_file()]
    if missing:
        pytest.fail(f"npm packages not installed (npm ci): {', '.join(missing)}")


# In a page: the QR code of `code` drawn by qr.js, rasterized onto a canvas, centred, `side`
# pixels a side (or `scale` pixels a module, the canvas just the code) on `background`.
QR_ON_CANVAS = """
    async function qrOnCanvas(code, label, { scale = null, width = 0, height = 0, side = 0, background = null }) {
        const { qrSvg } = await import(new URL('js/net/qr.js', location.href));
        const svg = await qrSvg(code, { label });
        if (scale) width = height = side = svg.viewBox.baseVal.width * scale;
        const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(svg)], { type: 'image/svg+xml' }));
        const image = new Image();
        image.src = url;
        await image.decode();
        const context = new OffscreenCanvas(width, height).getContext('2d');
        if (background) {
            context.fillStyle = background;
            context.fillRect(0, 0, width, height);
        }
        context.drawImage(image, (width - side) / 2, (height - side) / 2, side, side);
        return { svg, side, pixels: context.getImageData(0, 0, width, height).data };
    }
"""


def test_qr_svg_decodes_back_to_the_code(pair):
    needs_vendored_packages()
    host, _guest = pair
    offer_code = make_offer(host)
    found = host.evaluate("""async (code) => {""" + QR_ON_CANVAS + """
        await import('jsqr');
        // Rasterize the SVG as an image at 4 pixels a module and read it back with jsQR.
        const { svg, pixels, side } = await qrOnCanvas(code, 'Invitation code', { scale: 4 });
        const read = window.jsQR(pixels, side, side);
        return { text: read && read.data, role: svg.getAttribute('role'), label: svg.getAttribute('aria-label'),
                 modules: svg.viewBox.baseVal.width - 8 };
    }""", offer_code)
    print(f"QR of a {len(offer_code)}-character code: {found['modules']} modules a side")
    assert found["text"] == offer_code
    assert found["role"] == "img" and found["label"] == "Invitation code"


def write_y4m(path: Path, gray: bytes, width: int, height: int) -> None:
    """One still frame for Chromium's fake camera: luma as given, neutral chroma."""
    chroma = bytes([128]) * ((width // 2) * (height // 2))
    path.write_bytes(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode()
                     + b"FRAME\n" + gray + chroma + chroma)


def test_scan_qr_reads_the_camera(pair, playwright, site_url, tmp_path):
    """The QR of a reply code, filmed by Chromium's fake camera, is read back by scanQr."""
    needs_vendored_packages()
    host, guest = pair
    code = answer(guest, make_offer(host))
    width, height = 640, 480
    gray = host.evaluate("""async ([code, width, height]) => {""" + QR_ON_CANVAS + """
        const { pixels: rgba } = await qrOnCanvas(code, 'Reply code', { width, height, side: 400, background: '#888' });
        let gray = '';
        for (let i = 0; i < rgba.length; i += 4) gray += String.fromCharCode(rgba[i]);
        return btoa(gray);
    }""", [code, width, height])
    video = tmp_path / "qr.y4m"
    write_y4m(video, base64.b64decode(gray), width, height)
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + [
        "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}"])
    try:
        errors: list[str] = []
        page = open_page(browser, site_url, errors)
        result = page.evaluate("""async () => {
            const { scanQr } = await import(new URL('js/net/qr.js', location.href));
            const video = document.createElement('video');
            document.body.append(video);
            const started = performance.now();
            const text = await scanQr(video, { signal: AbortSignal.timeout(15000) });
            return { text, ms: performance.now() - started, stopped: video.srcObject === null };
        }""")
        print(f"scanned in {result['ms']:.0f} ms")
        assert result["text"] == code and result["stopped"]
        # Abort stops the camera and rejects with the signal's reason.
        aborted = page.evaluate("""async () => {
            const { scanQr } = await import(new URL('js/net/qr.js', location.href));
            const video = document.createElement('video');
            const controller = new AbortController();
            const pending = scanQr(video, { signal: controller.signal }).then(() => 'read', (e) => e.name);
            controller.abort();
            return [await pending, video.srcObject === null];
        }""")
        assert aborted == ["AbortError", True]
        assert errors == []
    finally:
        browser.close()


def test_scan_qr_without_a_camera_says_so(net_browser, site_url):
    """This browser has no (fake) camera: scanQr says so in a sentence."""
    errors: list[str] = []
    context = net_browser.new_context(service_workers="block")
    serve_test_files(context, site_url)
    page = context.new_page()
    page.goto(site_url + BLANK)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    message = page.evaluate("""async () => {
        const { scanQr } = await import(new URL('js/net/qr.js', location.href));
        try { await scanQr(document.createElement('video')); return 'no error'; } catch (e) { return e.message; }
    }""")
    context.close()
    assert message == "No camera was found on this device: paste the code instead.", message
    assert errors == []
