"""How the table names things for the explainers (a plain value: the explainers stay pure)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ...engine.actions import Action


@dataclasses.dataclass(frozen=True)
class Voice:
    """How the table names things in the player's language: ``card`` (the table's own card
    helper: "red 5", "a 7", "blue 4"), ``seat`` (another seat's name), ``action`` ("Stand",
    "Lay a pair of 7s") and ``value`` (a round result in the game's units: "+1.3 points")."""

    card: Callable[[str], str]
    seat: Callable[[int], str]
    action: Callable[[Action], str]
    value: Callable[[float], str]
