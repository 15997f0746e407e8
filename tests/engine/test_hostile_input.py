"""Hostile input at every boundary: ``engine.load``, ``engine.new_game`` and each bridge function.

Whatever arrives -- wrong types, ``true`` for a seat, NaN and infinities, huge numbers, 10 MB
strings, nesting a thousand levels deep (as JSON text and as Python values) -- the answer is a
``SaveError`` / ``ValueError`` or an ``{"ok": false, "error": ...}`` reply with a short message,
and the game that was running is exactly as it was.
"""

from __future__ import annotations

import codecs
import json

import pytest

import engine
from engine import bridge
from engine.saves import SaveError

SHORT = 300  # the longest acceptable error message, in characters
HUGE_TEXT = "x" * 10_000_000


def _deep_list(levels: int):
    value: list = []
    for _ in range(levels):
        value = [value]
    return value


def _deep_dict(levels: int):
    value: dict = {}
    for _ in range(levels):
        value = {"a": value}
    return value


# Python values that no field of a save or a bridge argument accepts (some fields accept a few of
# them, e.g. any short string as the engine version: those tests skip what is valid there)
HOSTILE_VALUES = {
    "none": None, "true": True, "false": False, "float-one": 1.0, "float": 2.5, "negative": -1,
    "two-pow-63": 2 ** 63, "two-pow-100000": 2 ** 100_000, "nan": float("nan"), "inf": float("inf"),
    "minus-inf": float("-inf"), "empty-string": "", "string-5": "5", "string-list": "[]",
    "string-true": "true", "huge-string": HUGE_TEXT, "list": ["motto"], "empty-object": {},
    "object": {"a": 1}, "deep-list": _deep_list(1000), "deep-dict": _deep_dict(1000),
    "deep-list-100000": _deep_list(100_000), "tuple": (1, 2), "bytes": b"motto", "set": {1},
}

# JSON texts that no bridge argument accepts as a whole
HOSTILE_TEXTS = {
    "not-json": "{not json", "truncated": '{"game": "motto"', "number": "5", "list": "[]",
    "true": "true", "string": '"motto"', "nan": "NaN", "infinity": "Infinity", "minus-infinity": "-Infinity",
    "big-float": "1e400", "huge-int": "9" * 20_000, "deep-list": "[" * 1000 + "]" * 1000,
    "deep-dict": '{"a":' * 1000 + "1" + "}" * 1000, "deep-unclosed": "[" * 100_000,
    "deep-in-string-ok-but-huge": '"' + "[" * 2_000_000 + '"', "huge-string": json.dumps(HUGE_TEXT),
    "nul": "\x00", "lone-surrogate": '"\\ud800"',
}


def _ids(mapping):
    return list(mapping)


# ---------------------------------------------------------------------- engine.load
@pytest.fixture(scope="module")
def good_save():
    state = engine.new_game("motto", 2, seed=3)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    return state.save()


def _assert_refused_save(saved):
    with pytest.raises(SaveError) as err:
        engine.load(saved)
    message = str(err.value)
    assert message and len(message) <= SHORT, message[:500]


SAVE_FIELDS = ("format", "engine", "game", "num_players", "options", "seed", "actions",
               "option-value", "action", "seats", "state", "start")


# what JSON cannot carry or what is beyond the limits, wherever it is
OVERSIZED = {"two-pow-100000", "nan", "inf", "minus-inf", "huge-string", "deep-list", "deep-dict",
             "deep-list-100000", "bytes", "set"}


def _valid_in(field, kind) -> bool:
    """The few hostile values that a field does accept."""
    if field == "engine":  # any short string
        return kind in ("empty-string", "string-5", "string-list", "string-true")
    if field == "options":
        return kind == "empty-object"
    if field == "actions":  # a list of strings that do not replay: the game goes on from its position
        return kind == "list"
    if field == "start":  # null: the actions start from the deal of the seed
        return kind == "none"
    if field == "action":  # a short string that is no legal action: the game goes on from its position
        return kind in ("empty-string", "string-5", "string-list", "string-true")
    if field == "seats":  # an extra key the engine ignores: only size, nesting and JSON matter
        return kind not in OVERSIZED
    return False


def _with(save: dict, field: str, value) -> dict:
    bad = dict(save)
    if field == "option-value":
        bad["options"] = {"first_player": value}
    elif field == "action":
        bad["actions"] = save["actions"][:2] + [value] + save["actions"][2:]
    else:
        bad[field] = value
    return bad


