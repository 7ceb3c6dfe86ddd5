"""Kaël's decisions: to_act, legal actions, applying them, and readable refusals (spec 5.4, 7)."""

from __future__ import annotations

import functools
from itertools import combinations

from ...engine.actions import Action
from ...engine.errors import IllegalActionError
from ...engine.events import ONLY, Event
from ...engine.text import Card, Reason, Seat, why
from . import flow
from .actions import (
    DECK_SOURCE,
    TABLE_SOURCE,
    CallKael,
    ChooseHandSize,
    Cut,
    DrawOnly,
    GoodDraw,
    KeepCard,
    Lay,
    LayPass,
    LaySquare,
    Pass,
    action_reason,
)
from .cards import DECK_INDEX, NUMBER_RANKS, PASS_CARD, RANK, canonical, card_name, hand_total
from .events import (
    CardKept,
    CardsLaid,
    ChainCut,
    CutPassed,
    DrewOnly,
    GoodDrawLaid,
    GoodDrawOffered,
)
from .options import MAX_HAND, MIN_HAND
from .state import CHOOSE_HAND_SIZE, CUT_WINDOW, GOOD_DRAW, TURN, KaelState

_PASS = Pass()
_CUT = Cut()
_CALL = CallKael()
_LAY_PASS = LayPass()
_GOOD = GoodDraw()
_KEEP = KeepCard()
_HAND_SIZES = [ChooseHandSize(k) for k in range(MIN_HAND, MAX_HAND + 1)]


def to_act(state: KaelState) -> tuple[int, ...]:
    phase = state.phase
    if phase in (TURN, GOOD_DRAW):
        return (state.current,)
    if phase == CUT_WINDOW:
        assert state.window is not None
        return state.window.waiting()
    if phase == CHOOSE_HAND_SIZE:
        return (state.dealer,)
    return ()


