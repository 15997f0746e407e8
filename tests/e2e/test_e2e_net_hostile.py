"""Play on several devices against a hostile guest: a peer in the room that knows one seat's
invitation and speaks the protocol by hand, trying what an honest page never sends.

The table: a Motto game for three on the host's page, seat 0 a computer, seat 1 the hostile
peer's seat, seat 2 an honest guest's page opened from its invitation. The hostile peer is a
page of the site opened with no valid invitation (so it runs neither Python nor a guest): in
``page.evaluate`` it opens the room with ``js/net/relay.js`` and sends whatever it likes to
each peer of the room (the room is a full mesh: one link per peer), keeping every message it
receives. Every attempt must be refused (the host's ``refused`` reply says why) or ignored,
and change nothing: the host's game and status, the honest guest's table, and the honest guest
can still play.

The hostile peer speaks the protocol's version 2 (``web/js/net/protocol.js``): each request (act,
undo, hint, replay) carries an ``id``, and the host's answer names it as ``re``; a message it
cannot read, or with no good id, is refused with ``re`` "?"."""
from __future__ import annotations

import json
import random
import time
from urllib.parse import parse_qsl

from playwright.sync_api import Page

from e2e_helpers import WAIT_MS
from net_helpers import click_an_action, device_page, my_turn, open_guest, open_host, received, start_hosted, wait_seated

HOSTILE, HONEST = 1, 2
NAMES = ["Robo", "Mallory", "Ada"]

# The hostile peer's side, installed in its page: the room, one link per peer, every message
# received ({from, msg, time} parsed, or {from, text, time} when it is not JSON; time: the page's
# clock in ms), pings answered.
HOSTILE_JS = """async (link) => {
  const { openRoom } = await import('./js/net/relay.js');
  const { readInvitation } = await import('./js/net/invite.js');
  const { room, password, relays } = readInvitation(new URL(link).hash);
  const { encode } = await import('./js/net/protocol.js');
  const h = { inbox: [], links: new Map(), host: null, guests: new Set(), encode };
  const opened = await openRoom({ room, password, relays, iceServers: [] });
  h.selfId = opened.selfId;
  opened.onpeer = (link) => {
    h.links.set(link.id, link);
    link.onmessage = (text) => {
      let msg = null;
      try { msg = JSON.parse(text); } catch { /* kept as text */ }
      const time = performance.now();
      h.inbox.push(msg && typeof msg === 'object' ? { from: link.id, msg, time } : { from: link.id, text: String(text), time });
      if (msg?.t === 'ping') link.send(encode('pong'));
      if (msg?.t === 'proof') h.host = link.id;
      if (msg?.t === 'hello') { h.guests.add(link.id); h.onhello?.(link); }
    };
    link.onclose = () => h.links.delete(link.id);
  };
  // to: "host", "guests" (peers that said hello: guests looking for their host) or "all"
  h.peers = (to) => (to === 'host' ? [h.host] : to === 'guests' ? [...h.guests] : [...h.links.keys()]);
  h.send = (to, texts) => {
    const mark = h.inbox.length;
    h.sentAt = performance.now();
    for (const id of h.peers(to)) for (const text of texts) h.links.get(id).send(text);
    return mark;
  };
  window.hostile = h;
}"""


# ---------------------------------------------------------------------- the table
def hostile_peer(devices, problems, site_url: str, invite: str) -> Page:
    """A page of the site that opens the room of ``invite`` by hand (module code only)."""
    page = device_page(devices, problems)
    page.goto(f"{site_url}#watch")  # no valid invitation: the page only says so, and stops there
    page.wait_for_function("window.__app && window.__app.phase === 'error'", timeout=WAIT_MS)
    page.evaluate(HOSTILE_JS, invite)
    return page


def invitation(link: str) -> dict:
    """The fields of an invitation link (r, p, k, s, x, relays, ice)."""
    return dict(parse_qsl(link.split("#", 1)[1].split("&", 1)[1]))


def table(devices, problems, site_url, relay, *, first: int):
    """The host, the honest guest (seated) and the hostile peer, which has found the host
    (proof received) but not joined; ``first``: the seat that moves first."""
    host = device_page(devices, problems)
    links = open_host(host, site_url, relay, game="motto", players=3, seats=["random", "remote", "remote"],
                      names=NAMES, options={"first_player": str(first + 1)})
    honest = open_guest(device_page(devices, problems), links[HONEST])
    hostile = hostile_peer(devices, problems, site_url, links[HOSTILE])
    hostile.wait_for_function("window.hostile.links.size === 2 && window.hostile.guests.size === 1",
                              timeout=WAIT_MS)
    say(hostile, "all", [encode("hello", nonce="hostile-nonce-1")])
    hostile.wait_for_function("window.hostile.host !== null", timeout=WAIT_MS)
    return host, honest, hostile, links


