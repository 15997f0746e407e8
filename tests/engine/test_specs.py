"""Every game's spec (engine/spec.py) has every part, and the parts agree with each other, with
the engine and with the page: the registry, the bots and levels, the search hooks, the terminal
text, the hidden-information model and the web assets. A game that lacks a part fails here."""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
import re
from pathlib import Path

import pytest

import engine
from engine import registry
from engine.bots import LEVELS, Bot, make_bot
from engine.bots.hints import Found
from engine.core import State
from engine.registry import game_names, game_spec, register
from engine.hidden import HiddenInfo
from engine.rng import Rng
from engine.spec import Game, SearchHooks, WebAssets

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
GAMES = game_names()


def test_every_game_package_is_registered_once():
    packages = sorted(p.name for p in (ROOT / "engine" / "games").iterdir()
                      if (p / "__init__.py").is_file())
    assert sorted(GAMES) == packages, "every package under engine/games/ is a registered game"
    for name in GAMES:
        assert importlib.import_module(f"engine.games.{name}").GAME is game_spec(name)
        assert game_spec(name).name == name == game_spec(name).info.name


def test_register_takes_one_new_spec():
    spec = game_spec("motto")
    with pytest.raises(ValueError, match="registered already"):
        register(spec)
    with pytest.raises(TypeError, match="spec"):
        register(spec.state)
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        game_spec("chess")


@pytest.mark.parametrize("name", GAMES)
def test_the_spec_has_every_part(name):
    spec = game_spec(name)
    assert isinstance(spec, Game)
    for part in dataclasses.fields(Game):
        assert getattr(spec, part.name) is not None, f"{name} has no {part.name}"
    assert issubclass(spec.state, State) and spec.state.info.name == name
    assert isinstance(spec.search, SearchHooks) and isinstance(spec.web, WebAssets)
    assert isinstance(spec.hidden, HiddenInfo) and callable(spec.text)
    assert spec.bots and all(isinstance(b, type) and issubclass(b, Bot) for b in spec.bots)
    names = [b.name for b in spec.bots]
    assert len(set(names)) == len(names) and all(b.title for b in spec.bots)


@pytest.mark.parametrize("name", GAMES)
def test_every_level_has_a_bot_that_plays(name):
    state = engine.new_game(name, game_spec(name).info.min_players, seed=4)
    for level in LEVELS:
        bot = make_bot(name, level, **({"iterations": 4} if level == "hard" else {}))
        assert bot.choose(state.clone(), state.current_player, Rng(1)) in {a.id for a in state.legal_actions()}
    for cls in game_spec(name).bots:
        action = cls().choose(state.clone(), state.current_player, Rng(1))
        assert action in {a.id for a in state.legal_actions()}, f"{cls.name} chose {action!r}"


def _started(name: str) -> State:
    """A game a few random moves in (so every hook meets a running game)."""
    state = engine.new_game(name, game_spec(name).info.min_players, seed=8)
    rng = Rng(8)
    for _ in range(6):
        state.apply(state.legal_actions()[rng.below(len(state.legal_actions()))].id)
    return state


@pytest.mark.parametrize("name", GAMES)
def test_every_search_hook_is_callable_and_answers_in_kind(name):
    hooks = game_spec(name).search
    for field in dataclasses.fields(SearchHooks):
        value = getattr(hooks, field.name)
        if field.type.startswith("int"):
            assert value is None or (type(value) is int and value > 0), f"{name}'s {field.name} is {value!r}"
        elif field.type.startswith("tuple[str"):
            assert isinstance(value, tuple) and all(isinstance(v, str) and v for v in value), \
                f"{name}'s {field.name} is {value!r}"
        else:
            assert value is None or callable(value), f"{name}'s {field.name} hook is not callable"
    state = _started(name)
    seat, legal = state.current_player, {a.id for a in state.legal_actions()}
    if hooks.options:
        options = hooks.options(state.clone(), seat)
        assert options and all(isinstance(o, list) and o for o in options)
        assert all(o[0] in legal for o in options)
    if hooks.rollout:
        step = hooks.rollout(state.clone(), Rng(3))
        assert (step if isinstance(step, str) else step[0]) in legal
    if hooks.evaluate:
        values = hooks.evaluate(state.clone())
        assert len(values) == state.num_players and all(0.0 <= v <= 1.0 for v in values)
    if hooks.horizon:
        assert hooks.horizon(state.clone())(state.clone()) in (True, False)
    if hooks.features:
        rows, progress = hooks.features(state.clone())
        assert len(rows) == state.num_players and 0.0 <= progress <= 1.0
        assert all(len(row) == len(hooks.feature_names) for row in rows)
    if hooks.reason:
        line = (hooks.options(state, seat) if hooks.options else [[a] for a in sorted(legal)])[0]
        reason = hooks.reason(state.clone(), seat, line, Found(plays=30, chance=0.5, gain=2.0, options=3))
        assert isinstance(reason, str) and reason


