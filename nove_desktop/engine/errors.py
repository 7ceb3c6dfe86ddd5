"""Exception types of the rules engine.

Every message is written for a player or a user of the command line: it says what was wrong in
plain words, never a Python repr of internal state.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error raised by the engine."""


class IllegalActionError(EngineError, ValueError):
    """An action that the rules do not allow now; ``reason`` is readable by a player."""

    def __init__(self, reason: str, *, seat: int | None = None, action: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.seat = seat
        self.action = action


class InvalidOptionsError(EngineError, ValueError):
    """Game options that no game can start with (wrong player count, unknown variant...)."""


class FormatError(EngineError, ValueError):
    """JSON data (an action, options, a state, a replay) that does not have the expected shape."""


class UnknownGameError(EngineError, LookupError):
    """A game id that is not in the registry."""