def join(hostile: Page, links, seat: int | None = HOSTILE, *, secret_of: int | None = HOSTILE,
         device: str = "hostile-device") -> str:
    """The text of a join for ``seat`` with the secret of ``secret_of``'s invitation."""
    secret = invitation(links[secret_of])["x"]
    return encode("join", seat=seat, secret=secret, device=device, contribution="hostile-part")


def seated_game(devices, problems, site_url, relay, *, first: int):
    """The table with the hostile peer seated at seat 1 and the game started."""
    host, honest, hostile, links = table(devices, problems, site_url, relay, first=first)
    say(hostile, "host", [join(hostile, links)])
    hostile.wait_for_function("window.hostile.inbox.some(m => m.msg?.t === 'seated')", timeout=WAIT_MS)
    host.wait_for_function("window.__app.net.states.join() === ',connected,connected'", timeout=WAIT_MS)
    start_hosted(host)
    hostile.wait_for_function("window.hostile.inbox.some(m => m.msg?.t === 'state')", timeout=WAIT_MS)
    return host, honest, hostile, links


# ---------------------------------------------------------------------- speaking by hand
VERSION = 2  # the protocol's version (web/js/net/protocol.js)


def encode(t: str, **fields) -> str:
    return json.dumps({"v": VERSION, "t": t, **fields})


def say(hostile: Page, to: str, texts: list[str]) -> int:
    """Send ``texts`` to the peers ``to``; returns the inbox's length before (for ``since``)."""
    return hostile.evaluate("([to, texts]) => window.hostile.send(to, texts)", [to, texts])


def since(hostile: Page, mark: int, t: str | None = None) -> list[dict]:
    """The host's messages the hostile peer received after ``mark`` (of type ``t``)."""
    inbox = hostile.evaluate("(mark) => window.hostile.inbox.slice(mark)", mark)
    host = hostile.evaluate("window.hostile.host")
    return [m["msg"] for m in inbox if m["from"] == host and "msg" in m and (t is None or m["msg"]["t"] == t)]


def refusals(hostile: Page, mark: int, count: int) -> list[dict]:
    """Wait for ``count`` refusals after ``mark``; returns them (and no more may come)."""
    hostile.wait_for_function("""([mark, count]) => window.hostile.inbox.slice(mark)
                                   .filter(m => m.from === window.hostile.host && m.msg?.t === 'refused').length >= count""",
                              arg=[mark, count], timeout=20_000)
    return since(hostile, mark, "refused")


def wait_message(hostile: Page, mark: int, t: str) -> None:
    """Wait until a message of type ``t`` from the host came after ``mark``."""
    hostile.wait_for_function("""([mark, t]) => window.hostile.inbox.slice(mark)
                                   .some(m => m.from === window.hostile.host && m.msg?.t === t)""",
                              arg=[mark, t], timeout=WAIT_MS)


def last_state(hostile: Page) -> dict:
    """The newest state the host sent the hostile peer."""
    states = since(hostile, 0, "state")
    assert states, "the hostile peer has no state"
    return states[-1]


def wait_turn(host: Page, seat: int) -> None:
    """Wait until the host's table waits for ``seat`` (a seat on another device)."""
    host.wait_for_function("""(seat) => { const a = window.__app; return a.phase === 'remote' && a.idle
                                && a.status && a.status.current_player === seat; }""", arg=seat, timeout=WAIT_MS)


def snapshot(host: Page, honest: Page) -> dict:
    """What must not change: the host's game and status, the honest guest's table."""
    save = host.evaluate("window.__app.save()")
    return {"actions": save["actions"], "status": host.evaluate("window.__app.status"),
            "states": host.evaluate("window.__app.net.states"),
            "guest": honest.evaluate("""(() => { const a = window.__app; return { phase: a.phase, status: a.status,
                                          view: a.view, setup: a.setup, seat: a.net.seat,
                                          connection: a.net.connection }; })()""")}


