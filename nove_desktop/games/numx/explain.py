"""Readable reasons for refused NUM-X actions (only computed when an action is refused)."""

from __future__ import annotations

from typing import Any

from ...engine.actions import Action
from .actions import (
    ALL,
    DECK_SOURCE,
    LEFT,
    ONE,
    RIGHT,
    ROTATE,
    SWAP,
    AddSpecial,
    ChooseMalus,
    Claim,
    ClaimNumX,
    Draw,
    Pass,
    Play,
    PlayNumX,
    Replenish,
)
from .cards import (
    ALL_VALUES,
    IS_CLASSIC,
    JOKER,
    KIND,
    MALUS_PLUS,
    NUMX,
    OBJECTIVE,
    ORDER,
    SWIPE,
    VALUE,
    card_name,
    value_name,
)
from .combos import board_info, hand_info, lc_ok
from .combos import has_legal_lead as _hll
from .flow import sources_needed
from .state import NumxState, Phase

LAST_CARD = (
    "the last card left in your hand must be a classic card: this would leave only special "
    "cards, or go out without a classic card from your hand (last-card rule)"
)


def explain(state: NumxState, seat: Any, action: Action) -> str:
    """Why ``action`` is refused, in words a player understands."""
    acting = state.acting
    if not acting:
        return "the game is over"
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        return f"there is no seat {seat!r} at this table"
    phase = state.phase
    if seat not in acting:
        if phase == Phase.FX_WINDOW and state.window is not None and seat in state.window.answers:
            return "you have already answered this Facteur X window"
        if phase == Phase.MALUS_CHOICE:
            return "you have already chosen your malus cards: waiting for the others"
        return f"it is not your turn (waiting for seat {acting[0]})"
    if phase == Phase.MALUS_CHOICE:
        if isinstance(action, ChooseMalus):
            return _explain_choice(state, seat, action)
        return "first choose the two cards of your malus area"
    if phase in (Phase.REPLENISH, Phase.COMPLETION):
        if isinstance(action, Replenish):
            return _explain_refill(state, seat, action)
        return "first bring your malus area back to two cards (replenish)"
    if phase == Phase.FX_WINDOW:
        return _explain_window(state, seat, action)
    return _explain_turn(state, seat, action)


# -- helpers ---------------------------------------------------------------------------------------
def _unknown(cards: Any) -> str | None:
    for card in cards:
        if not isinstance(card, str) or card not in KIND:
            return f"{card_name(str(card))} is not a NUM-X card"
        if KIND[card] == OBJECTIVE:
            return "objective cards are never played"
    if len(set(cards)) != len(cards):
        return "each card can be used only once"
    return None


def _lowest(pool: list[str], count: int) -> list[str]:
    return sorted(pool, key=ORDER.__getitem__)[:count]


def _copies_problem(chosen: list[str], pool: list[str], where: str) -> str | None:
    """Copies of one face are alike: the lowest ids of a place are taken first (D2)."""
    by_face: dict[Any, list[str]] = {}
    for card in chosen:
        key = VALUE[card] if IS_CLASSIC[card] else KIND[card] if KIND[card] != MALUS_PLUS else card
        by_face.setdefault(key, []).append(card)
    for key, cards in by_face.items():
        same = [
            c
            for c in pool
            if (VALUE[c] if IS_CLASSIC[c] else KIND[c] if KIND[c] != MALUS_PLUS else c) == key
        ]
        expected = _lowest(same, len(cards))
        if sorted(cards, key=ORDER.__getitem__) != expected:
            return (
                "copies of a card are alike, so the lowest ids are taken first: use "
                f"{' '.join(expected)} rather than {' '.join(cards)} from {where}"
            )
    return None


