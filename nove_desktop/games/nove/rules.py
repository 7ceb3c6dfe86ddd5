"""NOVE's decisions: which actions are legal, applying them, and why an action is refused."""

from __future__ import annotations

import functools
from itertools import combinations

from ...engine.actions import Action
from ...engine.errors import IllegalActionError
from ...engine.events import ONLY, Event
from ...engine.text import N_, Card, Reason, Seat, why
from . import events as ev
from . import flow
from . import hand as H
from .actions import (
    AnnounceNove,
    AskJokers,
    ChooseJoker,
    DeclareNove,
    Discard,
    Hit,
    Stand,
    action_reason,
    option_reason,
)
from .cards import DECK_INDEX, OPTION_ORDER, card_name
from .state import DECISIONS, NoveState, Phase

_CARD = ("card",)
_CARDS = ("cards",)
_HIT = Hit()
_STAND = Stand()
_ASK = AskJokers()
# Actions are immutable values, so the few distinct ones are built once and shared.
_DECLARE = {o: DeclareNove(o) for o in OPTION_ORDER}
_CHOOSE = {o: ChooseJoker(o) for o in OPTION_ORDER}
_ANNOUNCE: dict[str | None, AnnounceNove] = {o: AnnounceNove(o) for o in (None, *OPTION_ORDER)}
# The decision phases, read once: in Python 3.11 each ``Phase.X`` read goes through the enum's
# metaclass (about 5 times a plain attribute), and these are compared on every action.
_IN_TURN, _IN_EXCHANGE, _IN_DECLARE, _IN_CHOOSE_JOKER = (
    Phase.TURN,
    Phase.EXCHANGE,
    Phase.DECLARE,
    Phase.CHOOSE_JOKER,
)


def current(state: NoveState) -> int | None:
    """The one seat that must decide now (NOVE has no reaction windows), or None."""
    phase = state.phase
    if phase in (_IN_TURN, _IN_EXCHANGE):
        return state.order[state.cursor]
    if phase in (_IN_DECLARE, _IN_CHOOSE_JOKER):
        return state.queue[0]
    return None


_ONE_SEAT = tuple((seat,) for seat in range(8))


def to_act(state: NoveState) -> tuple[int, ...]:
    seat = current(state)
    return () if seat is None else _ONE_SEAT[seat]


def legal_actions(state: NoveState, seat: int) -> list[Action]:
    if seat != current(state):
        return []
    phase = state.phase
    if phase == _IN_TURN:
        return _turn_actions(state, seat)
    if phase == _IN_EXCHANGE:
        return list(_discards_of(tuple(state.hands[seat])))
    if phase == _IN_DECLARE:
        return [_DECLARE[o] for o in flow.nove_choices(state, seat)]
    return [_CHOOSE[o] for o in flow.joker_choices(state, seat)]


@functools.lru_cache(maxsize=16384)
def _discards(hand: tuple[str, ...]) -> tuple[Discard, ...]:
    """Every exchange of a hand (in deck order). Actions are immutable, so they can be shared;
    there are 9,880 possible 3-card hands, so the cache stays small."""
    return tuple(Discard.trusted(combo) for k in range(4) for combo in combinations(hand, k))


@functools.lru_cache(maxsize=1 << 16)
def _discards_of(hand: tuple[str, ...]) -> tuple[Discard, ...]:
    """``_discards`` of a hand in any order (saves the sort; the value is the shared tuple)."""
    return _discards(tuple(sorted(hand, key=DECK_INDEX.__getitem__)))


def _turn_actions(state: NoveState, seat: int) -> list[Action]:
    fixed, free, minval, largest = flow.evaluate(state, seat)
    can_hit = bool(state.draw or state.discard)
    if minval > 9 and (state.asked or largest < (2 if free is not None else 3)):
        return [_HIT, _STAND] if can_hit else [_STAND]  # the common case, built directly
    actions: list[Action] = []
    if minval <= 9 and flow.can_announce(state, seat):
        choices = H.nove_options(fixed, free is not None)
        if choices:
            actions += [_ANNOUNCE[o] for o in choices]
        else:
            actions.append(_ANNOUNCE[None])
    if can_hit:
        actions.append(_HIT)
    if not state.asked and largest >= (2 if free is not None else 3):
        actions.append(_ASK)  # a set in hand (the free joker may complete it)
    actions.append(_STAND)
    return actions


