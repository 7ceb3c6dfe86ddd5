"""Which AI seats exist for which game, by level."""

from __future__ import annotations

from collections.abc import Callable

from .banco import BancoHeuristicSeat
from .base import RandomSeat, Seat, SeatError
from .easy import BancoEasySeat, KaelEasySeat, NoveEasySeat, NoxEasySeat, NumxEasySeat
from .kael import KaelHeuristicSeat
from .nove import NoveHeuristicSeat
from .nox import NoxHeuristicSeat
from .numx import NumxHeuristicSeat
from .search.seat import SearchSeat

LEVELS = ("random", "easy", "normal", "hard")
ALIASES = {"heuristic": "normal"}  # the name of Normal in older saves, replays and scripts
SEAT_KINDS = (*LEVELS, *ALIASES)

_HEURISTICS: dict[str, Callable[[int], Seat]] = {
    "nove": NoveHeuristicSeat,
    "kael": KaelHeuristicSeat,
    "banco": BancoHeuristicSeat,
    "nox": NoxHeuristicSeat,
    "numx": NumxHeuristicSeat,
}
_EASY: dict[str, Callable[[int], Seat]] = {
    "nove": NoveEasySeat,
    "kael": KaelEasySeat,
    "banco": BancoEasySeat,
    "nox": NoxEasySeat,
    "numx": NumxEasySeat,
}


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
    factory = (_EASY if level == "easy" else _HEURISTICS).get(game_id)
    if factory is None:
        raise SeatError(f'no {kind} seat for the game "{game_id}" yet')
    if level == "hard":
        return SearchSeat(seed, game_id, factory(seed))
    return factory(seed)


def heuristic_games() -> tuple[str, ...]:
    return tuple(_HEURISTICS)


def normal_seat(game_id: str, seed: int) -> Seat:
    """The Normal (heuristic) seat of ``game_id``: the search's rollout and prior policy."""
    return make_seat("normal", game_id, seed)
