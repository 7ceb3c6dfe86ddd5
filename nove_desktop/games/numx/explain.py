"""Readable reasons for refused NUM-X actions (only computed when an action is refused)."""

from __future__ import annotations

from typing import Any

from ...engine.actions import Action
from ...engine.text import Card, Reason, Seat, why, why_n
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
from .combos import BoardInfo, HandInfo, lc_ok
from .combos import has_legal_lead as _hll
from .flow import sources_needed
from .state import NumxState, Phase

LAST_CARD = why(
    "the last card left in your hand must be a classic card: this would leave only special "
    "cards, or go out without a classic card from your hand (last-card rule)"
)


def explain(state: NumxState, seat: Any, action: Action) -> Reason:
    """Why ``action`` is refused, in words a player understands."""
    acting = state.acting
    if not acting:
        return why("the game is over")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        return why("there is no seat {seat} at this table", seat=repr(seat))
    phase = state.phase
    if seat not in acting:
        if phase == Phase.FX_WINDOW and state.window is not None and seat in state.window.answers:
            return why("you have already answered this Facteur X window")
        if phase == Phase.MALUS_CHOICE:
            return why("you have already chosen your malus cards: waiting for the others")
        return why("it is not your turn (waiting for {seat})", seat=Seat(acting[0]))
    if phase == Phase.MALUS_CHOICE:
        if isinstance(action, ChooseMalus):
            return _explain_choice(state, seat, action)
        return why("first choose the two cards of your malus area")
    if phase in (Phase.REPLENISH, Phase.COMPLETION):
        if isinstance(action, Replenish):
            return _explain_refill(state, seat, action)
        return why("first bring your malus area back to two cards (replenish)")
    if phase == Phase.FX_WINDOW:
        return _explain_window(state, seat, action)
    return _explain_turn(state, seat, action)


# -- helpers ---------------------------------------------------------------------------------------
def _card(card: str) -> Card:
    return Card(card, card_name(card))


def _unknown(cards: Any) -> Reason | None:
    for card in cards:
        if not isinstance(card, str) or card not in KIND:
            return why("{card} is not a NUM-X card", card=card_name(str(card)))
        if KIND[card] == OBJECTIVE:
            return why("objective cards are never played")
    if len(set(cards)) != len(cards):
        return why("each card can be used only once")
    return None


def _lowest(pool: list[str], count: int) -> list[str]:
    return sorted(pool, key=ORDER.__getitem__)[:count]


def _copies_problem(chosen: list[str], pool: list[str], where: Reason) -> Reason | None:
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
            return why(
                "copies of a card are alike, so the lowest ids are taken first: use {expected} "
                "rather than {cards} from {where}",
                expected=" ".join(expected),
                cards=" ".join(cards),
                where=where,
            )
    return None


def _combination_problem(
    state: NumxState, seat: int, cards: tuple[str, ...], joker_value: Any, claim: bool
) -> Reason | None:
    """Spec 6.1-6.3 checks of a combination; None when nothing specific was found."""
    problem = _unknown(cards)
    if problem:
        return problem
    hand = state.hands[seat]
    owner_of = {card: s for s, area in enumerate(state.malus) for card in area}
    for card in cards:
        kind = KIND[card]
        if kind == NUMX:
            return why("Num-X is always played alone (play_numx), never in a combination")
        if kind in (SWIPE, MALUS_PLUS):
            return why(
                "{card} is not part of a combination: add it with add_special, then play",
                card=_card(card),
            )
        if kind == JOKER and card not in hand:
            if card in owner_of:
                return why("an X-Joker lying in a malus area cannot be played (take it with draw)")
            return why("you do not hold {card}", card=_card(card))
        if kind != JOKER and card not in hand and card not in owner_of:
            return why("you do not hold {card} and it lies in no malus area", card=_card(card))
    classics = [c for c in cards if IS_CLASSIC[c]]
    jokers = [c for c in cards if not IS_CLASSIC[c]]
    if len({VALUE[c] for c in classics}) > 1:
        return why("all the cards of a combination must have the same value")
    if not classics:
        if len(jokers) > 1:
            return why("two or more X-Jokers need at least one classic card with them")
        if claim:
            return why("a Facteur X needs more cards than the trick: a lone X-Joker is never one")
        if joker_value is None:
            return why("say which value the lone X-Joker stands for (joker_value)")
        if isinstance(joker_value, bool) or joker_value not in ALL_VALUES:
            return why("an X-Joker stands for a value from -2 to 13, or ∞ (14)")
        value = joker_value
    else:
        if joker_value is not None:
            return why(
                "joker_value is only for a lone X-Joker (with classic cards it takes theirs)"
            )
        value = VALUE[classics[0]]
    problem = _copies_problem([c for c in cards if c in hand], hand, why("your hand"))
    if problem:
        return problem
    for owner, area in enumerate(state.malus):
        problem = _copies_problem(
            [c for c in cards if owner_of.get(c) == owner and c not in hand],
            area,
            why("your malus area")
            if owner == seat
            else why("{seat}'s malus area", seat=Seat(owner)),
        )
        if problem:
            return problem
    problem = _against_trick(state, len(cards), value, not classics, claim)
    if problem:
        return problem
    info = HandInfo(tuple(hand))
    a = sum(1 for c in classics if c in hand)
    j = len(jokers)
    extra = 0 if claim else len(state.staged)
    if not lc_ok(info, a, j, extra):
        return LAST_CARD
    return None