def legal_actions(state: KaelState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    phase = state.phase
    if phase == TURN:
        return turn_actions(state, seat)
    if phase == GOOD_DRAW:
        return [_GOOD, _KEEP]
    if phase == CUT_WINDOW:
        return [_PASS, _CUT] if flow.cutter_cards(state, seat) is not None else [_PASS]
    return list(_HAND_SIZES)


def can_call(state: KaelState, seat: int) -> bool:
    """Spec 5.4 D."""
    return (
        state.caller is None
        and flow.circuit_complete(state)
        and (state.options.false_kael_allowed or hand_total(state.hands[seat]) <= 5)
    )


@functools.lru_cache(maxsize=1 << 16)
def _lay_action(cards: tuple[str, ...], source: str) -> Lay:
    """A shared ``Lay`` of cards already in canonical order (actions are immutable values)."""
    action = object.__new__(Lay)
    object.__setattr__(action, "cards", cards)
    object.__setattr__(action, "source", source)
    return action


_DECK_ONLY: tuple[str, ...] = (DECK_SOURCE,)
_TABLE_ONLY: tuple[str, ...] = (TABLE_SOURCE,)
_BOTH: tuple[str, ...] = (DECK_SOURCE, TABLE_SOURCE)
_NO_SOURCE: tuple[str, ...] = ()


def turn_actions(state: KaelState, seat: int) -> list[Action]:
    """Every lay of 1-3 cards of one rank with each draw source, the squares, the X, or (with
    an empty hand) the draws alone; then the Kaël call. Built from cached pieces: one per group
    of equal ranks in the hand (a handful of distinct groups recur all game long)."""
    hand = state.hands[seat]
    deck_ok = flow.can_draw_deck(state)
    if state.table:
        sources = _BOTH if deck_ok else _TABLE_ONLY
    else:
        sources = _DECK_ONLY if deck_ok else _NO_SOURCE
    if not hand:
        actions: list[Action] = list(_draw_only(sources))
    else:
        actions = []
        chain_rank = state.chain_rank
        count = state.chain_count
        if len(hand) == 1:
            card = hand[0]
            if card == PASS_CARD:
                actions.append(_LAY_PASS)
            else:
                rank = RANK[card]
                actions += _rank_actions((card,), sources, count if rank == chain_rank else 0)
        else:
            group: list[str] = []
            last = None
            for card in sorted(hand, key=DECK_INDEX.__getitem__):
                rank = RANK[card]
                if rank == last:
                    group.append(card)
                    continue
                if group:
                    actions += _rank_actions(
                        tuple(group), sources, count if last == chain_rank else 0
                    )
                group = [card]
                last = rank
            if last == "X":
                actions.append(_LAY_PASS)
            else:
                actions += _rank_actions(tuple(group), sources, count if last == chain_rank else 0)
    if can_call(state, seat):
        actions.append(_CALL)
    return actions


@functools.lru_cache(maxsize=1 << 12)
def _draw_only(sources: tuple[str, ...]) -> tuple[Action, ...]:
    return tuple(DrawOnly(s) for s in sources)


@functools.lru_cache(maxsize=1 << 14)
def _rank_actions(
    copies: tuple[str, ...], sources: tuple[str, ...], count: int
) -> tuple[Action, ...]:
    """The actions with the cards of one rank (not the X) held in hand (canonical order), when
    ``count`` cards of that rank lie on top of the table (0: the chain is another rank)."""
    rank = RANK[copies[0]]
    actions: list[Action] = []
    for size in range(1, min(3, len(copies)) + 1):
        if count + size == 4:
            continue  # that would be a square: LaySquare (spec 5.4 A)
        for combo in combinations(copies, size):
            actions += [_lay_action(combo, s) for s in sources]
    if len(copies) == 4 or (rank in NUMBER_RANKS and 1 <= count <= 3 and len(copies) == 4 - count):
        actions.append(LaySquare(copies))
    return tuple(actions)


def is_legal(state: KaelState, seat: int, action: Action) -> bool:
    """Same answer as ``action in legal_actions(...)``, with a direct check of the common lay."""
    if state.phase == TURN and type(action) is Lay and seat in to_act(state):
        return _lay_is_legal(state, seat, action)
    return action in legal_actions(state, seat)


def _lay_is_legal(state: KaelState, seat: int, action: Lay) -> bool:
    """Exactly the lays ``turn_actions`` lists: 1 to 3 distinct cards of one rank (not the X)
    from the hand, in canonical order, a legal source, and not the cards that complete a square
    (that is ``LaySquare``)."""
    cards = action.cards
    hand = state.hands[seat]
    size = len(cards)
    if size == 1:
        card = cards[0]
        if card not in hand or card == PASS_CARD:
            return False
        rank = RANK[card]
    else:
        if not 1 <= size <= 3 or len(set(cards)) != size:
            return False
        if any(card not in hand for card in cards) or canonical(cards) != cards:
            return False
        rank = RANK[cards[0]]
        if rank == "X" or any(RANK[card] != rank for card in cards):
            return False
    source = action.source
    if source == TABLE_SOURCE:
        if not state.table:
            return False
    elif source != DECK_SOURCE or not flow.can_draw_deck(state):
        return False
    return not (rank == state.chain_rank and state.chain_count + size == 4)


def apply(state: KaelState, seat: int, action: Action) -> list[Event]:
    """Check ``action`` and apply it; nothing changes when it is refused."""
    if not is_legal(state, seat, action):
        raise IllegalActionError(explain(state, seat, action), seat=seat, action=action)
    events: list[Event] = []
    if isinstance(action, Lay):
        _lay(state, seat, action, events)
    elif isinstance(action, LaySquare):
        _lay_no_draw(state, seat, action.cards, "square", events)
    elif isinstance(action, LayPass):
        _lay_no_draw(state, seat, (PASS_CARD,), "pass_card", events)
    elif isinstance(action, DrawOnly):
        _draw(state, seat, action.source, events)
        events.append(DrewOnly(seat, action.source))
        flow.finish_turn(state, False, events)
    elif isinstance(action, CallKael):
        flow.call_kael(state, seat, events)
    elif isinstance(action, GoodDraw):
        card = state.pending
        assert card is not None
        state.hands[seat].remove(card)
        flow.place(state, seat, (card,))
        events.append(GoodDrawLaid(seat, card))
        flow.finish_turn(state, True, events)
    elif isinstance(action, KeepCard):
        events.append(CardKept(seat, visible_to=ONLY[seat], hidden=None))
        flow.finish_turn(state, True, events)
    elif isinstance(action, Pass | Cut):
        _answer_window(state, seat, action, events)
    elif isinstance(action, ChooseHandSize):
        flow.deal(state, action.size, events)
    return events


def _draw(state: KaelState, seat: int, source: str, events: list[Event]) -> str:
    if source == TABLE_SOURCE:
        return flow.take_from_table(state, seat, events)
    return flow.draw_from_deck(state, seat, events)


def _lay(state: KaelState, seat: int, action: Lay, events: list[Event]) -> None:
    """Spec 5.5: remove, draw (the top card from before the lay), place, good-draw check."""
    hand = state.hands[seat]
    for card in action.cards:
        hand.remove(card)
    events.append(CardsLaid(seat, action.cards, action.source))
    drawn = _draw(state, seat, action.source, events)
    flow.place(state, seat, action.cards)
    if action.source == DECK_SOURCE and RANK[drawn] == RANK[action.cards[0]]:
        state.pending = drawn
        state.phase = GOOD_DRAW
        # K-A56: only the drawer learns that the window exists.
        events.append(GoodDrawOffered(seat, drawn, visible_to=ONLY[seat], hidden=None))
        return
    flow.finish_turn(state, True, events)


def _lay_no_draw(
    state: KaelState, seat: int, cards: tuple[str, ...], kind: str, events: list[Event]
) -> None:
    hand = state.hands[seat]
    for card in cards:
        hand.remove(card)
    flow.place(state, seat, cards)
    events.append(CardsLaid(seat, cards, None, kind))
    flow.finish_turn(state, True, events)


def _answer_window(state: KaelState, seat: int, action: Action, events: list[Event]) -> None:
    window = state.window
    assert window is not None
    if isinstance(action, Cut):
        cards = flow.cutter_cards(state, seat)
        assert cards is not None
        for card in cards:
            state.hands[seat].remove(card)
        flow.place(state, seat, cards)
        events.append(ChainCut(seat, canonical(cards)))
        outcome = window.answer(seat, flow.CUT)
    else:
        events.append(CutPassed(seat))
        outcome = window.answer(seat, None)
    if outcome.decided:
        flow.close_window(state, events)


# -- readable refusals -------------------------------------------------------------------------
def explain(state: KaelState, seat: int, action: Action) -> Reason:
    """Why ``action`` is refused, in words a player understands."""
    acting = to_act(state)
    if not acting:
        return why("the game is over")
    if seat not in acting:
        if state.phase == CUT_WINDOW and state.window and seat in state.window.answers:
            return why("you have already answered in this cut window")
        return why("it is not your turn (waiting for {seat})", seat=Seat(acting[0]))
    phase = state.phase
    if phase == CHOOSE_HAND_SIZE:
        if isinstance(action, ChooseHandSize):
            return why(
                "the dealer deals {low} to {high} cards, not {size}",
                low=MIN_HAND,
                high=MAX_HAND,
                size=action.size,
            )
        return why("you are the dealer: choose how many cards to deal")
    if phase == GOOD_DRAW:
        return why("choose whether to lay the card you just drew again, or keep it")
    if phase == CUT_WINDOW:
        if isinstance(action, Cut):
            return why("you cannot cut: you do not hold all the missing cards of that rank")
        return why("a cut window is open: cut or pass")
    return _explain_turn(state, seat, action)


def _explain_turn(state: KaelState, seat: int, action: Action) -> Reason:
    hand = state.hands[seat]
    if isinstance(action, CallKael):
        if state.caller is not None:
            return why("Kaël has already been called this round")
        if not flow.circuit_complete(state):
            return why("Kaël can only be called once everybody has played a turn this round")
        return why(
            "your hand is worth {total}: Kaël needs 5 points or less", total=hand_total(hand)
        )
    if isinstance(action, DrawOnly):
        if hand:
            return why("with cards in hand you must lay something, not only draw")
        return _explain_source(state, action.source)
    if not hand and isinstance(action, Lay | LaySquare | LayPass):
        return why("you hold no card: draw one (or call Kaël)")
    if isinstance(action, LayPass):
        return why("you do not hold the X")
    if isinstance(action, Lay | LaySquare):
        cards = action.cards
        for card in cards:
            if card not in RANK:
                return why('"{card}" is not a Kaël card', card=card)
            if card not in hand:
                return why("you do not hold {card}", card=Card(card, card_name(card)))
        if len(set(cards)) != len(cards):
            return why("each card can be laid only once")
        if not cards:
            return why("choose at least one card to lay")
        if len({RANK[c] for c in cards}) > 1:
            return why("the cards laid together must all have the same rank")
        if PASS_CARD in cards:
            return why("the X is always laid alone, without drawing")
        if isinstance(action, LaySquare):
            return why("a square needs four cards of one rank on top of the table")
        if len(cards) == 4:
            return why("four of a kind is a square: lay it without drawing")
        rank, count = flow.chain(state)
        if RANK[cards[0]] == rank and count + len(cards) == 4:
            return why("these cards complete a square: lay them without drawing")
        return _explain_source(state, action.source)
    return why(
        "you cannot {action} now: it is your turn to lay and draw", action=action_reason(action)
    )


def _explain_source(state: KaelState, source: str) -> Reason:
    if source not in (DECK_SOURCE, TABLE_SOURCE):
        return why('draw from "deck" or "table", not "{source}"', source=source)
    if source == TABLE_SOURCE:
        return why("there is no card on the table to take")
    return why("there is no card left to draw")