def is_legal(state: NoveState, seat: int, action: Action) -> bool:
    """Same answer as ``action in legal_actions(...)``, with fast paths for the common moves."""
    if seat != current(state):
        return False
    kind = type(action)
    if state.phase == _IN_TURN and kind in (Hit, Stand):
        return kind is Stand or flow.can_draw(state)
    if state.phase == _IN_EXCHANGE and kind is Discard:
        cards = action.cards  # type: ignore[attr-defined]  # kind checked
        if len(cards) > 3 or (len(cards) > 1 and len(set(cards)) != len(cards)):
            return False
        hand = state.hands[seat]
        for card in cards:  # noqa: SIM110 (a plain loop: no generator on the hottest path)
            if card not in hand:
                return False
        return True
    return action in legal_actions(state, seat)


def apply(state: NoveState, seat: int, action: Action) -> list[Event]:
    """Check ``action`` and apply it; nothing changes when it is refused."""
    if not is_legal(state, seat, action):
        raise IllegalActionError(explain(state, seat, action), seat=seat, action=action)
    events: list[Event] = []
    if isinstance(action, Hit):
        _hit(state, seat, events)
    elif isinstance(action, Stand):
        flow.stand(state, seat, False, events)
    elif isinstance(action, Discard):
        _discard(state, seat, action.cards, events)
    elif isinstance(action, AnnounceNove):
        state.announced = True
        flow.declare(state, seat, action.option, 2, False, events)
        flow.auto_stand_if_stuck(state, seat, events)
    elif isinstance(action, AskJokers):
        _ask_jokers(state, seat, events)
    elif isinstance(action, DeclareNove):
        flow.declare(state, seat, action.option, 1, False, events)
        state.queue.pop(0)
        state.phase = Phase.DECLARING
    elif isinstance(action, ChooseJoker):
        flow.set_joker(state, seat, action.option, False, events)
        state.queue.pop(0)
        state.phase = Phase.CHOOSING
    if state.phase not in DECISIONS:  # most actions leave a decision phase: skip the call
        flow.run(state, events)
    return events


@functools.cache
def _hit_event(seat: int, card: str) -> ev.HitTaken:
    """The shared ``HitTaken`` event (immutable; seats x 40 cards at most): a frozen dataclass
    costs about three times a plain object to build, and hits are frequent."""
    return ev.HitTaken(seat, card, visible_to=ONLY[seat], hidden=_CARD)


def _hit(state: NoveState, seat: int, events: list[Event]) -> None:
    card = flow.draw_card(state, events)
    flow.give(state, seat, card)
    state.hit.add(card)
    state.hits_taken += 1
    events.append(_hit_event(seat, card))
    # After a hit no NOVE can be announced: stuck means 31 exactly or nothing left to draw.
    if not flow.after_card(state, seat, events) and (
        flow.min_value(state, seat) == 31 or not flow.can_draw(state)
    ):
        flow.stand(state, seat, True, events)


def _discard(state: NoveState, seat: int, cards: tuple[str, ...], events: list[Event]) -> None:
    hand = state.hands[seat]
    state.split_cache.pop(seat, None)
    for card in cards:
        hand.remove(card)
        state.discard.append(card)
        state.discarded_by[card] = seat
    state.exchanged[seat] = len(cards)
    events.append(ev.Discarded(seat, len(cards), cards, visible_to=ONLY[seat], hidden=_CARDS))
    state.cursor += 1
    if state.cursor >= state.players:
        state.phase = Phase.REDEAL