def _against_trick(state: NumxState, k: int, value: int, lone: bool, claim: bool) -> Reason | None:
    c, v = state.trick_count, state.trick_value
    if c == 0:
        return None
    shown = why("{count} \u00d7 {value}", count=c, value=value_name(v))
    if claim:
        if k <= c or value <= v:
            return why_n(
                "a Facteur X needs more than {count} card of a value above {value} "
                "(the trick is {trick})",
                "a Facteur X needs more than {count} cards of a value above {value} "
                "(the trick is {trick})",
                c,
                count=c,
                value=value_name(v),
                trick=shown,
            )
        return None
    if lone:
        if c != 1:
            return why(
                "a lone X-Joker can only answer a single card (the trick is {trick})", trick=shown
            )
        if value == v:
            return why(
                "the lone X-Joker must stand for another value than {value}", value=value_name(v)
            )
        return None
    if k < c:
        return why_n(
            "the trick is {trick}: play at least {count} card",
            "the trick is {trick}: play at least {count} cards",
            c,
            trick=shown,
            count=c,
        )
    if k == c and value <= v:
        return why_n(
            "with {count} card the value must be higher than {value}",
            "with {count} cards the value must be higher than {value}",
            c,
            count=c,
            value=value_name(v),
        )
    if k >= c + 2 and value <= v:
        return why(
            "{k} cards against {count} need a value above {value} (Facteur X); one card "
            "more may have any value",
            k=k,
            count=c,
            value=value_name(v),
        )
    return None


def _board(state: NumxState) -> tuple[tuple[str, ...], ...]:
    return tuple(map(tuple, state.malus))


def _can_lead(state: NumxState, seat: int) -> bool:
    return _hll(HandInfo(tuple(state.hands[seat])), BoardInfo(_board(state)))


# -- phases ----------------------------------------------------------------------------------------
def _explain_choice(state: NumxState, seat: int, action: ChooseMalus) -> Reason:
    cards = action.cards
    problem = _unknown(cards)
    if problem:
        return problem
    if len(cards) != 2:
        return why("choose exactly two cards for your malus area")
    hand = state.hands[seat]
    for card in cards:
        if card not in hand:
            return why("you do not hold {card}", card=_card(card))
    return _copies_problem(list(cards), hand, why("your hand")) or why(
        "choose two cards of your hand"
    )


def _explain_refill(state: NumxState, seat: int, action: Replenish) -> Reason:
    need = sources_needed(state, seat)
    sources = action.sources
    if len(sources) != need:
        return why_n(
            "refill your malus area with exactly {n} source(s): deck or hand cards",
            "refill your malus area with exactly {n} source(s): deck or hand cards",
            need,
            n=need,
        )
    from_deck = sum(1 for s in sources if s == DECK_SOURCE)
    if from_deck > len(state.deck):
        return why_n(
            "the deck holds only {n} card",
            "the deck holds only {n} cards",
            len(state.deck),
            n=len(state.deck),
        )
    cards = [s for s in sources if s != DECK_SOURCE]
    problem = _unknown(cards)
    if problem:
        return problem
    hand = state.hands[seat]
    for card in cards:
        if card not in hand:
            return why("you do not hold {card}", card=_card(card))
    return _copies_problem(cards, hand, why("your hand")) or why("that refill is not allowed")


def _explain_window(state: NumxState, seat: int, action: Action) -> Reason:
    if isinstance(action, Claim):
        if not action.cards:
            return why("a Facteur X claim needs cards")
        return _combination_problem(state, seat, action.cards, None, True) or why(
            "that is not a legal Facteur X now"
        )
    if isinstance(action, ClaimNumX):
        if not state.options.numx_interrupt:
            return why("Num-X cannot be played out of turn (the numx_interrupt variant is off)")
        return _numx_problem(state, seat, action.card) or why("you cannot play Num-X now")
    return why("a Facteur X window is open: claim a Facteur X or pass")


