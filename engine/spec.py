"""What a game is made of: one :class:`Game` value per game.

Each game package builds its ``GAME`` in its ``__init__.py`` and :mod:`engine.games` registers it
with one line (:func:`engine.registry.register`). Everything else that needs to know about a game reads
its spec: the engine (:func:`engine.registry.game_class`), the bots (:func:`engine.bots.make_bot`), the
hard bot's search (:class:`SearchHooks`), the terminal (:attr:`Game.text`), the tests
(:attr:`Game.hidden`, the hidden-information oracle) and the site's build (:class:`WebAssets`:
the page's list of games, views, styles, rules texts and the rules' data). ``tests/engine/test_specs.py`` checks
that every game has every part and that the parts agree.

This module names its parts' types only for the reader: it imports nothing from the engine at
run time, so ``core`` can use it and it never depends on the bots.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from .core import GameInfo, State
    from .hidden import HiddenInfo
    from .rng import Rng


@dataclass(frozen=True)
class SearchHooks:
    """How the hard bot (:mod:`engine.bots.search`) plays one game. Every hook is optional:
    ``None`` means the search's own default, named in brackets.

    To add a hook: add a field here (default ``None``, with its docstring line), read it in the
    search as ``hooks_of(state).<field>`` with its default, and give it in each game's
    ``SearchHooks(...)`` (one line in its ``__init__.py``) where the game has one.
    """

    #: ``options(state, seat) -> list of action-id lists``: the whole decisions open to the seat
    #: to move (a complete set of three cards rather than its first card). A game with this hook
    #: is searched by flat determinized Monte Carlo over these options [information-set MCTS].
    options: Callable[[State, int], list[list[str]]] | None = None
    #: ``rollout(state, rng) -> action id or list of ids``: the cheap policy that plays a sampled
    #: world on; it may read all of the determinized state it is given [uniformly random moves].
    rollout: Callable[[State, Rng], str | list[str]] | None = None
    #: ``evaluate(state) -> list[float]``: a reward in [0, 1] per seat for a rollout cut short
    #: [the outcome from the scores].
    evaluate: Callable[[State], list[float]] | None = None
    #: ``roll(state, rng, limit) -> state``: plays ``state`` on with ``rollout`` in one call,
    #: exactly as stepping it would (the same moves, the same random numbers), stopping where the
    #: search's stepping stops (the end, the ``horizon``, or ``limit`` steps); for speed. The end
    #: state is only judged, so it need not keep its history or log [step by step].
    roll: Callable[[State, Rng, int], State] | None = None
    #: how many rollout steps before the evaluator judges the position [2000: to the end].
    depth: int | None = None
    #: ``horizon(start) -> stop(state) -> bool``: given the state a rollout starts from, a test
    #: that ends it early, e.g. at the end of the current year [no horizon].
    horizon: Callable[[State], Callable[[State], bool]] | None = None
    #: ``reason(state, seat, line, found) -> str``: a suggestion's reason in the game's own
    #: words, from what the seat can see and the search's ``Found`` [how the move fared].
    reason: Callable[..., str] | None = None
    #: ``scores_now(state, seat, line) -> (points, words)``: what the move (a whole decision, as
    #: ``options`` gives it) scores right now in the game's points, read from what the seat can
    #: see, and the words for it ("scores 6 points now"; ``(0, "")`` for nothing). A hint that
    #: passes over a move scoring more now names it [nothing scores now: only a close runner-up].
    scores_now: Callable[[State, int, list[str]], tuple[float, str]] | None = None
    #: ``features(state) -> (rows, progress)``: for the expert's learned evaluation, one list of
    #: numbers per seat and how far the game has gone (0..1); it may read the whole
    #: (determinized) state it is given [no learned evaluation: the expert plays like hard].
    features: Callable[[State], tuple[list[list[float]], float]] | None = None
    #: the names of those features, in order (the weights file ``evaluation.json`` lists them too)
    feature_names: tuple[str, ...] = ()
    #: rollout steps the expert plays before the learned evaluation judges [the ``depth`` hook].
    expert_depth: int | None = None
    #: ``likelihood(state, seat) -> chance(world) -> float``: for the expert, how likely a world
    #: dealt for ``seat`` is, given what the other seats did in public, relative to the likeliest
    #: deal (0..1); it reads only what ``seat`` can see of ``state``. Worlds are dealt as for the
    #: hard bot and each kept with that chance [every deal the seat's view allows equally likely].
    likelihood: Callable[[State, int], Callable[[State], float]] | None = None


@dataclass(frozen=True)
class WebAssets:
    """The game's files in the page, as paths inside ``web/`` (the site's root once built)."""

    #: the view module that draws a seat's view (``js/views/<game>.js``, see web/js/views/index.js)
    view: str
    #: its stylesheet, linked from the page (``css/<game>.css``)
    css: str
    #: the Rules panel's text (``rules/<game>.html``, following ``docs/rules/<game>.md``)
    rules: str
    #: ``rules_data(rules_doc) -> {name: data}``: the data the game's Rules figures and card
    #: reference read, taken from the engine's own data at build time: the site's build writes
    #: each ``data`` as ``rules/<name>.json`` (``name`` is the game's name or starts with it and a
    #: hyphen); ``rules_doc`` is the text of ``docs/rules/<game>.md`` [no data files]
    rules_data: Callable[[str], dict[str, dict]] | None = None

    def to_json(self) -> dict:
        return {"view": self.view, "css": self.css, "rules": self.rules}


@dataclass(frozen=True)
class Game:
    """One game: everything the engine, the bots, the terminal, the tests and the page need.

    ``state``: the :class:`~engine.core.State` subclass (its ``info`` names the game);
    ``bots``: the game's own bot classes (``name``, ``title``, ``choose``), beside the generic
    ``random`` and ``hard`` bots that serve every game; the lobby's medium level is the one named
    ``greedy``; ``search``: the hard bot's :class:`SearchHooks`; ``text``: ``render(view, names)
    -> str``, the table for the terminal; ``hidden``: the game's
    :class:`~engine.hidden.HiddenInfo`, what each seat must never see (the oracle of the
    hidden-information tests); ``web``: its :class:`WebAssets`.
    """

    state: type[State]
    bots: tuple[type, ...]
    search: SearchHooks
    text: Callable[[dict, list[str]], str]
    hidden: HiddenInfo
    web: WebAssets

    @property
    def info(self) -> GameInfo:
        return self.state.info

    @property
    def name(self) -> str:
        return self.state.info.name
