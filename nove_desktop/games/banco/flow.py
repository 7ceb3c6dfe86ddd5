"""The automatic steps of Nove (banco) (spec 5.1-5.8): the deal, sitting out, automatic stands,
the settlement, the end of a hand and the bank's rotation. Every function leaves the state in a
decision phase (BET, DRAW, BANKER_DRAW) or in GAME_OVER."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.events import ONLY, Event
from .cards import DECKS, VALUE
from .events import (
    BankerRevealed,
    BankPassed,
    BetPlaced,
    CardDealt,
    CardDrawn,
    Eliminated,
    GameOver,
    GameStarted,
    HandStarted,
    HoleRevealed,
    NineRevealed,
    SatOut,
    Settled,
    Stood,
)
from .state import BANKER_DRAW, BET, DRAW, GAME_OVER, BancoState, Status

MAX_CARDS = 5  # spec 5.4 / D-28: the hole card and at most four extra cards
_CARD = ("card",)

# Reasons, as the events and the result name them (spec 5.7, 7).
BANKER_BROKE = "banker_broke"
BANKER_ZERO = "banker_zero"
TERM_COMPLETE = "term_complete"
ONE_PLAYER_LEFT = "one_player_left"
HAND_LIMIT = "hand_limit"
ROTATION_COMPLETE = "rotation_complete"
BANK_FULL = "bank_full"


# -- the game --------------------------------------------------------------------------------------
def start_game(
    state: BancoState,
    events: list[Event],
    top: Sequence[str] = (),
    chips: Sequence[int] | None = None,
) -> None:
    """Spec 5.1: bankrolls, the first banker (by lot unless chosen), then the first hand.
    ``top`` (stacked cards, top first) and ``chips`` (bankrolls) come from a test's ``Stack``."""
    opts = state.options
    if chips is not None:
        state.chips = list(chips)
    if opts.first_banker is None:
        state.banker = state.rng.below(state.players)
    else:
        state.banker = opts.first_banker
    state.banks_held[state.banker] = 1
    deck_style = opts.deck_style
    assert deck_style is not None  # resolved by BancoOptions
    events.append(GameStarted(state.players, state.banker, deck_style, tuple(state.chips)))
    start_hand(state, events, top)


def start_hand(state: BancoState, events: list[Event], top: Sequence[str] = ()) -> None:
    """Spec 5.2: a fresh shuffled deck, one face-down card to each punter in play order and then
    to the banker, the bank's coverage, and the first punter's bet."""
    state.hand_number += 1
    n = state.players
    banker = state.banker
    eliminated = state.eliminated
    order = tuple(s for s in ((banker + i) % n for i in range(1, n)) if not eliminated[s])
    state.order = order
    deck = DECKS[state.options.deck_style]  # type: ignore[index]  # never None after init
    if top:
        rest = [c for c in deck if c not in top]
        state.rng.shuffle(rest)
        stock = [*top, *rest][::-1]
    else:
        stock = list(deck)
        state.rng.shuffle(stock)  # a uniform order read from either end is uniform
    hands: list[tuple[str, ...]] = [()] * n
    totals = [0] * n
    status = [Status.NONE] * n
    events.append(HandStarted(state.hand_number, banker, order, state.hands_in_term))
    for seat in (*order, banker):
        card = stock.pop()
        hands[seat] = (card,)
        totals[seat] = VALUE[card]
        events.append(CardDealt(seat, card, visible_to=ONLY[seat], hidden=_CARD))
    for seat in order:
        status[seat] = Status.WAITING
    state.stock = stock
    state.hands = hands
    state.totals = totals
    state.status = status
    state.revealed = [False] * n
    state.bets = [0] * n
    state.coverage_left = state.chips[banker]
    state.pos = -1
    next_punter(state, events)


# -- the punters -----------------------------------------------------------------------------------
def bet_limit(state: BancoState, seat: int) -> int:
    """Spec 5.3: the largest bet ``seat`` may place now."""
    limit = state.options.max_bet
    chips = state.chips[seat]
    if chips < limit:
        limit = chips
    coverage = state.coverage_left
    return coverage if coverage < limit else limit


def next_punter(state: BancoState, events: list[Event]) -> None:
    """Spec 5.3: the next punter in order bets, or sits out when the bank is full; after the
    last punter the banker plays."""
    order = state.order
    pos = state.pos + 1
    min_bet = state.options.min_bet
    while pos < len(order):
        seat = order[pos]
        if bet_limit(state, seat) >= min_bet:
            state.pos = pos
            state.current = seat
            state.status[seat] = Status.BETTING
            state.phase = BET
            return
        state.status[seat] = Status.SAT_OUT
        events.append(SatOut(seat, BANK_FULL))
        pos += 1
    state.pos = pos
    banker_turn(state, events)


def can_hit(state: BancoState, seat: int) -> bool:
    """Spec 5.4: fewer than five cards and a card left in the stock."""
    return len(state.hands[seat]) < MAX_CARDS and bool(state.stock)


def place_bet(state: BancoState, seat: int, amount: int, events: list[Event]) -> None:
    state.bets[seat] = amount
    state.coverage_left -= amount
    state.status[seat] = Status.DRAWING
    state.phase = DRAW
    events.append(BetPlaced(seat, amount))
    if not can_hit(state, seat):  # 12 players can empty a 40-card stock
        stand(state, seat, True, events)