def honest_move(host: Page, honest: Page, rnd: random.Random) -> tuple[float, str]:
    """The honest guest makes one move; returns the seconds until the host had it, and the move."""
    honest.wait_for_function("window.__app.idle && window.__app.phase === 'human'", timeout=WAIT_MS)
    assert my_turn(honest)
    before = host.evaluate("window.__app.status.actions")
    started = time.monotonic()
    action = click_an_action(honest, rnd)
    host.wait_for_function("(n) => window.__app.status.actions > n", arg=before, timeout=WAIT_MS)
    return time.monotonic() - started, action


def play_own_move(hostile: Page, host: Page) -> None:
    """The hostile peer plays a legal move of its own seat, as an honest page would."""
    state = last_state(hostile)
    assert state["status"]["current_player"] == HOSTILE
    action = next(a["id"] for a in state["view"]["legal_actions"] if a["id"] != "cancel")
    mark = say(hostile, "host", [encode("act", id="own-move", action=action, at=state["at"])])
    host.wait_for_function("(n) => window.__app.status.actions > n", arg=state["at"], timeout=WAIT_MS)
    # the state that move caused names it, and comes after the one it was made at
    hostile.wait_for_function("""(mark) => window.hostile.inbox.slice(mark)
                                   .some(m => m.msg?.t === 'state' && m.msg.re === 'own-move')""", arg=mark, timeout=WAIT_MS)
    caused = [s for s in since(hostile, mark, "state") if s.get("re") == "own-move"]
    assert len(caused) == 1 and caused[0]["at"] == state["at"] + 1 and caused[0]["rev"] > state["rev"], caused
    assert since(hostile, mark, "refused") == []


# ---------------------------------------------------------------------- the tests
def test_a_seat_is_given_only_for_its_own_secret_and_never_taken_from_a_connected_device(
        site_url, nostr_relay, devices, problems):
    host, honest, hostile, links = table(devices, problems, site_url, nostr_relay, first=HONEST)
    record = host.evaluate("localStorage.getItem('moteplay.table.v1')")
    before = {"states": host.evaluate("window.__app.net.states"), "seat": honest.evaluate("window.__app.net.seat")}
    assert before == {"states": [None, "waiting", "connected"], "seat": HONEST}

    attempts = [
        join(hostile, links, HONEST, secret_of=HOSTILE),      # seat 2 with seat 1's secret
        encode("join", seat=HOSTILE, secret="made-up-secret-123", device="hostile-device", contribution="hostile-part"),
        join(hostile, links, None, secret_of=HOSTILE),        # the table screen with a seat's secret
        join(hostile, links, 0, secret_of=HOSTILE),           # the computer's seat
        join(hostile, links, HONEST, secret_of=HONEST),       # seat 2's own secret, leaked, from another device
    ]
    mark = say(hostile, "host", attempts)
    refused = refusals(hostile, mark, len(attempts))
    assert [r["re"] for r in refused] == ["join"] * len(attempts), refused
    errors = [r["error"] for r in refused]
    assert "not valid for that seat" in errors[0] and "not valid for that seat" in errors[1], errors
    assert "not valid for that seat" in errors[2], errors
    assert "not played from another device" in errors[3], errors
    assert "Ada is already played on another device" in errors[4], errors
    assert since(hostile, mark, "seated") == []

    # nothing changed: the seats, the table's record (no part of the deal taken), the guest
    assert host.evaluate("window.__app.net.states") == before["states"]
    assert host.evaluate("localStorage.getItem('moteplay.table.v1')") == record
    assert honest.evaluate("window.__app.net.seat") == HONEST
    assert honest.evaluate("window.__app.net.connection") == "connected"

    # its own invitation does seat it; then another seat is refused to that connection
    mark = say(hostile, "host", [join(hostile, links)])
    wait_message(hostile, mark, "seated")
    assert since(hostile, mark, "seated")[0]["seat"] == HOSTILE
    start_hosted(host)
    wait_turn(host, HONEST)
    kept = snapshot(host, honest)
    mark = say(hostile, "host", [join(hostile, links, HONEST, secret_of=HONEST, device="hostile-device-2")])
    refused = refusals(hostile, mark, 1)
    assert refused[0]["re"] == "join" and "already has a seat" in refused[0]["error"], refused
    assert snapshot(host, honest) == kept

    # the honest guest plays on
    honest_move(host, honest, random.Random(1))