@pytest.mark.parametrize("name", GAMES)
def test_the_text_renders_every_seat_view(name):
    state = _started(name)
    names = [f"Seat {i + 1}" for i in range(state.num_players)]
    for seat in list(range(state.num_players)) + [None]:
        text = game_spec(name).text(state.view(seat), names)
        assert isinstance(text, str) and text.strip()


@pytest.mark.parametrize("name", GAMES)
def test_the_hidden_information_model_agrees_with_the_state(name):
    """The model's slots are real places of the state; pinned slots are hidden ones; a re-deal
    keeps the cards (only moves them); something is hidden from every seat; the
    name finder knows every key and phrase it was given."""
    model = game_spec(name).hidden
    state = _started(name)
    for seat in range(state.num_players):
        hidden = model.hidden(state, seat)
        assert all(isinstance(place, list) and 0 <= i < len(place) for place, i in hidden)
        where = {(id(place), i) for place, i in hidden}
        assert len(where) == len(hidden), "a slot is listed twice"
        assert all((id(place), i) in where for place, i in model.pinned(state, seat))
        assert sum(model.unseen(state, seat).values()) > 0, f"nothing is hidden from seat {seat}"
        assert all(count >= 0 for count in model.visible(state, seat).values())
        redealt = model.redeal(state, seat, random.Random(seat))
        assert sorted(map(repr, (p[i] for p, i in model.hidden(redealt, seat)))) == \
            sorted(map(repr, (p[i] for p, i in hidden)))
    for key, kind in model.keys.items():
        assert model.named(json.dumps({"card": key})) == {kind}, \
            f"{name}'s card key {key!r} is not found as a key (letters, digits, + and - only)"
    for phrase, kind in model.phrases.items():
        assert kind in model.named(f"Seat 1 sees {phrase}.")


@pytest.mark.parametrize("name", GAMES)
def test_the_web_assets_exist_and_fit_the_page(name):
    web = game_spec(name).web
    for part, folder, suffix in (("view", "js/views/", ".js"), ("css", "css/", ".css"), ("rules", "rules/", ".html")):
        path = getattr(web, part)
        assert path.startswith(folder) and path.endswith(suffix), f"{name}'s {part} {path!r} is not {folder}*{suffix}"
        assert (WEB / path).is_file(), f"{name}'s {part} web/{path} does not exist"
    view = (WEB / web.view).read_text()
    assert re.search(r"^export function render\(root, view, ctx\)", view, re.M), "the view exports render()"
    rules = (WEB / web.rules).read_text()
    assert '<section data-section="overview"' in rules, "the rules text has its sections"
    assert (ROOT / "docs" / "rules" / f"{name}.md").is_file(), "the rules text follows docs/rules/<game>.md"


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_data_is_named_after_the_game(name):
    """Each data file a game gives the Rules panel (``rules/<name>.json``) is named after the game,
    so no two games write the same file; it is plain JSON."""
    make = game_spec(name).web.rules_data
    if make is None:
        return
    doc = (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8")
    files = make(doc)
    assert files, f"{name} names a rules_data that gives no file"
    for stem, data in files.items():
        assert stem == name or stem.startswith(f"{name}-"), stem
        assert json.loads(json.dumps(data)) == data


def test_the_page_lists_no_game_by_hand():
    """The page's lists of games, views, stylesheets, rules and the rules' data come from the
    specs (the build writes js/games.js, the stylesheet links and rules/<game>-*.json): the
    shell's files and the build name no game."""
    for rel in ("index.html", "js/views/index.js", "js/rules-panel.js", "js/rules-figures.js", "js/rules-cards.js",
                "js/games.js", "js/app.js", "js/lobby.js", "../scripts/assemble_site.py", "../scripts/build"):
        text = (WEB / rel).read_text()
        for name in GAMES:
            assert not re.search(rf"\b{name}\b[^ -]", re.sub(r"<title>.*?</title>|<meta [^>]*>", "", text)), \
                f"web/{rel} names {name}"


def test_a_hook_left_out_is_the_search_default(monkeypatch):
    """A game may leave any hook out: the search then uses its default (here: no options, so
    information-set MCTS; no rollout policy, so random moves)."""
    spec = game_spec("motto")
    monkeypatch.setitem(registry._GAMES, "motto", dataclasses.replace(spec, search=SearchHooks()))
    state = engine.new_game("motto", 2, seed=3)
    action = make_bot("motto", "hard", iterations=20).choose(state, state.current_player, Rng(2))
    assert action in {a.id for a in state.legal_actions()}
