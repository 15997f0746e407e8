"""Play on several devices, the plumbing: two pages (two browser contexts, as two devices)
join one room through a real Nostr relay on 127.0.0.1 (js/net/relay.js over Trystero) and
talk over WebRTC; the page's Content Security Policy and vendored libraries."""
from __future__ import annotations

import re

from e2e_helpers import BOOT_TIMEOUT_MS, free_port

JOIN_MS = 30_000

# In the page: join ``room`` through ``relay``; every link is kept in window.__net with what
# it received. ``listen`` false: links get no onmessage until the test sets one.
JOIN = """async ({relay, room, listen}) => {
  const { openRoom } = await import(new URL("js/net/relay.js", location.href).href);
  const net = window.__net = { links: [], got: [], closed: [] };
  net.room = await openRoom({ room, relays: [relay], iceServers: [] });
  net.listen = (link) => { link.onmessage = (data) => net.got.push(data); };
  net.room.onpeer = (link) => {
    net.links.push(link);
    link.onclose = () => net.closed.push(link.id);
    if (listen) net.listen(link);
  };
  return net.room.selfId;
}"""

BIG = "(() => { let s = ''; for (let i = 0; s.length < 100000; i++) s += i.toString(36) + 'é✓,'; return s; })()"


def open_device(devices, site_url, problems):
    page = devices().new_page()
    problems.watch(page)
    page.goto(f"{site_url}?pace=20")
    page.wait_for_function("window.__app && window.__app.lobbyReady", timeout=BOOT_TIMEOUT_MS)
    return page


def test_two_devices_exchange_strings_through_a_local_relay(devices, problems, site_url, nostr_relay, room_name):
    host = open_device(devices, site_url, problems)
    guest = open_device(devices, site_url, problems)
    host_id = host.evaluate(JOIN, {"relay": nostr_relay, "room": room_name, "listen": False})
    guest_id = guest.evaluate(JOIN, {"relay": nostr_relay, "room": room_name, "listen": True})
    assert host_id != guest_id
    host.wait_for_function("window.__net.links.length === 1", timeout=JOIN_MS)
    guest.wait_for_function("window.__net.links.length === 1", timeout=JOIN_MS)
    assert host.evaluate("window.__net.links[0].id") == guest_id
    assert guest.evaluate("window.__net.links[0].id") == host_id

    # the guest speaks before the host listens: the link keeps the messages, in order
    guest.evaluate("for (const word of ['one', 'two', 'three']) window.__net.links[0].send(word)")
    host.wait_for_timeout(500)
    assert host.evaluate("window.__net.got") == []
    host.evaluate("window.__net.listen(window.__net.links[0])")
    host.wait_for_function("window.__net.got.length === 3", timeout=JOIN_MS)
    assert host.evaluate("window.__net.got") == ["one", "two", "three"]

    # both ways, and 100 KB at once, as strings (never parsed)
    host.evaluate("window.__net.links[0].send('{\"not\": \"parsed\"}')")
    guest.wait_for_function("window.__net.got.length === 1", timeout=JOIN_MS)
    assert guest.evaluate("window.__net.got[0]") == '{"not": "parsed"}'
    guest.evaluate(f"window.__net.links[0].send({BIG})")
    host.wait_for_function("window.__net.got.length === 4", timeout=JOIN_MS)
    assert host.evaluate(f"window.__net.got[3] === {BIG}")
    assert host.evaluate("window.__net.got[3].length") >= 100_000
    host.evaluate(f"window.__net.links[0].send({BIG}.split('').reverse().join(''))")
    guest.wait_for_function("window.__net.got.length === 2", timeout=JOIN_MS)
    assert guest.evaluate(f"window.__net.got[1] === {BIG}.split('').reverse().join('')")

    # the guest closes its page: the host's link closes, and sending on it does nothing
    guest.close(run_before_unload=True)
    host.wait_for_function("window.__net.closed.length === 1", timeout=JOIN_MS)
    assert host.evaluate("window.__net.closed[0]") == guest_id
    assert host.evaluate("window.__net.links[0].closed") is True
    host.evaluate("window.__net.links[0].send('anyone?')")
    host.evaluate("window.__net.room.leave()")