def test_moves_for_another_seat_and_from_an_old_step_are_refused(site_url, nostr_relay, devices, problems):
    host, honest, hostile, links = seated_game(devices, problems, site_url, nostr_relay, first=HONEST)
    wait_turn(host, HONEST)
    honest_view = honest.evaluate("window.__app.view")
    theirs = [a["id"] for a in honest_view["legal_actions"]]
    at = host.evaluate("window.__app.status.actions")
    assert last_state(hostile)["at"] == at
    kept = snapshot(host, honest)

    # the honest guest's moves, sent by seat 1 at the right step; an undo of seat 1 too
    ids = [f"other-{i}" for i in range(len(theirs[:3]))] + ["undo-1"]
    attempts = [encode("act", id=i, action=action, at=at) for i, action in zip(ids, theirs[:3])] + [encode("undo", id="undo-1", at=at)]
    mark = say(hostile, "host", attempts)
    refused = refusals(hostile, mark, len(attempts))
    assert [r["re"] for r in refused] == ids, refused
    assert all("not your turn" in r["error"] for r in refused), refused
    assert all("stale" not in r for r in refused), refused  # at the right step: refused for the seat
    assert since(hostile, mark, "undone") == []
    assert [s for s in since(hostile, mark, "state") if "re" in s] == []
    assert snapshot(host, honest) == kept

    # the honest guest's move goes through; the computer moves; then seat 1's turn
    rnd = random.Random(2)
    while host.evaluate("window.__app.status.current_player") == HONEST:
        honest_move(host, honest, rnd)
    wait_turn(host, HOSTILE)
    hostile.wait_for_function("(n) => { const s = window.hostile.inbox.filter(m => m.msg?.t === 'state').at(-1);"
                              " return s.msg.at === n; }", arg=host.evaluate("window.__app.status.actions"),
                              timeout=WAIT_MS)
    state = last_state(hostile)
    now = state["at"]
    mine = [a["id"] for a in state["view"]["legal_actions"] if a["id"] != "cancel"]
    kept = snapshot(host, honest)

    # its own legal move, but for an older step, a later one, or a step that never was
    ids = ["old", "later", "never"]
    stale = [encode("act", id=i, action=mine[0], at=at) for i, at in zip(ids, (now - 1, now + 1, 0))]
    stale.append(encode("undo", id="old-undo", at=now - 1))
    ids.append("old-undo")
    mark = say(hostile, "host", stale)
    refused = refusals(hostile, mark, len(stale))
    assert [r["re"] for r in refused] == ids, refused
    assert all("moved on" in r["error"] and r.get("stale") is True for r in refused), refused
    # each stale refusal is followed by the game as it is now (no `re`: nothing was caused)
    hostile.wait_for_function("""([mark, n]) => window.hostile.inbox.slice(mark)
                                   .filter(m => m.msg?.t === 'state').length >= n""", arg=[mark, len(stale)], timeout=WAIT_MS)
    states = since(hostile, mark, "state")
    assert all(s["at"] == now and s["rev"] == state["rev"] and "re" not in s for s in states), states
    assert snapshot(host, honest) == kept

    # the same move at the current step is taken (the refusals above were for the step alone);
    # a second move sent at once for that same step is refused: the game moved on
    mark = say(hostile, "host", [encode("act", id="first", action=mine[0], at=now),
                                 encode("act", id="second", action=mine[-1], at=now)])
    refused = refusals(hostile, mark, 1)
    assert refused[0]["re"] == "second" and "moved on" in refused[0]["error"] and refused[0].get("stale") is True, refused
    after = host.evaluate("window.__app.save()")["actions"]
    assert after[:now] == kept["actions"] and len(after) == now + 1, after
    assert len(since(hostile, mark, "refused")) == 1
    caused = [s for s in since(hostile, mark, "state") if "re" in s]
    assert [(s["re"], s["at"]) for s in caused] == [("first", now + 1)], caused


