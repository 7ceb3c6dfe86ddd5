"""Kaël's game state (spec 5.1): plain lists and ints, copied by hand for cheap look-ahead."""

from __future__ import annotations

import enum
from typing import Any

from ...engine.errors import FormatError
from ...engine.rng import Rng
from ...engine.windows import ReactionWindow
from .cards import RANK
from .options import KaelOptions


class Phase(enum.StrEnum):
    """Phase names (spec 5.2), saved as their strings. Only these decision phases and
    ``GAME_OVER`` are ever seen between two calls: the spec's ``SETUP``, ``RESOLVE`` and
    ``ROUND_OVER`` run inside ``new_game`` / ``apply`` and have no value here."""

    CHOOSE_HAND_SIZE = "CHOOSE_HAND_SIZE"
    TURN = "TURN"
    GOOD_DRAW = "GOOD_DRAW"
    CUT_WINDOW = "CUT_WINDOW"
    GAME_OVER = "GAME_OVER"


# The phases as plain module names, for the rules' hot paths: Python 3.11 looks an enum's members
# up on their class through the metaclass's ``__getattr__`` hook (about 0.3 microseconds each, four
# times a string constant), and a random playout compares the phase a dozen times per action.
CHOOSE_HAND_SIZE = Phase.CHOOSE_HAND_SIZE
TURN = Phase.TURN
GOOD_DRAW = Phase.GOOD_DRAW
CUT_WINDOW = Phase.CUT_WINDOW
GAME_OVER = Phase.GAME_OVER


# One table entry: (card id, seat that laid it or None for the face-up card, lay number).
TableEntry = tuple[str, int | None, int]

_LIST_FIELDS = (
    "totals",
    "false_kaels",
    "lost_landing",
    "eliminated",
    "eliminated_in",
    "turns_taken",
    "final_queue",
    "deck",
    "table",
    "winners",
)
_PLAIN_FIELDS = (
    "phase",
    "dealer",
    "round_no",
    "hand_size",
    "current",
    "caller",
    "pending",
    "lay_no",
    "revealed",
    "end_reason",
    "last_round",
)


class KaelState:
    """Everything about one game of Kaël. ``deck`` keeps its top card at the end of the list;
    ``table`` keeps its top card at the end too. ``public`` holds the hand cards whose identity
    everybody knows (taken from the table)."""

    __slots__ = (
        "options",
        "players",
        "rng",
        "hands",
        "public",
        "window",
        "chain_rank",
        "chain_count",
        "circuit",
        *_LIST_FIELDS,
        *_PLAIN_FIELDS,
    )

    def __init__(self, options: KaelOptions, rng: Rng) -> None:
        n = options.players
        self.options = options
        self.players = n
        self.rng = rng
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.public: set[str] = set()
        self.window: ReactionWindow[str] | None = None
        self.totals: list[int] = [0] * n
        self.false_kaels: list[int] = [0] * n
        self.lost_landing: list[bool] = [False] * n
        self.eliminated: list[bool] = [False] * n
        self.eliminated_in: list[int | None] = [None] * n  # round of elimination
        self.turns_taken: list[int] = [0] * n
        self.final_queue: list[int] = []
        self.deck: list[str] = []
        self.table: list[TableEntry] = []
        self.winners: list[int] = []
        self.phase: Phase = Phase.CHOOSE_HAND_SIZE
        self.dealer = 0
        self.round_no = 0
        self.hand_size = 0
        self.current = 0
        self.caller: int | None = None
        self.pending: str | None = None  # the good-draw card waiting for the drawer's choice
        self.lay_no = 0
        self.revealed = False  # every hand shown (the last reveal of a finished game)
        self.end_reason: str | None = None
        self.last_round: dict[str, Any] | None = None
        # Derived, kept in step by flow (not saved: recomputed by ``from_json``): the rank and
        # length of the run of equal ranks on top of the table (spec 5.3), and whether every
        # active seat has finished a turn this round (K-A21).
        self.chain_rank: str | None = None
        self.chain_count = 0
        self.circuit = False

    def active(self) -> list[int]:
        return [s for s in range(self.players) if not self.eliminated[s]]

    def copy(self) -> KaelState:
        new = KaelState.__new__(KaelState)
        new.options = self.options
        new.players = self.players
        new.rng = Rng(raw_state=self.rng.state)
        new.hands = [h[:] for h in self.hands]
        new.public = self.public.copy()
        new.window = None if self.window is None else self.window.copy()
        new.chain_rank = self.chain_rank
        new.chain_count = self.chain_count
        new.circuit = self.circuit
        for name in _LIST_FIELDS:
            setattr(new, name, getattr(self, name)[:])
        for name in _PLAIN_FIELDS:  # immutable values (last_round is only ever replaced)
            setattr(new, name, getattr(self, name))
        return new

    # -- JSON --------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rng": self.rng.state,
            "hands": [list(h) for h in self.hands],
            "public": sorted(self.public),
            "window": None if self.window is None else self.window.to_json(),
        }
        for name in _LIST_FIELDS:
            data[name] = [list(x) if isinstance(x, tuple) else x for x in getattr(self, name)]
        for name in _PLAIN_FIELDS:
            data[name] = getattr(self, name)
        data["phase"] = str(self.phase)  # the plain string, as saved before Phase was an enum
        return data

    @classmethod
    def from_json(cls, options: KaelOptions, data: Any) -> KaelState:
        try:
            state = cls(options, Rng(raw_state=int(data["rng"])))
            state.hands = [list(h) for h in data["hands"]]
            state.public = set(data["public"])
            window = data["window"]
            state.window = None if window is None else ReactionWindow.from_json(window)
            for name in _LIST_FIELDS:
                setattr(state, name, list(data[name]))
            state.table = [(str(c), who, int(no)) for c, who, no in data["table"]]
            for name in _PLAIN_FIELDS:
                setattr(state, name, data[name])
            state.phase = Phase(data["phase"])
        except (KeyError, TypeError, ValueError) as exc:
            raise FormatError(f"the saved Kaël state is damaged ({exc})") from None
        if len(state.hands) != options.players or len(state.totals) != options.players:
            raise FormatError("the saved Kaël state does not match its player count")
        try:
            state.refresh_derived()
        except (KeyError, TypeError, IndexError) as exc:
            raise FormatError(f"the saved Kaël state is damaged ({exc})") from None
        return state

    def refresh_derived(self) -> None:
        """Recompute the derived fields from the table and the turn counts."""
        self.rechain()
        self.circuit = all(self.turns_taken[s] >= 1 for s in self.active())

    def rechain(self) -> None:
        """Recompute the run of equal ranks on top of the table."""
        rank: str | None = None
        count = 0
        for card, _who, _no in reversed(self.table):
            if rank is None:
                rank = RANK[card]
            elif RANK[card] != rank:
                break
            count += 1
        self.chain_rank = rank
        self.chain_count = count
