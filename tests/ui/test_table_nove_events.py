"""The NOVE table's typed handlers: every kind of event the game declares moves something on
the table, but ``game_start`` (the first ``round_start`` lays the table out)."""

from __future__ import annotations

from nove_desktop.games import default_registry
from nove_desktop.ui.tables.nove import NoveTable


def test_every_nove_event_kind_has_a_handler_but_the_game_start() -> None:
    table = object.__new__(NoveTable)  # the handlers' table needs no screen
    handled = {cls.KIND for cls in table.event_handlers().classes()}
    declared = set(default_registry().get("nove").events.kinds)
    assert declared - handled == {"game_start"}
    assert handled <= declared
