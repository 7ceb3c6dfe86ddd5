"""NOX's game state (spec 4): plain lists, ints and tuples, copied by hand for cheap look-ahead.

A kitty is a list of stacks, left to right; a stack is a tuple of card ids, bottom first, top
last. Stacks are immutable (a cover or a merge replaces the tuple), so a copy of the state only
copies the kitty lists. The draw pile keeps its top card at the END of the list (``pop()``).
"""

from __future__ import annotations

import enum
from typing import Any

from ...engine.errors import FormatError
from ...engine.rng import Rng
from .options import STACKS_TO_END, NoxOptions

# Slots per target in a card's table of shared plays (``actions.play_entry``): the new stack,
# then a cover of each of at most 6 stacks.
SLOTS = STACKS_TO_END + 1


def refresh_covers(state: NoxState) -> None:
    """Recompute ``state.covers`` from the kitties (after a merge, a load, or a hand edit)."""
    covers: dict[str, list[int]] = {"B": [], "G": [], "O": []}
    base = 1
    for kitty in state.kitties:
        for slot, stack in enumerate(kitty, base):
            covers[stack[-1][0]].append(slot)
        base += SLOTS
    state.covers = covers


class Phase(enum.StrEnum):
    """Phase names (spec 4, 5), saved as their strings. ``ROUND_SETUP`` and ``ROUND_SCORING`` run
    inside ``new_game`` / ``apply``; between two calls a state is always in ``TURN`` or
    ``GAME_OVER``."""

    ROUND_SETUP = "ROUND_SETUP"
    TURN = "TURN"
    ROUND_SCORING = "ROUND_SCORING"
    GAME_OVER = "GAME_OVER"


Stack = tuple[str, ...]
Kitty = list[Stack]


class NoxState:
    """Everything about one game of NOX.

    ``covers`` is derived from the kitties and kept up to date by the play resolution (it is
    not saved): for each colour, the sorted action-table slots (``target * SLOTS + 1 + index``,
    see ``actions.play_entry``) of the stacks whose top card has that colour, so that listing
    the legal covers scans nothing. Code that edits kitties by hand calls ``refresh_covers``.

    ``round_history`` holds one dict per finished round (points, eligibility, recorded points,
    how and by whom it ended); the dicts are never changed once recorded, so copies share them.
    ``keep_order`` comes from a stacked deck's ``keep_reshuffle_order``: later rounds are then
    dealt from the canonical deck order instead of a shuffle (tests and scenarios).
    """

    __slots__ = (
        "covers",
        "current",
        "end_reason",
        "hands",
        "keep_order",
        "kitties",
        "options",
        "phase",
        "pile",
        "players",
        "rng",
        "round_history",
        "round_number",
        "start_seat",
        "totals",
        "winners",
    )

    def __init__(self, options: NoxOptions, rng: Rng) -> None:
        n = options.players
        self.options = options
        self.players = n
        self.rng = rng
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.pile: list[str] = []
        self.kitties: list[Kitty] = [[] for _ in range(n)]
        self.covers: dict[str, list[int]] = {"B": [], "G": [], "O": []}
        self.totals: list[int] = [0] * n
        self.round_number = 0
        self.start_seat = 0
        self.current = 0
        self.phase = Phase.ROUND_SETUP
        self.round_history: list[dict[str, Any]] = []
        self.winners: list[int] = []
        self.end_reason: str | None = None
        self.keep_order = False

    def copy(self) -> NoxState:
        new = NoxState.__new__(NoxState)
        new.options = self.options
        new.players = self.players
        new.rng = Rng(raw_state=self.rng.state)
        new.hands = [h[:] for h in self.hands]
        new.pile = self.pile[:]
        new.kitties = [k[:] for k in self.kitties]
        covers = self.covers
        new.covers = {"B": covers["B"][:], "G": covers["G"][:], "O": covers["O"][:]}
        new.totals = self.totals[:]
        new.round_number = self.round_number
        new.start_seat = self.start_seat
        new.current = self.current
        new.phase = self.phase
        new.round_history = self.round_history[:]
        new.winners = self.winners[:]
        new.end_reason = self.end_reason
        new.keep_order = self.keep_order
        return new

    # -- JSON --------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "rng": self.rng.state,
            "hands": [list(h) for h in self.hands],
            "pile_top_last": list(self.pile),
            "kitties": [[list(stack) for stack in kitty] for kitty in self.kitties],
            "totals": list(self.totals),
            "round_number": self.round_number,
            "start_seat": self.start_seat,
            "current": self.current,
            "phase": str(self.phase),
            "round_history": [dict(entry) for entry in self.round_history],
            "winners": list(self.winners),
            "end_reason": self.end_reason,
            "keep_order": self.keep_order,
        }

    @classmethod
    def from_json(cls, options: NoxOptions, data: Any) -> NoxState:
        try:
            state = cls(options, Rng(raw_state=int(data["rng"])))
            state.hands = [[str(c) for c in hand] for hand in data["hands"]]
            state.pile = [str(c) for c in data["pile_top_last"]]
            state.kitties = [
                [tuple(str(c) for c in stack) for stack in kitty] for kitty in data["kitties"]
            ]
            state.totals = [int(t) for t in data["totals"]]
            state.round_number = int(data["round_number"])
            state.start_seat = int(data["start_seat"])
            state.current = int(data["current"])
            phase = str(data["phase"])
            state.round_history = [dict(entry) for entry in data["round_history"]]
            state.winners = [int(s) for s in data["winners"]]
            reason = data["end_reason"]
            state.end_reason = None if reason is None else str(reason)
            state.keep_order = bool(data["keep_order"])
            refresh_covers(state)
        except (KeyError, TypeError, ValueError) as exc:
            raise FormatError(f"the saved NOX state is damaged ({exc})") from None
        n = options.players
        if len(state.hands) != n or len(state.kitties) != n or len(state.totals) != n:
            raise FormatError("the saved NOX state does not match its player count")
        if phase not in (Phase.TURN, Phase.GAME_OVER):
            raise FormatError(f'the saved NOX state has an unknown phase "{phase}"')
        state.phase = Phase(phase)
        return state
