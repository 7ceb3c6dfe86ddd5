"""Kaël: mid-round, a cut window, the good-draw prompt, final turns, results with a landing."""

from __future__ import annotations

from typing import Any

from nove_desktop.games.kael.actions import CallKael, Cut, KeepCard, Lay

AI = "heuristic"


def _settled(app: Any) -> bool:
    table = app.stack.top
    return getattr(table, "name", "") == "table" and bool(table.controls) and not table.animating


def mid_round(shot: Any) -> None:
    def wanted(session: Any) -> bool:
        obs = session.observe(0)
        lays = [a for a in session.legal(0) if isinstance(a, Lay)]
        return (
            obs.round_no == 2
            and len(obs.table) >= 6
            and 0 in session.to_act()
            and bool(lays)
            and len(obs.hand) >= 4
        )

    table = shot.table(
        "kael", ["human", AI, AI, AI, AI, AI], 30, wanted, deal_mode="fixed", hand_size=5
    )
    shot.until(_settled)
    pair = _pair(table)
    for ref in pair:
        table.card_clicked(ref)
    shot.settle(20)


def _pair(table: Any) -> list[str]:
    from nove_desktop.games.kael.cards import RANK

    hand = table.zones.row(f"hand:{table.viewer}")
    by_rank: dict[str, list[str]] = {}
    for ref in hand:
        by_rank.setdefault(RANK.get(ref, "?"), []).append(ref)
    best = max(by_rank.values(), key=len)
    return best[:2]


def cut_window(shot: Any) -> None:
    def wanted(session: Any) -> bool:
        return Cut() in session.legal(0)

    shot.table("kael", ["human", AI, AI, AI], 40, wanted)
    shot.settle(50)


def good_draw(shot: Any) -> None:
    def wanted(session: Any) -> bool:
        return KeepCard() in session.legal(0)

    shot.app.settings.always_good_draw = False
    shot.table("kael", ["human", AI, AI, AI], 50, wanted)
    shot.settle(40)
    shot.app.settings.always_good_draw = True


def final_turns(shot: Any) -> None:
    def wanted(session: Any) -> bool:
        obs = session.observe(0)
        return (
            obs.caller is not None
            and obs.caller != 0
            and 0 in session.to_act()
            and (obs.phase == "TURN")
        )

    shot.table("kael", ["human", AI, AI, AI], 60, wanted)
    shot.until(_settled)
    shot.settle(10)


def landing(shot: Any) -> None:
    """The round results in the moment a total lands on a multiple of 25."""

    def wanted(session: Any) -> bool:
        last = session.observe(0).last_round
        return bool(last and last["landings"]) and session.observe(0).round_no > last["round"]

    from nove_desktop.games.kael.events import RoundScored
    from nove_desktop.ui.tables.kael.summary import columns, round_note, round_rows
    from nove_desktop.ui.tables.kael.words import round_title

    table = shot.table("kael", ["human", AI, AI, AI], 70, wanted)
    scored = RoundScored.from_summary(table.observe().last_round)
    table.show_summary(
        round_title(scored, table.names),
        columns(),
        round_rows(scored, table.names),
        note=round_note(),
    )
    shot.settle(10)


def results(shot: Any) -> None:
    def wanted(session: Any) -> bool:
        return CallKael() in session.legal(0) and session.observe(0).hand_total <= 3

    shot.table("kael", ["human", AI, AI, AI], 80, wanted)
    shot.until(_settled)


STAGES = [
    ("kael-table", mid_round),
    ("kael-cut", cut_window),
    ("kael-good-draw", good_draw),
    ("kael-final-turns", final_turns),
    ("kael-landing", landing),
]
