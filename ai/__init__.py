"""AI seats. A seat sees only its observation and the legal actions, never the game state.

Seats are deterministic: the same seed, observation and legal actions give the same choice.
"""

from __future__ import annotations

from .base import Seat, SeatError
from .factory import SEAT_KINDS, make_seat

__all__ = ["SEAT_KINDS", "Seat", "SeatError", "make_seat"]