def _ask_jokers(state: NoveState, seat: int, events: list[Event]) -> None:
    state.asked = True
    shown = []
    for other in state.order:
        if other == seat:
            continue
        fixed_states = H.joker_states(state.hands[other], state.locked, False)
        for index, card in enumerate(state.hands[other]):
            if card not in state.hit:
                continue
            if H.is_joker(card):
                state.public.add(card)
                shown.append(ev.ShownJoker(other, card, fixed_states[card][0]))
            else:
                state.nonjoker_slots.add((other, index))
    events.append(ev.JokersShown(seat, tuple(shown)))


# -- readable refusals -------------------------------------------------------------------------
def explain(state: NoveState, seat: int, action: Action) -> Reason:
    """Why ``action`` is refused, in words a player understands."""
    acting = to_act(state)
    if not acting:
        return why("the game is over")
    if seat not in acting:
        return why("it is not your turn (waiting for {seat})", seat=Seat(acting[0]))
    phase = state.phase
    wanted = {
        Phase.DECLARE: (DeclareNove, N_("choose what your joker stands for in your NOVE")),
        Phase.EXCHANGE: (Discard, N_("choose 0 to 3 cards to exchange")),
        Phase.CHOOSE_JOKER: (ChooseJoker, N_("choose what your joker stands for at scoring")),
    }
    if phase in wanted:
        kind, text = wanted[phase]
        if not isinstance(action, kind):
            return why(
                "you cannot {action} now: {what}", action=action_reason(action), what=Reason(text)
            )
        if isinstance(action, Discard):
            return _explain_discard(state, seat, action)
        option = action.option  # type: ignore[attr-defined]  # every other action has an option
        return _explain_option(state, seat, option, phase == Phase.DECLARE)
    return _explain_turn(state, seat, action)


def _explain_discard(state: NoveState, seat: int, action: Discard) -> Reason:
    if len(action.cards) > 3:
        return why("you may exchange at most 3 cards")
    if len(set(action.cards)) != len(action.cards):
        return why("each card can be exchanged only once")
    for card in action.cards:
        if card not in DECK_INDEX:
            return why('"{card}" is not a NOVE card', card=card)
        if card not in state.hands[seat]:
            return why("you do not hold the {card}", card=Card(card, card_name(card)))
    return why("this exchange is not allowed")


def _explain_option(state: NoveState, seat: int, option: str, nove: bool) -> Reason:
    fixed, _free = flow.split(state, seat)
    if option not in H.OPTION_VALUE:
        return why(
            '"{option}" is not something a joker can stand for (1 to 7, A, B or C)', option=option
        )
    total = H.base_value(fixed) + H.OPTION_VALUE[option]
    limit = 9 if nove else 31
    if total > limit:
        if nove:
            return why(
                "as {option} your hand would be worth {total}: a NOVE must be worth 9 or less",
                option=option_reason(option),
                total=total,
            )
        return why(
            "as {option} your hand would be worth {total}: your hand must stay at 31 or less",
            option=option_reason(option),
            total=total,
        )
    return why("that choice is not allowed")


def _explain_turn(state: NoveState, seat: int, action: Action) -> Reason:
    if isinstance(action, Hit):
        return why("there is no card left to draw")
    if isinstance(action, AskJokers):
        if state.asked:
            return why("you have already asked about the jokers this turn")
        return why("you need three identical cards to ask who hit the jokers")
    if isinstance(action, AnnounceNove):
        if state.nove_step1:
            return why("a NOVE was already won in Step 1: no NOVE can be announced now")
        if state.announced:
            return why("you have already announced NOVE")
        if state.hits_taken:
            return why("NOVE can only be announced before your first hit")
        if flow.min_value(state, seat) > 9:
            return why("your hand is worth more than 9: no NOVE")
        _fixed, free = flow.split(state, seat)
        if free is not None and action.option is None:
            return why("say what your joker stands for when you announce NOVE")
        if free is None and action.option is not None:
            return why("you hold no free joker, so announce NOVE without choosing a value")
        return _explain_option(state, seat, action.option or "", True)
    return why(
        "you cannot {action} during your turn: hit, stand or announce", action=action_reason(action)
    )