@pytest.mark.parametrize("field", SAVE_FIELDS)
@pytest.mark.parametrize("kind", _ids(HOSTILE_VALUES))
def test_load_refuses_hostile_values(good_save, field, kind):
    value = HOSTILE_VALUES[kind]
    if _valid_in(field, kind) and field in ("action", "actions"):
        loaded = engine.load_save(_with(good_save, field, value))
        assert loaded.restored and loaded.state.view(None) == engine.load(good_save).view(None)
        return
    if _valid_in(field, kind):
        assert engine.load(_with(good_save, field, value)).save()["actions"] == good_save["actions"]
        return
    _assert_refused_save(_with(good_save, field, value))


@pytest.mark.parametrize("kind", _ids(HOSTILE_TEXTS))
def test_load_refuses_hostile_text(kind):
    _assert_refused_save(HOSTILE_TEXTS[kind])


@pytest.mark.parametrize("kind", ["deep-list", "deep-dict", "deep-list-100000", "huge-string", "two-pow-100000",
                                  "nan", "bytes", "set", "tuple", "list", "true", "none", "string-5"])
def test_load_refuses_a_hostile_save_as_a_whole(kind):
    _assert_refused_save(HOSTILE_VALUES[kind])


def test_load_refuses_an_over_long_save(good_save):
    _assert_refused_save({**good_save, "actions": ["draw"] * 20_001})
    _assert_refused_save({**good_save, "actions": ["d" * 101]})
    _assert_refused_save({**good_save, "actions": good_save["actions"] + ["é" * 5000]})
    _assert_refused_save({**good_save, "seed": 2 ** 63})
    _assert_refused_save({**good_save, 5: "non-string key"})


def test_a_save_with_a_byte_order_mark_loads(good_save):
    """Windows Notepad writes UTF-8 with a byte-order mark: as bytes, or as text decoded
    without dropping it, the save loads as if the mark were not there."""
    text = json.dumps(good_save)
    for data in (codecs.BOM_UTF8 + text.encode(), bytearray(codecs.BOM_UTF8 + text.encode()),
                 "\ufeff" + text, "\ufeff" + json.dumps(good_save, indent=2) + "\r\n"):
        assert engine.load(data).save() == engine.load(good_save).save()
        reply = json.loads(bridge.load(data if isinstance(data, str) else data.decode("utf-8-sig")))
        assert reply["ok"] and reply["status"]["actions"] == len(good_save["actions"]), reply


def _utf16_forms(text: str) -> dict:
    """A save in UTF-16 and UTF-32 as the engine may receive it: the file's bytes, or those
    bytes decoded as UTF-8 (the browser's file.text()) or as Latin-1."""
    files = {"utf-16": text.encode("utf-16"), "utf-16-le-bom": codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
             "utf-16-be-bom": codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
             "utf-16-le": text.encode("utf-16-le"), "utf-16-be": text.encode("utf-16-be"),
             "utf-32": text.encode("utf-32")}
    forms = dict(files)
    forms.update({f"{name}-read-as-utf-8": data.decode("utf-8", "replace") for name, data in files.items()})
    forms.update({f"{name}-read-as-latin-1": data.decode("latin-1") for name, data in files.items()})
    return forms


def test_a_utf16_save_is_refused_with_what_to_do(good_save):
    for name, data in _utf16_forms(json.dumps(good_save, indent=1)).items():
        with pytest.raises(SaveError, match="UTF-16, not UTF-8: save the file as UTF-8") as err:
            engine.load(data)
        assert len(str(err.value)) <= SHORT, name
        if isinstance(data, str):
            reply = json.loads(bridge.load(data))
            assert reply["ok"] is False and "internal" not in reply, (name, reply)
            assert "save the file as UTF-8" in reply["error"], (name, reply)


@pytest.mark.parametrize("data", ["\ufeff", "\ufeff\ufeff{}", "\ufeff" * 100_000, "\ufeff\x00", "\ufeff[" * 1000,
                                  codecs.BOM_UTF8, codecs.BOM_UTF8 * 2 + b"{}", codecs.BOM_UTF8 + b"\xff{}",
                                  b"\xff\xfe", b"\xfe\xff\x00", codecs.BOM_UTF8 + "{}".encode("utf-16-le"),
                                  b"\x00" * 10, "\ufeff" + "\x00" * 10, "x\x00"],
                         ids=lambda data: repr(data[:12]))
