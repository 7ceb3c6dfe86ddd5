"""The automatic steps of a Kaël round (spec 4, 5.5-5.9, 6.2, 7.1): dealing, drawing, the cut
check, advancing the turn, and the round's end. Every function leaves the state in a decision
phase (or ``GAME_OVER``)."""

from __future__ import annotations

from ...engine.events import ONLY, Event
from ...engine.game import Stack
from ...engine.windows import ReactionWindow
from .cards import DECK, NUMBER_RANKS, RANK, canonical, hand_total
from .events import (
    CardDrawn,
    CardTaken,
    CutWindowClosed,
    CutWindowOpened,
    DeckRebuilt,
    FaceUpTurned,
    GameOver,
    GameStarted,
    HandDealt,
    HandSizeChosen,
    HandsRevealed,
    KaelCalled,
    RoundScored,
    RoundStarted,
    TurnBegan,
)
from .scoring import ranking, score_round
from .state import CHOOSE_HAND_SIZE, CUT_WINDOW, GAME_OVER, TURN, KaelState

CUT = "cut"  # the claim recorded in a cut window
_CARDS = ("cards",)
_CARD = ("card",)


# -- small helpers ---------------------------------------------------------------------------------
def next_active(state: KaelState, seat: int) -> int:
    """The first active seat clockwise after ``seat`` (``seat`` itself may be eliminated)."""
    n = state.players
    for step in range(1, n + 1):
        other = (seat + step) % n
        if not state.eliminated[other]:
            return other
    return seat


def clockwise_after(state: KaelState, seat: int) -> list[int]:
    """Every active seat, clockwise, starting with the one after ``seat``; ``seat`` last if it
    is active."""
    n = state.players
    return [(seat + i) % n for i in range(1, n + 1) if not state.eliminated[(seat + i) % n]]


def chain(state: KaelState) -> tuple[str | None, int]:
    """Spec 5.3: the rank of the top card and how many cards of that rank lie on top in a row
    (kept in step by ``place``, ``take_from_table`` and the rebuild)."""
    return state.chain_rank, state.chain_count


def circuit_complete(state: KaelState) -> bool:
    """Spec 5.3 / K-A21: every active seat has finished a turn this round."""
    return state.circuit


def _turn_done(state: KaelState, seat: int) -> None:
    state.turns_taken[seat] += 1
    if not state.circuit:
        state.circuit = all(state.turns_taken[s] >= 1 for s in state.active())


def can_draw_deck(state: KaelState) -> bool:
    """A deck draw is possible: cards in the deck, or a table that can be rebuilt (spec 5.8)."""
    return bool(state.deck) or len(state.table) >= 2


def place(state: KaelState, seat: int | None, cards: tuple[str, ...] | list[str]) -> None:
    """Put ``cards`` on top of the table in canonical order (K-A52)."""
    state.lay_no += 1
    no = state.lay_no
    table = state.table
    public = state.public
    for card in canonical(cards) if len(cards) > 1 else cards:
        table.append((card, seat, no))
        if public:
            public.discard(card)
        rank = RANK[card]
        if rank == state.chain_rank:
            state.chain_count += 1
        else:
            state.chain_rank = rank
            state.chain_count = 1


def draw_from_deck(state: KaelState, seat: int, events: list[Event]) -> str:
    """Spec 5.8: rebuild from the table (all but its top card) when the deck is empty."""
    if not state.deck:
        rest = [card for card, _who, _no in state.table[:-1]]
        state.table = state.table[-1:]
        state.chain_count = 1
        state.rng.shuffle(rest)
        state.deck = rest
        events.append(DeckRebuilt(len(rest)))
    card = state.deck.pop()
    state.hands[seat].append(card)
    events.append(CardDrawn(seat, "deck", card, visible_to=ONLY[seat], hidden=_CARD))
    return card


def take_from_table(state: KaelState, seat: int, events: list[Event]) -> str:
    card = state.table.pop()[0]
    if state.chain_count > 1:
        state.chain_count -= 1
    else:
        state.rechain()
    state.hands[seat].append(card)
    state.public.add(card)  # everybody saw which card was taken (K-A5)
    events.append(CardTaken(seat, card))
    return card


# -- the game and the round ------------------------------------------------------------------------
def start_game(state: KaelState, stack: Stack | None, events: list[Event]) -> None:
    opts = state.options
    if opts.first_dealer == "random":
        state.dealer = state.rng.below(opts.players)
    else:
        state.dealer = int(opts.first_dealer)
    if stack is not None and stack.scores is not None:
        state.totals = list(stack.scores)
    events.append(GameStarted(opts.players, state.dealer))
    start_round(state, stack, events)


def start_round(state: KaelState, stack: Stack | None, events: list[Event]) -> None:
    """Spec 4: gather and shuffle the 56 cards, then let the dealer choose, or deal at once.
    The shuffle does not depend on the chosen size, so it is done first (the deck stays whole
    while the dealer chooses, which keeps every card in a zone)."""
    state.round_no += 1
    state.hands = [[] for _ in range(state.players)]
    state.public = set()
    state.table = []
    state.chain_rank = None
    state.chain_count = 0
    state.circuit = False
    state.window = None
    state.pending = None
    state.caller = None
    state.final_queue = []
    state.turns_taken = [0] * state.players
    state.lay_no = 0
    state.hand_size = 0
    rest = [c for c in DECK if stack is None or c not in stack.cards]
    state.rng.shuffle(rest)
    top_first = (list(stack.cards) if stack is not None else []) + rest
    state.deck = top_first[::-1]  # top card last
    state.current = next_active(state, state.dealer)
    events.append(RoundStarted(state.round_no, state.dealer))
    if state.options.deal_mode == "fixed":
        deal(state, state.options.hand_size, events)
    else:
        state.phase = CHOOSE_HAND_SIZE


