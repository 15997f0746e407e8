"""The game interface every game implements, and the machinery shared by all of them.

A game's rules are a subclass of :class:`State` with a :class:`GameInfo` describing it; its package
puts that class, its bots and the rest together in one :class:`engine.spec.Game`, registered in
:mod:`engine.registry`. The engine keeps the whole truth in the state; players (human views, bots, the terminal) only ever see
:meth:`State.view` of their own seat and choose among :meth:`State.legal_actions`.

A game is fully determined by ``(game, num_players, options, seed, actions)``: that tuple is the
heart of the save format, so save, load, replay and bug reports are one mechanism. A save also
holds the whole position at saving time (:meth:`State.snapshot`): when an engine update makes
the actions replay differently, loading goes on from that position instead (see
:func:`engine.saves.load_save`).

Subclasses implement these hooks (all private, the public API is written once here):

``_setup()``
    deal the cards from ``self.rng`` and set ``self._current``.
``_legal()``
    the list of :class:`Action` for the player to move (never empty while the game runs).
``_apply(action)``
    carry out a legal action (it has been checked already).
``_why_illegal(action_id)``
    a sentence saying why an id is not legal now, or ``None`` for the generic message.
``_legal_action(action_id)`` (optional)
    the legal :class:`Action` with that id, or ``None``: by default looked up in the list, which
    :meth:`apply` would otherwise build for every action (a game whose rollouts apply many
    actions may answer directly, exactly as its list does).
``fields`` (a class attribute), ``_copy_into(other)``
    the game's own state fields, declared once (an :class:`engine.fields.Fields`); by default
    ``_copy_into`` copies them into a fresh instance (for :meth:`clone`), and ``_write_state``
    and ``_read_state`` (below) write and read them.
``_table(seat)``, ``_prompt(seat)``
    the visible table and the prompt for one seat (``None``: a spectator). The table must be new
    data on every call, sharing no list or dict with the state, with module constants or with
    another call (data the state keeps ready-made goes through :func:`json_copy`): callers may
    change what a view gives them.
``_scores()``, ``_result_table()``
    final scores, and the breakdown shown at the end.
``_holdings(seat)``
    the seat's private holdings (its hand and anything else face down it owns) as new plain
    data, for :meth:`State.open_hands` once the game is over.
``_winners()``, ``_result_extra()`` (optional)
    the winning seats of a finished game (by default every seat with the best score: a game with
    a tie-break or an instant win says otherwise), and the game's own fields added to
    :meth:`State.result` (by default none).
``_reveal()`` (a helper, not a hook)
    called by a game wherever something hidden becomes visible to anyone (a card drawn or turned
    from the deck, a face-down card turned up, a look at hidden cards): the action that did it
    can no longer be taken back (see :meth:`State.undo`).
``_write_state()``, ``_read_state(reader, schema)``
    the game's own fields as plain JSON data for a saved position, and back (checking every
    value: see :mod:`engine.snapshot`); ``state_schema`` is the version of that layout.
    ``_settle()`` moves a position read from an older save on over steps the rules now take by
    themselves (by default the forced steps, see ``_forced_step()``; a game may do more).
``_determinize(seat, rng)``
    re-deal, in place, everything ``seat`` cannot see, consistently with what it has seen. The
    result must depend only on what ``seat`` knows and on ``rng``: gather the unseen cards, *sort*
    them, then shuffle with ``rng`` (so two deals the seat cannot tell apart give the same result;
    the bot honesty tests rely on this).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Iterable

from . import inputs, snapshot
from .fields import Fields
from .inputs import quote
from .rng import Rng
from .version import __version__

#: the save format :meth:`State.save` writes (engine/saves.py reads it and the older ones)
SAVE_FORMAT = "moteplay-save-2"

class IllegalActionError(ValueError):
    """An action that is not legal in the current state. The state is left unchanged."""


@dataclass(frozen=True, slots=True)
class Action:
    """One atomic decision: a stable machine ``id`` and a human ``label``.

    Labels may contain ``{P0}``, ``{P1}``… which a front end replaces by seat names.
    """

    id: str
    label: str

    def to_json(self) -> dict:
        return {"id": self.id, "label": self.label}


@dataclass(frozen=True, slots=True)
class Option:
    """A game setting chosen in the lobby. ``values`` are strings; ``default`` is one of them."""

    name: str
    title: str
    values: tuple[str, ...]
    default: str
    help: str = ""

    def to_json(self) -> dict:
        return {"name": self.name, "title": self.title, "values": list(self.values),
                "default": self.default, "help": self.help}


@dataclass(frozen=True)
class GameInfo:
    """What the lobby needs to know about a game."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    blurb: str = ""

    def to_json(self) -> dict:
        return {"name": self.name, "title": self.title, "min_players": self.min_players,
                "max_players": self.max_players, "blurb": self.blurb,
                "options": [o.to_json() for o in self.options]}


