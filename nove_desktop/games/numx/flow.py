"""The automatic steps of NUM-X (spec sections 4, 7, 8, 9): dealing, the malus reveal, laying
combinations, special effects, Facteur X windows, the end of a trick, replenishment, the end of a
round and scoring. Every function leaves the state in a decision phase (or ``GAME_OVER``) with
``state.acting`` up to date."""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, TypeVar

from ...engine.events import ONLY, Event
from ...engine.game import Stack
from ...engine.windows import ReactionWindow
from .actions import ALL, DECK_SOURCE, LEFT, ONE, ROTATE, SWAP
from .cards import (
    INF,
    LEAD_KEY,
    OBJECTIVES,
    ORDER,
    PLAYING_DECK,
    malus_plus_numbers,
)
from .combos import board_with, board_without, combo_value, effect
from .events import (
    AreasMoved,
    CombinationPlayed,
    Drawn,
    FirstLeader,
    FirstOut,
    GameOver,
    GameStarted,
    HandDealt,
    HandsRevealed,
    LeadPasses,
    MalusChosen,
    MalusDrawn,
    MalusRevealed,
    NumXPlayed,
    ObjectiveDealt,
    Passed,
    Replenished,
    RoundEnded,
    RoundScored,
    RoundStarted,
    SeatRoundScore,
    SpecialPlayed,
    Taken,
    TrickEnded,
    TrickStarted,
    WindowAnswered,
    WindowClosed,
    WindowOpened,
)
from .scoring import SeatScore, score_seats
from .state import COMPLETION, FX_WINDOW, GAME_OVER, MALUS_CHOICE, REPLENISH, TURN, NumxState

HAND_SIZE = 13
MALUS_SIZE = 2
FX = "facteur_x"
INFINI_4_COUNT = 4
_CARDS = ("cards",)
_CARD = ("card",)
_OBJECTIVE = ("objective",)
_CLAIM = ("claim",)
_WINDOW_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}
_CLOCKWISE: dict[tuple[int, int], tuple[int, ...]] = {}  # (first seat, players): the seats
E = TypeVar("E", bound=Event)


