"""Heuristic bots for Motto."""

from __future__ import annotations

from itertools import combinations

from ...bots import Bot
from ...bots.hints import Found, judged
from ...bots.search import outcome
from ...rng import Rng
from ...words import plural
from .rules import (ALL_KINDS, CARD_BY_KEY, KIND_INDEX, LEGAL, SHARED_KEYS, SHARES, STACK_KEYS, MottoState,
                    is_legal_play, shared_values, stack_label)


def _payout_value(stacks: dict, cards) -> int:
    """Points the play would take now: the top token of each shared value's stack."""
    return sum(stacks[key][0] for key in shared_values(cards) if stacks[key])


def best_play(stacks: dict, hand, must_include=()) -> tuple[int, tuple] | None:
    """The highest-paying legal triple from ``hand`` (containing ``must_include``), or ``None``.

    Ties go to the triple whose cards are least useful elsewhere: the lowest sorted keys, which
    keeps the choice deterministic.
    """
    rest = list(hand)
    for card in must_include:
        rest.remove(card)
    need = 3 - len(must_include)
    best = None
    for extra in combinations(sorted(rest), need):
        triple = tuple(must_include) + extra
        if not is_legal_play(triple):
            continue
        value = _payout_value(stacks, triple)
        if best is None or value > best[0]:
            best = (value, triple)
    return best


class MottoGreedyBot(Bot):
    """Medium: plays the best-paying set when it pays well, otherwise takes the card that makes
    the best set next turn, otherwise draws blind. Works only from its own seat's view."""

    name = "greedy"
    title = "Medium (greedy)"

    def choose(self, state: MottoState, seat: int, rng: Rng) -> str:
        view = state.view(seat)
        legal = {a["id"] for a in view["legal_actions"]}
        table = view["table"]
        stacks = {s["key"]: s["remaining"] for s in table["stacks"]}
        hand = [CARD_BY_KEY[c["key"]] for c in table["hand"]]
        selection = [CARD_BY_KEY[c["key"]] for c in table["selection"]]
        if "confirm" in legal:
            return "confirm"
        if selection:
            plan = best_play(stacks, hand, selection)
            if plan is not None:
                for card in plan[1][len(selection):]:
                    if f"select:{card.key}" in legal:
                        return f"select:{card.key}"
            return "cancel"
        plan = best_play(stacks, hand)
        last_turn = table["final_turns"] is not None
        if plan is not None and (plan[0] >= 4 or (plan[0] >= 1 and (last_turn or "draw" not in legal))):
            return f"select:{plan[1][0].key}"
        # look for the face-up card that makes the best play next turn
        best_take, best_value = None, 0
        for slot, card in enumerate(table["pool"]):
            if card is None or f"take:{slot}" not in legal:
                continue
            card = CARD_BY_KEY[card["key"]]
            option = best_play(stacks, hand + [card], (card,))
            value = option[0] if option else 0
            if value > best_value:
                best_take, best_value = f"take:{slot}", value
        current = plan[0] if plan else 0
        if plan is not None and current >= best_value and current >= 2:
            return f"select:{plan[1][0].key}"
        if best_take is not None and best_value >= 3:
            return best_take
        if "draw" in legal:
            return "draw"
        if best_take is not None:
            return best_take
        if plan is not None:
            return f"select:{plan[1][0].key}"
        takes = sorted(a for a in legal if a.startswith("take:"))
        if takes:
            return takes[0]
        return sorted(legal)[0]


# ---------------------------------------------------------------------- hooks for the hard bot


#: sorted kind indexes of a hand -> its legal triples ``((a, b, c), shared stacks)``, in the order
#: :func:`fast_best_play` compares them; a shared stack is its index in ``STACK_KEYS`` (the
#: triples do not depend on the stacks)
_TRIPLES: dict[tuple[int, ...], list] = {}
#: (sorted kind indexes of a hand, :func:`stack_tops`) -> its best play, as fast_best_play answers
_BEST: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, tuple[int, int, int]] | None] = {}
_STACK_INDEX = {key: i for i, key in enumerate(STACK_KEYS)}
#: _SHARED_STACKS[a][b][c]: SHARED_KEYS[a][b][c] as indexes in ``STACK_KEYS``
_SHARED_STACKS = [[[tuple(_STACK_INDEX[key] for key in keys) for keys in row] for row in rows] for rows in SHARED_KEYS]