def _numx_problem(state: NumxState, seat: int, card: Any) -> Reason | None:
    if not isinstance(card, str) or KIND.get(card) != NUMX:
        return why("{card} is not a Num-X card", card=card_name(str(card)))
    hand = state.hands[seat]
    if card not in hand:
        return why("you do not hold {card}", card=_card(card))
    problem = _copies_problem([card], hand, why("your hand"))
    if problem:
        return problem
    if not lc_ok(HandInfo(tuple(hand)), 0, 0, 1):
        return LAST_CARD
    return None


def _explain_turn(state: NumxState, seat: int, action: Action) -> Reason:
    staged = state.staged
    trick_empty = state.trick_count == 0
    if isinstance(action, Claim | ClaimNumX):
        return why("it is your turn: a Facteur X is simply played (claims are for the windows)")
    if isinstance(action, ChooseMalus | Replenish):
        return why("it is your turn to play")
    if staged and not isinstance(action, Play | AddSpecial):
        return why("finish the play you prepared with special cards (play)")
    if isinstance(action, Pass | Draw):
        if trick_empty and _can_lead(state, seat):
            return why("you lead this trick and can open it: play a combination")
        if isinstance(action, Draw):
            return _draw_problem(state, seat, action.source) or why("you cannot draw that now")
        return why("you cannot pass now")
    if isinstance(action, PlayNumX):
        if trick_empty:
            return why("Num-X ends a trick in progress: it cannot open one")
        return _numx_problem(state, seat, action.card) or why("you cannot play Num-X now")
    if isinstance(action, AddSpecial):
        return _special_problem(state, seat, action) or why("you cannot add that card now")
    if isinstance(action, Play):
        if not action.cards:
            if not staged:
                return why("choose the cards of your play (an empty play is not a pass)")
            if trick_empty and _can_lead(state, seat):
                return why("you lead this trick: your play must include a combination")
            return LAST_CARD
        return _combination_problem(state, seat, action.cards, action.joker_value, False) or why(
            "that play is not allowed now"
        )
    return why("that action is not allowed now")


def _draw_problem(state: NumxState, seat: int, source: Any) -> Reason | None:
    if source == DECK_SOURCE:
        return why("the deck is empty") if not state.deck else None
    if not isinstance(source, str) or source not in KIND:
        return why(
            'draw from "deck" or name a card of another seat\'s malus area, not {source}',
            source=repr(source),
        )
    if source in state.malus[seat]:
        return why("you cannot draw from your own malus area")
    for owner, area in enumerate(state.malus):
        if source in area:
            return _copies_problem([source], area, why("{seat}'s malus area", seat=Seat(owner)))
    return why("{card} lies in no other seat's malus area", card=_card(source))


def _special_problem(state: NumxState, seat: int, action: AddSpecial) -> Reason | None:
    card, mode, target = action.card, action.mode, action.target
    kind = KIND.get(card) if isinstance(card, str) else None
    if kind not in (SWIPE, MALUS_PLUS):
        return why("only Swipe and Malus+ cards are added to a play this way")
    hand = state.hands[seat]
    if card not in hand:
        return why("you do not hold {card}", card=_card(card))
    if any(card == c for c, _m, _t in state.staged):
        return why("{card} is already part of this play", card=_card(card))
    if kind == SWIPE:
        free = [c for c in hand if KIND[c] == SWIPE and all(c != s for s, _m, _t in state.staged)]
        if free and free[0] != card:
            return why("Swipe cards are alike: add {card} first", card=free[0])
        if mode == SWAP:
            if isinstance(target, bool) or not isinstance(target, int):
                return why("a swap names the seat to swap malus areas with")
            if target == seat:
                return why("swap your malus area with another seat, not with yourself")
            if not 0 <= target < state.players:
                return why("there is no seat {seat}", seat=target)
        elif mode == ROTATE:
            if target not in (LEFT, RIGHT):
                return why('a rotation goes "left" or "right"')
        else:
            return why('a Swipe is played in mode "swap" (with a seat) or "rotate" (left or right)')
    else:
        if mode == ONE:
            if isinstance(target, bool) or not isinstance(target, int):
                return why("a Malus+ on one seat names that seat")
            if not 0 <= target < state.players:
                return why("there is no seat {seat}", seat=target)
        elif mode == ALL:
            if target is not None:
                return why("a Malus+ on every seat names no target")
        else:
            return why('a Malus+ is played in mode "one" (with a seat) or "all"')
    return why(
        "with this card added no legal play would remain: the last card left in your hand must "
        "be a classic card, and a lead needs a combination (last-card rule)"
    )
