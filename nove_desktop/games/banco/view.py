"""What one seat may know (spec 6): observations, hidden cards and determinization."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...engine.errors import FormatError
from ...engine.jsonable import Consistency, from_plain
from ...engine.rng import Rng
from . import flow
from .cards import DECKS, VALUE
from .state import BancoState, Phase


@dataclasses.dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the viewer sees it (built on demand from the observation's per-seat lists).

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


@dataclasses.dataclass(frozen=True, slots=True)
class BancoObservation:
    """Everything ``seat`` may know now (``seat`` ``None``: a spectator, public facts only).

    Per-seat facts are lists indexed by seat (``chips``, ``eliminated``, ``banks_held``,
    ``status``, ``bets``, ``cards``, ``hole_face_up``): compact JSON for the table scene and the
    tests; ``seats``/``me`` give them as ``SeatView`` objects with the scores worked out. In
    ``cards`` a face-down card the viewer may not see is ``None``. ``hand``/``score`` are the
    seat's own cards and score this hand. ``bet_min``/``bet_max`` are the legal bet range of the
    punter betting now (public: chips, coverage and limits are all public), ``bet_cap`` why
    ``bet_max`` is what it is ("table", "chips" or "bank") for the bet slider. ``last_hand``
    summarises the previous settlement (scores and payments, no card ids: that deck has been
    shuffled away)."""

    seat: int | None
    phase: Phase
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
    chips: tuple[int, ...]
    eliminated: tuple[bool, ...]
    banks_held: tuple[int, ...]
    status: tuple[str, ...]
    bets: tuple[int, ...]
    cards: tuple[tuple[str | None, ...], ...]
    hole_face_up: tuple[bool, ...]
    hand: tuple[str, ...]
    score: int | None
    bet_min: int | None
    bet_max: int | None
    bet_cap: str | None
    last_hand: dict[str, Any] | None
    winners: tuple[int, ...]
    end_reason: str | None

    def to_json(self) -> dict[str, Any]:
        """Written out (the generic conversion gives the same, more slowly)."""
        return {
            "seat": self.seat,
            "phase": str(self.phase),
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
            "chips": list(self.chips),
            "eliminated": list(self.eliminated),
            "banks_held": list(self.banks_held),
            "status": list(self.status),
            "bets": list(self.bets),
            "cards": [list(c) for c in self.cards],
            "hole_face_up": list(self.hole_face_up),
            "hand": list(self.hand),
            "score": self.score,
            "bet_min": self.bet_min,
            "bet_max": self.bet_max,
            "bet_cap": self.bet_cap,
            "last_hand": _fresh(self.last_hand),
            "winners": list(self.winners),
            "end_reason": self.end_reason,
        }

    def open_score(self, seat: int) -> int:
        """The score of ``seat``'s cards that lie face up."""
        cards = self.cards[seat]
        shown = cards if self.hole_face_up[seat] else cards[1:]
        return sum(VALUE[c] for c in shown if c is not None) % 10

    def score_of(self, seat: int) -> int | None:
        """``seat``'s whole score when the viewer sees all its cards, else ``None``."""
        cards = self.cards[seat]
        if not cards or None in cards:
            return None
        return sum(VALUE[c] for c in cards if c is not None) % 10

    def view(self, seat: int) -> SeatView:
        return SeatView(
            seat=seat,
            chips=self.chips[seat],
            eliminated=self.eliminated[seat],
            banks_held=self.banks_held[seat],
            is_banker=seat == self.banker,
            status=self.status[seat],
            bet=self.bets[seat],
            cards=self.cards[seat],
            hole_face_up=self.hole_face_up[seat],
            open_score=self.open_score(seat),
            score=self.score_of(seat),
        )

    @property
    def seats(self) -> tuple[SeatView, ...]:
        return tuple(self.view(s) for s in range(len(self.chips)))

    @property
    def me(self) -> SeatView | None:
        return None if self.seat is None else self.view(self.seat)


def _fresh(last: dict[str, Any] | None) -> dict[str, Any] | None:
    """A copy of the last hand's summary, so that nobody changes the state through the JSON."""
    if last is None:
        return None
    return {k: list(v) if isinstance(v, list | tuple) else v for k, v in last.items()}


