"""AI seats. A seat sees only its observation and the legal actions, never the game state; a
search seat also gets one determinized sample of the state, consistent with its observation.

A decision is a function of (seat seed, position in the game, observation, legal actions, and
for the search the sample and its budget): nothing is carried from one decision to the next.
Levels: random, easy (the heuristic with a beginner's slips), normal (the heuristic; "heuristic"
is its older name) and hard (ISMCTS). The table calls ``decide`` and ``hint``.
"""

from __future__ import annotations

from .base import Seat, SeatError
from .decide import DecisionRequest, Hint, HintOption, decide, hint
from .factory import LEVELS, SEAT_KINDS, level_of, make_seat

__all__ = [
    "LEVELS",
    "SEAT_KINDS",
    "DecisionRequest",
    "Hint",
    "HintOption",
    "Seat",
    "SeatError",
    "decide",
    "hint",
    "level_of",
    "make_seat",
]
