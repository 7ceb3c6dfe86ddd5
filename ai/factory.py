"""Which AI seats exist for which game, by level: each game names its Easy and Normal seats in
its description (``nove_desktop/specs.py``); Hard searches with the Normal one."""

from __future__ import annotations

from ..engine.errors import UnknownGameError
from ..specs import game_ids, spec_for
from .base import RandomSeat, Seat, SeatError
from .search.seat import SearchSeat

LEVELS = ("random", "easy", "normal", "hard")
ALIASES = {"heuristic": "normal"}  # the name of Normal in older saves, replays and scripts
SEAT_KINDS = (*LEVELS, *ALIASES)


def level_of(kind: str) -> str:
    """The level a seat kind names ("heuristic" is "normal"); ``SeatError`` for unknown kinds."""
    level = ALIASES.get(kind, kind)
    if level not in LEVELS:
        raise SeatError(f'unknown seat kind "{kind}" (known: {", ".join(SEAT_KINDS)})')
    return level


def make_seat(kind: str, game_id: str, seed: int) -> Seat:
    """An AI seat of ``kind`` (one of ``SEAT_KINDS``) for ``game_id``."""
    level = level_of(kind)
    if level == "random":
        return RandomSeat(seed)
    try:
        spec = spec_for(game_id)
    except UnknownGameError:
        raise SeatError(f'no {kind} seat for the game "{game_id}" yet') from None
    factory = spec.seat_class("easy" if level == "easy" else "normal")
    if level == "hard":
        return SearchSeat(seed, game_id, factory(seed))
    return factory(seed)


def heuristic_games() -> tuple[str, ...]:
    """The games that have Easy, Normal and Hard seats: every game (``nove_desktop/specs.py``)."""
    return game_ids()


def normal_seat(game_id: str, seed: int) -> Seat:
    """The Normal (heuristic) seat of ``game_id``: the search's rollout and prior policy."""
    return make_seat("normal", game_id, seed)
