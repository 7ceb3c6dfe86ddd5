"""What one seat may know (spec section 7): observations, hidden cards and determinization."""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

from ...engine.jsonable import Consistency, from_plain, to_plain
from ...engine.rng import Rng
from . import flow
from . import hand as H
from .cards import DECK, DECK_INDEX
from .rules import to_act
from .state import DECISIONS, NoveState, Phase


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
    phase: Phase | Literal["auto"]  # a decision phase, "over", or "auto" between them
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


def read_observation(data: Any) -> NoveObservation:
    """The observation ``NoveObservation.to_json`` wrote (after ``json.loads``), equal to it;
    ``FormatError`` naming the field for anything else."""
    observation: NoveObservation = from_plain(NoveObservation, data, "observation")
    _check(observation)
    return observation


def _check(obs: NoveObservation) -> None:
    """Refuse an observation whose parts do not hang together (``FormatError``): what the table
    indexes by seat has one item per seat, seat numbers name seats, card ids name cards."""
    check = Consistency("observation", len(obs.seats), DECK_INDEX)
    check.numbered("seats", obs.seats)
    check.seats("seat", obs.seat, obs.dealer, obs.current, obs.nove_holder, obs.winner)
    check.seats("to_act", *obs.to_act)
    check.seats("order", *obs.order)
    check.seats("announcements", *(announced[0] for announced in obs.announcements))
    check.seats("nonjoker_slots", *(seat for seat, _index in obs.nonjoker_slots))
    check.seats("joker_options", *(seat for seat, _value in obs.joker_options))
    check.cards("hand", *obs.hand)
    check.cards("jokers", *(joker[0] for joker in obs.jokers))
    check.cards("own_discards", *obs.own_discards)
    for index, seat in enumerate(obs.seats):
        check.cards(f"seats[{index}].shown", *seat.shown)
        check.cards(f"seats[{index}].shown_jokers", *(joker[0] for joker in seat.shown_jokers))


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
    hand: tuple[str, ...] = ()
    jokers: tuple[tuple[str, str, str | None], ...] = ()
    min_value = None
    if seat is not None:
        hand = tuple(state.hands[seat])
        jokers = _joker_info(state, seat, state.hands[seat])
        min_value = flow.min_value(state, seat)
    current = None
    if state.phase in (Phase.TURN, Phase.EXCHANGE):
        current = state.order[state.cursor]
    elif acting:
        current = acting[0]
    return NoveObservation(
        seat=seat,
        phase=state.phase if state.phase in DECISIONS or state.phase == Phase.OVER else "auto",
        to_act=acting,
        round_no=state.round_no,
        dealer=state.dealer,
        order=state.order,
        current=current,
        hand=hand,
        jokers=jokers,
        min_value=min_value,
        own_discards=tuple(
            c for c in state.discard if seat is not None and state.discarded_by.get(c) == seat
        ),
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

    The sample respects the public facts: shown cards and the states of shown jokers stay, hand
    and pile sizes stay, hit cards shown not to be jokers get no joker, no hidden hand of a seat
    that has not busted is busted, and dealt hands nobody has changed are consistent with Step 1
    (never a three of a kind; not a NOVE unless declared, while the declarations are under way
    only for the seats already passed over). Rejection sampling; after ``tries`` failures the last
    sample is used. What the true hidden cards decide is rebuilt from the sample, so it reveals
    nothing: the set of hit cards (the sampled cards at the hit positions) and, during the Step-1
    declarations, the queue of seats still to declare. The copy's generator is reseeded from
    ``rng``.
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
    # Sorted before the shuffles: the sample must not depend on where the true hidden cards lie,
    # only on what ``seat`` knows (two states it cannot tell apart give the same sample).
    pool = sorted(_card_at(state, slot) for slot in slots)
    pinned = _pin_decider_joker(state, seat, slots, pool, rng)
    shown_jokers = {
        other: _joker_info(state, other, [c for c in state.hands[other] if c in state.public])
        for other in range(state.players)
        if other != seat
    }
    sample = state.copy()
    for _ in range(tries):
        rng.shuffle(pool)
        _place(sample, slots, pool)
        if pinned is not None:
            _place(sample, [pinned[0]], [pinned[1]])
        if _consistent(sample, state, seat, shown_jokers):
            break
    # Which hand positions hold this Step 2's hit cards is public (every hit is announced and
    # joins the end of its hand); which cards they are is not: rebuilt from the sample, so that
    # asking about jokers in a sampled deal shows the sampled cards, never the true ones.
    sample.hit = {sample.hands[who][index] for who, index in _hit_slots(state)}
    # Who discarded each pile position is public (exchanges are seen); the card there may not be.
    sample.discarded_by = {
        card: owner
        for card, owner in zip(sample.discard, _discard_owners(state), strict=True)
        if owner is not None
    }
    if state.phase == Phase.DECLARE:
        decider = state.queue[0]
        later = state.order[state.order.index(decider) + 1 :]
        sample.queue = [decider] + [s for s in later if flow.min_value(sample, s) <= 9]
    sample.rng = Rng(raw_state=rng.next_u64())
    sample.keep_reshuffle_order = False
    return sample


def _pin_decider_joker(
    state: NoveState,
    seat: int,
    slots: list[tuple[str, int, int]],
    pool: list[str],
    rng: Rng,
) -> tuple[tuple[str, int, int], str] | None:
    """During the Step-1 declarations everybody sees that the decider must choose a value for
    its free joker: give it one of the hidden jokers up front (removed from ``slots``/``pool``),
    since blind re-dealing would almost never produce such a hand."""
    if state.phase != Phase.DECLARE or state.queue[0] == seat:
        return None
    decider = state.queue[0]
    jokers = [c for c in pool if H.is_joker(c)]
    own = [i for i, slot in enumerate(slots) if slot[0] == "hand" and slot[1] == decider]
    if not jokers or not own:
        return None
    joker = rng.choice(jokers)
    slot = slots.pop(rng.choice(own))
    pool.remove(joker)
    return slot, joker


def _hit_slots(state: NoveState) -> list[tuple[int, int]]:
    """The (seat, index) of every card received by a hit this Step 2 (hit cards stay in their
    hands until the round ends)."""
    return [
        (who, index)
        for who, hand in enumerate(state.hands)
        for index, card in enumerate(hand)
        if card in state.hit
    ]


def _card_at(state: NoveState, slot: tuple[str, int, int]) -> str:
    zone, who, index = slot
    if zone == "hand":
        return state.hands[who][index]
    return (state.draw if zone == "draw" else state.discard)[index]


def _place(sample: NoveState, slots: list[tuple[str, int, int]], pool: list[str]) -> None:
    for (zone, who, index), card in zip(slots, pool, strict=True):
        if zone == "hand":
            sample.hands[who][index] = card
        elif zone == "draw":
            sample.draw[index] = card
        else:
            sample.discard[index] = card
    sample.split_cache.clear()


def _discard_owners(state: NoveState) -> list[int | None]:
    """The seat that discarded the card at each position of the discard pile, if known."""
    return [state.discarded_by.get(card) for card in state.discard]


def _must_not_be_nove(real: NoveState, other: int) -> bool:
    """Whether ``other``'s hand is its dealt hand and Step 1 showed it is not a NOVE."""
    if real.phase == Phase.DECLARE:
        decider = real.queue[0]
        return real.order.index(other) < real.order.index(decider)  # passed over: not eligible
    return real.exchanged[other] in (None, 0)


def _consistent(
    sample: NoveState,
    real: NoveState,
    seat: int,
    shown_jokers: dict[int, tuple[tuple[str, str, str | None], ...]],
) -> bool:
    for other, index in real.nonjoker_slots:
        if H.is_joker(sample.hands[other][index]):
            return False
    decider = real.queue[0] if real.phase == Phase.DECLARE else seat
    if decider != seat and len(flow.nove_choices(sample, decider)) < 2:
        return False  # everybody sees that the decider must choose its joker's value
    declared = {a[0] for a in real.announcements}
    for other in range(real.players):
        if other == seat or real.busted[other]:
            continue
        shown = [c for c in real.hands[other] if c in real.public]
        if _joker_info(sample, other, shown) != shown_jokers[other]:
            return False
        fixed, free = flow.split(sample, other)
        if H.is_busted(fixed, free is not None):
            return False
        if len(real.hands[other]) != 3 or other in declared or real.special:
            continue
        if H.three_of_a_kind(fixed, free is not None) is not None:
            return False  # the round would have ended at the three-of-a-kind check
        if _must_not_be_nove(real, other) and H.min_value(fixed, free is not None) <= 9:
            return False  # this seat would have had to declare NOVE in Step 1
    return True