def test_hostile_byte_order_marks_are_refused(data):
    _assert_refused_save(data)
    if isinstance(data, str):
        reply = json.loads(bridge.load(data))
        assert reply["ok"] is False and "internal" not in reply and len(reply["error"]) <= SHORT + 60, reply


def test_seeds_are_bounded_so_every_game_can_be_saved_again():
    top = engine.new_game("motto", 2, seed=2 ** 63 - 1)
    assert engine.load(json.dumps(top.save())).save() == top.save()
    for seed in (2 ** 63, 2 ** 100_000, -1, True, 1.0, "5", None):
        with pytest.raises(ValueError, match="seed") as err:
            engine.new_game("motto", 2, seed=seed)
        assert len(str(err.value)) <= SHORT


@pytest.mark.parametrize("kind", _ids(HOSTILE_VALUES))
def test_new_game_refuses_hostile_settings(kind):
    value = HOSTILE_VALUES[kind]
    for args, kwargs in (((value, 2), {}), (("motto", value), {}), (("motto", 2), {"seed": value}),
                         (("motto", 2), {"options": {"first_player": value}}),
                         (("motto", 2), {"options": value if value not in ({}, None) else [1]})):
        with pytest.raises(ValueError) as err:
            engine.new_game(*args, **kwargs)
        assert str(err.value) and len(str(err.value)) <= SHORT


def test_apply_refuses_hostile_moves_and_seats():
    state = engine.new_game("motto", 2, seed=3)
    before = json.dumps([state.save(), state.view(0), state.view(1)])
    for kind, value in HOSTILE_VALUES.items():
        for args, kwargs in (((value,), {}), (("draw",), {"seat": value})):
            if kwargs and value is None:
                continue
            with pytest.raises(engine.IllegalActionError) as err:
                state.apply(*args, **kwargs)
            assert str(err.value) and len(str(err.value)) <= SHORT, kind
    assert json.dumps([state.save(), state.view(0), state.view(1)]) == before


# ---------------------------------------------------------------------- the bridge
@pytest.fixture
def running_game(monkeypatch):
    """A game in progress in the bridge; yields its save, and checks it is untouched after.
    (No hostile call may get as far as running a benchmark.)"""
    import engine.benchmarks

    def no_benchmark(*args):
        pytest.fail(f"a hostile argument ran the benchmark: {args}")

    monkeypatch.setattr(engine.benchmarks, "all_games", no_benchmark)
    reply = json.loads(bridge.new_game(json.dumps({"game": "motto", "num_players": 2, "seed": 11})))
    assert reply["ok"]
    for _ in range(5):
        seat = json.loads(bridge.view("null"))["view"]["current_player"]
        assert json.loads(bridge.bot_turn(json.dumps({"seat": seat, "bot": "random", "seed": 1})))["ok"]
    saved = bridge.save()
    yield saved
    assert bridge.save() == saved, "a refused call changed the running game"


def _assert_refused_reply(reply: str):
    assert isinstance(reply, str) and len(reply) <= SHORT + 50, reply[:500]
    data = json.loads(reply)
    assert data["ok"] is False and data["error"] and len(data["error"]) <= SHORT, data
    assert "internal" not in data, data  # a refusal, not a bug


def _text(value) -> str | object:
    """A hostile value as the argument text the page would send (when JSON can carry it)."""
    if isinstance(value, (set, bytes, tuple)):
        return value  # only a Python caller can send these
    try:
        return json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return value  # not JSON-able: sent as the Python value


FIELD_SPECS = {
    # function: (a valid argument, fields whose hostile values are tested)
    "new_game": ({"game": "motto", "num_players": 2, "seed": 1, "options": {}},
                 ("game", "num_players", "seed", "options")),
    "apply": ({"seat": 0, "action": "draw"}, ("seat", "action")),
    "bot_turn": ({"seat": 0, "bot": "random", "seed": 1}, ("seat", "bot", "seed")),
    "benchmark": ({"seconds": 0.01, "hard_iterations": 1}, ("seconds", "hard_iterations")),
    "replay_view": ({"step": 1, "seat": 0, "open": False}, ("step", "seat", "open")),
}