def read_observation(data: Any) -> BancoObservation:
    """The observation ``BancoObservation.to_json`` wrote (after ``json.loads``), equal to it;
    ``FormatError`` naming the field for anything else."""
    observation: BancoObservation = from_plain(BancoObservation, data, "observation")
    _check(observation)
    return observation


def _check(obs: BancoObservation) -> None:
    """Refuse an observation whose parts do not hang together (``FormatError``): what the table
    indexes by seat has one item per seat, seat numbers name seats, card ids name cards."""
    if obs.deck_style not in DECKS:
        raise FormatError(f"observation.deck_style: {obs.deck_style!r} is not a deck style")
    check = Consistency("observation", len(obs.chips), frozenset(DECKS[obs.deck_style]))
    for name in ("eliminated", "banks_held", "status", "bets", "cards", "hole_face_up"):
        check.by_seat(name, getattr(obs, name))
    check.seats("seat", obs.seat, obs.current, obs.banker)
    check.seats("to_act", *obs.to_act)
    check.seats("punter_order", *obs.punter_order)
    check.seats("winners", *obs.winners)
    check.cards("hand", *obs.hand)
    check.cards("cards", *(card for cards in obs.cards for card in cards))
    if obs.last_hand is not None:  # read by the table and the AI: its shape is checked too
        last = from_plain(LastHand, obs.last_hand, "observation.last_hand")
        check.seats("last_hand.banker", last.banker)
        check.by_seat("last_hand.outcomes", last.outcomes)
        check.by_seat("last_hand.scores", last.scores)


@dataclasses.dataclass(frozen=True, slots=True)
class LastHand:
    """The shape of an observation's ``last_hand`` (checked when read from JSON; the observation
    keeps the plain object the table and the AI read)."""

    hand: int
    banker: int
    banker_score: int
    banker_cards: int
    outcomes: tuple[str | None, ...]
    scores: tuple[int | None, ...]


def observe(state: BancoState, seat: int | None) -> BancoObservation:
    n = state.players
    me = seat if seat is not None and 0 <= seat < n else None  # (None: spectator)
    revealed = state.revealed
    cards: list[tuple[str | None, ...]] = []
    for s, hand in enumerate(state.hands):
        if hand and not revealed[s] and s != seat:
            cards.append((None, *hand[1:]))
        else:
            cards.append(hand)
    phase = state.phase
    opts = state.options
    bet_min = bet_max = bet_cap = None
    if phase == Phase.BET:
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
        hands_per_bank=opts.hands_per_bank,
        deck_style=opts.deck_style,  # type: ignore[arg-type]  # never None after init
        min_bet=opts.min_bet,
        max_bet=opts.max_bet,
        stock_count=len(state.stock),
        coverage_left=state.coverage_left,
        punter_order=state.order,
        chips=tuple(state.chips),
        eliminated=tuple(state.eliminated),
        banks_held=tuple(state.banks_held),
        status=tuple(state.status),
        bets=tuple(state.bets),
        cards=tuple(cards),
        hole_face_up=tuple(revealed),
        hand=state.hands[me] if me is not None else (),
        score=state.totals[me] if me is not None and state.hands[me] else None,
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
    deck = DECKS[state.options.deck_style]  # type: ignore[index]  # never None after init
    return frozenset(c for c in deck if c not in known)


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
    # Sorted before the shuffle: the sample must not depend on where the true hidden cards lie,
    # only on what ``seat`` knows (two states it cannot tell apart give the same sample).
    pool = sorted([state.hands[s][0] for s in holes] + state.stock)
    rng.shuffle(pool)
    for s in holes:
        hand = state.hands[s]
        index = len(pool) - 1  # the pool is shuffled: its last card is a uniform pick
        if len(hand) >= 2:
            forbidden = forbidden_hole_values(hand)
            if VALUE[pool[index]] in forbidden:
                allowed = [i for i, c in enumerate(pool) if VALUE[c] not in forbidden]
                if allowed:  # (empty only if earlier picks took every consistent card)
                    index = allowed[rng.below(len(allowed))]
        card = pool.pop(index)
        hands[s] = (card, *hand[1:])
        sample.totals[s] = (state.totals[s] - VALUE[hand[0]] + VALUE[card]) % 10
    sample.stock = pool
    sample.rng = Rng(raw_state=rng.next_u64())
    return sample
