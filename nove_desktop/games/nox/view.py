"""What one seat may know (spec 6): observations, hidden cards and determinization.

Every kitty is public in full (D-28); a seat sees its own hand, the other hands' sizes and the
draw pile's size. The unseen cards are exactly the deck minus the seat's hand minus all kitties.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ...engine.errors import FormatError
from ...engine.jsonable import Consistency, from_plain
from ...engine.rng import Rng
from .cards import PROFILES, deck
from .rules import to_act
from .state import NoxState, Phase


@dataclasses.dataclass(frozen=True, slots=True)
class NoxObservation:
    """Everything ``seat`` may know now (``seat`` is ``None`` for a spectator, who has no hand).

    ``kitties[s]`` is seat ``s``'s kitty, left to right, each stack bottom to top.
    ``score_sheet`` has one row per finished round: the points each seat recorded (the totals
    are their sums, plus a stacked deck's starting scores). ``last_round`` details the latest
    finished round: ``points``, ``eligible``, ``recorded``, ``totals``, ``reason``
    (``six_stacks`` or ``exhausted``), ``by_seat``, ``start_seat`` and ``round``."""

    seat: int | None
    players: int
    phase: Phase
    to_act: tuple[int, ...]
    round_number: int
    start_seat: int
    current: int | None
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    pile_count: int
    kitties: tuple[tuple[tuple[str, ...], ...], ...]
    totals: tuple[int, ...]
    score_sheet: tuple[tuple[int, ...], ...]
    last_round: dict[str, Any] | None
    variant: str
    target_score: int
    deck_profile: str
    winners: tuple[int, ...]
    end_reason: str | None

    def to_json(self) -> dict[str, Any]:
        """Plain JSON, written out (the same as the generic ``to_plain``, several times faster:
        observations are read at every decision)."""
        return {
            "seat": self.seat,
            "players": self.players,
            "phase": str(self.phase),
            "to_act": list(self.to_act),
            "round_number": self.round_number,
            "start_seat": self.start_seat,
            "current": self.current,
            "hand": list(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "pile_count": self.pile_count,
            "kitties": [[list(stack) for stack in kitty] for kitty in self.kitties],
            "totals": list(self.totals),
            "score_sheet": [list(row) for row in self.score_sheet],
            "last_round": None
            if self.last_round is None
            else {
                key: value[:] if type(value) is list else value
                for key, value in self.last_round.items()
            },
            "variant": self.variant,
            "target_score": self.target_score,
            "deck_profile": self.deck_profile,
            "winners": list(self.winners),
            "end_reason": self.end_reason,
        }


def read_observation(data: Any) -> NoxObservation:
    """The observation ``NoxObservation.to_json`` wrote (after ``json.loads``), equal to it;
    ``FormatError`` naming the field for anything else."""
    observation: NoxObservation = from_plain(NoxObservation, data, "observation")
    _check(observation)
    return observation


def _check(obs: NoxObservation) -> None:
    """Refuse an observation whose parts do not hang together (``FormatError``): what the table
    indexes by seat has one item per seat, seat numbers name seats, card ids name cards."""
    if obs.deck_profile not in PROFILES:
        raise FormatError(f"observation.deck_profile: {obs.deck_profile!r} is not a deck profile")
    check = Consistency("observation", obs.players, frozenset(deck(obs.deck_profile)))
    check.seats("seat", obs.seat, obs.start_seat, obs.current)
    check.seats("to_act", *obs.to_act)
    check.seats("winners", *obs.winners)
    for name in ("hand_sizes", "kitties", "totals"):
        check.by_seat(name, getattr(obs, name))
    for row in obs.score_sheet:
        check.by_seat("score_sheet", row)
    check.cards("hand", *obs.hand)
    check.cards("kitties", *(card for kitty in obs.kitties for stack in kitty for card in stack))


def observe(state: NoxState, seat: int | None) -> NoxObservation:
    me = seat if seat is not None and 0 <= seat < state.players else None  # (None: spectator)
    opts = state.options
    return NoxObservation(
        seat=seat,
        players=state.players,
        phase=state.phase,
        to_act=to_act(state),
        round_number=state.round_number,
        start_seat=state.start_seat,
        current=state.current if state.phase == Phase.TURN else None,
        hand=tuple(state.hands[me]) if me is not None else (),
        hand_sizes=tuple(len(h) for h in state.hands),
        pile_count=len(state.pile),
        kitties=tuple(tuple(kitty) for kitty in state.kitties),
        totals=tuple(state.totals),
        score_sheet=tuple(tuple(entry["recorded"]) for entry in state.round_history),
        last_round=state.round_history[-1] if state.round_history else None,
        variant=opts.variant,
        target_score=opts.target,
        deck_profile=opts.deck_profile,
        winners=tuple(state.winners),
        end_reason=state.end_reason,
    )


def hidden_cards(state: NoxState, seat: int) -> frozenset[str]:
    """The other hands and the draw pile: every card that is neither in ``seat``'s hand nor in
    a kitty."""
    known = set(state.hands[seat]) if 0 <= seat < state.players else set()
    for kitty in state.kitties:
        for stack in kitty:
            known.update(stack)
    return frozenset(c for c in deck(state.options.deck_profile) if c not in known)


def determinize(state: NoxState, seat: int, rng: Rng) -> NoxState:
    """A copy in which the other hands and the draw pile are dealt again at random from the
    cards hidden from ``seat``, every hand keeping its size; the generator is reseeded."""
    sample = state.copy()
    others = [s for s in range(state.players) if s != seat]
    # Sorted before the shuffle: the sample must not depend on where the true hidden cards lie,
    # only on what ``seat`` knows (two states it cannot tell apart give the same sample).
    pool = sorted([card for s in others for card in state.hands[s]] + state.pile)
    rng.shuffle(pool)
    at = 0
    for s in others:
        size = len(state.hands[s])
        sample.hands[s] = pool[at : at + size]
        at += size
    sample.pile = pool[at:]
    sample.rng = Rng(raw_state=rng.next_u64())
    return sample