def _field_valid(function, field, kind) -> bool:
    """The hostile values a field accepts (they would start a game, move, or run a benchmark)."""
    return ((function, field, kind) in {("new_game", "options", "empty-object"), ("new_game", "options", "none"),
                                         ("apply", "seat", "none"), ("replay_view", "seat", "none"),
                                         ("replay_view", "open", "false")}
            or (function, field) == ("benchmark", "seconds") and kind in ("float-one", "float"))


@pytest.mark.parametrize("function", ["new_game", "view", "apply", "bot_turn", "load", "benchmark", "replay_view"])
@pytest.mark.parametrize("kind", _ids(HOSTILE_TEXTS))
def test_bridge_refuses_hostile_text(running_game, function, kind):
    text = HOSTILE_TEXTS[kind]  # (apply takes text not starting with { or " as a bare action id)
    _assert_refused_reply(getattr(bridge, function)(text))


@pytest.mark.parametrize("function", ["new_game", "view", "apply", "bot_turn", "load", "benchmark", "replay_view"])
@pytest.mark.parametrize("kind", _ids(HOSTILE_VALUES))
def test_bridge_refuses_hostile_values_as_the_argument(running_game, function, kind):
    value = HOSTILE_VALUES[kind]
    if function == "view" and value in (None, ""):
        return  # a spectator's view
    if function == "benchmark" and kind in ("none", "empty-string", "empty-object", "object"):
        return  # the default benchmark: valid, and slow
    _assert_refused_reply(getattr(bridge, function)(_text(value)))
    if not isinstance(value, str):
        _assert_refused_reply(getattr(bridge, function)(value))  # a Python caller's value


@pytest.mark.parametrize("function,field", [(f, field) for f, (_, fields) in FIELD_SPECS.items() for field in fields])
@pytest.mark.parametrize("kind", _ids(HOSTILE_VALUES))
def test_bridge_refuses_hostile_fields(running_game, function, field, kind):
    value = HOSTILE_VALUES[kind]
    if _field_valid(function, field, kind):
        return
    spec = dict(FIELD_SPECS[function][0])
    if function in ("apply", "bot_turn"):
        spec["seat"] = json.loads(bridge.view("null"))["view"]["current_player"]
    spec[field] = value
    _assert_refused_reply(getattr(bridge, function)(_text(spec)))


@pytest.mark.parametrize("field", SAVE_FIELDS)
@pytest.mark.parametrize("kind", _ids(HOSTILE_VALUES))
def test_bridge_load_refuses_hostile_saves(running_game, field, kind):
    value = HOSTILE_VALUES[kind]
    if _valid_in(field, kind):
        return
    saved = json.loads(running_game)["save"]
    _assert_refused_reply(bridge.load(_text(_with(saved, field, value))))


def test_bridge_limits_are_what_the_docs_say(running_game):
    assert bridge.MAX_BENCHMARK_SECONDS == 30 and bridge.MAX_BENCHMARK_ITERATIONS == 10_000
    _assert_refused_reply(bridge.benchmark(json.dumps({"seconds": 30.5})))
    _assert_refused_reply(bridge.benchmark(json.dumps({"seconds": 1e9})))
    _assert_refused_reply(bridge.benchmark(json.dumps({"hard_iterations": 10_001})))
    seat = json.loads(bridge.view("null"))["view"]["current_player"]
    _assert_refused_reply(bridge.bot_turn(json.dumps({"seat": seat, "seed": 2 ** 63})))
    _assert_refused_reply(bridge.bot_turn(json.dumps({"seat": seat, "bot": "b" * 10_000_000})))
    _assert_refused_reply(bridge.apply(json.dumps({"seat": True, "action": "draw"})))
    _assert_refused_reply(bridge.apply(json.dumps({"seat": 1.0, "action": "draw"})))
    _assert_refused_reply(bridge.view("true"))
    _assert_refused_reply(bridge.view("1.0"))


def test_a_valid_call_still_works_after_hostile_ones(running_game):
    _assert_refused_reply(bridge.load("[" * 1000))
    seat = json.loads(bridge.view("null"))["view"]["current_player"]
    assert json.loads(bridge.view(json.dumps(seat)))["ok"]
    assert json.loads(bridge.view("null"))["ok"]
    assert json.loads(bridge.load(running_game and json.dumps(json.loads(running_game)["save"])))["ok"]