def test_malformed_messages_are_refused_with_a_clear_error_and_a_flood_is_dropped(
        site_url, nostr_relay, devices, problems):
    host, honest, hostile, links = seated_game(devices, problems, site_url, nostr_relay, first=HONEST)
    wait_turn(host, HONEST)
    at = host.evaluate("window.__app.status.actions")
    action = honest.evaluate("window.__app.view.legal_actions[0].id")
    kept = snapshot(host, honest)

    # (the message, the words of its refusal, the `re` it names: the id when it had a good one)
    cases = [
        ('{"v":2,"t":"cheat"}', "unknown message type “cheat”", "?"),
        ('{"v":2,"t":"act",', "not valid JSON", "?"),
        ('{"v":2,"t":"act","__proto__":{"seat":2},"id":"p1","action":"%s","at":%d}' % (action, at),
         "forbidden key (__proto__)", "?"),
        (encode("act", id="m1", action=action, at=at, seat=HONEST), "unexpected field “seat” in act", "m1"),
        (encode("act", id="m2", action=action), "bad or missing field “at” in act", "m2"),
        (encode("act", action=action, at=at), "bad or missing field “id” in act", "?"),
        (encode("act", id="x" * 25, action=action, at=at), "bad or missing field “id” in act", "?"),
        (encode("undo", id="a.b", at=at), "bad or missing field “id” in undo", "?"),
        (encode("hint", id="<img>", at=at), "bad or missing field “id” in hint", "?"),
        ('{"v":2,"t":"act","constructor":{"prototype":{"x":1}}}', "forbidden key (constructor)", "?"),
        ('[1,2,3]', "must be a JSON object", "?"),
        ('{"v":2}', "a message needs a type", "?"),
        (json.dumps({"v": 2, "t": "act", "id": "big", "action": "x" * 1_000_000, "at": at}), "too large", "?"),
    ]
    mark = say(hostile, "host", [text for text, _, _ in cases])
    refused = refusals(hostile, mark, len(cases))
    assert len(refused) == len(cases), refused
    for (text, said, re), reply in zip(cases, refused):
        assert reply["re"] == re, (text[:60], reply)
        assert reply["error"].startswith("Message refused:") and said in reply["error"], (text[:60], reply)
        assert len(reply["error"]) < 200, reply
        assert "version" not in reply and "stale" not in reply, reply
    assert snapshot(host, honest) == kept

    # a page of another version of the messages is told to reload, with the host's version
    other = [json.dumps({"v": 1, "t": "act", "action": action, "at": at}),
             json.dumps({"v": 3, "t": "act", "id": "v3", "action": action, "at": at}),
             json.dumps({"t": "act", "id": "v0", "action": action, "at": at})]
    mark = say(hostile, "host", other)
    refused = refusals(hostile, mark, len(other))
    assert len(refused) == len(other), refused
    for text, reply in zip(other, refused):
        assert reply["re"] == "?" and reply["version"] == VERSION, (text[:60], reply)
        assert "different versions of Moteplay" in reply["error"] and "reload this page" in reply["error"], reply
        assert len(reply["error"]) < 200, reply
    assert "(version 1, this page version 2)" in refused[0]["error"], refused
    assert "(version 3, this page version 2)" in refused[1]["error"], refused
    assert "(no version this page knows, this page version 2)" in refused[2]["error"], refused
    assert snapshot(host, honest) == kept

    # 1,000 messages in a second: the rate limit's burst is handled (each refused), one "too
    # many" refusal a second comes back, and the rest (over 960) is dropped unread
    hostile.wait_for_timeout(3000)  # the rate limit's bucket fills again
    flood_ids = [f"flood-{i}" for i in range(1000)]
    flood = [encode("act", id=i, action=action, at=at) for i in flood_ids]
    mark = say(hostile, "host", flood)
    # meanwhile the honest guest's move reaches the host at once
    seconds, moved = honest_move(host, honest, random.Random(3))
    assert seconds < 5, f"the host took {seconds:.1f} s to take the honest guest's move during the flood"
    hostile.wait_for_timeout(1500)
    refused = since(hostile, mark, "refused")
    many = [r for r in refused if "Too many messages" in r["error"]]
    assert 1 <= len(many) <= 3, refused
    assert all(r["re"] in (*flood_ids, "?") for r in refused), refused
    assert all(r["re"] == "?" for r in many), many
    # the messages answered, by their place in the flood: the burst (the first 30, each refused
    # by its id), then at most 10 a second for as long as the flood took to arrive (bounded by
    # the time from sending it to the last answer's return)
    answered = [int(r["re"].removeprefix("flood-")) for r in refused if r["re"] != "?"]
    assert len(answered) == len(refused) - len(many), refused
    assert answered[:30] == list(range(30)), answered
    assert answered == sorted(set(answered)), answered
    last = hostile.evaluate("""([mark, re]) => window.hostile.inbox.slice(mark)
                                .find(m => m.msg?.t === 'refused' && m.msg.re === re).time - window.hostile.sentAt""",
                            [mark, f"flood-{answered[-1]}"]) / 1000
    assert len(answered) - 30 <= 10 * last + 1, f"{len(answered)} messages of the flood handled in {last:.2f} s"
    assert len(refused) <= 50, f"{len(refused)} refusals for a flood of 1,000 messages"
    after = host.evaluate("window.__app.save()")["actions"]
    assert after[:at] == kept["actions"] and json.dumps(after[at]).count(moved) == 1  # the honest guest's move
    assert host.evaluate("window.__app.net.states") == kept["states"]