def _legal_triples(kinds: tuple[int, ...]) -> list:
    counts = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    present = sorted(counts)
    triples = []
    for i, a in enumerate(present):
        for j in range(i, len(present)):
            b = present[j]
            if (b == a and counts[a] < 2) or not SHARES[a][b]:
                continue
            for c in present[j:]:
                if c == b and counts[b] < (3 if a == b else 2):
                    continue
                if LEGAL[a][b][c]:
                    triples.append(((a, b, c), _SHARED_STACKS[a][b][c]))
    if len(_TRIPLES) > 50_000:
        _TRIPLES.clear()
    _TRIPLES[kinds] = triples
    return triples


def stack_tops(stacks: dict) -> tuple[int, ...]:
    """The top token of each stack, in ``STACK_KEYS`` order (0 for an empty stack): all that the
    value of a play depends on."""
    return tuple([stacks[key][0] if stacks[key] else 0 for key in STACK_KEYS])


def hand_kinds(hand) -> tuple[int, ...]:
    """The sorted kind indexes of a hand (what :func:`best_of_kinds` takes)."""
    return tuple(sorted([KIND_INDEX[card] for card in hand]))


def best_of_kinds(kinds: tuple[int, ...], tops: tuple[int, ...]) -> tuple[int, tuple[int, int, int]] | None:
    """:func:`fast_best_play` of the hand of sorted kind indexes ``kinds`` under the stack tops
    ``tops`` (:func:`stack_tops`). The answer depends on nothing else, so it is kept."""
    key = (kinds, tops)
    if key in _BEST:
        return _BEST[key]
    triples = _TRIPLES.get(kinds)
    if triples is None:
        triples = _legal_triples(kinds)
    best = None
    for triple, shared in triples:
        value = 0
        for stack in shared:
            value += tops[stack]
        if best is None or value > best[0]:
            best = (value, triple)
    if len(_BEST) > 20_000:  # a bound on the memory it holds
        _BEST.clear()
    _BEST[key] = best
    return best


def best_with_card(kinds: tuple[int, ...], tops: tuple[int, ...], best, card: int):
    """:func:`best_of_kinds` of the hand ``kinds`` with one more card, of kind ``card``, worked
    out from ``best``, the hand's own best play: only a set using the new card can beat it.
    Sets compare by points, then (the first of equals) by their sorted kinds."""
    count = len(kinds)
    for i in range(count):
        a = kinds[i]
        if not SHARES[a][card]:   # the three cards of a set share a value, so every two do
            continue
        for j in range(i + 1, count):
            b = kinds[j]
            if LEGAL[a][b][card]:
                value = 0
                for stack in _SHARED_STACKS[a][b][card]:
                    value += tops[stack]
                triple = (a, b, card) if card >= b else (a, card, b) if card >= a else (card, a, b)
                if best is None or value > best[0] or (value == best[0] and triple < best[1]):
                    best = (value, triple)
    return best


def fast_best_play(stacks: dict, hand) -> tuple[int, tuple[int, int, int]] | None:
    """Like :func:`best_play` but on kind indexes with the precomputed tables (for rollouts):
    the highest-paying legal triple of ``hand`` as ``(points, (a, b, c))``, the first of equals
    in the order of the kinds."""
    return best_of_kinds(hand_kinds(hand), stack_tops(stacks))


def motto_rollout(state: MottoState, rng: Rng):
    """The greedy bot's rule, written on the raw (determinized) state for speed, with a little
    noise: play a set that pays well, else take the face-up card that makes the best set, else
    draw. A set is returned whole (its ``select`` steps and ``confirm``)."""
    seat = state._current
    hand = state.hands[seat]
    if state.selection:
        if len(state.selection) == 3:
            return "confirm"
        plan = best_play(state.stacks, hand, state.selection)
        if plan is None:
            return "cancel"
        return [f"select:{card.key}" for card in plan[1][len(state.selection):]] + ["confirm"]
    tops = stack_tops(state.stacks)
    kinds = hand_kinds(hand)
    best = best_of_kinds(kinds, tops)
    current = best[0] if best else 0
    can_draw = bool(state.deck) or bool(state.discard)
    play = [_SELECT_ID[k] for k in best[1]] + ["confirm"] if best else None
    if play and (current >= 4 or (current >= 1 and (state.final_turns is not None or not can_draw))):
        return play
    best_slot, best_value = None, 0
    for slot, card in enumerate(state.pool):
        if card is None:
            continue
        option = best_with_card(kinds, tops, best, KIND_INDEX[card])
        value = option[0] if option else 0
        if value > best_value or best_slot is None:
            best_slot, best_value = slot, value
    if rng.below(10) == 0:  # a little noise keeps rollouts varied
        choices = ([_TAKE_ID[best_slot]] if best_slot is not None else []) + (["draw"] if can_draw else [])
        if choices:
            return choices[rng.below(len(choices))]
    if play and current >= best_value and current >= 2:
        return play
    if best_slot is not None and best_value >= 3:
        return _TAKE_ID[best_slot]
    if can_draw:
        return "draw"
    if best_slot is not None:
        return _TAKE_ID[best_slot]
    return play or "pass"