def draw(state: BancoState, seat: int, events: list[Event]) -> None:
    """Spec 5.4 / 5.5: one card face up; a 9, a fifth card or an empty stock ends the turn."""
    card = state.stock.pop()
    hand = state.hands[seat] + (card,)
    state.hands[seat] = hand
    total = (state.totals[seat] + VALUE[card]) % 10
    state.totals[seat] = total
    events.append(CardDrawn(seat, card))
    if total == 9:
        if seat == state.banker:  # the banker's hole card stays down until the settlement
            stand(state, seat, True, events)
            return
        state.revealed[seat] = True
        state.status[seat] = Status.NINE
        events.append(NineRevealed(seat, hand[0]))
        next_punter(state, events)
    elif len(hand) >= MAX_CARDS or not state.stock:
        stand(state, seat, True, events)


def stand(state: BancoState, seat: int, auto: bool, events: list[Event]) -> None:
    events.append(Stood(seat, auto))
    if seat == state.banker:
        settle(state, events)
    else:
        state.status[seat] = Status.STOOD
        next_punter(state, events)


# -- the banker ------------------------------------------------------------------------------------
def banker_turn(state: BancoState, events: list[Event]) -> None:
    """Spec 5.5: the banker draws freely (the stock may already be empty)."""
    banker = state.banker
    state.phase = BANKER_DRAW
    state.current = banker
    if not can_hit(state, banker):
        stand(state, banker, True, events)


# -- settlement and the end of a hand --------------------------------------------------------------
def settle(state: BancoState, events: list[Event]) -> None:
    """Spec 5.6: every hand in play face up, then each bet is paid 1:1; ties go to the bank."""
    banker = state.banker
    hands = state.hands
    totals = state.totals
    chips = state.chips
    bets = state.bets
    revealed = state.revealed
    bank_score = totals[banker]
    revealed[banker] = True
    events.append(BankerRevealed(banker, hands[banker][0], bank_score))
    outcomes: list[str | None] = [None] * state.players
    scores: list[int | None] = [None] * state.players
    for seat in state.order:
        amount = bets[seat]
        if not amount:
            outcomes[seat] = "sat_out"  # the hole card is never shown (D-27)
            continue
        score = totals[seat]
        if not revealed[seat]:
            revealed[seat] = True
            events.append(HoleRevealed(seat, hands[seat][0], score))
        if score > bank_score:
            outcome = "win"
            chips[seat] += amount
            chips[banker] -= amount
        else:
            outcome = "lose"
            chips[seat] -= amount
            chips[banker] += amount
        events.append(Settled(seat, outcome, amount, score, bank_score))
        outcomes[seat] = outcome
        scores[seat] = score
    state.last_hand = {  # public and card-free: the next hand reshuffles these cards
        "hand": state.hand_number,
        "banker": banker,
        "banker_score": bank_score,
        "banker_cards": len(hands[banker]),
        "outcomes": outcomes,
        "scores": scores,
    }
    end_of_hand(state, bank_score, events)


def next_solvent(state: BancoState, seat: int) -> int:
    """The first seat that is not eliminated among ``seat+1, seat+2, ...`` (never ``seat``)."""
    n = state.players
    for step in range(1, n):
        other = (seat + step) % n
        if not state.eliminated[other]:
            return other
    return seat


def end_of_hand(state: BancoState, bank_score: int, events: list[Event]) -> None:
    """Spec 5.7, in its order: count the hand, eliminations, the game's end, the bank's move."""
    opts = state.options
    state.hands_in_term += 1
    chips = state.chips
    eliminated = state.eliminated
    for seat in range(state.players):
        if not eliminated[seat] and chips[seat] < opts.min_bet:
            eliminated[seat] = True
            events.append(Eliminated(seat, chips[seat]))
    if eliminated.count(False) < 2:
        game_over(state, ONE_PLAYER_LEFT, events)
        return
    if opts.max_hands is not None and state.hand_number >= opts.max_hands:
        game_over(state, HAND_LIMIT, events)
        return
    banker = state.banker
    reason = None
    if eliminated[banker]:
        reason = BANKER_BROKE
    elif opts.pass_bank_on_zero and bank_score == 0:
        reason = BANKER_ZERO
    elif state.hands_in_term >= opts.hands_per_bank:
        reason = TERM_COMPLETE
    if reason is not None:
        candidate = next_solvent(state, banker)
        limit = opts.bank_terms_per_player
        if limit is not None and state.banks_held[candidate] >= limit:
            game_over(state, ROTATION_COMPLETE, events)
            return
        state.banker = candidate
        state.banks_held[candidate] += 1
        state.hands_in_term = 0
        events.append(BankPassed(banker, candidate, reason))
    start_hand(state, events)


def ranking(state: BancoState) -> list[int]:
    """Spec 5.8: seats by chips, most first (equal chips: lower seat first, same rank)."""
    return sorted(range(state.players), key=lambda s: (-state.chips[s], s))


def game_over(state: BancoState, reason: str, events: list[Event]) -> None:
    """Spec 5.8: the players with the most chips win (a tie is a shared win)."""
    state.phase = GAME_OVER
    state.current = -1
    state.end_reason = reason
    best = max(state.chips)
    state.winners = tuple(s for s in range(state.players) if state.chips[s] == best)
    events.append(GameOver(reason, tuple(ranking(state)), tuple(state.chips), state.winners))
