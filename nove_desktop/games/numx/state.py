"""NUM-X's game state (spec section 5): plain lists and ints, copied by hand for cheap look-ahead.

Invariants kept by every change: each hand is sorted in canonical card order (so a hand's tuple
is a cache key and copies of one face are found together); ``acting`` is ``to_act`` (derived,
kept up to date by the flow, rebuilt on load); the deck's top card is its last element.
"""

from __future__ import annotations

import enum
from typing import Any

from ...engine.errors import FormatError
from ...engine.rng import Rng
from ...engine.windows import ReactionWindow
from .options import NumxOptions


class Phase(enum.StrEnum):
    """Decision phases (spec 5) and ``GAME_OVER``. ``ROUND_SCORED`` never waits: scoring and the
    next deal run inside ``apply``. The values are the strings saved states hold."""

    MALUS_CHOICE = "MALUS_CHOICE"
    TURN = "TURN"
    FX_WINDOW = "FX_WINDOW"
    REPLENISH = "REPLENISH"
    COMPLETION = "COMPLETION"
    GAME_OVER = "GAME_OVER"


# The phases as module constants, for the engine's hot paths: reading a member off the enum class
# (``Phase.TURN``) costs about ten plain attribute reads on Python 3.11, and the rules compare the
# phase several times per action.
MALUS_CHOICE = Phase.MALUS_CHOICE
TURN = Phase.TURN
FX_WINDOW = Phase.FX_WINDOW
REPLENISH = Phase.REPLENISH
COMPLETION = Phase.COMPLETION
GAME_OVER = Phase.GAME_OVER


# One play of the trick: (seat, cards, count after the play, value after the play).
TrickPlay = tuple[int, tuple[str, ...], int, int]
# One prepared special: (card, mode, target).
StagedSpecial = tuple[str, str, int | str | None]
# A claim held by a Facteur X window: ("cards", ids) or ("numx", (card,)).
WindowClaim = tuple[str, tuple[str, ...]]

_LIST_FIELDS = (
    "objectives",
    "objective_pile",
    "deck",
    "discard",
    "trick",
    "staged",
    "first_out",
    "totals",
    "queue",
    "emptied",
    "winners",
)
_PLAIN_FIELDS = (
    "phase",
    "round_no",
    "anchor",
    "trick_count",
    "trick_value",
    "last_player",
    "current",
    "leader",
    "lead_fails",
    "next_leader",
    "end_reason",
    "last_round",
    "revealed",
)


