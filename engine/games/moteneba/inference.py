"""Guessing the other players' event cards from what they did not play.

An event card is taken face down at a year's scoring, so a seat sees only how many cards each
other player holds. But the cards are not all alike: Trade, Replace, Return and Random cube are
played on a turn of the school year, and a player holding one plays it soon; +3 Power can only
be played at the year-end scoring. So a card an opponent has held through many of its turns
without playing it is likelier a +3 Power, and the expert's worlds should say so
(:func:`moteneba_likelihood`, the ``likelihood`` search hook).

The model: on each turn of the year on which a player places one of its own cubes, each card of
the year's kinds in its hand would have been played with the chance :data:`PLAY_RATE` of that
kind, independently; a card held now has been held on every such turn of this year (cards are
only taken at a year's end). Cards carried over from an earlier year count this year's turns
only, which understates what their holding says.
"""

from __future__ import annotations

import math
from typing import Callable

from .board import PILE_SIZE
from .rules import MotenebaState

#: How often a player holding an event card of each kind plays it on one of its turns of the
#: year, as measured in recorded games of four hard bots (docs/bots.md, "Likely deals"). +3 Power
#: is never played in the year.
PLAY_RATE = {"trade": 0.264, "replace": 0.26, "return": 0.309, "random": 0.327}


def turns_this_year(state: MotenebaState) -> list[int]:
    """How many times each seat has placed one of its own cubes this school year (public: every
    seat drafts the same number of cubes a year, and holds the rest unplaced). Before the
    year's placements begin, none."""
    if state.phase not in ("play", "power"):
        return [0] * state.num_players
    size = PILE_SIZE[state.num_players]
    return [size - sum(unplaced) for unplaced in state.unplaced]


def unplayed(world: MotenebaState, seat: int, turns: list[int]) -> float:
    """How likely the other seats' turns without an event card were, with the hands ``world``
    deals them: for each card of the year's kinds an opponent holds, one factor
    ``1 - PLAY_RATE[kind]`` per turn in ``turns`` (that opponent's)."""
    value = 1.0
    for other in range(world.num_players):
        if other != seat:
            for kind in world.hands[other]:
                rate = PLAY_RATE.get(kind)
                if rate is not None:
                    value *= (1.0 - rate) ** turns[other]
    return value


def likeliest(slots: list[int], unseen_power: int) -> float:
    """At least :func:`unplayed` of any deal, given the turns each opponent's card has been held
    (``slots``, one per card) and how many +3 Power cards are unseen: those go to the cards
    held longest, and every other card is of the least often played kind (a bound, not always
    a deal that exists)."""
    keep = 1.0 - min(PLAY_RATE.values())
    return math.prod(keep ** n for n in sorted(slots, reverse=True)[unseen_power:])


def moteneba_likelihood(state: MotenebaState, seat: int) -> Callable[[MotenebaState], float]:
    """``chance(world)``: :func:`unplayed` of the other seats' hands in ``world`` over
    :func:`likeliest`, for this year's turns: so at most 1, and 1 for every deal before the
    year's first turn. Reads only what ``seat`` sees: the hand sizes, the cubes still unplaced
    and how many +3 Power cards are unseen (the deck and the others' hands taken together)."""
    turns = turns_this_year(state)
    others = [other for other in range(state.num_players) if other != seat]
    unseen_power = state.deck.count("power") + sum(state.hands[o].count("power") for o in others)
    bound = likeliest([turns[o] for o in others for _ in state.hands[o]], unseen_power)
    return lambda world: unplayed(world, seat, turns) / bound