def seat_option(max_players: int) -> Option:
    """The common "who starts" option: random from the seed, or a chosen seat (1-based)."""
    return Option("first_player", "First player", ("random",) + tuple(str(i) for i in range(1, max_players + 1)),
                  "random", "Who takes the first turn: drawn from the seed, or a chosen seat.")


class State:
    """The state of one game. Create it with :func:`engine.new_game` or :func:`engine.load`."""

    info: ClassVar[GameInfo]
    #: what a score counts, singular and plural ("point", "points"; Moteneba counts hearts)
    score_unit: ClassVar[tuple[str, str]] = ("point", "points")
    #: the version of the layout ``_write_state`` writes; ``_read_state`` reads it and older ones
    state_schema: ClassVar[int] = 1
    #: the game's own state fields, declared once (see :mod:`engine.fields`): by default
    #: ``_copy_into``, ``_write_state`` and ``_read_state`` copy, write and read them
    fields: ClassVar[Fields]

    def __init__(self, num_players: int, *, seed: int = 0, options: dict | None = None) -> None:
        info = self.info
        if not isinstance(num_players, int) or isinstance(num_players, bool):
            raise ValueError(f"the number of players must be a whole number, not {quote(num_players)}")
        if not info.min_players <= num_players <= info.max_players:
            raise ValueError(f"{info.title} is for {info.min_players}-{info.max_players} players, "
                             f"not {quote(num_players)}")
        inputs.seed(seed)
        self.num_players = num_players
        self.seed = seed
        self.options = self.normalize_options(options, num_players)
        self.rng = Rng(seed)
        self.history: list[str] = []
        self.log: list[str] = []
        # marks on public log lines a player should notice (see _say): (line, kind, seats)
        self.moments: tuple[tuple[int, str, tuple[int, ...]], ...] = ()
        self._current: int | None = 0
        self._over = False
        self._memo: tuple[int, list[Action]] | None = None  # legal actions of the current step
        # undo: the actions before history[_undo_floor] can no longer be taken back, and why
        self._undo_floor = 0
        self._undo_reason = ""
        self._last_actor: int | None = None
        self._turns = 0            # turns begun: a turn is one seat's decisions until another seat acts
        self._revealed = False
        # the position the history starts from, as a snapshot; None: dealt from the seed
        self._start: dict | None = None
        self._setup()
        self._take_forced_steps()

    # ------------------------------------------------------------------ options
    @classmethod
    def normalize_options(cls, options: dict | None, num_players: int) -> dict:
        """Check the options and fill in defaults. Raises ``ValueError`` with a clear message."""
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise ValueError("options must be a mapping of option name to value")
        known = {o.name: o for o in cls.info.options}
        for name in options:
            if name not in known:
                raise ValueError(f"{cls.info.title} has no option {quote(name)}; "
                                 f"known options: {', '.join(known) or 'none'}")
        result = {}
        for opt in cls.info.options:
            value = options.get(opt.name, opt.default)
            if isinstance(value, bool):
                value = "on" if value else "off"
            elif isinstance(value, int) and abs(value) < 1000:
                value = str(value)
            if value not in opt.values:
                raise ValueError(f"option {opt.name!r} must be one of {', '.join(opt.values)}, "
                                 f"not {quote(value)}")
            result[opt.name] = value
        if result.get("first_player", "random") != "random" and int(result["first_player"]) > num_players:
            raise ValueError(f"seat {result['first_player']} cannot take the first turn in a "
                             f"{num_players}-player game: choose a seat from 1 to {num_players}, or random")
        return result

    def _first_player(self) -> int:
        """The starting seat from the ``first_player`` option (drawn from the seed if random)."""
        choice = self.options.get("first_player", "random")
        if choice == "random":
            return self.rng.below(self.num_players)
        return int(choice) - 1

    # ------------------------------------------------------------------ turn state
    @property
    def current_player(self) -> int | None:
        """The seat to move, or ``None`` once the game is over."""
        return None if self._over else self._current

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def turn(self) -> int:
        """The number of the turn in progress (1 at the start; the last turn once over). A turn
        is one seat's run of decisions until another seat acts: in Motto a take, a draw or a
        play; in Mottainai a whole Morning-Noon-Night; in Moteneba one cube taken or placed, an
        event played, a +3 Power step. This is what a player calls "turn 12", not the number of
        actions (a play of three cards is four actions)."""
        if self._over or self._last_actor is None or self._current == self._last_actor:
            return max(1, self._turns)
        return self._turns + 1

    def legal_actions(self) -> list[Action]:
        """The legal actions of the player to move, in a deterministic order ([] once over).

        The list is computed once per step; treat it as read-only. (Code that edits a state's
        fields directly, as tests do, should call :meth:`_forget_legal` afterwards.)"""
        if self._over:
            return []
        memo = self._memo
        if memo is not None and memo[0] == len(self.history):
            return memo[1]
        actions = self._legal()
        self._memo = (len(self.history), actions)
        return actions

    def apply(self, action: Action | str, *, seat: int | None = None) -> None:
        """Carry out one legal action, given as an :class:`Action` or its id.

        ``seat``, if given, is the seat that means to act: anything from a seat that is not to
        move is refused. Anything not currently legal raises :class:`IllegalActionError` and
        changes nothing.
        """
        action_id = action.id if isinstance(action, Action) else action
        if not isinstance(action_id, str):
            raise IllegalActionError(f"an action id must be a string, not {quote(action_id)}")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise IllegalActionError(f"a seat must be a whole number, not {quote(seat)}")
        if self._over:
            raise IllegalActionError("the game is over; no more actions can be taken")
        if seat is not None and seat != self._current:
            raise IllegalActionError("it is not your turn: {P%d} is to move" % self._current)
        legal = self._legal_action(action_id)
        if legal is None:
            reason = self._why_illegal(action_id) if len(action_id) <= inputs.MAX_NAME else None
            if reason is None:
                reason = "that move is not possible now"
            raise IllegalActionError(reason)
        self._carry_out(legal, record=True)
        self._take_forced_steps()

    def _carry_out(self, legal: Action, *, record: bool) -> None:
        """Apply one legal action: a decision (``record``: it joins the history and is its seat's
        act) or a forced step (no one's act: it follows from the decision before it, and an undo
        of that decision takes it back too)."""
        actor = self._current if record else self._last_actor
        if actor != self._last_actor:       # another seat acts: what came before is final
            self._undo_floor = len(self.history)
            self._turns += 1
        rng_before = self.rng.state
        self._revealed = False
        if record:
            self.history.append(legal.id)
        self._memo = None
        self._apply(legal)
        self._memo = None
        self._last_actor = actor
        if self._revealed or self.rng.state != rng_before or self._over:
            self._undo_floor = len(self.history)
            self._undo_reason = ("the game ended" if self._over else
                                 "a new card was seen" if self._revealed else
                                 "chance was used")

    # ------------------------------------------------------------------ forced steps
    #: whether forced steps are taken by the engine (off only while an old save is replayed)
    _takes_forced_steps = True

    def _take_forced_steps(self) -> None:
        """Take every forced step now due for its player: a step the game marks as showing
        nothing (:meth:`_forced_step`) with exactly one legal answer. It is logged as the game
        logs that answer, but it is no decision: it is not in :attr:`history`, so saves, undo and
        replays hold the players' decisions only."""
        while self._takes_forced_steps and not self._over:
            forced = self._forced_step()
            if forced is None:
                return
            legal = self.legal_actions()
            if len(legal) != 1 or legal[0].id != forced:
                return
            self._carry_out(legal[0], record=False)

    # ------------------------------------------------------------------ undo
    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last decision now (see :meth:`undo`)."""
        return self._why_no_undo(seat) is None

    def undo(self, seat: int) -> str:
        """Take back the last decision of ``seat``, which must be to move, restoring the exact
        earlier state (log, view and all). Returns the id of the action taken back.

        Allowed only for the seat's own decisions since something new was last revealed: a
        decision can no longer be taken back once another seat has acted, once a card was drawn
        or turned up or anything hidden was shown (the game calls :meth:`_reveal`), once chance
        was used (the random generator moved), or once the game is over. So an undo never shows
        a seat anything it had not already seen. Anything else raises
        :class:`IllegalActionError` and changes nothing."""
        reason = self._why_no_undo(seat)
        if reason is not None:
            raise IllegalActionError(reason)
        undone = self.history[-1]
        earlier = self.restart()
        for action_id in self.history[:-1]:
            earlier.apply(action_id)
        self.__dict__.clear()
        self.__dict__.update(earlier.__dict__)
        return undone

    def restart(self) -> "State":
        """The same game before any action of its history: same players, seed and options (for
        undo, replays). For a game that went on from a saved position (see :func:`engine.saves.load_save`),
        that position."""
        if self._start is not None:
            return self.__class__._from_snapshot(self.num_players, self.seed, self.options, self._start,
                                                 start=self._start)
        return self.__class__(self.num_players, seed=self.seed, options=self.options)

    def _why_no_undo(self, seat) -> str | None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_players:
            return f"a seat must be a whole number 0..{self.num_players - 1}, not {quote(seat)}"
        if self._over:
            return "the game is over; nothing can be taken back"
        if seat != self._current:
            return "it is not your turn: {P%d} is to move" % self._current
        if self._last_actor is None:
            return "nothing can be taken back: nothing has been done yet"
        if self._last_actor != seat:
            return "nothing to take back: you have made no decision since {P%d} acted" % self._last_actor
        if len(self.history) <= self._undo_floor:
            return "undo is not possible once %s" % self._undo_reason
        return None

    def clone(self) -> "State":
        """An independent copy (the game's own fields copied as its ``fields`` say: fast enough
        for search)."""
        other = self.__class__.__new__(self.__class__)
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options
        other.rng = self.rng.copy()
        other.history = list(self.history)
        other.log = list(self.log)
        other.moments = self.moments  # a tuple of tuples: shared, never changed in place
        other._current = self._current
        other._over = self._over
        other._memo = self._memo
        other._undo_floor = self._undo_floor
        other._undo_reason = self._undo_reason
        other._last_actor = self._last_actor
        other._turns = self._turns
        other._revealed = self._revealed
        other._start = self._start  # read-only data, shared
        self._copy_into(other)
        return other

    def determinize(self, seat: int, rng: Rng) -> "State":
        """A copy in which everything ``seat`` cannot see is re-dealt at random, consistently
        with everything that seat has seen (for bots that search under hidden information).
        The copy's own random generator is reseeded too, so future draws are unknown as well."""
        self._check_seat(seat)
        other = self.clone()
        other.rng = rng.split()
        other._memo = None  # the re-dealt hand of the player to move may offer other actions
        other._determinize(seat, rng)
        return other

    # ------------------------------------------------------------------ results
    def scores(self) -> list[int]:
        """Each seat's score (for a finished game, the final score)."""
        return self._scores()

    def winners(self) -> list[int]:
        """The winning seats (several on a shared win); empty until the game is over."""
        if not self._over:
            return []
        return list(self._winners())

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> dict:
        """Everything ``seat`` may see, as a JSON-safe dict (``None``: a spectator).

        The view is new data: it shares nothing with the state or with any other call, so the
        caller may change it freely. (It is built fresh rather than copied: bots call it in
        their rollouts.)"""
        if seat is not None:
            self._check_seat(seat)
        to_move = not self._over and seat == self._current
        return {
            "game": self.info.name,
            "title": self.info.title,
            "num_players": self.num_players,
            "seat": seat,
            "current_player": self.current_player,
            "is_over": self._over,
            "prompt": self._prompt(seat),
            "legal_actions": [a.to_json() for a in self.legal_actions()] if to_move else [],
            "log": list(self.log),
            "moments": [{"line": line, "kind": kind, "seats": list(seats)} for line, kind, seats in self.moments],
            "result": self.result() if self._over else None,
            "table": self._table(seat),
        }

    def result(self) -> dict:
        """The final score table: scores, winners, what a score counts (``unit``: singular and
        plural), and a breakdown any front end can render.
        New data on every call, like :meth:`view`."""
        columns, rows = self._result_table()
        scores = list(self._scores())
        return {"scores": scores, "winners": self.winners(), "unit": list(self.score_unit),
                "columns": json_copy(columns),
                "rows": [{"seat": seat, "cells": json_copy(cells), "total": scores[seat]}
                         for seat, cells in enumerate(rows)],
                **json_copy(self._result_extra())}

    # ------------------------------------------------------------------ open hands (replays)
    def open_hands(self) -> list[dict]:
        """Every seat's private holdings (hand, and whatever else face down it owns) as plain
        data in the card shapes of the game's views: ``[{"seat": s, ...}]``. Deck order is never
        part of it. This is the whole truth about the hands: a front end shows it only once the
        game is over (the bridge's ``replay_view`` refuses it before). New data on every call."""
        return [{"seat": seat, **self._holdings(seat)} for seat in range(self.num_players)]

    def _holdings(self, seat: int) -> dict:
        """Hook: ``seat``'s private holdings for :meth:`open_hands` (new data on every call)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ saving
    def save(self) -> dict:
        """A JSON-safe save: enough to rebuild this exact state with :func:`engine.load`: the
        settings, the seed, the actions (``start``: the position they start from, ``null`` for
        the deal of the seed) and the position after them (``state``, see :meth:`snapshot`)."""
        return {"format": SAVE_FORMAT, "engine": __version__, "game": self.info.name,
                "num_players": self.num_players, "options": dict(self.options),
                "seed": self.seed, "start": json_copy(self._start), "actions": list(self.history),
                "state": self.snapshot()}

    def snapshot(self) -> dict:
        """The whole position as plain JSON data: the game's own fields (``game``, in the layout
        ``schema``), the random generator, the seat to move, the log, and what undo needs. With
        the settings of the save, :func:`engine.load` rebuilds exactly this position from it."""
        return {"schema": self.state_schema, "rng": f"{self.rng.state:016x}", "turns": self._turns,
                "current": self._current, "over": self._over, "log": list(self.log),
                "moments": [[line, kind, list(seats)] for line, kind, seats in self.moments],
                "undo": {"floor": self._undo_floor, "reason": self._undo_reason, "last_actor": self._last_actor},
                "game": self._write_state()}

    @classmethod
    def _from_snapshot(cls, num_players: int, seed: int, options: dict, data, start: dict | None) -> "State":
        """The position a :meth:`snapshot` describes, with an empty history starting from
        ``start``. ``ValueError`` says what does not fit this engine."""
        what = "the saved position"
        reader = snapshot.Reader(data, what)
        schema = reader.get("schema", snapshot.whole, 1, 1 << 31)
        if schema > cls.state_schema:
            raise ValueError(f"{what} was written by a newer version of the engine (layout {schema}; "
                             f"this engine reads up to {cls.state_schema})")
        state = cls.__new__(cls)
        state.num_players = num_players
        state.seed = seed
        state.options = options
        state.rng = Rng(0)
        rng = reader.get("rng", snapshot.text)
        if len(rng) != 16 or any(c not in "0123456789abcdef" for c in rng):
            raise ValueError(f"{what}'s rng must be 16 hexadecimal digits, not {quote(rng)}")
        state.rng.state = int(rng, 16)
        state.history = []
        state._turns = reader.get("turns", snapshot.whole, 0, 1 << 31)
        state.log = reader.get("log", snapshot.list_of, snapshot.text, most=inputs.MAX_VALUES)
        # a position saved before the log's lines were marked has no "moments"
        state.moments = tuple(snapshot.list_of(reader.data.get("moments", []), reader.name("moments"),
                                               _read_moment, len(state.log), num_players))
        state._over = reader.get("over", snapshot.flag)
        state._current = reader.get("current", snapshot.seat, num_players)
        state._memo = None
        undo = reader.sub("undo")
        state._undo_floor = undo.get("floor", snapshot.whole, 0, inputs.MAX_ACTIONS + 1)
        state._undo_reason = undo.get("reason", snapshot.text)
        state._last_actor = undo.get("last_actor", snapshot.optional(snapshot.seat), num_players)
        state._revealed = False
        state._start = start
        state._read_state(snapshot.Reader(reader.raw("game"), what), schema)
        state._settle()
        if not state._over and not state.legal_actions():
            raise ValueError(f"{what} leaves the seat to move with nothing to do")
        state._forget_legal()
        return state

    # ------------------------------------------------------------------ helpers for games
    def _forget_legal(self) -> None:
        self._memo = None

    def _check_seat(self, seat) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be 0..{self.num_players - 1}, not {quote(seat)}")

    def _end_game(self) -> None:
        self._over = True

    def _next_seat(self, seat: int, step: int = 1) -> int:
        return (seat + step) % self.num_players

    def _reveal(self) -> None:
        """Something hidden became visible (a card drawn or turned up, hidden cards looked at):
        the action being carried out, and everything before it, can no longer be taken back."""
        self._revealed = True

    def _say(self, text: str, moment: str | None = None, seats: Iterable[int] = ()) -> None:
        """Add a line to the public log (seat names as ``{P0}``…). ``moment`` marks it as a
        public event a player should notice where they are looking, not only in the log (the
        view's ``moments``: ``reshuffle``, ``last_round``, ``year_scored``, ``work``, ``effect``;
        docs/bridge-contract.md), ``seats`` the seats it concerns."""
        if moment is not None:
            self.moments += ((len(self.log), moment, tuple(seats)),)
        self.log.append(text)

    def __repr__(self) -> str:
        status = "over" if self._over else f"seat {self._current} to move"
        return f"<{self.info.title} {self.num_players}p seed={self.seed} {status}, {len(self.history)} actions>"

    # ------------------------------------------------------------------ hooks
    def _setup(self) -> None:
        raise NotImplementedError

    def _legal(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _legal_action(self, action_id: str) -> Action | None:
        """Hook: the legal action of the player to move whose id is ``action_id``, else ``None``.
        Looked up in :meth:`legal_actions` here; a game may answer without listing every action
        (rollouts apply thousands of actions), and must then answer exactly as that list does
        (tests/engine/test_legal_lookup.py checks every game's)."""
        for legal in self.legal_actions():
            if legal.id == action_id:
                return legal
        return None

    def _why_illegal(self, action_id: str) -> str | None:
        return None

    def _forced_step(self) -> str | None:
        """Hook: the id of the one answer of the current step when that step is forced and shows
        the player nothing (the engine then takes it for them), else ``None``."""
        return None

    def _copy_into(self, other: "State") -> None:
        self.fields.copy(self, other)

    def _write_state(self) -> dict:
        return self.fields.write(self)

    def _read_state(self, reader: "snapshot.Reader", schema: int) -> None:
        self.fields.read(reader, self)

    def _settle(self) -> None:
        """Bring a position read from a save up to the current rules. By default it takes the
        forced steps the position waits at (see :meth:`_forced_step`): a step the rules now take
        by themselves that a player used to answer. A game may do more."""
        self._take_forced_steps()

    def _determinize(self, seat: int, rng: Rng) -> None:
        raise NotImplementedError

    def _prompt(self, seat: int | None) -> str:
        raise NotImplementedError

    def _table(self, seat: int | None) -> dict:
        raise NotImplementedError

    def _scores(self) -> list[int]:
        raise NotImplementedError

    def _result_table(self) -> tuple[list[str], list[list]]:
        raise NotImplementedError

    def _winners(self) -> list[int]:
        """Hook: the winning seats of a finished game. By default every seat with the best score."""
        scores = self._scores()
        best = max(scores)
        return [seat for seat, s in enumerate(scores) if s == best]

    def _result_extra(self) -> dict:
        """Hook: the game's own fields added to :meth:`result` (JSON data; by default none)."""
        return {}


def json_copy(value):
    """A deep copy of JSON-like data: every dict and list (and tuple) is new; strings, numbers,
    booleans and None are immutable and kept. For data a game keeps ready-made from call to call
    (views and results must share nothing with the state or with other calls)."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _IMMUTABLE else json_copy(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [v if type(v) in _IMMUTABLE else json_copy(v) for v in value]
    return value


_IMMUTABLE = frozenset((str, int, float, bool, type(None)))


def _read_moment(value, what: str, lines: int, num_players: int) -> tuple[int, str, tuple[int, ...]]:
    """One mark of a stored position's log: ``[line, kind, seats]`` (see :meth:`State._say`)."""
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError(f"{what} must be [line, kind, seats], not {quote(value)}")
    line = snapshot.whole(value[0], what, 0, lines)
    kind = inputs.name(snapshot.text(value[1], what), what)
    seats = snapshot.list_of(value[2], what, snapshot.seat, num_players, most=num_players)
    return line, kind, tuple(seats)


def fill_names(text: str, names: Iterable[str]) -> str:
    """Replace ``{P0}``, ``{P1}``… in an engine text by the given seat names."""
    for seat, name in enumerate(names):
        text = text.replace("{P%d}" % seat, name)
    return text
