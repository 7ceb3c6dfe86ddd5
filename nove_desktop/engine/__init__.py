"""The rules engine shared by every game: pure Python, no pygame, no files, no clock."""

from .actions import Action, ActionCodec
from .errors import (
    EngineError,
    FormatError,
    IllegalActionError,
    InvalidOptionsError,
    UnknownGameError,
)
from .events import Event, events_for_seat
from .game import Game, GameResult, Stack
from .registry import Registry
from .rng import Rng
from .windows import ReactionWindow, WindowOutcome

__all__ = [
    "Action",
    "ActionCodec",
    "EngineError",
    "Event",
    "FormatError",
    "Game",
    "GameResult",
    "IllegalActionError",
    "InvalidOptionsError",
    "ReactionWindow",
    "Registry",
    "Rng",
    "Stack",
    "UnknownGameError",
    "WindowOutcome",
    "events_for_seat",
]
