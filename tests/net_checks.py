"""What a guest device may be sent in a game played on several devices: the tests' check.

The host's page runs the engine and sends each guest -- a player's device (one seat) or the table
screen (seat ``None``) -- JSON messages ``{"t": type, "at": actions so far, ...}``.
:func:`check_guest_messages` replays the finished game from its save and checks every message a
guest received against the position it was sent at, with the game's hidden-information model
(its spec's ``hidden``, :mod:`engine.hidden`: the oracle that ``tests/engine/test_hidden_info.py``
and the fuzz suite read). :func:`messages_from_bridge` plays a whole game through
:mod:`engine.bridge` and makes the messages a host would send after every action.

Importing: ``tests/`` is on ``sys.path`` for ``tests/e2e`` (a package whose root is ``tests/``)
and for ``scripts/fuzz``; a test in ``tests/engine`` puts it there itself
(``tests/engine/test_net_checks.py``). Then ``import net_checks``.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass

import engine
from engine import bridge
from engine.registry import game_spec
from engine.hidden import HiddenInfo

#: message types that may show everything once the game is over (sent at its last action)
AFTER_THE_END = ("reveal", "verify", "replay")
#: the one message type that may carry the seed, once the game is over
SEED_TYPE = "reveal"
#: the message types that may carry every hand and the deck, once the game is over (the
#: replay with open hands; the reveal, whose save holds the whole game)
OPEN_TYPES = ("replay", "reveal")
#: keys that give away the deck order (or the random generator that decides it) or every hand
FORBIDDEN_KEYS = ("deck", "rng", "open_hands")
#: a seed below this is not looked for as a bare number or digits in a text: it cannot be told
#: from an ordinary count or score (a ``seed`` key is refused whatever the seed)
SEED_FLOOR = 100_000

_QUOTED = re.compile("\u201c([^\u201d]*)\u201d")


@dataclass
class _Line:
    """One log line: the text, and the kinds it must not name (secret from the guest both just
    before the action that added it and just after; at the deal, secret at the deal)."""

    text: str
    forbidden: set


class _Game:
    """A finished game replayed once from its save, with what one guest may be told at every
    position ``0..len(actions)`` (the position after that many actions)."""

    def __init__(self, save: dict, seat: int | None) -> None:
        final = engine.load(save)
        actions = list(save["actions"])
        assert final.history == actions, "the save does not replay its own actions (saved by another engine?)"
        self.model: HiddenInfo = game_spec(final.info.name).hidden
        self.seat = seat
        self.seed = final.seed
        self.actions = len(actions)
        self.is_over = final.is_over
        state = final.restart()
        self.reference_texts, self.quoted, self.reference_values = _reference(state)
        self.secret: list[set] = [self.model.secret(state, seat)]
        self.log_length: list[int] = [len(state.log)]
        self.lines = [_Line(text, set(self.secret[0])) for text in state.log]
        for action_id in actions:
            before = self.secret[-1]
            state.apply(action_id)
            now = self.model.secret(state, seat)
            self.lines.extend(_Line(text, before & now) for text in state.log[len(self.lines):])
            self.secret.append(now)
            self.log_length.append(len(state.log))
        self._leaks: dict[tuple[str, int], set] = {}
        self.by_text: dict[str, list[tuple[int, set]]] = {}
        for index, line in enumerate(self.lines):
            self.by_text.setdefault(line.text, []).append((index, line.forbidden))

    def line_leaks(self, text: str, at: int) -> set | None:
        """``None`` when ``text`` is no line of the log at position ``at``; else the kinds it
        names that it must not (none when any line of that text could say it)."""
        written = self.log_length[at]
        occurrences = sum(1 for index, _ in self.by_text.get(text, ()) if index < written)
        if not occurrences:
            return None
        if (text, occurrences) not in self._leaks:
            named = self.model.named(text)
            self._leaks[text, occurrences] = min((named & forbidden for _, forbidden in self.by_text[text][:occurrences]),
                                                 key=len)
        return self._leaks[text, occurrences]


def _reference(state) -> tuple[set, set, list]:
    """The game's static reference text, which names cards without telling where any copy is:
    card rules texts (whole strings), the rules texts a prompt quotes (“Name: text”), and whole
    values such as Moteneba's list of every event card (as the deal's table shows it)."""
    texts, quoted, values = set(), set(), []
    if state.info.name == "mottainai":
        from engine.games.mottainai.cards import KINDS
        texts = {k.text for k in KINDS}
        quoted = {f"{k.name}: {k.text}" for k in KINDS}
    elif state.info.name == "moteneba":
        from engine.games.moteneba.board import EVENTS
        texts = {e["text"] for e in EVENTS.values()}
        values = [state.view(None)["table"]["event_cards"]]
    return texts, quoted, values


def _split(value, game: _Game, at: int | None, lines: list[str]):
    """``value`` without reference text; the strings that are log lines at position ``at`` are
    moved to ``lines`` (they are checked as lines, against the position that wrote them)."""
    if game.reference_values and isinstance(value, list) and value in game.reference_values:
        return None
    if isinstance(value, dict):
        return {k: _split(v, game, at, lines) for k, v in value.items()}
    if isinstance(value, list):
        return [_split(v, game, at, lines) for v in value]
    if isinstance(value, str):
        if at is not None and value in game.by_text and game.by_text[value][0][0] < game.log_length[at]:
            lines.append(value)
            return ""
        if value in game.reference_texts:
            return ""
        if "\u201c" in value:
            return _QUOTED.sub(lambda m: "" if m.group(1) in game.quoted else m.group(0), value)
    return value


def _contents(value) -> tuple[set, list]:
    """Every object key anywhere in JSON data, and every number and string (not the keys)."""
    keys, scalars, stack = set(), [], [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            keys.update(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        else:
            scalars.append(item)
    return keys, scalars


def _carries_seed(keys: set, scalars: list, seed: int) -> str | None:
    """How a message with these keys and values gives away ``seed``, if it does."""
    if "seed" in keys:
        return 'a "seed" key'
    if abs(seed) < SEED_FLOOR:
        return None
    digits = re.compile(r"(?<![0-9])" + re.escape(str(seed)) + r"(?![0-9])")
    for value in scalars:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value == seed:
            return f"the seed {seed} as a number"
        if isinstance(value, str) and digits.search(value):
            return f"the seed {seed} in the text {value[:80]!r}"
    return None


def check_guest_messages(save: dict, seat: int | None, messages: list[dict]) -> None:
    """Raise AssertionError naming the message and what leaked if any message a guest received
    names a card hidden from ``seat`` at the time it was sent.

    ``save``: the game's save as the bridge's ``save()`` gives it, taken at the end; ``seat``:
    the guest's seat, ``None`` for the table screen; ``messages``: what the guest received, in
    order. A message's position is its ``at`` (a whole number ``0..len(actions)``): the game
    replayed from the seed through its first ``at`` actions. Each message is checked thus:

    * **Cards.** ``json.dumps(message, sort_keys=True)`` must name (``HiddenInfo.named``) no kind
      in ``HiddenInfo.secret(position, seat)``: a kind with a copy the guest cannot see and no
      copy it can. For the table screen that is every kind outside the public places (hidden
      from some seat, or seen by some seats only, like a hand by its owner) with no public copy
      (``HiddenInfo.spectator_secret``). Static reference text is left out (card rules texts,
      a prompt's quoted “Name: text”, Moteneba's list of every event card). A string that is a
      line of the game's log at that position is checked as a line instead, as
      ``tests/engine/test_hidden_info.py`` checks new lines: it must not name a kind secret from
      the guest both before and after the action that wrote it (the guest saw the card then).
    * **No position.** A message without ``at``, or with ``at`` outside ``0..len(actions)``,
      cannot be placed, so it may name no card at all (not even a log line's), and it gets none
      of the exceptions below.
    * **After the end.** Only once the game is over, and only in a message sent then
      (``at == len(actions)`` of a finished game), may a ``reveal``, ``verify`` or ``replay``
      message name any card (the whole game may then be shown).
    * **The seed.** No message may carry the seed (a ``seed`` key anywhere; and for a seed of at
      least ``SEED_FLOOR``, the number as any value or its digits in any text), except a
      ``reveal`` message sent after the end.
    * **The deck and every hand.** No message may hold a key ``deck``, ``rng`` or
      ``open_hands``, except a ``replay`` or ``reveal`` message sent after the end.
    """
    game = _Game(save, seat)
    for index, message in enumerate(messages):
        kind = message.get("t")
        at = message.get("at")
        if not (type(at) is int and 0 <= at <= game.actions):
            at = None
        where = (f"message {index} ({kind!r}, at {message.get('at')!r}) to "
                 f"{'the table screen' if seat is None else f'seat {seat}'}")
        after_end = at == game.actions and game.is_over

        keys, scalars = _contents(message)
        if not (after_end and kind == SEED_TYPE):
            how = _carries_seed(keys, scalars, game.seed)
            assert how is None, f"{where} carries the seed: {how}"
        if not (after_end and kind in OPEN_TYPES):
            found = sorted(keys & set(FORBIDDEN_KEYS))
            assert not found, f"{where} holds the key(s) {found}: the deck order or every hand"
        if after_end and kind in AFTER_THE_END:
            continue

        lines: list[str] = []
        body = json.dumps(_split(message, game, at, lines), sort_keys=True)
        if at is None:
            named = sorted(map(str, game.model.named(body)))
            assert not named, f"{where} has no position, yet names the card(s) {named}: {body[:2000]}"
            continue
        leaked = sorted(map(str, game.model.named(body) & game.secret[at]))
        assert not leaked, f"{where} names {leaked}, hidden from this guest then: {body[:2000]}"
        for line in lines:
            leaked = sorted(map(str, game.line_leaks(line, at)))
            assert not leaked, f"{where} carries the log line {line!r}, which names {leaked}, hidden from this guest"


_NOTHING = object()


def _call(name: str, argument=_NOTHING) -> dict:
    """Call a bridge function with its argument as JSON text (none: no argument); its reply as
    data (a refusal fails the test)."""
    fn = getattr(bridge, name)
    reply = json.loads(fn() if argument is _NOTHING else fn(json.dumps(argument)))
    assert reply["ok"], f"bridge.{name}({argument!r}) refused: {reply['error']}"
    return reply


def messages_from_bridge(game: str, num_players: int, seed: int, options: dict | None = None,
                         seats: Iterable[int | None] | None = None, moves: str = "random",
                         max_actions: int = 20_000) -> tuple[dict, dict]:
    """Play a whole game through :mod:`engine.bridge` (replacing the bridge's current game) and
    make the messages a host sends each guest: at the deal and after every move,
    ``{"t": "state", "at": status["actions"], "status": status without "seed", "view": view(seat)}``.

    ``seats``: the guests (default: every seat and the table screen, ``None``). ``moves``:
    ``"random"`` plays a random legal action of the seat to move (from its view; chosen with
    ``random.Random(seed)``), one message per action; a bot's name has that bot take each turn
    (``bot_turn``), one message per turn. Returns ``(save, {seat: [messages]})``, the save as the
    bridge's ``save()`` gives it at the end."""
    seats = list(range(num_players)) + [None] if seats is None else list(seats)
    status = _call("new_game", {"game": game, "num_players": num_players, "seed": seed,
                                "options": options or {}})["status"]
    rng = random.Random(seed)
    sent: dict = {seat: [] for seat in seats}
    for _ in range(max_actions + 1):
        public = {k: v for k, v in status.items() if k != "seed"}
        for seat in seats:
            sent[seat].append({"t": "state", "at": status["actions"], "status": public,
                               "view": _call("view", seat)["view"]})
        if status["is_over"]:
            break
        mover = status["current_player"]
        if moves == "random":
            legal = _call("view", mover)["view"]["legal_actions"]
            status = _call("apply", {"seat": mover, "action": rng.choice(legal)["id"]})["status"]
        else:
            status = _call("bot_turn", {"seat": mover, "bot": moves, "seed": seed})["status"]
    else:
        raise AssertionError(f"{game} seed {seed} did not end within {max_actions} moves")
    return _call("save")["save"], sent
