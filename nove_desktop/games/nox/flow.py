"""The automatic steps of NOX (spec 5.1, 5.2, 5.4-5.7): setting up rounds, resolving a play
(place, merge, six stacks, draw, exhaustion, next player) and scoring. Every function leaves the
state in ``TURN`` or ``GAME_OVER``.

The play resolution is the engine's hot path: it works on plain lists and builds its events
(``events.py``) directly.
"""

from __future__ import annotations

import functools
from bisect import insort

from ...engine.events import ONLY, Event
from ...engine.game import Stack
from .actions import SLOTS
from .cards import NUMBER, deck
from .events import (
    CardDealt,
    CardDrawn,
    CardPlayed,
    GameOver,
    GameStarted,
    Merged,
    RoundEnded,
    RoundScored,
    RoundStarted,
)
from .options import HAND_SIZE, STACKS_TO_END
from .scoring import is_eligible, kitty_points, recorded_points, winners
from .state import NoxState, Phase, refresh_covers

SIX_STACKS = "six_stacks"
EXHAUSTED = "exhausted"
NEW_STACK = "new_stack"
COVER = "cover"
TARGET_REACHED = "target reached"
ROUND_LIMIT = "round limit"

_CARD = ("card",)


# A card into a hand (seen by its owner alone) is an immutable value with at most 6 seats x 150
# card ids: each is built once and shared, as the plays are (``actions.play_entry``).
@functools.cache
def _dealt(seat: int, card: str) -> CardDealt:
    return CardDealt(seat, card, visible_to=ONLY[seat], hidden=_CARD)


@functools.cache
def _drawn(seat: int, card: str) -> CardDrawn:
    return CardDrawn(seat, card, visible_to=ONLY[seat], hidden=_CARD)


# -- the game and the round ------------------------------------------------------------------------
def start_game(state: NoxState, stack: Stack | None, events: list[Event]) -> None:
    """Spec 5.1: totals at 0 (or a stacked deck's scores), the first start player, round 1."""
    opts = state.options
    if opts.first_start_seat is None:
        state.start_seat = state.rng.below(opts.players)
    else:
        state.start_seat = opts.first_start_seat
    if stack is not None:
        if stack.scores is not None:
            state.totals = list(stack.scores)
        state.keep_order = stack.keep_reshuffle_order
    events.append(GameStarted(opts.players, state.start_seat))
    start_round(state, stack, events)


def start_round(state: NoxState, stack: Stack | None, events: list[Event]) -> None:
    """Spec 5.2: gather all 90 cards, shuffle, deal 3 each one at a time clockwise from the start
    player, the rest is the draw pile, all kitties empty, the start player acts."""
    n = state.players
    state.phase = Phase.ROUND_SETUP
    state.round_number += 1
    cards = list(deck(state.options.deck_profile))
    if stack is not None:  # the first round of a stacked deck: its cards on top
        named = set(stack.cards)
        rest = [c for c in cards if c not in named]
        state.rng.shuffle(rest)
        cards = [*stack.cards, *rest]
    elif not state.keep_order:
        state.rng.shuffle(cards)
    start = state.start_seat
    dealt = HAND_SIZE * n
    hands: list[list[str]] = [[] for _ in range(n)]
    events.append(RoundStarted(state.round_number, start))
    for k in range(dealt):
        seat = (start + k) % n
        card = cards[k]
        hands[seat].append(card)
        events.append(_dealt(seat, card))
    state.hands = hands
    pile = cards[dealt:]
    pile.reverse()  # top card last
    state.pile = pile
    state.kitties = [[] for _ in range(n)]
    state.covers = {"B": [], "G": [], "O": []}
    state.current = start
    state.phase = Phase.TURN


# -- a play ----------------------------------------------------------------------------------------
def resolve_play(
    state: NoxState, seat: int, card: str, target: int, index: int | None, events: list[Event]
) -> None:
    """Spec 5.4, for a play already checked legal: place, merge, six stacks, draw, exhaustion,
    next player."""
    state.hands[seat].remove(card)
    kitty = state.kitties[target]
    if index is None:
        index = len(kitty)
        kitty.append((card,))
        insort(state.covers[card[0]], target * SLOTS + 1 + index)
        placement = NEW_STACK
    else:
        kitty[index] = (*kitty[index], card)
        placement = COVER
    events.append(CardPlayed(seat, card, target, placement, index))
    number = NUMBER
    value = number[card]
    while True:  # step 2: merges (one at most in practice, invariant 1)
        for other, stack in enumerate(kitty):
            if other != index and number[stack[-1]] == value:
                break
        else:
            break
        moving = kitty.pop(index)
        into = other if other < index else other - 1
        kitty[into] = kitty[into] + moving
        events.append(Merged(target, index, other, into, len(kitty[into]), len(kitty)))
        index = into
        refresh_covers(state)  # stacks moved: rare enough to recompute
    if len(kitty) >= STACKS_TO_END:  # step 3: the round ends at once, no draw
        end_round(state, SIX_STACKS, seat, events)
        return
    pile = state.pile
    if pile:  # step 4
        drawn = pile.pop()
        state.hands[seat].append(drawn)
        events.append(_drawn(seat, drawn))
    hands = state.hands
    n = state.players
    if not pile:  # step 5
        if not any(hands):
            end_round(state, EXHAUSTED, seat, events)
            return
        nxt = (seat + 1) % n  # step 6: the next seat clockwise holding a card
        while not hands[nxt]:
            nxt = (nxt + 1) % n
        state.current = nxt
    else:
        state.current = (seat + 1) % n


# -- the end of a round ----------------------------------------------------------------------------
def end_round(state: NoxState, reason: str, by_seat: int, events: list[Event]) -> None:
    """Spec 5.6, 5.7: score every kitty, record, then the game's end or the next round."""
    state.phase = Phase.ROUND_SCORING
    events.append(RoundEnded(reason, by_seat))
    points = [kitty_points(kitty) for kitty in state.kitties]
    eligible = [is_eligible(kitty) for kitty in state.kitties]
    recorded = recorded_points(state.options.variant, points)
    totals = state.totals
    for seat, gained in enumerate(recorded):
        totals[seat] += gained
    entry = {
        "round": state.round_number,
        "start_seat": state.start_seat,
        "reason": reason,
        "by_seat": by_seat,
        "points": points,
        "eligible": eligible,
        "recorded": recorded,
        "totals": list(totals),
    }
    state.round_history.append(entry)
    events.append(
        RoundScored(
            state.round_number, tuple(points), tuple(eligible), tuple(recorded), tuple(totals)
        )
    )
    opts = state.options
    if max(totals) >= opts.target:
        finish(state, TARGET_REACHED, events)
    elif opts.max_rounds is not None and state.round_number >= opts.max_rounds:
        finish(state, ROUND_LIMIT, events)
    else:
        state.start_seat = (state.start_seat + 1) % state.players  # D-26
        start_round(state, None, events)


def finish(state: NoxState, reason: str, events: list[Event]) -> None:
    state.phase = Phase.GAME_OVER
    state.winners = winners(state.totals)
    state.end_reason = reason
    events.append(GameOver(tuple(state.winners), tuple(state.totals), reason))
