"""Every field of every game's state is accounted for in docs/ai.md ("What a sample keeps, field
by field"): re-dealt, public or derived. A field added to a state fails here until it is
classified there; a field called public must come out of ``determinize`` unchanged.

The fields are read from the state classes themselves (``__slots__`` through the class
hierarchy, or dataclass fields), never from a list kept beside them.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest
from fairness_points import OPTIONS, REGISTRY, scan

from nove_desktop.engine.rng import Rng

DOC = Path(__file__).resolve().parents[2] / "docs" / "ai.md"
SECTION = "### What a sample keeps, field by field"
CLASSES = ("re-dealt", "public", "derived")
ROW = re.compile(r"^\| (\w+) \| `(\w+)` \| ([\w-]+) \|")


def classified() -> dict[str, dict[str, str]]:
    """game id -> field -> class, from the table of docs/ai.md's section."""
    text = DOC.read_text(encoding="utf-8")
    assert SECTION in text, f"docs/ai.md has no section {SECTION!r}"
    table: dict[str, dict[str, str]] = {}
    for line in text.split(SECTION, 1)[1].splitlines():
        if line.startswith("#"):
            break  # the next section
        match = ROW.match(line)
        if match:
            game_id, field, kind = match.groups()
            fields = table.setdefault(game_id, {})
            assert field not in fields, f"{game_id}.{field} is classified twice"
            fields[field] = kind
    return table


def state_fields(state: Any) -> set[str]:
    """The fields of a state's class: its dataclass fields, or every ``__slots__`` entry of its
    class hierarchy."""
    if dataclasses.is_dataclass(state):
        return {field.name for field in dataclasses.fields(state)}
    fields: set[str] = set()
    for cls in type(state).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        fields.update((slots,) if isinstance(slots, str) else slots)
    fields.discard("__weakref__")
    fields.discard("__dict__")
    assert fields, f"{type(state).__name__} declares no fields to classify"
    return fields


def new_state(game_id: str) -> Any:
    game = REGISTRY.get(game_id)
    state, _events = game.new_game(game.options_from_json(OPTIONS[game_id]), 1)
    return state


@pytest.mark.parametrize("game_id", sorted(OPTIONS))
def test_every_state_field_is_classified(game_id: str) -> None:
    table = classified().get(game_id, {})
    fields = state_fields(new_state(game_id))
    missing = sorted(fields - table.keys())
    assert not missing, f"classify {game_id}'s state fields {missing} in docs/ai.md ({SECTION})"
    stale = sorted(table.keys() - fields)
    assert not stale, f"docs/ai.md classifies {game_id} fields that do not exist: {stale}"
    wrong = {field: kind for field, kind in table.items() if kind not in CLASSES}
    assert not wrong, f"{game_id}: classes must be one of {CLASSES}: {wrong}"


def test_the_table_covers_every_registered_game() -> None:
    assert sorted(classified()) == sorted(OPTIONS) == sorted(REGISTRY.ids())


def _plain(value: Any) -> Any:
    """A comparable form of a field's value (a reaction window compares by its JSON)."""
    to_json = getattr(value, "to_json", None)
    return to_json() if callable(to_json) else value


@pytest.mark.parametrize("game_id", sorted(OPTIONS))
def test_public_fields_come_out_of_determinize_unchanged(game_id: str) -> None:
    """What the table calls public is copied as it is (checked at every decision of two seeded
    games, for the deciding seat and the next one)."""
    game = REGISTRY.get(game_id)
    public = [f for f, kind in classified()[game_id].items() if kind == "public"]
    checked = 0
    for seed in (1, 2):
        for index, point in enumerate(scan(game_id, seed)):
            players = OPTIONS[game_id]["players"]
            for seat in (point.seat, (point.seat + 1) % players):
                sample = game.determinize(point.state, seat, Rng(index))
                for field in public:
                    kept = _plain(getattr(sample, field)) == _plain(getattr(point.state, field))
                    assert kept, f"{game_id} seed {seed} position {point.position}: {field} changed"
                checked += 1
    assert checked >= 10