_SELECT_ID = [f"select:{card.key}" for card in ALL_KINDS]
_TAKE_ID = [f"take:{slot}" for slot in range(4)]


def motto_evaluate(state: MottoState) -> list[float]:
    """Rewards for a rollout cut short: tokens held plus half of the best set in hand, turned
    into a win chance against the best opponent. A finished game scores its real outcome."""
    if state.is_over:
        return outcome(state)
    estimates = []
    tops = stack_tops(state.stacks)
    for seat in range(state.num_players):
        best = best_of_kinds(hand_kinds(state.hands[seat]), tops)
        held = sum(size for _, size in state.tokens[seat])
        estimates.append(held + 0.5 * (best[0] if best else 0) + 0.1 * len(state.hands[seat]))
    rewards = []
    for seat, mine in enumerate(estimates):
        rival = max(e for s, e in enumerate(estimates) if s != seat)
        rewards.append(1.0 / (1.0 + 2.718281828 ** (-(mine - rival) / 3.0)))
    return rewards


def motto_options(state: MottoState, seat: int) -> list[list[str]]:
    """Whole decisions for the hard bot: each take, the draw, and the best-paying sets (at most
    four, each a complete select-select-select-confirm line). Only the seat's own hand is read.

    With cards already chosen, the decisions are the same ones, as they stand from here (the
    position differs from the start of the turn only by the choice so far): a set that holds
    the chosen cards goes on with its other cards and ``confirm``; every other decision starts
    with ``cancel`` (the chosen cards go back) and then is taken whole. Only when no set among
    them holds the chosen cards is the best-paying set that does added, last. So a search from
    a choice in progress compares what the search before the first choice compared, and
    following a suggestion leads on to the end of its set, never back to the start of it."""
    if not state.selection:
        return _turn_options(state, seat)
    start = state.clone()
    start.selection = []
    start._forget_legal()
    chosen = list(state.selection)
    options, held = [], False
    for line in _turn_options(start, seat):
        rest = _rest_of_set(line, chosen)
        if rest is None:
            options.append(["cancel"] + line)
        else:
            options.append(rest)
            held = True
    if not held:
        plan = best_play(state.stacks, state.hands[seat], chosen)
        if plan is not None:
            options.append([f"select:{c.key}" for c in plan[1][len(chosen):]] + ["confirm"])
    return options


def _turn_options(state: MottoState, seat: int) -> list[list[str]]:
    """:func:`motto_options` of a position where no card is chosen yet."""
    legal = [a.id for a in state.legal_actions()]
    options = [[a] for a in legal if a.startswith("take:") or a == "draw" or a == "pass"]
    hand = state.hands[seat]
    plays = {}
    for extra in combinations(sorted(hand), 3):
        if is_legal_play(extra):
            plays[extra] = _payout_value(state.stacks, extra)
    ranked = sorted(plays.items(), key=lambda kv: (-kv[1], kv[0]))[:4]
    options += [[f"select:{c.key}" for c in triple] + ["confirm"] for triple, _ in ranked]
    return options


def _rest_of_set(line: list[str], chosen: list) -> list[str] | None:
    """What is left of the set ``line`` (a whole select-select-select-confirm line) once the
    ``chosen`` cards are chosen: its other cards' ``select`` steps (in its order) and
    ``confirm``; ``None`` when ``line`` is no set, or not one that holds every chosen card."""
    if line[-1] != "confirm":
        return None
    rest = [a for a in line if a.startswith("select:")]
    for card in chosen:
        step = f"select:{card.key}"
        if step not in rest:
            return None
        rest.remove(step)
    return rest + ["confirm"]


def _tokens_text(stacks: dict, cards, sizes: bool = True) -> str:
    """"the Love token (3) and the Red token (2)": what a set of three would take now."""
    parts = [f"the {stack_label(key)} token" + (f" ({stacks[key][0]})" if sizes else "")
             for key in shared_values(cards) if stacks[key]]
    return " and ".join(parts) if parts else "no token (those stacks are empty)"


def _short(card) -> str:
    """"2 Love (red)": a card named briefly."""
    return f"{card.count} {stack_label(card.symbol)} ({card.colour})"


