"""Nove (banco) game state (spec 4): plain lists and ints, copied by hand for cheap look-ahead."""

from __future__ import annotations

import enum
from typing import Any

from ...engine.errors import FormatError
from ...engine.rng import Rng
from .options import BancoOptions


class Phase(enum.StrEnum):
    """Decision phases and ``GAME_OVER``. The spec's engine phases (HAND_START, SETTLEMENT,
    END_OF_HAND) run inside ``new_game`` / ``apply`` and are never seen between two calls.
    The values are the strings saves and observations have always held."""

    BET = "BET"
    DRAW = "DRAW"
    BANKER_DRAW = "BANKER_DRAW"
    GAME_OVER = "GAME_OVER"


DECISION_PHASES = frozenset((Phase.BET, Phase.DRAW, Phase.BANKER_DRAW))

# Python 3.11 finds an enum member through a descriptor, several times slower than a module
# name (it cost the random playouts a fifth of their speed): the rules' hot paths (to_act,
# legal_actions, apply and the automatic steps) read the phases under these names.
BET = Phase.BET
DRAW = Phase.DRAW
BANKER_DRAW = Phase.BANKER_DRAW
GAME_OVER = Phase.GAME_OVER


class Status:
    """A punter's status in the current hand (spec 4); the banker and eliminated seats have
    ``NONE``."""

    NONE = ""
    WAITING = "waiting"
    BETTING = "betting"
    DRAWING = "drawing"
    STOOD = "stood"
    NINE = "nine"
    SAT_OUT = "sat_out"


# Lists copied with a slice (their items are immutable: ints, bools, str, tuples of str).
_LIST_FIELDS = (
    "chips",
    "eliminated",
    "banks_held",
    "hands",
    "revealed",
    "totals",
    "bets",
    "status",
    "stock",
)
# Immutable values shared by a copy (``order`` and ``winners`` are tuples, ``last_hand`` is
# only ever replaced, never changed).
_PLAIN_FIELDS = (
    "phase",
    "current",
    "banker",
    "hands_in_term",
    "hand_number",
    "coverage_left",
    "order",
    "pos",
    "end_reason",
    "winners",
    "last_hand",
)


class BancoState:
    """Everything about one game of Nove (banco).

    ``hands[seat]`` is a tuple of card ids in the order received: the hole card first, then the
    extra cards (always face up). ``revealed[seat]`` tells whether the hole card is face up.
    ``totals[seat]`` is the hand's score (sum of values mod 10), kept up to date. ``stock`` keeps
    its top card at the END of the list (the spec lists it top first). ``order`` is this hand's
    punter order and ``pos`` the index in it of the punter playing (``len(order)`` once the
    banker plays). ``bets[seat]`` is 0 for no bet.
    """

    __slots__ = ("options", "players", "rng", *_LIST_FIELDS, *_PLAIN_FIELDS)

    def __init__(self, options: BancoOptions, rng: Rng) -> None:
        n = options.players
        self.options = options
        self.players = n
        self.rng = rng
        self.chips: list[int] = [options.starting_chips] * n
        self.eliminated: list[bool] = [False] * n
        self.banks_held: list[int] = [0] * n
        self.hands: list[tuple[str, ...]] = [()] * n
        self.revealed: list[bool] = [False] * n
        self.totals: list[int] = [0] * n
        self.bets: list[int] = [0] * n
        self.status: list[str] = [Status.NONE] * n
        self.stock: list[str] = []
        self.phase: Phase = Phase.BET
        self.current = -1
        self.banker = 0
        self.hands_in_term = 0
        self.hand_number = 0
        self.coverage_left = 0
        self.order: tuple[int, ...] = ()
        self.pos = 0
        self.end_reason: str | None = None
        self.winners: tuple[int, ...] = ()
        self.last_hand: dict[str, Any] | None = None

    def copy(self) -> BancoState:
        new = BancoState.__new__(BancoState)
        new.options = self.options
        new.players = self.players
        new.rng = Rng(raw_state=self.rng.state)
        new.chips = self.chips[:]
        new.eliminated = self.eliminated[:]
        new.banks_held = self.banks_held[:]
        new.hands = self.hands[:]
        new.revealed = self.revealed[:]
        new.totals = self.totals[:]
        new.bets = self.bets[:]
        new.status = self.status[:]
        new.stock = self.stock[:]
        new.phase = self.phase
        new.current = self.current
        new.banker = self.banker
        new.hands_in_term = self.hands_in_term
        new.hand_number = self.hand_number
        new.coverage_left = self.coverage_left
        new.order = self.order
        new.pos = self.pos
        new.end_reason = self.end_reason
        new.winners = self.winners
        new.last_hand = self.last_hand
        return new

    # -- JSON --------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Written out field by field (the tests and saves call it often)."""
        return {
            "rng": self.rng.state,
            "chips": self.chips[:],
            "eliminated": self.eliminated[:],
            "banks_held": self.banks_held[:],
            "hands": [list(hand) for hand in self.hands],
            "revealed": self.revealed[:],
            "totals": self.totals[:],
            "bets": self.bets[:],
            "status": self.status[:],
            "stock": self.stock[:],
            "phase": str(self.phase),
            "current": self.current,
            "banker": self.banker,
            "hands_in_term": self.hands_in_term,
            "hand_number": self.hand_number,
            "coverage_left": self.coverage_left,
            "order": list(self.order),
            "pos": self.pos,
            "end_reason": self.end_reason,
            "winners": list(self.winners),
            "last_hand": None
            if self.last_hand is None
            else {k: list(v) if isinstance(v, list) else v for k, v in self.last_hand.items()},
        }

    @classmethod
    def from_json(cls, options: BancoOptions, data: Any) -> BancoState:
        try:
            state = cls(options, Rng(raw_state=int(data["rng"])))
            for name in _LIST_FIELDS:
                setattr(state, name, list(data[name]))
            state.hands = [tuple(str(c) for c in hand) for hand in data["hands"]]
            for name in _PLAIN_FIELDS:
                setattr(state, name, data[name])
            state.phase = Phase(data["phase"])
            state.order = tuple(int(s) for s in data["order"])
            state.winners = tuple(int(s) for s in data["winners"])
        except (KeyError, TypeError, ValueError) as exc:
            raise FormatError(f"the saved Nove (banco) state is damaged ({exc})") from None
        n = options.players
        if any(len(getattr(state, name)) != n for name in _LIST_FIELDS if name != "stock"):
            raise FormatError("the saved Nove (banco) state does not match its player count")
        return state
