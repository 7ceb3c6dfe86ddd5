"""The seat interface shared by every AI."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from nove_desktop.engine.actions import Action
from nove_desktop.engine.rng import Rng


class SeatError(ValueError):
    """An AI seat that cannot be built (unknown kind, game without such a seat)."""


class Seat(ABC):
    """An AI player. ``choose`` gets what one seat may know and what it may do, nothing more."""

    kind: str = ""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, observation: Any, legal: list[Action]) -> Action:
        """One of ``legal`` (never empty)."""


class RandomSeat(Seat):
    """Picks uniformly among the legal actions: the baseline every AI must beat."""

    kind = "random"

    def choose(self, observation: Any, legal: list[Action]) -> Action:
        return self.rng.choice(legal)
