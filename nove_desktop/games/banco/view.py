"""What one seat may know (spec 6): observations, hidden cards and determinization."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...engine.rng import Rng
from . import flow
from .cards import DECKS, VALUE
from .state import BancoState, Phase


@dataclasses.dataclass(frozen=True, slots=True)
class SeatView:
    """Public facts about one seat, plus its hole card when the viewer may see it.

    ``cards`` lists the hand in the order received; a face-down card the viewer may not see is
    ``None``. ``open_score`` is the score of the cards lying face up (the "? + n" of the table);
    ``score`` is the whole hand's score when the viewer sees every card of it, else ``None``."""

    seat: int
    chips: int
    eliminated: bool
    banks_held: int
    is_banker: bool
    status: str
    bet: int
    cards: tuple[str | None, ...]
    hole_face_up: bool
    open_score: int
    score: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "chips": self.chips,
            "eliminated": self.eliminated,
            "banks_held": self.banks_held,
            "is_banker": self.is_banker,
            "status": self.status,
            "bet": self.bet,
            "cards": list(self.cards),
            "hole_face_up": self.hole_face_up,
            "open_score": self.open_score,
            "score": self.score,
        }


@dataclasses.dataclass(frozen=True, slots=True)
class BancoObservation:
    """Everything ``seat`` may know now (``seat`` ``None``: a spectator, public facts only).

    ``hand``/``score`` are the seat's own cards and score this hand. ``bet_min``/``bet_max`` are
    the legal bet range of the punter betting now (public: chips, coverage and limits are all
    public), ``bet_cap`` why ``bet_max`` is what it is ("table", "chips" or "bank") for the bet
    slider. ``last_hand`` summarises the previous settlement (scores and payments, no card ids:
    that deck has been shuffled away)."""

    seat: int | None
    phase: str
    to_act: tuple[int, ...]
    current: int | None
    hand_number: int
    banker: int
    hands_in_term: int
    hands_per_bank: int
    deck_style: str
    min_bet: int
    max_bet: int
    stock_count: int
    coverage_left: int
    punter_order: tuple[int, ...]
    seats: tuple[SeatView, ...]
    hand: tuple[str, ...]
    score: int | None
    bet_min: int | None
    bet_max: int | None
    bet_cap: str | None
    last_hand: dict[str, Any] | None
    winners: tuple[int, ...]
    end_reason: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "current": self.current,
            "hand_number": self.hand_number,
            "banker": self.banker,
            "hands_in_term": self.hands_in_term,
            "hands_per_bank": self.hands_per_bank,
            "deck_style": self.deck_style,
            "min_bet": self.min_bet,
            "max_bet": self.max_bet,
            "stock_count": self.stock_count,
            "coverage_left": self.coverage_left,
            "punter_order": list(self.punter_order),
            "seats": [s.to_json() for s in self.seats],
            "hand": list(self.hand),
            "score": self.score,
            "bet_min": self.bet_min,
            "bet_max": self.bet_max,
            "bet_cap": self.bet_cap,
            "last_hand": self.last_hand,
            "winners": list(self.winners),
            "end_reason": self.end_reason,
        }

    @property
    def me(self) -> SeatView | None:
        return None if self.seat is None else self.seats[self.seat]


def _open_score(hand: tuple[str, ...], hole_up: bool) -> int:
    total = 0
    for card in hand if hole_up else hand[1:]:
        total += VALUE[card]
    return total % 10