def test_hints_and_replays_are_only_for_the_seat_and_the_moment(site_url, nostr_relay, devices, problems):
    host, honest, hostile, links = seated_game(devices, problems, site_url, nostr_relay, first=HOSTILE)
    wait_turn(host, HOSTILE)
    state = last_state(hostile)
    kept = snapshot(host, honest)

    # two hints at once: the first is worked out, the second refused while it is
    mark = say(hostile, "host", [encode("hint", id="hint-1", at=state["at"]), encode("hint", id="hint-2", at=state["at"])])
    refused = refusals(hostile, mark, 1)
    assert refused[0]["re"] == "hint-2" and "already" in refused[0]["error"], refused
    wait_message(hostile, mark, "hint")
    hints = since(hostile, mark, "hint")
    assert len(hints) == 1 and hints[0]["re"] == "hint-1" and hints[0]["reply"]["ok"] is True, hints
    legal = {a["id"] for a in state["view"]["legal_actions"]}
    assert hints[0]["reply"]["action"] in legal, hints
    assert len(since(hostile, mark, "refused")) == 1

    # replays during the game: another seat's view, or all hands, are refused; its own is not
    mark = say(hostile, "host", [encode("replay", id="r-honest", step=0, seat=HONEST, open=False),
                                 encode("replay", id="r-computer", step=0, seat=0, open=False),
                                 encode("replay", id="r-open", step=0, open=True),
                                 encode("replay", id="r-own", step=0, seat=HOSTILE, open=False)])
    refused = refusals(hostile, mark, 3)
    assert [r["re"] for r in refused] == ["r-honest", "r-computer", "r-open"], refused
    assert "only your own seat" in refused[0]["error"] and "only your own seat" in refused[1]["error"], refused
    assert "once the game is over" in refused[2]["error"], refused
    wait_message(hostile, mark, "replay")
    replays = since(hostile, mark, "replay")
    assert len(replays) == 1 and replays[0]["re"] == "r-own" and replays[0]["reply"]["ok"] is True, replays
    assert replays[0]["reply"]["view"]["seat"] == HOSTILE
    assert "open_hands" not in replays[0]["reply"]["view"]
    assert snapshot(host, honest) == kept

    # the game goes on: seat 1 moves, the computer, then the honest guest
    play_own_move(hostile, host)
    wait_turn(host, HONEST)
    honest_move(host, honest, random.Random(4))