def _combination_problem(
    state: NumxState, seat: int, cards: tuple[str, ...], joker_value: Any, claim: bool
) -> str | None:
    """Spec 6.1-6.3 checks of a combination; None when nothing specific was found."""
    problem = _unknown(cards)
    if problem:
        return problem
    hand = state.hands[seat]
    owner_of = {card: s for s, area in enumerate(state.malus) for card in area}
    for card in cards:
        kind = KIND[card]
        if kind == NUMX:
            return "Num-X is always played alone (play_numx), never in a combination"
        if kind in (SWIPE, MALUS_PLUS):
            return (
                f"{card_name(card)} is not part of a combination: add it with add_special, "
                "then play"
            )
        if kind == JOKER and card not in hand:
            if card in owner_of:
                return "an X-Joker lying in a malus area cannot be played (take it with draw)"
            return f"you do not hold {card_name(card)}"
        if kind != JOKER and card not in hand and card not in owner_of:
            return f"you do not hold {card_name(card)} and it lies in no malus area"
    classics = [c for c in cards if IS_CLASSIC[c]]
    jokers = [c for c in cards if not IS_CLASSIC[c]]
    if len({VALUE[c] for c in classics}) > 1:
        return "all the cards of a combination must have the same value"
    if not classics:
        if len(jokers) > 1:
            return "two or more X-Jokers need at least one classic card with them"
        if claim:
            return "a Facteur X needs more cards than the trick: a lone X-Joker is never one"
        if joker_value is None:
            return "say which value the lone X-Joker stands for (joker_value)"
        if isinstance(joker_value, bool) or joker_value not in ALL_VALUES:
            return "an X-Joker stands for a value from -2 to 13, or ∞ (14)"
        value = joker_value
    else:
        if joker_value is not None:
            return "joker_value is only for a lone X-Joker (with classic cards it takes theirs)"
        value = VALUE[classics[0]]
    problem = _copies_problem([c for c in cards if c in hand], hand, "your hand")
    if problem:
        return problem
    for owner, area in enumerate(state.malus):
        problem = _copies_problem(
            [c for c in cards if owner_of.get(c) == owner and c not in hand],
            area,
            f"seat {owner}'s malus area",
        )
        if problem:
            return problem
    problem = _against_trick(state, len(cards), value, not classics, claim)
    if problem:
        return problem
    info = hand_info(tuple(hand))
    a = sum(1 for c in classics if c in hand)
    j = len(jokers)
    extra = 0 if claim else len(state.staged)
    if not lc_ok(info, a, j, extra):
        return LAST_CARD
    return None


def _against_trick(state: NumxState, k: int, value: int, lone: bool, claim: bool) -> str | None:
    c, v = state.trick_count, state.trick_value
    if c == 0:
        return None
    shown = f"{c} x {value_name(v)}"
    if claim:
        if k <= c or value <= v:
            return (
                f"a Facteur X needs more than {c} card(s) of a value above {value_name(v)} "
                f"(the trick is {shown})"
            )
        return None
    if lone:
        if c != 1:
            return f"a lone X-Joker can only answer a single card (the trick is {shown})"
        if value == v:
            return f"the lone X-Joker must stand for another value than {value_name(v)}"
        return None
    if k < c:
        return f"the trick is {shown}: play at least {c} card(s)"
    if k == c and value <= v:
        return f"with {c} card(s) the value must be higher than {value_name(v)}"
    if k >= c + 2 and value <= v:
        return (
            f"{k} cards against {c} need a value above {value_name(v)} (Facteur X); one card "
            "more may have any value"
        )
    return None


def _board(state: NumxState) -> tuple[tuple[str, ...], ...]:
    return tuple(map(tuple, state.malus))


def _can_lead(state: NumxState, seat: int) -> bool:
    return _hll(hand_info(tuple(state.hands[seat])), board_info(_board(state)))


# -- phases ----------------------------------------------------------------------------------------
def _explain_choice(state: NumxState, seat: int, action: ChooseMalus) -> str:
    cards = action.cards
    problem = _unknown(cards)
    if problem:
        return problem
    if len(cards) != 2:
        return "choose exactly two cards for your malus area"
    hand = state.hands[seat]
    for card in cards:
        if card not in hand:
            return f"you do not hold {card_name(card)}"
    return _copies_problem(list(cards), hand, "your hand") or "choose two cards of your hand"


def _explain_refill(state: NumxState, seat: int, action: Replenish) -> str:
    need = sources_needed(state, seat)
    sources = action.sources
    if len(sources) != need:
        return f"refill your malus area with exactly {need} source(s): deck or hand cards"
    from_deck = sum(1 for s in sources if s == DECK_SOURCE)
    if from_deck > len(state.deck):
        return f"the deck holds only {len(state.deck)} card(s)"
    cards = [s for s in sources if s != DECK_SOURCE]
    problem = _unknown(cards)
    if problem:
        return problem
    hand = state.hands[seat]
    for card in cards:
        if card not in hand:
            return f"you do not hold {card_name(card)}"
    return _copies_problem(cards, hand, "your hand") or "that refill is not allowed"


def _explain_window(state: NumxState, seat: int, action: Action) -> str:
    if isinstance(action, Claim):
        if not action.cards:
            return "a Facteur X claim needs cards"
        return (
            _combination_problem(state, seat, action.cards, None, True)
            or "that is not a legal Facteur X now"
        )
    if isinstance(action, ClaimNumX):
        if not state.options.numx_interrupt:
            return "Num-X cannot be played out of turn (the numx_interrupt variant is off)"
        return _numx_problem(state, seat, action.card) or "you cannot play Num-X now"
    return "a Facteur X window is open: claim a Facteur X or pass"