def _doing(state: MottoState, line) -> str:
    """A move of ``line`` in Motto's words, as a gerund: "taking 2 Love (red)", "drawing",
    "playing 1 Money (blue), 2 Money (blue), 3 Money (blue)", "putting the chosen cards back
    and taking 2 Love (red)"."""
    first = line[0]
    if first == "cancel" and len(line) > 1:
        if line[-1] == "confirm":
            then = "playing " + ", ".join(_short(card) for card in _play_cards(state, line))
        else:
            then = _doing(state, line[1:])
        return f"putting the chosen cards back and {then}"
    if line[-1] == "confirm":
        return "playing " + ", ".join(_short(card) for card in _play_cards(state, line))
    if first.startswith("take:"):
        return f"taking {_short(state.pool[int(first[5:])])}"
    return {"draw": "drawing", "pass": "passing", "cancel": "putting the chosen cards back"}.get(first, first)


def _play_cards(state: MottoState, line) -> list:
    """The three cards a play line (its ``select`` steps and ``confirm``) plays: the cards
    chosen so far and those it chooses, or only those it chooses when it first puts the
    chosen ones back (``cancel``)."""
    chosen = [] if line[0] == "cancel" else list(state.selection)
    return chosen + [CARD_BY_KEY[a[7:]] for a in line if a.startswith("select:")]


def motto_scores_now(state: MottoState, seat: int, line: list[str]) -> tuple[int, str]:
    """What ``line`` scores right now: a play takes the top tokens of the values its three
    cards share ("scores 6 points now"); a take, a draw or a pass scores nothing now."""
    if line[-1] != "confirm":
        return 0, ""
    points = _payout_value(state.stacks, _play_cards(state, line))
    return (points, f"scores {plural(points, 'point')} now") if points else (0, "")


def motto_reason(state: MottoState, seat: int, line: list[str], found: Found) -> str:
    """Why the search suggests ``line``, in Motto's words: what the set takes now, or the set a
    face-up card makes with the hand, the move it passes over (a set that scores more now, or
    a close one) with what each brings, then the chance to win a few turns ahead in the
    simulated deals (only from enough of them; see :func:`~engine.bots.hints.judged`). A line
    that first puts the chosen cards back says so, and what to do instead. Only the seat's
    own hand and the table are read."""
    back = line[0] == "cancel" and len(line) > 1
    move = line[1:] if back else line
    first = move[0]
    hand = state.hands[seat]
    card = state.pool[int(first[5:])] if first.startswith("take:") else None
    plan = best_play(state.stacks, hand + [card], (card,)) if card is not None else None
    # another move is compared with "it" where nothing before it names another thing (the
    # page says "Suggested: <the move>." first); after a sentence about a set or the table, by name
    named = (move[-1] == "confirm" or (card is not None and not (plan and plan[0] > 0)) or first == "pass"
             or (back and first == "draw"))
    odds = judged(state, line, found, _doing, named=named)
    if back:
        if move[-1] == "confirm":
            cards = _play_cards(state, line)
            points = _payout_value(state.stacks, cards)
            names = ", ".join(_short(card) for card in cards)
            return (f"Put the chosen cards back and play {names} instead: it takes "
                    f"{_tokens_text(state.stacks, cards)}, {plural(points, 'point')} now. {odds}")
        if card is not None:
            if plan and plan[0] > 0:
                return (f"Put the chosen cards back and take {_short(card)} instead: with your hand, it "
                        f"makes a set worth {plural(plan[0], 'point')} "
                        f"({_tokens_text(state.stacks, plan[1], sizes=False)}). {odds}")
            return f"Put the chosen cards back and take {_short(card)} instead. {odds}"
        if first == "draw":
            return f"Put the chosen cards back and draw instead. {odds}"
    if line[-1] == "confirm":
        cards = _play_cards(state, line)
        points = _payout_value(state.stacks, cards)
        names = ", ".join(_short(card) for card in cards)
        return f"Play {names}: it takes {_tokens_text(state.stacks, cards)}, {plural(points, 'point')} now. {odds}"
    if card is not None:
        if plan and plan[0] > 0:
            return (f"With your hand, {_short(card)} makes a set worth {plural(plan[0], 'point')} "
                    f"({_tokens_text(state.stacks, plan[1], sizes=False)}). {odds}")
        return odds
    if first == "draw":
        return f"No card on the table makes a better set for you now. {odds}"
    if first == "cancel":
        return f"Put the chosen cards back. {odds}"
    return odds