class NumxState:
    """Everything about one game of NUM-X (see spec section 5 for the fields' meaning).

    ``chosen[s]`` holds seat s's malus choice while others are still choosing (hidden);
    ``public`` is the set of hand cards everybody knows (taken from a malus area);
    ``trick_count``/``trick_value`` are the trick state ``(c, v)``, ``(0, 0)`` when empty;
    ``queue`` lists the seats still to refill in ``REPLENISH``/``COMPLETION``;
    ``emptied`` the seats whose hand became empty during the current replenishment;
    ``hinfos``/``binfo`` are derived views of the hands and the malus areas, updated in place
    with them (``None`` until first needed; never shared with a copy); ``memo`` the legal
    tables of the seats to act (shared with a copy until either changes).
    """

    __slots__ = (
        "options",
        "players",
        "rng",
        "hands",
        "malus",
        "chosen",
        "public",
        "window",
        "acting",
        "memo",
        "hinfos",
        "binfo",
        *_LIST_FIELDS,
        *_PLAIN_FIELDS,
    )

    def __init__(self, options: NumxOptions, rng: Rng) -> None:
        n = options.players
        self.options = options
        self.players = n
        self.rng = rng
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.malus: list[list[str]] = [[] for _ in range(n)]
        self.chosen: list[list[str] | None] = [None] * n
        self.public: set[str] = set()
        self.window: ReactionWindow[Any] | None = None
        self.acting: tuple[int, ...] = ()
        # Legal-action tables by seat for the current contents (rules.table_for). A copy shares
        # the dict: entries are only ever added for unchanged contents, and every change of the
        # state replaces the dict (``changed``), so a shared entry is valid for both states.
        self.memo: dict[int, Any] = {}
        # Derived views of each hand and of the board (combos.HandInfo / BoardInfo), rebuilt on
        # demand: the flow sets an entry to None whenever that hand or the board changes.
        self.hinfos: list[Any] = [None] * n
        self.binfo: Any = None
        self.objectives: list[str | None] = [None] * n
        self.objective_pile: list[str] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.trick: list[TrickPlay] = []
        self.staged: list[StagedSpecial] = []
        self.first_out: list[int] = []
        self.totals: list[int] = [0] * n
        self.queue: list[int] = []
        self.emptied: list[int] = []
        self.winners: list[int] = []
        self.phase = MALUS_CHOICE
        self.round_no = 0
        self.anchor = 0
        self.trick_count = 0
        self.trick_value = 0
        self.last_player: int | None = None
        self.current = 0
        self.leader = 0
        self.lead_fails = 0
        self.next_leader = 0
        self.end_reason: str | None = None
        self.last_round: dict[str, Any] | None = None
        self.revealed = False

    def copy(self) -> NumxState:
        new = NumxState.__new__(NumxState)
        new.options = self.options
        new.players = self.players
        new.rng = Rng(raw_state=self.rng.state)
        new.hands = [h[:] for h in self.hands]
        new.malus = [m[:] for m in self.malus]
        new.chosen = [None if c is None else c[:] for c in self.chosen]
        new.public = self.public.copy()
        new.window = None if self.window is None else self.window.copy()
        new.acting = self.acting
        new.memo = self.memo
        # Each state updates its own hand and board views in place: the copy rebuilds them
        # when it first needs them.
        new.hinfos = [None] * self.players
        new.binfo = None
        new.objectives = self.objectives[:]
        new.objective_pile = self.objective_pile[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.trick = self.trick[:]
        new.staged = self.staged[:]
        new.first_out = self.first_out[:]
        new.totals = self.totals[:]
        new.queue = self.queue[:]
        new.emptied = self.emptied[:]
        new.winners = self.winners[:]
        new.phase = self.phase
        new.round_no = self.round_no
        new.anchor = self.anchor
        new.trick_count = self.trick_count
        new.trick_value = self.trick_value
        new.last_player = self.last_player
        new.current = self.current
        new.leader = self.leader
        new.lead_fails = self.lead_fails
        new.next_leader = self.next_leader
        new.end_reason = self.end_reason
        new.last_round = self.last_round  # replaced, never changed in place
        new.revealed = self.revealed
        return new

    def changed(self) -> None:
        """Forget every derived view and cached legal-action table (call after editing the
        state by hand)."""
        self.memo = {}
        self.hinfos = [None] * self.players
        self.binfo = None

    # -- JSON --------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rng": self.rng.state,
            "hands": [list(h) for h in self.hands],
            "malus": [list(m) for m in self.malus],
            "chosen": [None if c is None else list(c) for c in self.chosen],
            "public": sorted(self.public),
            "window": None if self.window is None else self.window.to_json(_encode_claim),
        }
        for name in _LIST_FIELDS:
            data[name] = list(getattr(self, name))  # strings and ints
        data["trick"] = [[seat, list(cards), c, v] for seat, cards, c, v in self.trick]
        data["staged"] = [list(s) for s in self.staged]
        for name in _PLAIN_FIELDS:
            data[name] = getattr(self, name)
        data["phase"] = self.phase.value
        return data

    @classmethod
    def from_json(cls, options: NumxOptions, data: Any) -> NumxState:
        try:
            state = cls(options, Rng(raw_state=int(data["rng"])))
            state.hands = [[str(c) for c in h] for h in data["hands"]]
            state.malus = [[str(c) for c in m] for m in data["malus"]]
            state.chosen = [None if c is None else [str(x) for x in c] for c in data["chosen"]]
            state.public = {str(c) for c in data["public"]}
            window = data["window"]
            state.window = (
                None if window is None else ReactionWindow.from_json(window, _decode_claim)
            )
            for name in _LIST_FIELDS:
                setattr(state, name, list(data[name]))
            state.trick = [(int(s), tuple(c), int(k), int(v)) for s, c, k, v in data["trick"]]
            state.staged = [(str(c), str(m), t) for c, m, t in data["staged"]]
            for name in _PLAIN_FIELDS:
                setattr(state, name, data[name])
            state.phase = Phase(data["phase"])
        except (KeyError, TypeError, ValueError) as exc:
            raise FormatError(f"the saved NUM-X state is damaged ({exc})") from None
        n = options.players
        if any(len(x) != n for x in (state.hands, state.malus, state.chosen, state.totals)):
            raise FormatError("the saved NUM-X state does not match its player count")
        return state


def _encode_claim(claim: WindowClaim) -> list[Any]:
    return [claim[0], list(claim[1])]


def _decode_claim(data: Any) -> WindowClaim:
    return (str(data[0]), tuple(str(c) for c in data[1]))
