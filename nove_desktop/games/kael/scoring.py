"""Round scoring (spec 8, 9): round points, false Kaël, landings and eliminations."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import hand_total
from .state import KaelState

LANDINGS = (25, 50, 75, 100)
FAILED_CALL = 20
LIMIT = 100


def round_points(caller: int, totals: dict[int, int]) -> tuple[str, dict[int, int]]:
    """``(case, points)`` from the hand totals of the active seats (spec 8)."""
    mine = totals[caller]
    if mine > 5:
        case = "false_kael"
    elif all(mine < t for s, t in totals.items() if s != caller):
        case = "kael_wins"
    else:
        case = "kael_fails"
    if case == "kael_wins":
        points = {s: (0 if s == caller else t) for s, t in totals.items()}
    else:
        points = {s: (FAILED_CALL if s == caller else 0) for s in totals}
    return case, points


def ranking(state: KaelState) -> list[list[int]]:
    """Spec 10, the results screen: places from first to last, each the seats sharing it. The
    winners first; then the other seats still in (only with ``first_elimination`` or the round
    cap), lower total first; then the eliminated seats, a later elimination placing higher and a
    lower total first within one round. Equal totals at the same level share a place."""
    winners = list(state.winners)
    places: list[list[int]] = [sorted(winners)] if winners else []

    def grouped(seats: list[int], key: Callable[[int], Any]) -> list[list[int]]:
        out: list[list[int]] = []
        last = None
        for seat in sorted(seats, key=lambda s: (key(s), s)):
            if out and key(seat) == last:
                out[-1].append(seat)
            else:
                out.append([seat])
                last = key(seat)
        return out

    standing = [s for s in range(state.players) if not state.eliminated[s] and s not in winners]
    places += grouped(standing, lambda s: state.totals[s])
    out = [s for s in range(state.players) if state.eliminated[s] and s not in winners]
    places += grouped(out, lambda s: (-(state.eliminated_in[s] or 0), state.totals[s]))
    return places


def score_round(state: KaelState, hands: dict[int, list[str]]) -> dict[str, Any]:
    """Apply the round's points, in the order of spec 8: false-Kaël bookkeeping, landings,
    eliminations. Returns the public summary (no card ids: they are in the reveal event)."""
    caller = state.caller
    assert caller is not None
    totals = {s: hand_total(h) for s, h in hands.items()}
    case, points = round_points(caller, totals)
    doomed: set[int] = set()
    if case == "false_kael":
        state.false_kaels[caller] += 1
        state.lost_landing[caller] = True  # K-A23: from this very round's landing check on
        if state.false_kaels[caller] >= 2:
            doomed.add(caller)
    landed = []
    for seat, gained in points.items():
        assert gained >= 0  # K-A36
        state.totals[seat] += gained
        if gained and not state.lost_landing[seat] and state.totals[seat] in LANDINGS:
            state.totals[seat] -= 25
            landed.append(seat)
    out = []
    for seat in points:
        if state.totals[seat] > LIMIT or seat in doomed:
            state.eliminated[seat] = True
            state.eliminated_in[seat] = state.round_no
            out.append(seat)
    return {
        "round": state.round_no,
        "caller": caller,
        "case": case,
        "hand_totals": {str(s): t for s, t in totals.items()},
        "points": {str(s): p for s, p in points.items()},
        "landings": landed,
        "eliminated": out,
        "totals": list(state.totals),
    }