def observe(state: BancoState, seat: int | None) -> BancoObservation:
    n = state.players
    own = seat is not None and 0 <= seat < n
    views = []
    for s in range(n):
        hand = state.hands[s]
        up = state.revealed[s]
        sees_hole = up or s == seat
        if hand and not sees_hole:
            cards: tuple[str | None, ...] = (None, *hand[1:])
        else:
            cards = hand
        views.append(
            SeatView(
                seat=s,
                chips=state.chips[s],
                eliminated=state.eliminated[s],
                banks_held=state.banks_held[s],
                is_banker=s == state.banker,
                status=state.status[s],
                bet=state.bets[s],
                cards=cards,
                hole_face_up=up,
                open_score=_open_score(hand, up),
                score=state.totals[s] if hand and sees_hole else None,
            )
        )
    phase = state.phase
    bet_min = bet_max = bet_cap = None
    if phase == Phase.BET:
        opts = state.options
        bet_min = opts.min_bet
        bet_max = flow.bet_limit(state, state.current)
        if bet_max == state.chips[state.current] and bet_max < opts.max_bet:
            bet_cap = "chips"
        elif bet_max == state.coverage_left and bet_max < opts.max_bet:
            bet_cap = "bank"
        else:
            bet_cap = "table"
    playing = phase != Phase.GAME_OVER
    return BancoObservation(
        seat=seat,
        phase=phase,
        to_act=(state.current,) if playing else (),
        current=state.current if playing else None,
        hand_number=state.hand_number,
        banker=state.banker,
        hands_in_term=state.hands_in_term,
        hands_per_bank=state.options.hands_per_bank,
        deck_style=state.options.deck_style,  # type: ignore[arg-type]
        min_bet=state.options.min_bet,
        max_bet=state.options.max_bet,
        stock_count=len(state.stock),
        coverage_left=state.coverage_left,
        punter_order=state.order,
        seats=tuple(views),
        hand=state.hands[seat] if own else (),  # type: ignore[index]
        score=state.totals[seat] if own and state.hands[seat] else None,  # type: ignore[index]
        bet_min=bet_min,
        bet_max=bet_max,
        bet_cap=bet_cap,
        last_hand=state.last_hand,
        winners=state.winners,
        end_reason=state.end_reason,
    )


def hidden_cards(state: BancoState, seat: int) -> frozenset[str]:
    """Cards whose identity ``seat`` may not know: the stock and every face-down hole card but
    its own (spec 6)."""
    known: set[str] = set()
    revealed = state.revealed
    for s, hand in enumerate(state.hands):
        if hand:
            known.update(hand if (s == seat or revealed[s]) else hand[1:])
    return frozenset(c for c in DECKS[state.options.deck_style] if c not in known)  # type: ignore[index]


def forbidden_hole_values(hand: tuple[str, ...]) -> frozenset[int]:
    """Hole-card values that ``hand`` cannot have: with them some hit would have made 9, and a 9
    is shown at once (D-22; the banker's turn ends at 9 and the settlement shows the card)."""
    forbidden = set()
    running = 0
    for card in hand[1:]:
        running += VALUE[card]
        forbidden.add((9 - running) % 10)
    return frozenset(forbidden)


def determinize(state: BancoState, seat: int, rng: Rng) -> BancoState:
    """A copy in which every card hidden from ``seat`` (other players' face-down hole cards and
    the stock) is dealt again at random. Hole cards are drawn first, one seat after the other,
    among the cards whose value is consistent with the hits seen (no unseen 9); the rest goes to
    the stock in random order. The generator is reseeded."""
    sample = state.copy()
    hands = sample.hands
    holes = [
        s for s in range(state.players) if s != seat and state.hands[s] and not state.revealed[s]
    ]
    pool = [state.hands[s][0] for s in holes] + state.stock
    rng.shuffle(pool)
    for s in holes:
        forbidden = forbidden_hole_values(state.hands[s])
        allowed = [i for i, c in enumerate(pool) if VALUE[c] not in forbidden] if forbidden else []
        index = allowed[rng.below(len(allowed))] if allowed else len(pool) - 1
        card = pool.pop(index)
        hands[s] = (card, *state.hands[s][1:])
        sample.totals[s] = sum(VALUE[c] for c in hands[s]) % 10
    sample.stock = pool
    sample.rng = Rng(raw_state=rng.next_u64())
    return sample
