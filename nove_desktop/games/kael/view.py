"""What one seat may know (spec 7.4, 11): observations, hidden cards and determinization."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...engine.jsonable import Consistency, from_plain, to_plain
from ...engine.rng import Rng
from . import flow
from .cards import DECK, DECK_INDEX, RANK, hand_total
from .rules import can_call, to_act
from .scoring import ranking
from .state import CUT_WINDOW, GAME_OVER, GOOD_DRAW, TURN, KaelState, Phase


@dataclasses.dataclass(frozen=True, slots=True)
class SeatView:
    """Public facts about one seat."""

    seat: int
    card_count: int
    known_cards: tuple[str, ...]  # cards it took from the table and still holds
    total: int
    false_kaels: int
    landing_benefit: bool
    eliminated: bool
    turns_taken: int
    owed_final_turn: bool


@dataclasses.dataclass(frozen=True, slots=True)
class CutWindowView:
    rank: str
    length: int
    waiting: tuple[int, ...]
    can_cut: bool  # only ever true in the eligible seat's own observation (spec 7.4)


@dataclasses.dataclass(frozen=True, slots=True)
class KaelObservation:
    """Everything ``seat`` may know now. ``seat`` is ``None`` for a spectator. During a good draw
    the other seats see phase ``TURN`` with the drawer to act (K-A56)."""

    seat: int | None
    phase: Phase
    to_act: tuple[int, ...]
    round_no: int
    dealer: int
    hand_size: int
    current: int | None
    hand: tuple[str, ...]
    hand_total: int | None
    seats: tuple[SeatView, ...]
    table: tuple[tuple[str, int | None], ...]  # bottom to top: (card, laid by)
    chain_rank: str | None
    chain_length: int
    deck_count: int
    caller: int | None
    final_queue: tuple[int, ...]
    can_call_kael: bool
    cut_window: CutWindowView | None
    good_draw: str | None  # the drawer's own pending card
    revealed_hands: tuple[tuple[str, ...], ...] | None  # every hand, once the game is over
    last_round: dict[str, Any] | None
    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]  # spec 10 places, first to last, once the game is over
    end_reason: str | None
    false_kael_allowed: bool

    def to_json(self) -> dict[str, Any]:
        return to_plain(self)


def read_observation(data: Any) -> KaelObservation:
    """The observation ``KaelObservation.to_json`` wrote (after ``json.loads``), equal to it;
    ``FormatError`` naming the field for anything else."""
    observation: KaelObservation = from_plain(KaelObservation, data, "observation")
    _check(observation)
    return observation


def _check(obs: KaelObservation) -> None:
    """Refuse an observation whose parts do not hang together (``FormatError``): what the table
    indexes by seat has one item per seat, seat numbers name seats, card ids name cards."""
    check = Consistency("observation", len(obs.seats), DECK_INDEX)
    check.numbered("seats", obs.seats)
    check.seats("seat", obs.seat, obs.dealer, obs.current, obs.caller)
    check.seats("to_act", *obs.to_act)
    check.seats("final_queue", *obs.final_queue)
    check.seats("table", *(who for _card, who in obs.table))
    check.seats("winners", *obs.winners)
    check.seats("ranking", *(seat for place in obs.ranking for seat in place))
    if obs.cut_window is not None:
        check.seats("cut_window.waiting", *obs.cut_window.waiting)
    check.by_seat("revealed_hands", obs.revealed_hands)
    check.cards("hand", *obs.hand, obs.good_draw)
    check.cards("table", *(card for card, _who in obs.table))
    for index, seat in enumerate(obs.seats):
        check.cards(f"seats[{index}].known_cards", *seat.known_cards)
    for hand in obs.revealed_hands or ():
        check.cards("revealed_hands", *hand)


def observe(state: KaelState, seat: int | None) -> KaelObservation:
    phase = state.phase
    over = phase == GAME_OVER
    drawer = phase == GOOD_DRAW and seat == state.current
    shown_phase = TURN if phase == GOOD_DRAW and not drawer else phase
    rank, length = flow.chain(state)
    window = None
    if phase == CUT_WINDOW and state.window is not None:
        can_cut = seat is not None and flow.cutter_cards(state, seat) is not None
        window = CutWindowView(rank or "", length, state.window.waiting(), can_cut)
    seats = tuple(
        SeatView(
            seat=s,
            card_count=len(state.hands[s]),
            known_cards=tuple(c for c in state.hands[s] if c in state.public),
            total=state.totals[s],
            false_kaels=state.false_kaels[s],
            landing_benefit=not state.lost_landing[s],
            eliminated=state.eliminated[s],
            turns_taken=state.turns_taken[s],
            owed_final_turn=s in state.final_queue,
        )
        for s in range(state.players)
    )
    me = seat if seat is not None and 0 <= seat < state.players else None  # (None: spectator)
    return KaelObservation(
        seat=seat,
        phase=shown_phase,
        to_act=to_act(state),
        round_no=state.round_no,
        dealer=state.dealer,
        hand_size=state.hand_size,
        current=state.current if phase in (TURN, GOOD_DRAW, CUT_WINDOW) else None,
        hand=tuple(state.hands[me]) if me is not None else (),
        hand_total=hand_total(state.hands[me]) if me is not None else None,
        seats=seats,
        table=tuple((card, who) for card, who, _no in state.table),
        chain_rank=rank,
        chain_length=length,
        deck_count=len(state.deck),
        caller=state.caller,
        final_queue=tuple(state.final_queue),
        can_call_kael=me is not None
        and phase == TURN
        and me == state.current
        and can_call(state, me),
        cut_window=window,
        good_draw=state.pending if drawer else None,
        revealed_hands=tuple(tuple(h) for h in state.hands) if state.revealed else None,
        last_round=state.last_round,
        winners=tuple(state.winners),
        ranking=tuple(tuple(place) for place in ranking(state)) if over else (),
        end_reason=state.end_reason,
        false_kael_allowed=state.options.false_kael_allowed,
    )


def hidden_cards(state: KaelState, seat: int) -> frozenset[str]:
    """Cards whose identity ``seat`` may not know: the deck and the other seats' cards that
    were not taken from the table (all hands are shown once the game is over)."""
    known = {card for card, _who, _no in state.table}
    if state.revealed:
        for hand in state.hands:
            known.update(hand)
    else:
        known.update(state.hands[seat])
        known.update(state.public)
    return frozenset(c for c in DECK if c not in known)


def determinize(state: KaelState, seat: int, rng: Rng) -> KaelState:
    """A copy in which every card hidden from ``seat`` is dealt again at random: hand sizes,
    the table, publicly known cards and the deck size stay. The generator is reseeded.

    During a good draw that ``seat`` cannot see, the seat still sees the drawer to act after its
    lay from the deck (the observation's ``to_act``; the sample must keep it), so the sample
    keeps the window; the card waiting in it is not kept but dealt again, among the hidden cards
    of the rank just laid (a good draw always matches it), into the drawer's last slot (the
    drawn card joins the end of the hand)."""
    hidden = hidden_cards(state, seat)
    sample = state.copy()
    slots: list[tuple[int, int]] = []  # (seat, index); seat -1 = the deck
    for other in range(state.players):
        if other != seat:
            slots += [(other, i) for i, c in enumerate(state.hands[other]) if c in hidden]
    slots += [(-1, i) for i in range(len(state.deck))]
    # Sorted before the shuffle: the sample must not depend on where the true hidden cards lie,
    # only on what ``seat`` knows (two states it cannot tell apart give the same sample).
    pool = sorted(state.deck[i] if who < 0 else state.hands[who][i] for who, i in slots)
    pending_slot = None
    if state.pending is not None and state.current != seat:
        pending_slot = (state.current, len(state.hands[state.current]) - 1)
        slots.remove(pending_slot)
        laid = RANK[state.table[-1][0]]
        # Never empty: the true pending card is hidden from the seat and has the rank laid.
        matching = [i for i, card in enumerate(pool) if RANK[card] == laid]
        sample.pending = pool.pop(matching[rng.below(len(matching))])
        sample.hands[pending_slot[0]][pending_slot[1]] = sample.pending
    rng.shuffle(pool)
    for (who, i), card in zip(slots, pool, strict=True):
        if who < 0:
            sample.deck[i] = card
        else:
            sample.hands[who][i] = card
    sample.rng = Rng(raw_state=rng.next_u64())
    return sample
