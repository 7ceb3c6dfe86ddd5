"""Reaction windows: moments when several seats may act out of turn.

A window lists the seats that may answer, in a fixed precedence order (best first). Each seat
answers once: a pass (``None``) or a claim. The window is resolved as soon as the outcome is
determined: the best-placed seat that has not passed has claimed (its claim wins), or everybody
has passed. With ``first_claim_wins`` (for games where claims can never compete, such as Kaël's
cut) a claim wins the moment it arrives. The engine has no clock: a table scene that times a window
sends passes for the seats whose time ran out.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Generic, TypeVar

from .errors import IllegalActionError
from .text import why

ClaimT = TypeVar("ClaimT")


@dataclasses.dataclass(frozen=True, slots=True)
class WindowOutcome(Generic[ClaimT]):
    """``decided`` is False while answers are missing; then ``seat``/``claim`` name the winner,
    or both are ``None`` when every seat passed."""

    decided: bool
    seat: int | None = None
    claim: ClaimT | None = None


# Orders already found valid: games open windows over a few orders again and again.
_CHECKED_ORDERS: set[tuple[int, ...]] = set()
_MAX_CHECKED = 4096
_UNANSWERED: Any = object()
_UNDECIDED: WindowOutcome[Any] = WindowOutcome(False)
_ALL_PASSED: WindowOutcome[Any] = WindowOutcome(True)


class ReactionWindow(Generic[ClaimT]):
    """The state of one open window (part of the game state, copied with it)."""

    __slots__ = ("_claims", "_outcome", "_waiting", "answers", "first_claim_wins", "kind", "order")

    def __init__(
        self,
        kind: str,
        order: tuple[int, ...],
        *,
        first_claim_wins: bool = False,
        answers: dict[int, ClaimT | None] | None = None,
    ) -> None:
        order = tuple(order)
        if order not in _CHECKED_ORDERS:
            if len(set(order)) != len(order):
                raise ValueError("a seat can appear only once in a window")
            if len(_CHECKED_ORDERS) < _MAX_CHECKED:
                _CHECKED_ORDERS.add(order)
        self.kind = kind
        self.order = order
        self.first_claim_wins = first_claim_wins
        if answers or not order:
            self.answers: dict[int, ClaimT | None] = dict(answers or {})
            self._refresh()
        else:  # a new window (the common case): nobody has answered
            self.answers = {}
            self._claims = 0
            self._outcome = _UNDECIDED
            self._waiting = order

    def _refresh(self) -> None:
        """Cache the outcome, the seats still waiting and the number of claims (they change
        only in ``answer``)."""
        self._claims = sum(claim is not None for claim in self.answers.values())
        self._outcome = self._decide()
        self._waiting = (
            () if self._outcome.decided else tuple(s for s in self.order if s not in self.answers)
        )

    def _after(self, seat: int, claim: ClaimT | None) -> None:
        """``_refresh`` after ``seat``'s answer (a claim, or a pass behind the head seat), from
        the cached state: only that answer is new, so the outcome changes only if it decides
        the window (games answer windows often). ``answer_pass`` handles a pass at the head."""
        waiting = self._waiting
        if claim is not None and (self.first_claim_wins or waiting[0] == seat):
            # A first claim wins at once; otherwise, the best-placed seat still waiting claimed
            # and every seat placed before it has passed.
            self._claims += 1
            self._outcome = WindowOutcome(True, seat, claim)
            self._waiting = ()
            return
        if claim is not None:
            self._claims += 1
        self._waiting = tuple([s for s in waiting if s != seat])

    def waiting(self) -> tuple[int, ...]:
        """Seats that have not answered yet, in precedence order (empty once decided)."""
        return self._waiting

    def answer(self, seat: int, claim: ClaimT | None) -> WindowOutcome[ClaimT]:
        """Record ``seat``'s answer (``None`` = pass) and return the outcome so far."""
        if seat not in self.order:
            raise IllegalActionError(why("you may not react now"), seat=seat)
        if seat in self.answers:
            raise IllegalActionError(why("you have already answered"), seat=seat)
        if self._outcome.decided:
            raise IllegalActionError(why("this moment has passed"), seat=seat)
        if claim is None and self._waiting[0] == seat:
            return self.answer_pass(seat)
        self.answers[seat] = claim
        self._after(seat, claim)
        return self._outcome

    def answer_pass(self, seat: int) -> WindowOutcome[ClaimT]:
        """``answer(seat, None)``, with fewer checks for the usual case: the first seat still
        waiting passes."""
        waiting = self._waiting
        if not waiting or waiting[0] != seat:
            return self.answer(seat, None)  # (its checks and their messages)
        self.answers[seat] = None  # the head seat: listed, not answered yet, window still open
        if self._claims:  # a claim waiting behind it may now win
            self._refresh()
        elif len(waiting) == 1:  # the last answer, and nobody claimed
            self._outcome = _ALL_PASSED
            self._waiting = ()
        else:
            self._waiting = waiting[1:]
        return self._outcome

    def outcome(self) -> WindowOutcome[ClaimT]:
        return self._outcome

    def _decide(self) -> WindowOutcome[ClaimT]:
        answers = self.answers
        if self.first_claim_wins:
            for seat in self.order:
                claim = answers.get(seat)
                if claim is not None:
                    return WindowOutcome(True, seat, claim)
        for seat in self.order:
            claim = answers.get(seat, _UNANSWERED)
            if claim is _UNANSWERED:
                return _UNDECIDED
            if claim is not None:
                return WindowOutcome(True, seat, claim)
        return _ALL_PASSED

    def copy(self) -> ReactionWindow[ClaimT]:
        new: ReactionWindow[ClaimT] = ReactionWindow.__new__(ReactionWindow)
        new.kind = self.kind
        new.order = self.order
        new.first_claim_wins = self.first_claim_wins
        new.answers = self.answers.copy()
        new._outcome = self._outcome  # immutable
        new._claims = self._claims
        new._waiting = self._waiting
        return new

    def to_json(self, encode_claim: Any = lambda c: c) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "order": list(self.order),
            "first_claim_wins": self.first_claim_wins,
            "answers": [
                [seat, None if claim is None else encode_claim(claim)]
                for seat, claim in self.answers.items()
            ],
        }

    @classmethod
    def from_json(
        cls, data: dict[str, Any], decode_claim: Any = lambda c: c
    ) -> ReactionWindow[Any]:
        return cls(
            data["kind"],
            tuple(data["order"]),
            first_claim_wins=data["first_claim_wins"],
            answers={
                seat: None if claim is None else decode_claim(claim)
                for seat, claim in data["answers"]
            },
        )