def test_a_room_without_a_reachable_relay_is_refused_clearly(devices, problems, site_url):
    page = open_device(devices, site_url, problems)
    # a free port: nothing answers there
    message = page.evaluate("""async (relay) => {
      const { openRoom } = await import(new URL("js/net/relay.js", location.href).href);
      try { await openRoom({ room: "nobody-home", relays: [relay], iceServers: [] }); return "joined"; }
      catch (err) { return err.message; }
    }""", f"ws://127.0.0.1:{free_port()}")
    assert message.startswith("None of the relays answered"), message


def test_the_page_has_a_content_security_policy_that_refuses_injected_scripts(page, problems, site_url):
    """The build's CSP is in the page; the lobby and the engine start with it and load no
    vendored library; an injected inline script is refused."""
    page.on("pageerror", lambda exc: problems.errors.append(str(exc)))
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{site_url}?pace=20")
    page.wait_for_function("window.__app && (window.__app.ready || window.__app.phase === 'error')",
                           timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__app.phase") == "lobby"
    assert [url for url in requested if "/vendor/" in url] == []

    policy = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    for part in ("default-src 'self'", "script-src 'self'", "worker-src 'self' blob:", "object-src 'none'",
                 "base-uri 'self'", "img-src 'self' data: blob:", "ws://127.0.0.1:*"):
        assert part in policy
    assert "'unsafe-inline'" not in policy

    violation = page.evaluate("""() => new Promise((resolve) => {
      document.addEventListener("securitypolicyviolation",
        (event) => resolve(event.effectiveDirective), { once: true });
      window.__injected = false;
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      setTimeout(() => resolve(null), 3000);
    })""")
    assert violation == "script-src-elem"
    assert page.evaluate("window.__injected") is False


def test_the_vendored_libraries_load_by_name_under_the_policy(page, problems, site_url):
    """The import map names each library; a QR code drawn by qrcode-generator is read back
    by jsQR, both imported by their npm names."""
    problems.watch(page)
    page.goto(f"{site_url}?pace=20")
    page.wait_for_function("window.__app && window.__app.lobbyReady", timeout=BOOT_TIMEOUT_MS)
    imports = page.evaluate("JSON.parse(document.querySelector('script[type=importmap]').textContent).imports")
    assert sorted(imports) == ["@noble/secp256k1", "@trystero-p2p/core", "@trystero-p2p/nostr", "jsqr",
                               "qrcode-generator"]
    for name, url in imports.items():
        # vendor/<package>-<version>/, or -<version>-patched.<hash>/ (scripts/vendor-patches/)
        folder = url.split("/")[-3 if "/dist/" in url else -2]
        match = re.fullmatch(r".+-(\d[\w.]*?)(-patched\.[0-9a-f]{8})?", folder)
        assert match, (name, url)
        assert bool(match[2]) == name.startswith("@trystero-p2p/"), (name, url)
    read = page.evaluate("""async () => {
      const { default: qrcode } = await import("qrcode-generator");
      const { default: jsQR } = await import("jsqr");
      const qr = qrcode(0, "M");
      qr.addData("https://example.org/#join=abc123");
      qr.make();
      const image = new Image();
      image.src = qr.createDataURL(8, 16);
      await image.decode();
      const canvas = Object.assign(document.createElement("canvas"), { width: image.width, height: image.height });
      const draw = canvas.getContext("2d");
      draw.drawImage(image, 0, 0);
      const pixels = draw.getImageData(0, 0, canvas.width, canvas.height);
      return jsQR(pixels.data, pixels.width, pixels.height)?.data ?? null;
    }""")
    assert read == "https://example.org/#join=abc123"
    assert page.evaluate("typeof window.jsQR") == "undefined"


def test_closing_a_link_closes_it_on_both_sides(devices, problems, site_url, nostr_relay, room_name):
    host = open_device(devices, site_url, problems)
    guest = open_device(devices, site_url, problems)
    host.evaluate(JOIN, {"relay": nostr_relay, "room": room_name, "listen": True})
    guest.evaluate(JOIN, {"relay": nostr_relay, "room": room_name, "listen": True})
    for page in (host, guest):
        page.wait_for_function("window.__net.links.length >= 1", timeout=JOIN_MS)
    host.evaluate("window.__net.links[0].close()")
    assert host.evaluate("window.__net.links[0].closed") is True
    assert host.evaluate("window.__net.closed.length") == 1
    started = guest.evaluate("performance.now()")
    guest.wait_for_function("window.__net.closed.length === 1", timeout=JOIN_MS)
    print(f"the guest saw the link close after {guest.evaluate('performance.now()') - started:.0f} ms")
    for page in (host, guest):
        page.evaluate("window.__net.room.leave()")


def test_net_config_reads_the_address_and_the_saved_turn_server(page, problems, site_url):
    problems.watch(page)
    page.goto(f"{site_url}?pace=20")
    page.wait_for_function("window.__app && window.__app.lobbyReady", timeout=BOOT_TIMEOUT_MS)
    result = page.evaluate("""async () => {
      const net = await import(new URL("js/net/config.js", location.href).href);
      const out = {};
      out.plain = net.netConfig("");
      out.relays = net.netConfig("?relays=ws://127.0.0.1:7447,https://no.example,wss://a.example/x,ws://127.0.0.1:7447");
      out.none = net.netConfig("?relays=javascript:alert(1)&ice=none");
      out.stun = net.netConfig("?stun=stun:198.18.0.2:3478,turn:x.example");
      out.many = net.netConfig("?relays=" + Array.from({length: 12}, (_, i) => `wss://r${i}.example`).join(",")).relays.length;
      try { net.saveTurn({ urls: "https://turn.example", username: "u", credential: "c" }); out.badTurn = "saved"; }
      catch (err) { out.badTurn = err.message; }
      out.saved = net.saveTurn({ urls: ["turn:turn.example:3478", "turns:turn.example:5349"], username: "u", credential: "c" });
      out.withTurn = net.netConfig("");
      out.stored = JSON.parse(localStorage.getItem(net.TURN_KEY));
      net.clearTurn();
      out.cleared = net.readTurn();
      out.RELAYS = net.RELAYS;
      out.STUN = net.STUN;
      return out;
    }""")
    assert result["plain"] == {"relays": result["RELAYS"], "iceServers": result["STUN"], "stun": None, "custom": False}
    assert all(url.startswith("wss://") for url in result["RELAYS"])
    assert result["relays"]["relays"] == ["ws://127.0.0.1:7447/", "wss://a.example/x"]
    assert result["relays"]["custom"] is True and result["relays"]["iceServers"] == result["STUN"]
    assert result["none"] == {"relays": result["RELAYS"], "iceServers": [], "stun": None, "custom": True}
    assert result["stun"] == {"relays": result["RELAYS"], "iceServers": [{"urls": "stun:198.18.0.2:3478"}],
                              "stun": ["stun:198.18.0.2:3478"], "custom": True}
    assert result["many"] == 8
    assert "turn:" in result["badTurn"]
    turn = {"urls": ["turn:turn.example:3478", "turns:turn.example:5349"], "username": "u", "credential": "c"}
    assert result["saved"] == turn and result["stored"] == turn
    assert result["withTurn"]["iceServers"] == [*result["STUN"], turn]
    assert result["cleared"] is None


def test_a_page_that_left_a_room_can_open_another(devices, problems, site_url, nostr_relay, room_name):
    host = open_device(devices, site_url, problems)
    guest = open_device(devices, site_url, problems)
    host.evaluate(JOIN, {"relay": nostr_relay, "room": room_name, "listen": True})
    host.evaluate("window.__net.room.leave()")
    second = room_name + "-2"
    host.evaluate(JOIN, {"relay": nostr_relay, "room": second, "listen": True})
    guest.evaluate(JOIN, {"relay": nostr_relay, "room": second, "listen": True})
    host.wait_for_function("window.__net.links.length === 1", timeout=JOIN_MS)
    guest.wait_for_function("window.__net.links.length === 1", timeout=JOIN_MS)
    guest.evaluate("window.__net.links[0].send('again')")
    host.wait_for_function("window.__net.got[0] === 'again'", timeout=JOIN_MS)
