"""NOVE: a turn in Step 2, a call banner, the pass-and-play hand-off, the round summary, and the
scoring joker choice (the best option focused, the grid clear of the hand)."""

from __future__ import annotations

from typing import Any

from nove_desktop.games.nove.actions import ChooseJoker, Hit

AI = "heuristic"


def _settled(app: Any) -> bool:
    table = app.stack.top
    return getattr(table, "name", "") == "table" and bool(table.controls) and not table.animating


def turn(shot: Any) -> None:
    def wanted(session: Any) -> bool:
        return Hit() in session.legal(0) and len(session.observe(0).hand) >= 4

    shot.table("nove", ["human", AI, AI, AI], 2025, wanted)
    shot.until(_settled)
    shot.settle(20)


def banner(shot: Any) -> None:
    shot.table("nove", ["human", AI, AI, AI], 2025)
    shot.app.settings.ai_pace = "fast"
    table = shot.app.stack.top

    def calling(app: Any) -> bool:
        return any(getattr(t, "anchor", "").startswith("seat:") for t in table.tasks)

    def human(app: Any) -> None:
        pass

    for _ in range(60 * 120):
        if calling(shot.app):
            break
        if table.controls and not table.animating:
            table.act(table.session.legal(table.viewer)[-1])
        shot.step()
    shot.settle(8)


def handoff(shot: Any) -> None:
    shot.table("nove", ["human", "human", AI, AI], 2025, names=["Ana", "Ben", "Cleo", "Dan"])
    shot.until(lambda app: getattr(app.stack.top, "name", "") == "handoff", confirm=False)
    shot.settle(5)


def summary(shot: Any) -> None:
    shot.table("nove", [AI, AI, AI, AI], 2026)
    shot.app.settings.ai_pace = "instant"
    shot.until(lambda app: getattr(app.stack.top, "name", "") == "round_summary", confirm=False)
    shot.app.settings.ai_pace = "fast"
    shot.settle(5)


def joker(shot: Any) -> None:
    def wanted(session: Any) -> bool:
        legal = session.legal(0) if 0 in session.to_act() else []
        return len([a for a in legal if isinstance(a, ChooseJoker)]) >= 4

    shot.table("nove", ["human", AI, AI, AI], 100, wanted)
    shot.until(_settled)
    shot.settle(20)


STAGES = [
    ("nove-table", turn),
    ("nove-banner", banner),
    ("nove-handoff", handoff),
    ("nove-summary", summary),
    ("nove-joker", joker),
]