class _SeatEvents(dict[int, E]):
    """One shared event per seat, for the frequent events whose fields are the seat and
    constants (events are frozen: sharing them is safe)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[int], E]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, seat: int) -> E:
        event = self[seat] = self.make(seat)
        return event


_SHARED: dict[tuple[Any, ...], Event] = {}


def _shared(cls: type[E], *fields: Any) -> E:
    """One shared instance per kind and fields, for frequent public events whose fields take
    few values (a window's seats and trick, a take): building a frozen event costs several
    times a dictionary look-up, and playouts make one every few actions."""
    key = (cls, *fields)
    event = _SHARED.get(key)
    if event is None:
        event = _SHARED[key] = cls(*fields)
    return event  # type: ignore[return-value]  # stored under its own class


_DECK_DRAWS: dict[tuple[int, str], Drawn] = {}


def _deck_draw(seat: int, card: str) -> Drawn:
    """The shared event of one card drawn from the deck (seen by the drawer alone)."""
    event = _DECK_DRAWS.get((seat, card))
    if event is None:
        event = Drawn(seat, DECK_SOURCE, (card,), visible_to=ONLY[seat], hidden=_CARDS)
        _DECK_DRAWS[seat, card] = event
    return event


_WINDOW_PASSES = _SeatEvents(
    lambda seat: WindowAnswered(seat, None, visible_to=ONLY[seat], hidden=_CLAIM)
)
_WINDOW_CLOSED = WindowClosed()
TURN_PASSES = _SeatEvents(Passed)
_TRICK_STARTS = _SeatEvents(TrickStarted)

_SORT = ORDER.__getitem__
_FIRST = itemgetter(0)


def clockwise_from(state: NumxState, first: int) -> tuple[int, ...]:
    n = state.players
    order = _CLOCKWISE.get((first, n))
    if order is None:
        order = _CLOCKWISE[first, n] = tuple((first + i) % n for i in range(n))
    return order


def give(state: NumxState, seat: int, card: str) -> None:
    """Put ``card`` in ``seat``'s hand, keeping the hand sorted."""
    insort(state.hands[seat], card, key=_SORT)
    info = state.hinfos[seat]
    if info is not None:
        info.add(card)


def take(state: NumxState, seat: int, cards: tuple[str, ...] | list[str]) -> None:
    """Remove ``cards`` from ``seat``'s hand (and from the publicly known hand cards)."""
    hand = state.hands[seat]
    public = state.public
    for card in cards:
        hand.remove(card)
        if card in public:
            public.discard(card)
    info = state.hinfos[seat]
    if info is not None:
        info.remove(cards)


def set_turn(state: NumxState, seat: int) -> None:
    state.phase = TURN
    state.current = seat
    state.acting = (seat,)


# -- the game and the round ------------------------------------------------------------------------
def start_game(state: NumxState, stack: Stack | None, events: list[Event]) -> None:
    opts = state.options
    if opts.first_anchor == "random":
        state.anchor = state.rng.below(opts.players)
    else:
        state.anchor = int(opts.first_anchor)
    if stack is not None and stack.scores is not None:
        state.totals = list(stack.scores)
    events.append(GameStarted(opts.players, state.anchor))
    start_round(state, stack, events)


def start_round(state: NumxState, stack: Stack | None, events: list[Event]) -> None:
    """Spec 4: objectives, the deal of 13 cards, then the simultaneous malus choice. Cards named
    by a stacked deck lie on top (objective ids on top of the objective pile), round 1 only."""
    n = state.players
    state.round_no += 1
    state.hands = [[] for _ in range(n)]
    state.malus = [[] for _ in range(n)]
    state.chosen = [None] * n
    state.public = set()
    state.discard = []
    state.trick = []
    state.trick_count = state.trick_value = 0
    state.last_player = None
    state.staged = []
    state.first_out = []
    state.queue = []
    state.emptied = []
    state.window = None
    state.lead_fails = 0
    state.changed()
    stacked = tuple(stack.cards) if stack is not None else ()
    order = clockwise_from(state, (state.anchor + 1) % n)
    events.append(RoundStarted(state.round_no, state.anchor))

    stacked_objectives = [c for c in stacked if c in OBJECTIVES]
    objectives = [c for c in OBJECTIVES if c not in stacked_objectives]
    state.rng.shuffle(objectives)
    objectives = stacked_objectives + objectives  # top first
    if state.options.objectives:
        state.objectives = [None] * n
        for seat in order:
            state.objectives[seat] = objectives.pop(0)
        for seat in order:
            objective = state.objectives[seat]
            events.append(ObjectiveDealt(seat, objective, visible_to=ONLY[seat], hidden=_OBJECTIVE))
    else:
        state.objectives = [None] * n
    state.objective_pile = objectives

    stacked_cards = [c for c in stacked if c not in OBJECTIVES]
    rest = [c for c in PLAYING_DECK if c not in stacked_cards]
    state.rng.shuffle(rest)
    top_first = stacked_cards + rest
    state.deck = top_first[::-1]
    hands = state.hands
    deck = state.deck
    for _ in range(HAND_SIZE):
        for seat in order:
            hands[seat].append(deck.pop())
    for seat in order:
        hands[seat].sort(key=_SORT)
        events.append(HandDealt(seat, tuple(hands[seat]), visible_to=ONLY[seat], hidden=_CARDS))
    state.phase = MALUS_CHOICE
    state.acting = tuple(order)


def choose_malus(state: NumxState, seat: int, cards: tuple[str, ...], events: list[Event]) -> None:
    """Spec 4.3: the choice stays hidden until every seat has chosen."""
    take(state, seat, cards)
    state.chosen[seat] = list(cards)
    events.append(MalusChosen(seat, cards, visible_to=ONLY[seat], hidden=_CARDS))
    state.acting = tuple(s for s in state.acting if s != seat)
    if not state.acting:
        reveal_malus(state, events)


def reveal_malus(state: NumxState, events: list[Event]) -> None:
    """Spec 4.3-4.5: every choice shown at once, then the first leader (N-A11)."""
    n = state.players
    for seat in range(n):
        state.malus[seat] = list(state.chosen[seat] or ())
        state.chosen[seat] = None
    state.binfo = None
    events.append(MalusRevealed(_areas(state.malus)))
    best_key = None
    leader = 0
    for seat in clockwise_from(state, (state.anchor + 1) % n):
        key = sorted(LEAD_KEY[c] for c in state.malus[seat])
        if best_key is None or key < best_key:
            best_key, leader = key, seat
    events.append(FirstLeader(leader))
    start_trick(state, leader, events)


# -- tricks ----------------------------------------------------------------------------------------
def start_trick(state: NumxState, leader: int, events: list[Event]) -> None:
    state.trick = []
    state.trick_count = state.trick_value = 0
    state.last_player = None
    state.leader = leader
    state.lead_fails = 0
    state.window = None
    events.append(_TRICK_STARTS[leader])
    set_turn(state, leader)


def lay(
    state: NumxState,
    seat: int,
    cards: tuple[str, ...],
    joker_value: int | None,
    out_of_turn: bool,
    events: list[Event],
) -> int:
    """Move a legal combination's cards from the hand and the malus areas to the trick (card
    ids are unique: each card is in the hand or in one malus area); returns its value."""
    hand = state.hands[seat]
    public = state.public
    hand_cards = [card for card in cards if card in hand]
    if hand_cards:
        for card in hand_cards:
            hand.remove(card)
            if card in public:
                public.discard(card)
        info = state.hinfos[seat]
        if info is not None:
            info.remove(hand_cards)
    board_cards: list[tuple[int, str]] = []
    if len(hand_cards) < len(cards):  # by area, in seat order (canonical order within one)
        board = state.malus
        board_cards = [(_owner(board, card), card) for card in cards if card not in hand_cards]
        if len(board_cards) > 1:
            board_cards.sort(key=_FIRST)
        binfo = state.binfo
        for owner, card in board_cards:
            board[owner].remove(card)
            if binfo is not None:
                board_without(binfo, owner, card, board)
    w = combo_value(cards, joker_value)
    kind, count, value = effect(len(cards), w, joker_value, state.trick_count, state.trick_value)
    state.trick.append((seat, cards, count, value))
    state.trick_count, state.trick_value = count, value
    events.append(
        CombinationPlayed(
            seat,
            cards,
            tuple(board_cards),
            w,
            joker_value,
            kind,
            (count, value),
            out_of_turn,
        )
    )
    return w


def _owner(board: list[list[str]], card: str) -> int:
    """The seat whose malus area holds ``card``."""
    for seat, area in enumerate(board):
        if card in area:
            return seat
    raise ValueError(f"{card} is in no malus area")


def resolve_specials(state: NumxState, seat: int, events: list[Event]) -> None:
    """Spec 7.3-7.5: the prepared Swipe and Malus+ cards, in the order they were added."""
    staged = state.staged
    state.staged = []
    take(state, seat, [card for card, _m, _t in staged])
    for card, mode, target in staged:
        state.discard.append(card)
        events.append(SpecialPlayed(seat, card, mode, target))
        if mode in (SWAP, ROTATE):
            assert target is not None  # a Swipe names its seat or its direction
            state.malus = moved_areas(state.malus, seat, mode, target)
        else:
            h, m = malus_plus_numbers(state.options.malus_plus_values)[card]
            targets = (target,) if mode == ONE else clockwise_from(state, seat)
            assert mode in (ONE, ALL)
            malus_plus(state, targets, h, m, events)  # type: ignore[arg-type]  # a seat
        if mode in (SWAP, ROTATE):
            state.binfo = None
            events.append(AreasMoved(_areas(state.malus)))


def moved_areas(
    areas: Sequence[list[str]], seat: int, mode: str, target: int | str
) -> list[list[str]]:
    """Spec 7.3: the malus areas (one list per seat) after ``seat`` plays a Swipe: ``SWAP`` with
    the seat ``target``, or ``ROTATE`` towards ``target`` (``LEFT``: Si's area moves to S(i+1)).
    The lists themselves move (no copy); the table uses this to preview a Swipe's result."""
    moved = list(areas)
    if mode == SWAP:
        assert isinstance(target, int)
        moved[seat], moved[target] = moved[target], moved[seat]
        return moved
    assert mode == ROTATE
    n = len(moved)
    shift = -1 if target == LEFT else 1
    return [moved[(i + shift) % n] for i in range(n)]


def malus_plus(
    state: NumxState, targets: Sequence[int], h: int, m: int, events: list[Event]
) -> None:
    """Spec 7.4: each target draws ``h`` cards into its hand, then ``m`` face up into its malus
    area; the effect stops when the deck runs out (no reshuffle, 8.9)."""
    deck = state.deck
    for target in targets:
        drawn = []
        for _ in range(h):
            if not deck:
                break
            card = deck.pop()
            give(state, target, card)
            drawn.append(card)
        if drawn:
            events.append(
                Drawn(target, DECK_SOURCE, tuple(drawn), visible_to=ONLY[target], hidden=_CARDS)
            )
        shown = []
        for _ in range(m):
            if not deck:
                break
            card = deck.pop()
            state.malus[target].append(card)
            shown.append(card)
        if shown:
            if state.binfo is not None:
                board_with(state.binfo, target, shown)
            events.append(MalusDrawn(target, tuple(shown)))
        if not deck:
            break


def draw(state: NumxState, seat: int, source: str, events: list[Event]) -> None:
    """Spec 8.1 ``Draw``: the deck's top card (``source`` ``"deck"``, seen by the drawer only)
    or the card ``source`` of another seat's malus area (seen by everybody)."""
    if source == DECK_SOURCE:
        card = state.deck.pop()
        give(state, seat, card)
        events.append(_deck_draw(seat, card))
        return
    card = source
    owner = _owner(state.malus, card)
    state.malus[owner].remove(card)
    if state.binfo is not None:
        board_without(state.binfo, owner, card, state.malus)
    give(state, seat, card)
    state.public.add(card)
    events.append(_shared(Taken, seat, owner, card))


def numx(state: NumxState, seat: int, card: str, out_of_turn: bool, events: list[Event]) -> None:
    """Spec 7.1: Num-X goes to the discard pile and ends the trick."""
    take(state, seat, (card,))
    state.discard.append(card)
    events.append(NumXPlayed(seat, card, out_of_turn))


def after_action(
    state: NumxState,
    seat: int,
    had_cards: bool,
    laid: tuple[str, ...] | None,
    value: int,
    ended_by_numx: bool,
    events: list[Event],
) -> None:
    """Spec 8.3 steps 2-6 (also for an applied claim, 9.2); ``laid`` is the combination laid
    (``None``: none) and ``value`` its value."""
    if had_cards and not state.hands[seat] and not state.first_out:
        state.first_out.append(seat)
        events.append(FirstOut(seat))
    if not all(state.hands) and any_seat_bare(state):  # (every seat holds a card, usually)
        end_round(state, "a seat has no card in hand and no malus card", events)
        return
    if ended_by_numx:
        end_trick(state, seat, "num_x", events)
        return
    if laid is not None:
        if state.options.infini_4 and value == INF and len(laid) >= INFINI_4_COUNT:
            end_trick(state, seat, "infini_4", events)
            return
        state.last_player = seat
        open_window(state, events)
        return
    advance(state, seat, events)


def any_seat_bare(state: NumxState) -> bool:
    """The E2 check (spec 8.3 step 3, N-A50)."""
    if all(state.hands):
        return False
    return any(not hand and not area for hand, area in zip(state.hands, state.malus, strict=True))


def advance(state: NumxState, seat: int, events: list[Event]) -> None:
    """Spec 8.4 (and 8.2 for a leader that could not open)."""
    n = state.players
    nxt = (seat + 1) % n
    if state.trick_count == 0:
        state.lead_fails += 1
        if state.lead_fails >= n:
            end_round(state, "nobody could open a trick", events)
            return
        state.leader = nxt
        events.append(LeadPasses(nxt))
        set_turn(state, nxt)
        return
    if nxt == state.last_player:
        end_trick(state, nxt, "uncovered", events)
        return
    set_turn(state, nxt)


def open_window(state: NumxState, events: list[Event]) -> None:
    """Spec 9.1-9.2: every seat is listed, clockwise from the seat after the last player, the
    last player last; the listing says nothing about hands."""
    n = state.players
    last = state.last_player
    assert last is not None
    order = _WINDOW_ORDERS.get((last, n))
    if order is None:
        order = _WINDOW_ORDERS[last, n] = tuple((last + i) % n for i in range(1, n + 1))
    state.window = ReactionWindow(FX, order)
    state.phase = FX_WINDOW
    state.acting = order
    events.append(_shared(WindowOpened, order, (state.trick_count, state.trick_value)))


def answer_window(
    state: NumxState,
    seat: int,
    claim: tuple[str, tuple[str, ...]] | None,
    events: list[Event],
) -> tuple[int, tuple[str, tuple[str, ...]]] | None:
    """Record an answer (hidden from the other seats until resolution). Returns the winning
    ``(seat, claim)`` when the window is decided with a claim; closes it when all passed."""
    window = state.window
    assert window is not None
    if claim is None:
        outcome = window.answer_pass(seat)
        events.append(_WINDOW_PASSES[seat])
    else:
        outcome = window.answer(seat, claim)
        events.append(WindowAnswered(seat, claim[1], visible_to=ONLY[seat], hidden=_CLAIM))
    if not outcome.decided:
        state.acting = window.waiting()
        return None
    state.window = None
    if outcome.claim is None:
        events.append(_WINDOW_CLOSED)
        last = state.last_player
        assert last is not None
        set_turn(state, (last + 1) % state.players)
        return None
    return outcome.seat, outcome.claim  # type: ignore[return-value]  # decided: a seat claimed


def end_trick(state: NumxState, leader: int, reason: str, events: list[Event]) -> None:
    """Spec 8.5: discard the trick, the E1 check, then replenishment."""
    discard = state.discard
    for _seat, cards, _c, _v in state.trick:
        discard.extend(cards)
    state.trick = []
    state.trick_count = state.trick_value = 0
    state.last_player = None
    state.window = None
    events.append(_shared(TrickEnded, leader, reason))
    if not all(state.hands):
        end_round(state, "a seat emptied its hand", events)
        return
    state.next_leader = leader
    state.queue = [s for s in clockwise_from(state, leader) if len(state.malus[s]) < MALUS_SIZE]
    state.emptied = []
    state.phase = REPLENISH
    next_refill(state, events)


def sources_needed(state: NumxState, seat: int) -> int:
    """Spec 8.6 / N-A83: ``min(missing, hand + deck)``."""
    missing = MALUS_SIZE - len(state.malus[seat])
    if missing <= 0:
        return 0
    return min(missing, len(state.hands[seat]) + len(state.deck))


def next_refill(state: NumxState, events: list[Event]) -> None:
    """Ask the next seat of the queue, or finish the replenishment / completion."""
    queue = state.queue
    while queue:
        seat = queue[0]
        if sources_needed(state, seat) > 0:
            state.acting = (seat,)
            return
        queue.pop(0)
    if state.phase == COMPLETION:
        score_round(state, events)
        return
    if state.emptied and not state.first_out:
        state.first_out = sorted(state.emptied)
        for seat in state.first_out:
            events.append(FirstOut(seat))
    state.emptied = []
    if any_seat_bare(state):
        end_round(state, "a seat has no card in hand and no malus card", events)
        return
    start_trick(state, state.next_leader, events)


def refill(
    state: NumxState, seat: int, from_deck: int, cards: tuple[str, ...], events: list[Event]
) -> None:
    """Apply one ``Replenish``: deck cards face up, then the chosen hand cards."""
    area = state.malus[seat]
    added = []
    for _ in range(from_deck):
        card = state.deck.pop()
        area.append(card)
        added.append(card)
    if cards:
        take(state, seat, cards)
        area += cards
        added += cards
    if state.binfo is not None:
        board_with(state.binfo, seat, added)
    hand = state.hands[seat]
    events.append(Replenished(seat, tuple(added), from_deck))
    if cards and not hand and state.phase == REPLENISH:
        state.emptied.append(seat)  # N-A64: counts for first_out at the end of this step
    state.queue.pop(0)
    next_refill(state, events)


# -- the end of a round ----------------------------------------------------------------------------
def end_round(state: NumxState, reason: str, events: list[Event]) -> None:
    """Spec 8.8: abandon the trick, then complete the malus areas (seats still holding cards,
    clockwise from the seat after the anchor)."""
    for _seat, cards, _c, _v in state.trick:
        state.discard.extend(cards)
    state.trick = []
    state.trick_count = state.trick_value = 0
    state.last_player = None
    state.window = None
    state.staged = []
    state.end_reason = reason
    events.append(RoundEnded(state.round_no, reason))
    n = state.players
    state.phase = COMPLETION
    state.queue = [
        s
        for s in clockwise_from(state, (state.anchor + 1) % n)
        if state.hands[s] and len(state.malus[s]) < MALUS_SIZE
    ]
    next_refill(state, events)


def score_round(state: NumxState, events: list[Event]) -> None:
    """Spec 8.8 step 3 and 10: reveal, score, then the next round or the end of the game."""
    n = state.players
    events.append(HandsRevealed(_areas(state.hands), tuple(state.objectives)))
    scores = score_seats(state.malus, state.hands, state.objectives, state.first_out)
    for seat, score in enumerate(scores):
        state.totals[seat] += score.score
    reason = state.end_reason
    assert reason is not None  # set by end_round, the only way to the scoring
    scored = RoundScored(
        state.round_no,
        reason,
        tuple(state.first_out),
        tuple(_seat_score(s) for s in scores),
        tuple(state.totals),
    )
    state.last_round = scored.data  # the same summary, as plain JSON values
    events.append(scored)
    if state.round_no >= state.options.rounds:
        best = max(state.totals)
        state.winners = [s for s in range(n) if state.totals[s] == best]
        state.phase = GAME_OVER
        state.acting = ()
        state.revealed = True
        state.queue = []
        events.append(GameOver(tuple(state.winners), tuple(state.totals)))
        return
    state.anchor = (state.anchor + 1) % n
    start_round(state, None, events)


def _seat_score(score: SeatScore) -> SeatRoundScore:
    """A seat's score as the ``round_scored`` event shows it."""
    return SeatRoundScore(
        score.malus_part,
        score.hand_part,
        # the objective's row number (1-10), not its card id: card ids are dealt again
        None if score.objective is None else int(score.objective[2:]),
        score.met,
        score.applied,
        score.bonus,
        score.score,
    )


def _areas(rows: Sequence[Sequence[str]]) -> tuple[tuple[str, ...], ...]:
    """Hands or malus areas as an event shows them (immutable copies)."""
    return tuple(tuple(row) for row in rows)
