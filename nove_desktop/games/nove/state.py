"""NOVE's game state: plain lists, dicts and ints, copied by hand for cheap look-ahead."""

from __future__ import annotations

import enum
from typing import Any

from ...engine.errors import FormatError
from ...engine.rng import Rng
from .options import NoveOptions


class Phase(enum.StrEnum):
    """Phase names (the values are those of the saved states). Decision phases wait for a
    seat (``DECISIONS``); the others run automatically."""

    ROUND_START = "round_start"
    STEP1 = "step1"
    DECLARING = "declaring"
    DECLARE = "declare"  # decision
    EXCHANGE = "exchange"  # decision
    REDEAL = "redeal"
    TURN_START = "turn_start"
    TURN = "turn"  # decision
    TURN_END = "turn_end"
    SPECIAL = "special"
    SCORING = "scoring"
    CHOOSING = "choosing"
    CHOOSE_JOKER = "choose_joker"  # decision
    ROUND_END = "round_end"
    OVER = "over"


DECISIONS = frozenset({Phase.DECLARE, Phase.EXCHANGE, Phase.TURN, Phase.CHOOSE_JOKER})


# Announcement record: (seat, value, has_pair, step).
Announcement = tuple[int, int, bool, int]

_LIST_FIELDS = ("scores", "draw", "discard", "busted", "exchanged", "queue", "announcements")
_DICT_FIELDS = ("discarded_by", "locked", "joker_options")
_SET_FIELDS = ("public", "hit", "nonjoker_slots")
_PLAIN_FIELDS = (
    "dealer",
    "round_no",
    "order",
    "phase",
    "cursor",
    "nove_step1",
    "nove_holder",
    "special",
    "hits_taken",
    "asked",
    "announced",
    "keep_reshuffle_order",
    "winner",
    "end_reason",
    "last_round",
)


class NoveState:
    """Everything about one game of NOVE. ``draw`` keeps its top card at the end of the list."""

    __slots__ = (
        "options",
        "players",
        "rng",
        "hands",
        "split_cache",
        *_LIST_FIELDS,
        *_DICT_FIELDS,
        *_SET_FIELDS,
        *_PLAIN_FIELDS,
    )

    def __init__(self, options: NoveOptions, rng: Rng) -> None:
        n = options.players
        self.options = options
        self.players = n  # the seat count, kept as a plain attribute: read on every action
        self.rng = rng
        self.scores: list[int] = [0] * n
        self.dealer = 0
        self.round_no = 0
        self.order: tuple[int, ...] = tuple(range(n))
        self.phase: Phase = Phase.ROUND_START
        self.cursor = 0  # index into ``order`` of the seat being dealt with
        self.queue: list[int] = []  # seats still to declare (Step 1) or to choose a joker (Step 3)
        self.draw: list[str] = []
        self.discard: list[str] = []
        self.discarded_by: dict[str, int] = {}
        self.hands: list[list[str]] = [[] for _ in range(n)]
        # Evaluated hands by seat; cleared by flow.changed() whenever a hand or a joker changes.
        self.split_cache: dict[int, tuple[list[str], str | None, int, int]] = {}
        self.locked: dict[str, str] = {}  # joker -> option fixed by a NOVE declaration
        self.public: set[str] = set()  # cards shown to everybody this round
        self.hit: set[str] = set()  # cards received by a hit this Step 2
        self.nonjoker_slots: set[tuple[int, int]] = set()  # (seat, index) shown not to be a joker
        self.nove_step1 = False
        self.announcements: list[Announcement] = []
        self.nove_holder: int | None = None
        self.busted: list[bool] = [False] * n
        self.exchanged: list[int | None] = [None] * n
        self.special = False
        self.hits_taken = 0
        self.asked = False
        self.announced = False
        self.joker_options: dict[int, str] = {}
        self.keep_reshuffle_order = False
        self.winner: int | None = None
        self.end_reason: str | None = None
        self.last_round: dict[str, Any] | None = None  # summary of the last finished round

    def copy(self) -> NoveState:
        new = NoveState.__new__(NoveState)
        new.options = self.options
        new.players = self.players
        new.rng = Rng(raw_state=self.rng.state)
        new.hands = [h[:] for h in self.hands]
        new.split_cache = self.split_cache.copy()  # entries are never mutated, only replaced
        for name in _LIST_FIELDS:
            setattr(new, name, getattr(self, name)[:])
        for name in _DICT_FIELDS:
            setattr(new, name, getattr(self, name).copy())
        for name in _SET_FIELDS:
            setattr(new, name, getattr(self, name).copy())
        for name in _PLAIN_FIELDS:  # immutable values (last_round is never mutated, only replaced)
            setattr(new, name, getattr(self, name))
        return new

    # -- JSON --------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"rng": self.rng.state, "hands": [list(h) for h in self.hands]}
        for name in _LIST_FIELDS:
            data[name] = [list(x) if isinstance(x, tuple) else x for x in getattr(self, name)]
        data["discarded_by"] = self.discarded_by
        data["locked"] = self.locked
        data["joker_options"] = {str(k): v for k, v in self.joker_options.items()}
        data["public"] = sorted(self.public)
        data["hit"] = sorted(self.hit)
        data["nonjoker_slots"] = sorted([list(x) for x in self.nonjoker_slots])
        for name in _PLAIN_FIELDS:
            value = getattr(self, name)
            data[name] = list(value) if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_json(cls, options: NoveOptions, data: Any) -> NoveState:
        try:
            state = cls(options, Rng(raw_state=int(data["rng"])))
            state.hands = [list(h) for h in data["hands"]]
            for name in ("scores", "draw", "discard", "busted", "exchanged", "queue"):
                setattr(state, name, list(data[name]))
            state.announcements = [tuple(a) for a in data["announcements"]]
            state.discarded_by = dict(data["discarded_by"])
            state.locked = dict(data["locked"])
            state.joker_options = {int(k): v for k, v in data["joker_options"].items()}
            state.public = set(data["public"])
            state.hit = set(data["hit"])
            state.nonjoker_slots = {(int(a), int(b)) for a, b in data["nonjoker_slots"]}
            for name in _PLAIN_FIELDS:
                setattr(state, name, data[name])
            state.order = tuple(data["order"])
            state.phase = Phase(data["phase"])
        except (KeyError, TypeError, ValueError) as exc:
            raise FormatError(f"the saved NOVE state is damaged ({exc})") from None
        if len(state.hands) != options.players or len(state.scores) != options.players:
            raise FormatError("the saved NOVE state does not match its player count")
        return state
