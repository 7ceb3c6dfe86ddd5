"""The seat interface shared by every AI, and the generators a decision may use.

A decision is a function of (the seat's seed, the position in the game, the seat's observation,
the legal actions) and nothing else: a seat keeps no generator and no memory between decisions,
so a game resumed from a save (which re-executes the recorded actions and asks the seats again)
continues exactly as the uninterrupted game would have.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from typing import Any

from ..engine.actions import Action
from ..engine.rng import Rng

_MASK = (1 << 64) - 1
_POSITION_STEP = 0x9E3779B97F4A7C15  # odd: distinct positions give distinct seeds


class SeatError(ValueError):
    """An AI seat that cannot be built or asked (unknown kind, game without such a seat, a search
    seat asked without a sample)."""


class Purpose(enum.IntEnum):
    """What a generator derived for one decision is for: each purpose gets its own stream, so
    that (for example) the session's sample and the search's re-samples never coincide."""

    CHOICE = 0x1F3D5B79  # random picks and Easy's slips
    SAMPLE = 0x2A4C6E80  # the session's determinized sample of the state
    SEARCH = 0x3B5D7F91  # the search's re-samples and rollouts


def decision_rng(seed: int, position: int, purpose: Purpose) -> Rng:
    """A fresh generator for one decision: the same (seed, position, purpose) always gives the
    same numbers, and nothing is carried from one decision to the next."""
    mixed = (seed ^ ((position + 1) * _POSITION_STEP) ^ (purpose * 0xD6E8FEB86659FD93)) & _MASK
    return Rng(mixed)


def own_seat(observation: Any) -> int:
    """The seat an observation was made for. Observations may be made for no seat (a spectator
    view, ``seat`` None); an AI seat or a hint always decides from its own."""
    seat = observation.seat
    if not isinstance(seat, int):
        raise SeatError("an AI seat was asked with an observation made for no seat")
    return seat


class Seat(ABC):
    """An AI player. ``choose`` gets what one seat may know and what it may do, nothing more.

    ``position`` is the number of actions applied in the game so far; seats that use chance draw
    it from ``decision_rng(seed, position, ...)``. ``sample`` is a determinized state (the hidden
    cards re-dealt consistently with the observation): only search seats use it.
    """

    kind: str = ""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    @abstractmethod
    def choose(
        self, observation: Any, legal: list[Action], position: int = 0, sample: Any = None
    ) -> Action:
        """One of ``legal`` (never empty)."""

    def choice_rng(self, position: int) -> Rng:
        """This seat's generator for the decision at ``position``."""
        return decision_rng(self.seed, position, Purpose.CHOICE)


class RandomSeat(Seat):
    """Picks uniformly among the legal actions: the baseline every AI must beat."""

    kind = "random"

    def choose(
        self, observation: Any, legal: list[Action], position: int = 0, sample: Any = None
    ) -> Action:
        return self.choice_rng(position).choice(legal)