def _numx_problem(state: NumxState, seat: int, card: Any) -> str | None:
    if not isinstance(card, str) or KIND.get(card) != NUMX:
        return f"{card_name(str(card))} is not a Num-X card"
    hand = state.hands[seat]
    if card not in hand:
        return f"you do not hold {card_name(card)}"
    problem = _copies_problem([card], hand, "your hand")
    if problem:
        return problem
    if not lc_ok(hand_info(tuple(hand)), 0, 0, 1):
        return LAST_CARD
    return None


def _explain_turn(state: NumxState, seat: int, action: Action) -> str:
    staged = state.staged
    trick_empty = state.trick_count == 0
    if isinstance(action, Claim | ClaimNumX):
        return "it is your turn: a Facteur X is simply played (claims are for the windows)"
    if isinstance(action, ChooseMalus | Replenish):
        return "it is your turn to play"
    if staged and not isinstance(action, Play | AddSpecial):
        return "finish the play you prepared with special cards (play)"
    if isinstance(action, Pass | Draw):
        if trick_empty and _can_lead(state, seat):
            return "you lead this trick and can open it: play a combination"
        if isinstance(action, Draw):
            return _draw_problem(state, seat, action.source) or "you cannot draw that now"
        return "you cannot pass now"
    if isinstance(action, PlayNumX):
        if trick_empty:
            return "Num-X ends a trick in progress: it cannot open one"
        return _numx_problem(state, seat, action.card) or "you cannot play Num-X now"
    if isinstance(action, AddSpecial):
        return _special_problem(state, seat, action) or "you cannot add that card now"
    if isinstance(action, Play):
        if not action.cards:
            if not staged:
                return "choose the cards of your play (an empty play is not a pass)"
            if trick_empty and _can_lead(state, seat):
                return "you lead this trick: your play must include a combination"
            return LAST_CARD
        return (
            _combination_problem(state, seat, action.cards, action.joker_value, False)
            or "that play is not allowed now"
        )
    return "that action is not allowed now"


def _draw_problem(state: NumxState, seat: int, source: Any) -> str | None:
    if source == DECK_SOURCE:
        return "the deck is empty" if not state.deck else None
    if not isinstance(source, str) or source not in KIND:
        return f'draw from "deck" or name a card of another seat\'s malus area, not {source!r}'
    if source in state.malus[seat]:
        return "you cannot draw from your own malus area"
    for owner, area in enumerate(state.malus):
        if source in area:
            return _copies_problem([source], area, f"seat {owner}'s malus area")
    return f"{card_name(source)} lies in no other seat's malus area"


def _special_problem(state: NumxState, seat: int, action: AddSpecial) -> str | None:
    card, mode, target = action.card, action.mode, action.target
    kind = KIND.get(card) if isinstance(card, str) else None
    if kind not in (SWIPE, MALUS_PLUS):
        return "only Swipe and Malus+ cards are added to a play this way"
    hand = state.hands[seat]
    if card not in hand:
        return f"you do not hold {card_name(card)}"
    if any(card == c for c, _m, _t in state.staged):
        return f"{card_name(card)} is already part of this play"
    if kind == SWIPE:
        free = [c for c in hand if KIND[c] == SWIPE and all(c != s for s, _m, _t in state.staged)]
        if free and free[0] != card:
            return f"Swipe cards are alike: add {free[0]} first"
        if mode == SWAP:
            if isinstance(target, bool) or not isinstance(target, int):
                return "a swap names the seat to swap malus areas with"
            if target == seat:
                return "swap your malus area with another seat, not with yourself"
            if not 0 <= target < state.players:
                return f"there is no seat {target}"
        elif mode == ROTATE:
            if target not in (LEFT, RIGHT):
                return 'a rotation goes "left" or "right"'
        else:
            return 'a Swipe is played in mode "swap" (with a seat) or "rotate" (left or right)'
    else:
        if mode == ONE:
            if isinstance(target, bool) or not isinstance(target, int):
                return "a Malus+ on one seat names that seat"
            if not 0 <= target < state.players:
                return f"there is no seat {target}"
        elif mode == ALL:
            if target is not None:
                return "a Malus+ on every seat names no target"
        else:
            return 'a Malus+ is played in mode "one" (with a seat) or "all"'
    return (
        "with this card added no legal play would remain: the last card left in your hand must "
        "be a classic card, and a lead needs a combination (last-card rule)"
    )
