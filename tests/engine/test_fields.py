"""Each game declares its state's fields once (engine/fields.py): clone, the save and loading
read that declaration, so every field of a state must be in it, and the copy function built
from it must copy exactly as each field says."""

from __future__ import annotations

import json

import pytest

import engine
from engine.fields import Field, Fields, lists, same
from engine.rng import Rng
from registry_cases import smallest_plain_and_largest_with_house_rules

GAMES = smallest_plain_and_largest_with_house_rules()


class Bare(engine.State):  # the engine's own fields, which every state has
    info = engine.GameInfo("bare", "Bare", 1, 1)

    def _setup(self) -> None:
        pass


@pytest.mark.parametrize("game,players,options", GAMES)
def test_every_field_of_the_state_is_declared_once_for_clone_save_and_load(game, players, options):
    engine_fields = set(Bare(1).__dict__)
    state = engine.new_game(game, players, seed=4, options=options)
    rng = Rng(4)
    for _ in range(40):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    declared = [field.name for field in state.fields]
    assert len(declared) == len(set(declared))
    assert set(state.__dict__) - engine_fields == set(declared)
    # a clone shares no list, dict or set with the original; a save loads back to the same fields
    copy = state.clone()
    for name in declared:
        assert getattr(copy, name) == getattr(state, name)
        if isinstance(getattr(state, name), (list, dict, set)):
            assert getattr(copy, name) is not getattr(state, name)
    loaded = engine.load(json.dumps(state.save()))
    assert {name: getattr(loaded, name) for name in declared} == {name: getattr(state, name) for name in declared}


class Holder:
    pass


def test_the_built_copy_function_copies_each_field_as_declared():
    def reversed_copy(value):
        return value[::-1]

    fields = Fields(Field("a", same, same, None), Field("b", list, list, None),
                    Field("c", lists, lists, None), Field("d", reversed_copy, None, None))
    source, target = Holder(), Holder()
    source.a, source.b, source.c, source.d = (1, 2), [3], [[4], [5]], [6, 7]
    fields.copy(source, target)
    assert vars(target) == {"a": (1, 2), "b": [3], "c": [[4], [5]], "d": [7, 6]}
    assert target.a is source.a and target.b is not source.b
    assert target.c[0] is not source.c[0] and target.c is not source.c
    assert fields.write(source) == {"a": (1, 2), "b": [3], "c": [[4], [5]]}  # d is not saved


def test_field_names_must_be_distinct_python_names():
    with pytest.raises(ValueError):
        Fields(Field("a", same, same, None), Field("a", same, same, None))
    with pytest.raises(ValueError):
        Fields(Field("a b", same, same, None))