def test_a_peer_posing_as_the_host_is_ignored_by_the_guests(site_url, nostr_relay, devices, problems):
    host, honest, hostile, links = seated_game(devices, problems, site_url, nostr_relay, first=HONEST)
    wait_turn(host, HONEST)
    kept = snapshot(host, honest)
    from_host = [m for m in received(honest) if m["t"] == "state"]
    ignored = honest.evaluate("window.__app.net.ignored")
    honest_id = hostile.evaluate("[...window.hostile.guests][0]")
    self_id = hostile.evaluate("window.hostile.selfId")

    # the nonce the honest guest sent the hostile peer, signed by the host (for the hostile
    # peer's own id: the host signs what it is asked, and names who asked)
    nonce = next(m["msg"]["nonce"] for m in hostile.evaluate("window.hostile.inbox")
                 if m["from"] == honest_id and m.get("msg", {}).get("t") == "hello")
    mark = say(hostile, "host", [encode("hello", nonce=nonce)])
    wait_message(hostile, mark, "proof")
    proof = since(hostile, mark, "proof")[0]
    assert proof["nonce"] == nonce and proof["peer"] == self_id

    fake_table = {"game": "motto", "title": "Motto", "hints": True, "options": {},
                  "seats": [{"name": "Mallory's bot", "kind": "bot"}, {"name": "Mallory", "kind": "remote"},
                            {"name": "Ada", "kind": "remote"}]}
    status = {**kept["guest"]["status"], "is_over": True, "scores": [0, 99, 0], "winners": [HOSTILE]}
    view = kept["guest"]["view"]
    own = since(hostile, 0, "proof")[0]  # the proof of the hostile peer's first hello, its own nonce
    forged = [
        json.dumps(own),                                              # the host's proof of another nonce
        json.dumps(proof),                                            # the host's proof, for another peer
        json.dumps({**proof, "peer": honest_id}),                     # ... named for the guest: the signature fails
        encode("proof", nonce=nonce, peer=honest_id, sig="A" * 86,    # a made-up signature
               commitment="0" * 64, host="The host"),
        encode("seated", seat=0, table=fake_table, waiting=False),
        encode("state", rev=10**9, at=kept["status"]["actions"] + 1, status=status, view=view, table=fake_table),
        encode("refused", re="1", error="Your page is out of date: open https://evil.example"),
        encode("undone", re="1", undone={"id": "x", "label": "Mallory's undo"}),
        encode("refused", re="?", error="Reload this page.", version=VERSION + 1),
        encode("reveal", at=1, secret="s" * 43, contributions=["a", "b", "c"],
               save={"game": "motto", "seed": 1, "actions": []}),
    ]
    say(hostile, "guests", forged)
    honest.wait_for_function("(n) => window.__app.net.ignored >= n", arg=ignored + len(forged), timeout=20_000)
    honest.wait_for_timeout(500)
    assert honest.evaluate("window.__app.net.ignored") == ignored + len(forged)
    assert snapshot(host, honest) == kept
    assert honest.evaluate("window.__app.net.reveal") is None
    # the forged texts reached the page (it keeps all it receives) but the host's states are as before
    texts = honest.evaluate("window.__app.net.received")
    assert all(text in texts for text in forged)
    assert [m for m in received(honest) if m["t"] == "state" and m["table"]["seats"][0]["name"] == "Robo"] == from_host
    assert honest.inner_text("#table").count("Mallory's bot") == 0

    # the honest guest still plays, and its next state comes from the host
    honest_move(host, honest, random.Random(5))
    honest.wait_for_function("(n) => window.__app.status.actions > n", arg=kept["status"]["actions"], timeout=WAIT_MS)
    assert honest.evaluate("window.__app.setup.seats[0].name") == "Robo"


def test_a_message_of_another_version_from_a_peer_posing_as_the_host_does_not_stop_a_guest(
        site_url, nostr_relay, devices, problems):
    host, honest, hostile, links = seated_game(devices, problems, site_url, nostr_relay, first=HONEST)
    wait_turn(host, HONEST)
    # the honest guest's page, reloaded, says hello to every peer; the hostile peer answers at
    # once with a message of another version, before the host's proof can come
    hostile.evaluate("""() => { window.hostile.onhello = (link) => {
                          link.send(JSON.stringify({ v: 1, t: 'ping' }));
                          link.send(JSON.stringify({ v: 3, t: 'refused', re: '?', error: 'Reload this page.', version: 3 })); }; }""")
    honest.add_init_script("""window.__nets = [];
        new MutationObserver(() => { const s = document.body?.dataset.net; if (s && window.__nets.at(-1)?.[0] !== s)
          window.__nets.push([s, document.getElementById('net-status')?.textContent ?? '']); })
          .observe(document, { subtree: true, attributes: true, attributeFilter: ['data-net'] });""")
    # the host's page busy for a while (a slow phone): the hostile peer's answer comes first
    host.evaluate("() => { setTimeout(() => { const end = Date.now() + 8000; while (Date.now() < end); }, 300); }")
    honest.reload()
    honest.wait_for_function("window.__app.net?.ignored >= 2", timeout=WAIT_MS)
    # once the host's proof comes, the guest joins and takes its seat back: the other version's
    # messages stopped nothing (what the page showed meanwhile: window.__nets)
    wait_seated(honest)
    nets = [state for state, _ in honest.evaluate("window.__nets")]
    assert nets[-2:] == ["joining", "connected"], nets
    assert "failed" not in nets, nets  # a few seconds of another version's messages say nothing yet
    assert honest.evaluate("window.__app.net.ignored") == 2
    assert honest.evaluate("window.__app.net.seat") == HONEST
    assert host.evaluate("window.__app.net.states") == [None, "connected", "connected"]
    honest_move(host, honest, random.Random(6))
