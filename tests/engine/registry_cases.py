"""The games and player counts the per-game tests run over, read from the registry (each game's
spec), so that a newly registered game is covered by every such test without editing it."""

from __future__ import annotations

from engine.registry import game_names, game_spec


def player_counts(game: str) -> list[int]:
    """The game's smallest and largest player counts (one count if they are the same)."""
    info = game_spec(game).info
    return sorted({info.min_players, info.max_players})


def smallest_and_largest() -> list[tuple[str, int]]:
    """``(game, players)`` for every registered game at its smallest and largest player count."""
    return [(game, n) for game in game_names() for n in player_counts(game)]


def house_rules(game: str) -> dict:
    """Every option of the game but the first player at its first value other than the default
    (the lobby's house rules and variants switched on), for a run off the default path."""
    return {opt.name: next(v for v in opt.values if v != opt.default)
            for opt in game_spec(game).info.options if opt.name != "first_player" and len(opt.values) > 1}


def smallest_plain_and_largest_with_house_rules() -> list[tuple[str, int, dict]]:
    """``(game, players, options)``: every game at its smallest count with the default options
    and at its largest with :func:`house_rules`."""
    out = []
    for game in game_names():
        low, high = player_counts(game)[0], player_counts(game)[-1]
        out.append((game, low, {}))
        if (high, house_rules(game)) != (low, {}):
            out.append((game, high, house_rules(game)))
    return out
