"""What one seat may know (spec section 7): observations, hidden cards and determinization."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...engine.jsonable import to_plain
from ...engine.rng import Rng
from . import flow
from . import hand as H
from .cards import DECK
from .rules import to_act
from .state import NoveState, Phase


@dataclasses.dataclass(frozen=True, slots=True)
class SeatView:
    """Public facts about one seat."""

    seat: int
    hand_size: int
    shown: tuple[str, ...]  # this seat's cards that everybody has seen, in hand order
    shown_jokers: tuple[tuple[str, str, str | None], ...]  # (joker, state, option) of shown jokers
    busted: bool
    exchanged: int | None
    score: int


@dataclasses.dataclass(frozen=True, slots=True)
class NoveObservation:
    """Everything ``seat`` may know now. ``seat`` is ``None`` for a spectator."""

    seat: int | None
    phase: str
    to_act: tuple[int, ...]
    round_no: int
    dealer: int
    order: tuple[int, ...]
    current: int | None
    hand: tuple[str, ...]
    jokers: tuple[tuple[str, str, str | None], ...]  # own jokers: (joker, state, option)
    min_value: int | None
    own_discards: tuple[str, ...]
    seats: tuple[SeatView, ...]
    draw_count: int
    discard_count: int
    nove_step1: bool
    announcements: tuple[tuple[int, int, bool, int], ...]
    nove_holder: int | None
    special: bool
    hits_taken: int
    asked: bool
    nonjoker_slots: tuple[tuple[int, int], ...]
    joker_options: tuple[tuple[int, str], ...]
    last_round: dict[str, Any] | None
    winner: int | None
    end_reason: str | None

    def to_json(self) -> dict[str, Any]:
        return to_plain(self)


def _joker_info(
    state: NoveState, seat: int, cards: list[str]
) -> tuple[tuple[str, str, str | None], ...]:
    forced = state.special and state.order.index(seat) >= 2
    states = H.joker_states(state.hands[seat], state.locked, forced)
    return tuple((c, states[c][0], states[c][1]) for c in cards if c in states)


def observe(state: NoveState, seat: int | None) -> NoveObservation:
    acting = to_act(state)
    seats = []
    for s in range(state.players):
        shown = [c for c in state.hands[s] if c in state.public]
        seats.append(
            SeatView(
                seat=s,
                hand_size=len(state.hands[s]),
                shown=tuple(shown),
                shown_jokers=_joker_info(state, s, shown),
                busted=state.busted[s],
                exchanged=state.exchanged[s],
                score=state.scores[s],
            )
        )
    own = seat is not None
    current = None
    if state.phase in (Phase.TURN, Phase.EXCHANGE):
        current = state.order[state.cursor]
    elif acting:
        current = acting[0]
    return NoveObservation(
        seat=seat,
        phase=state.phase
        if state.phase in Phase.DECISIONS or state.phase == Phase.OVER
        else "auto",
        to_act=acting,
        round_no=state.round_no,
        dealer=state.dealer,
        order=state.order,
        current=current,
        hand=tuple(state.hands[seat]) if own else (),
        jokers=_joker_info(state, seat, state.hands[seat]) if own else (),  # type: ignore[arg-type]
        min_value=flow.min_value(state, seat) if own else None,  # type: ignore[arg-type]
        own_discards=tuple(c for c in state.discard if own and state.discarded_by.get(c) == seat),
        seats=tuple(seats),
        draw_count=len(state.draw),
        discard_count=len(state.discard),
        nove_step1=state.nove_step1,
        announcements=tuple(state.announcements),
        nove_holder=state.nove_holder,
        special=state.special,
        hits_taken=state.hits_taken if state.phase == Phase.TURN else 0,
        asked=state.asked if state.phase == Phase.TURN else False,
        nonjoker_slots=tuple(sorted(state.nonjoker_slots)),
        joker_options=tuple(sorted(state.joker_options.items())),
        last_round=state.last_round,
        winner=state.winner,
        end_reason=state.end_reason,
    )


def hidden_cards(state: NoveState, seat: int) -> frozenset[str]:
    """Cards whose identity ``seat`` may not know: the draw pile, others' discards, and others'
    cards that were never shown."""
    known = set(state.hands[seat]) | state.public
    known.update(c for c in state.discard if state.discarded_by.get(c) == seat)
    return frozenset(c for c in DECK if c not in known)


def determinize(state: NoveState, seat: int, rng: Rng, tries: int = 200) -> NoveState:
    """A copy in which every card hidden from ``seat`` is dealt again at random.

    The sample respects the public facts: shown cards stay put, hand and pile sizes stay the same,
    hit cards shown not to be jokers get no joker, no hidden hand of a seat that has not busted is
    busted, and during the exchange the unchanged hands are neither NOVE nor three of a kind (else
    the round would have gone otherwise). Rejection sampling; after ``tries`` failures the last
    sample is used. The copy's generator is reseeded from ``rng`` so the real future stays unknown.
    """
    hidden = hidden_cards(state, seat)
    slots: list[tuple[str, int, int]] = []  # ("hand", seat, index) or ("draw"|"discard", 0, index)
    for other in range(state.players):
        if other == seat:
            continue
        for i, card in enumerate(state.hands[other]):
            if card in hidden:
                slots.append(("hand", other, i))
    slots += [("draw", 0, i) for i in range(len(state.draw))]
    slots += [("discard", 0, i) for i, c in enumerate(state.discard) if c in hidden]
    pool = [_card_at(state, slot) for slot in slots]
    sample = state.copy()
    for _ in range(tries):
        rng.shuffle(pool)
        _place(sample, slots, pool)
        if _consistent(sample, state, seat):
            break
    sample.rng = Rng(raw_state=rng.next_u64())
    sample.keep_reshuffle_order = False
    return sample


def _card_at(state: NoveState, slot: tuple[str, int, int]) -> str:
    zone, who, index = slot
    if zone == "hand":
        return state.hands[who][index]
    return (state.draw if zone == "draw" else state.discard)[index]


def _place(sample: NoveState, slots: list[tuple[str, int, int]], pool: list[str]) -> None:
    for (zone, who, index), card in zip(slots, pool, strict=False):
        if zone == "hand":
            sample.hands[who][index] = card
        elif zone == "draw":
            sample.draw[index] = card
        else:
            sample.discard[index] = card
    sample.split_cache.clear()
    for card in list(sample.discarded_by):
        if card not in sample.discard:
            del sample.discarded_by[card]


def _consistent(sample: NoveState, real: NoveState, seat: int) -> bool:
    for other, index in real.nonjoker_slots:
        if H.is_joker(sample.hands[other][index]):
            return False
    for other in range(real.players):
        if other == seat or real.busted[other]:
            continue
        fixed, free = flow.split(sample, other)
        if H.is_busted(fixed, free is not None):
            return False
        unchanged = real.phase == Phase.EXCHANGE and real.exchanged[other] is None
        if unchanged and (
            H.min_value(fixed, free is not None) <= 9
            or H.three_of_a_kind(fixed, free is not None) is not None
        ):
            return False
    return True
