"""Which AI seats exist for which game."""

from __future__ import annotations

from collections.abc import Callable

from .banco import BancoHeuristicSeat
from .base import RandomSeat, Seat, SeatError
from .kael import KaelHeuristicSeat
from .nove import NoveHeuristicSeat
from .nox import NoxHeuristicSeat
from .numx import NumxHeuristicSeat

SEAT_KINDS = ("random", "heuristic")

_HEURISTICS: dict[str, Callable[[int], Seat]] = {
    "nove": NoveHeuristicSeat,
    "kael": KaelHeuristicSeat,
    "banco": BancoHeuristicSeat,
    "nox": NoxHeuristicSeat,
    "numx": NumxHeuristicSeat,
}


def make_seat(kind: str, game_id: str, seed: int) -> Seat:
    """An AI seat of ``kind`` ("random" or "heuristic") for ``game_id``."""
    if kind == "random":
        return RandomSeat(seed)
    if kind == "heuristic":
        factory = _HEURISTICS.get(game_id)
        if factory is None:
            raise SeatError(f'no heuristic seat for the game "{game_id}" yet')
        return factory(seed)
    raise SeatError(f'unknown seat kind "{kind}" (known: {", ".join(SEAT_KINDS)})')


def heuristic_games() -> tuple[str, ...]:
    return tuple(_HEURISTICS)
