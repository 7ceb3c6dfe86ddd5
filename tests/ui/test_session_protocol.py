"""Nothing in ``nove_desktop/ui`` reaches past the ``Session`` protocol: every attribute read
from something called ``session`` is one of the protocol's members, and only the scenes that
create a game (setup, title's Continue) name ``GameSession``. Read from the source (AST), so
a new table or a new helper is covered without being listed."""

from __future__ import annotations

import ast
from pathlib import Path

from nove_desktop.sessions import Session

UI = Path(__file__).resolve().parents[2] / "nove_desktop" / "ui"
CREATORS = {"scenes/setup.py", "scenes/title.py"}  # they build the offline session


def protocol_members() -> set[str]:
    members = set(getattr(Session, "__annotations__", {}))
    members.update(name for name in vars(Session) if not name.startswith("_"))
    return members


def session_reads(tree: ast.AST) -> list[tuple[int, str]]:
    """``(line, attribute)`` for every ``<...>session.<attribute>`` in ``tree``."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", None)
        if name == "session":
            found.append((node.lineno, node.attr))
    return found


def outside(source: str, members: set[str]) -> list[tuple[int, str]]:
    return [(line, attr) for line, attr in session_reads(ast.parse(source)) if attr not in members]


def test_the_protocol_lists_what_the_table_needs_and_no_engine_state():
    members = protocol_members()
    assert {"legal", "observe", "is_legal", "refusal", "result", "history", "play_again"} <= members
    assert {"can_undo", "offers_hints", "can_save"} <= members
    assert not members & {"state", "replay", "stack", "budgets"}


def test_the_table_kit_reads_a_session_through_the_protocol_only():
    members = protocol_members()
    bad = []
    for path in sorted(UI.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        where = path.relative_to(UI).as_posix()
        bad += [f"{where}:{line}: session.{attr}" for line, attr in outside(source, members)]
        if where not in CREATORS and "GameSession" in source:
            bad.append(f"{where}: names GameSession")
    assert not bad, "\n".join(bad)


def test_the_check_sees_a_table_reaching_for_the_state():
    members = protocol_members()
    planted = (
        "def refusal(self, seat, action):\n"
        "    return self.game.is_legal(self.session.state, seat, action)\n"
    )
    assert outside(planted, members) == [(2, "state")]
    assert outside("replay = session.replay.actions\n", members) == [(1, "replay")]
    assert outside("ok = self.session.refusal(seat, [action])\n", members) == []
