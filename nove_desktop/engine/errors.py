"""Exception types of the rules engine.

Every message is written for a player or a user of the command line: it says what was wrong in
plain words, never a Python repr of internal state.
"""

from __future__ import annotations

from typing import Any

from .text import Reason, as_reason


class EngineError(Exception):
    """Base class of every error raised by the engine."""


class IllegalActionError(EngineError, ValueError):
    """An action that the rules do not allow now; ``reason`` is readable by a player (English).
    ``why`` is the same sentence as a translatable :class:`~.text.Reason` (``template`` and
    ``params``), which the UI shows in the player's language."""

    def __init__(
        self, reason: str | Reason, *, seat: int | None = None, action: object = None
    ) -> None:
        self.why = as_reason(reason)
        self.reason = str(self.why)
        super().__init__(self.reason)
        self.seat = seat
        self.action = action

    @property
    def template(self) -> str:
        return self.why.template

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.why.params)


class InvalidOptionsError(EngineError, ValueError):
    """Game options that no game can start with (wrong player count, unknown variant...)."""


class FormatError(EngineError, ValueError):
    """JSON data (an action, options, a state, a replay) that does not have the expected shape."""


class UnknownGameError(EngineError, LookupError):
    """A game id that is not in the registry."""
