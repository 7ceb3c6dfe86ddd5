"""Names of NUM-X's zones and piles, and the trick as groups of cards (shared by the table, its
controls and its animations)."""

from __future__ import annotations

from typing import Any

from ....games.numx.cards import IS_CLASSIC, ORDER
from ....games.numx.combos import K_FUSION, combo_value, effect

DECK = "deck"
DISCARD = "discard"
SPECIALS = frozenset(c for c in ORDER if not IS_CLASSIC[c])


def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


def malus_zone(seat: int) -> str:
    return f"malus:{seat}"


def objective_zone(seat: int) -> str:
    return f"objective:{seat}"


def trick_zone(group: int) -> str:
    return f"trick:{group}"


def seat_of(zone: str) -> int | None:
    """The seat a ``hand:``/``malus:``/``objective:`` zone belongs to."""
    kind, _sep, rest = zone.partition(":")
    return int(rest) if kind in ("hand", "malus", "objective") else None


def trick_groups(plays: Any) -> tuple[list[list[str]], str, bool]:
    """The trick's plays as groups (a Fusion X joins the group it merges with), the kind of the
    last play, and whether it was a lone X-Joker."""
    groups: list[list[str]] = []
    kind, lone = "", False
    before = (0, 0)
    for _seat, cards, count, value in plays:
        cards = tuple(cards)
        joker = value if len(cards) == 1 and not IS_CLASSIC[cards[0]] else None
        kind = effect(len(cards), combo_value(cards, joker), joker, *before)[0]
        if kind == K_FUSION and groups:
            groups[-1].extend(cards)
        else:
            groups.append(list(cards))
        lone = joker is not None
        before = (count, value)
    return groups, kind, lone