def deal(state: KaelState, size: int, events: list[Event]) -> None:
    """Spec 4.3-4.6: one card at a time, clockwise from player 1, then the face-up card."""
    state.hand_size = size
    order = clockwise_after(state, state.dealer)
    events.append(HandSizeChosen(state.dealer, size))
    for _ in range(size):
        for seat in order:
            state.hands[seat].append(state.deck.pop())
    for seat in order:
        cards = tuple(state.hands[seat])
        events.append(HandDealt(seat, cards, visible_to=ONLY[seat], hidden=_CARDS))
    face_up = state.deck.pop()
    place(state, None, (face_up,))
    events.append(FaceUpTurned(face_up))
    state.current = order[0]
    state.phase = TURN
    events.append(TurnBegan(state.current, False))


# -- after a turn ----------------------------------------------------------------------------------
def finish_turn(state: KaelState, laid: bool, events: list[Event]) -> None:
    """Spec 5.5 step 6: count the turn, then the cut check (6.2) or the next turn."""
    _turn_done(state, state.current)
    state.pending = None
    rank, count = chain(state)
    if laid and rank in NUMBER_RANKS and count in (2, 3):
        open_cut_window(state, rank, count, events)
    else:
        advance(state, events)


def open_cut_window(state: KaelState, rank: str, count: int, events: list[Event]) -> None:
    """Spec 7.1: every active seat except the caller, clockwise from the seat after the one
    that laid, that seat last; whoever may cut is never revealed."""
    order = tuple(s for s in clockwise_after(state, state.current) if s != state.caller)
    state.window = ReactionWindow(CUT, order, first_claim_wins=True)
    state.phase = CUT_WINDOW
    events.append(CutWindowOpened(rank, count, order))


def cutter_cards(state: KaelState, seat: int) -> list[str] | None:
    """Spec 6.3: the cards ``seat`` would cut with, or None when it cannot cut now."""
    if state.phase != CUT_WINDOW or seat == state.caller or state.eliminated[seat]:
        return None
    rank, count = chain(state)
    if rank not in NUMBER_RANKS or count not in (2, 3):
        return None
    mine = [c for c in state.hands[seat] if RANK[c] == rank]
    return mine if len(mine) == 4 - count else None


def close_window(state: KaelState, events: list[Event]) -> None:
    state.window = None
    events.append(CutWindowClosed())
    advance(state, events)


def advance(state: KaelState, events: list[Event]) -> None:
    """Spec 5.7: the next (final) turn, or the round's resolution."""
    if state.caller is not None:
        if not state.final_queue:
            resolve(state, events)
            return
        state.current = state.final_queue.pop(0)
    else:
        state.current = next_active(state, state.current)
    state.phase = TURN
    events.append(TurnBegan(state.current, state.caller is not None))


def call_kael(state: KaelState, seat: int, events: list[Event]) -> None:
    """Spec 5.9: a false call resolves at once; a valid one gives the others a final turn."""
    _turn_done(state, seat)
    state.caller = seat
    false_call = hand_total(state.hands[seat]) > 5
    events.append(KaelCalled(seat))
    if false_call:
        resolve(state, events)
        return
    state.final_queue = [s for s in clockwise_after(state, seat) if s != seat]
    advance(state, events)


# -- the end of a round ----------------------------------------------------------------------------
def resolve(state: KaelState, events: list[Event]) -> None:
    """Spec 8-10: reveal, score, landings, eliminations, then the next round or the end."""
    active = state.active()
    hands = {s: state.hands[s][:] for s in active}
    events.append(HandsRevealed({str(s): tuple(h) for s, h in hands.items()}))
    outcome = score_round(state, hands)
    state.last_round = outcome
    events.append(RoundScored.from_summary(outcome))
    if _game_over(state):
        state.phase = GAME_OVER
        state.window = None
        state.revealed = True
        assert state.end_reason is not None  # set by _game_over
        events.append(
            GameOver(
                tuple(state.winners),
                state.end_reason,
                tuple(tuple(place) for place in ranking(state)),
            )
        )
        return
    state.dealer = next_active(state, state.dealer)  # K-A37: counted from the old dealer's seat
    start_round(state, None, events)


def _game_over(state: KaelState) -> bool:
    active = state.active()
    opts = state.options
    if len(active) <= 1:
        state.winners = active or _last_eliminated(state)
        state.end_reason = "last survivor"
        return True
    newly = [s for s in range(state.players) if state.eliminated_in[s] == state.round_no]
    if opts.end_rule == "first_elimination" and newly:
        state.winners = _lowest(state, active)
        state.end_reason = "first elimination"
        return True
    if opts.max_rounds is not None and state.round_no >= opts.max_rounds:
        state.winners = _lowest(state, active)
        state.end_reason = "round limit"
        return True
    return False


def _lowest(state: KaelState, seats: list[int]) -> list[int]:
    best = min(state.totals[s] for s in seats)
    return [s for s in seats if state.totals[s] == best]


def _last_eliminated(state: KaelState) -> list[int]:
    """Never happens under the rules (spec 10); a safe answer if it ever did."""
    last = max(r for r in state.eliminated_in if r is not None)
    return _lowest(state, [s for s in range(state.players) if state.eliminated_in[s] == last])
