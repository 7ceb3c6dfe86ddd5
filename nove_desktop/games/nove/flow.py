"""The automatic steps of a NOVE round (spec section 4): everything that happens without a
decision, from the shuffle to the end of the game. ``run`` advances until a seat must decide."""

from __future__ import annotations

import functools
from collections.abc import Callable

from ...engine.events import ONLY, Event
from ...engine.game import Stack
from . import events as ev
from . import hand as H
from .cards import DECK, RANK, VALUE
from .scoring import SeatHand, legal_scoring_options, score_round
from .state import NoveState, Phase

_CARDS = ("cards",)  # the hidden field of a private deal or redeal
# Phases met on every turn, read once: in Python 3.11 each ``Phase.X`` read goes through the
# enum's metaclass (about 5 times a plain attribute).
_TURN, _TURN_START, _TURN_END = Phase.TURN, Phase.TURN_START, Phase.TURN_END
TARGET = 12
# Precedence order P for (players, dealer): the dealer's left-hand neighbour first, dealer last.
_ORDERS = {n: [tuple((d + 1 + i) % n for i in range(n)) for d in range(n)] for n in range(2, 7)}


# -- small helpers shared with the rules -----------------------------------------------------------
def evaluate(state: NoveState, seat: int) -> tuple[list[str], str | None, int, int]:
    """``(fixed rank keys, free joker, minimum value, size of the largest group of fixed
    cards)`` of ``seat``'s hand, cached until the hand changes. Never mutate the list."""
    cached = state.split_cache.get(seat)
    if cached is None:
        hand = state.hands[seat]
        if "JR" in hand or "JY" in hand:
            forced = state.special and state.order.index(seat) >= 2
            fixed, free = H.split(hand, state.locked, forced)
            cached = (fixed, free, H.min_value(fixed, free is not None), _largest(fixed))
        else:
            cached = _natural(tuple(hand))
        state.split_cache[seat] = cached
    return cached


@functools.lru_cache(maxsize=1 << 16)
def _natural(hand: tuple[str, ...]) -> tuple[list[str], None, int, int]:
    """``evaluate`` of a hand without jokers: it depends on the cards alone, so it is shared.
    Bounded: 65,536 entries of a few hundred bytes."""
    fixed = list(map(RANK.__getitem__, hand))
    return fixed, None, sum(map(VALUE.__getitem__, hand)), _largest(fixed)


def _largest(fixed: list[str]) -> int:
    if len(set(fixed)) == len(fixed):
        return 1 if fixed else 0
    return max(map(fixed.count, fixed))


def split(state: NoveState, seat: int) -> tuple[list[str], str | None]:
    """``(fixed rank keys, free joker)`` of ``seat``'s hand; callers must not mutate the list."""
    cached = evaluate(state, seat)
    return cached[0], cached[1]


def changed(state: NoveState) -> None:
    """Forget evaluated hands: call after any change to a hand, a joker lock or the special case."""
    state.split_cache.clear()


def give(state: NoveState, seat: int, card: str) -> None:
    """Add ``card`` to ``seat``'s hand, updating its evaluation when that is cheap: a natural card
    changes no joker's state, so only the fixed ranks, the minimum and the largest group move."""
    state.hands[seat].append(card)
    cached = state.split_cache.get(seat)
    rank = RANK.get(card)
    if cached is None or rank is None:
        state.split_cache.pop(seat, None)
        return
    fixed, free, minval, largest = cached
    state.split_cache[seat] = (
        [*fixed, rank],
        free,
        minval + VALUE[card],
        max(largest, fixed.count(rank) + 1),
    )


def min_value(state: NoveState, seat: int) -> int:
    return evaluate(state, seat)[2]


def can_draw(state: NoveState) -> bool:
    return bool(state.draw or state.discard)


def draw_card(state: NoveState, events: list[Event]) -> str:
    """Top card of the draw pile, reshuffling the discard pile first if needed [D44]."""
    if not state.draw:
        pile = state.discard
        if not state.keep_reshuffle_order:
            state.rng.shuffle(pile)
        state.draw = pile[::-1]
        state.discard = []
        state.discarded_by = {}
        events.append(ev.Reshuffled(len(state.draw)))
    return state.draw.pop()


def seat_hand(state: NoveState, seat: int) -> SeatHand:
    fixed, free, minval, _largest = evaluate(state, seat)
    has_free = free is not None
    return SeatHand(tuple(fixed), has_free, minval - 1 if has_free else minval)


def reveal(state: NoveState, seat: int, events: list[Event], why: str) -> None:
    cards = state.hands[seat]
    state.public.update(cards)
    events.append(ev.Revealed(seat, tuple(cards), why))


# -- the round -----------------------------------------------------------------------------------
def start_game(state: NoveState, stack: Stack | None, events: list[Event]) -> None:
    opts = state.options
    state.dealer = (
        opts.first_dealer if opts.first_dealer is not None else state.rng.below(opts.players)
    )
    state.round_no = 1
    state.keep_reshuffle_order = bool(stack and stack.keep_reshuffle_order)
    if stack is not None and stack.scores is not None:
        state.scores = list(stack.scores)
    events.append(ev.GameStarted(opts.players, state.dealer))
    _shuffle_and_deal(state, stack, events)


def _shuffle_and_deal(state: NoveState, stack: Stack | None, events: list[Event]) -> None:
    n = state.players
    d = state.dealer
    state.order = _ORDERS[n][d]
    changed(state)
    state.discard = []
    state.discarded_by = {}
    state.locked = {}
    state.public = set()
    state.hit = set()
    state.nonjoker_slots = set()
    state.nove_step1 = False
    state.announcements = []
    state.nove_holder = None
    state.busted = [False] * n
    state.exchanged = [None] * n
    state.special = False
    state.joker_options = {}
    state.queue = []
    state.cursor = 0
    if stack is None:
        state.draw = list(DECK)
        state.rng.shuffle(state.draw)
    else:
        rest = [c for c in DECK if c not in stack.cards]
        state.rng.shuffle(rest)
        state.draw = (list(stack.cards) + rest)[::-1]  # top card last
    events.append(ev.RoundStarted(state.round_no, d, state.order))
    # One card at a time in order P, three times around [D10]: the top 3N cards, read from the
    # end of ``draw``, go to P[0], P[1], ... in turn. One private event per seat with its cards.
    state.hands = [[] for _ in range(n)]
    dealt = state.draw[-3 * n :][::-1]
    del state.draw[-3 * n :]
    for i, seat in enumerate(state.order):
        cards = dealt[i::n]
        state.hands[seat] = cards
        events.append(ev.Dealt(seat, tuple(cards), visible_to=ONLY[seat], hidden=_CARDS))
    _three_of_a_kind_check(state, events, next_phase=Phase.STEP1)


def _three_of_a_kind_check(state: NoveState, events: list[Event], next_phase: Phase) -> None:
    """R2/R5: the lowest three of a kind wins +6 and ends the round [D12-D14]."""
    claims = []
    for rank, seat in enumerate(state.order):
        if next_phase == _TURN_START and not state.exchanged[seat]:
            continue  # an unchanged hand passed the check at the deal
        hand = state.hands[seat]
        if "JR" not in hand and "JY" not in hand:  # three natural cards: compare ranks directly
            first = RANK[hand[0]]
            if first == RANK[hand[1]] == RANK[hand[2]]:
                claims.append((3 * VALUE[hand[0]], rank, seat))
            continue
        fixed, free, _minval, largest = evaluate(state, seat)
        if largest < (2 if free is not None else 3):
            continue  # no group big enough: the common case, decided without building anything
        value = H.three_of_a_kind(fixed, free is not None)
        if value is not None:
            claims.append((value, rank, seat))
    if not claims:
        state.phase = next_phase
        return
    for value, _, seat in sorted(claims, key=lambda c: c[1]):
        reveal(state, seat, events, "three_of_a_kind")
        events.append(ev.ThreeOfAKind(seat, value))
    _value, _, winner = min(claims)
    state.scores[winner] += 6
    state.last_round = {"kind": "three_of_a_kind", "seat": winner, "points": {str(winner): 6}}
    events.append(ev.ThreeOfAKindWon(winner, 6, tuple(state.scores)))
    state.phase = Phase.ROUND_END


def _step1(state: NoveState, events: list[Event]) -> None:
    hands = state.hands
    eligible = [
        s
        for s in state.order
        if (
            sum(map(VALUE.__getitem__, hands[s])) <= 9
            if "JR" not in hands[s] and "JY" not in hands[s]
            else min_value(state, s) <= 9
        )
    ]
    if not eligible:
        state.phase = Phase.EXCHANGE
        state.cursor = 0
        events.append(ev.ExchangeStarted())
        return
    state.queue = eligible
    state.phase = Phase.DECLARING


def nove_choices(state: NoveState, seat: int) -> tuple[str, ...]:
    fixed, free = split(state, seat)
    return H.nove_options(fixed, free is not None)


def declare(
    state: NoveState,
    seat: int,
    option: str | None,
    step: int,
    automatic: bool,
    events: list[Event],
) -> None:
    """A NOVE declaration (Step 1) or announcement (Step 2): the hand is shown, jokers locked."""
    fixed, free = split(state, seat)
    if free is not None and option is not None:
        state.locked[free] = option
    for card in state.hands[seat]:  # a second joker held now is locked at 7 [D18]
        if H.is_joker(card) and card not in state.locked:
            state.locked[card] = "7"
    changed(state)
    fixed, _ = split(state, seat)
    value = H.base_value(fixed)
    has_pair = any(k == 2 for k in H.groups(fixed, None).values())
    state.announcements.append((seat, value, has_pair, step))
    state.public.update(state.hands[seat])
    events.append(
        ev.NoveCalled(seat, tuple(state.hands[seat]), option, value, has_pair, step, automatic)
    )


def _declaring(state: NoveState, events: list[Event]) -> None:
    while state.queue:
        seat = state.queue[0]
        choices = nove_choices(state, seat)
        if len(choices) >= 2:
            state.phase = Phase.DECLARE
            return
        declare(state, seat, choices[0] if choices else None, 1, True, events)
        state.queue.pop(0)
    _settle_step1(state, events)


def nove_holder(state: NoveState) -> int | None:
    """The lowest announced value wins; ties to the earlier announcer (= precedence)."""
    best = None
    for seat, value, _pair, _step in state.announcements:
        if best is None or value < best[1]:
            best = (seat, value)
    return None if best is None else best[0]


def _settle_step1(state: NoveState, events: list[Event]) -> None:
    state.nove_step1 = True
    holder = nove_holder(state)
    state.nove_holder = holder
    assert holder is not None
    record = next(a for a in state.announcements if a[0] == holder)
    events.append(ev.NoveHolder(holder, record[1]))
    start = state.scores[holder]
    has_pair = record[2]
    if start >= 10 or (start >= 9 and has_pair):  # 10-point rule / NOVE FINITO [D45-D47]
        points = 2 + (1 if has_pair else 0)
        state.scores[holder] += points
        won = ev.NoveTenPoints if start >= 10 else ev.NoveFinito
        state.winner = holder
        state.end_reason = won.KIND  # the event's kind names the reason the game ends
        state.last_round = {"kind": won.KIND, "seat": holder, "points": {str(holder): points}}
        events.append(won(holder, points, tuple(state.scores)))
        state.phase = Phase.ROUND_END
        return
    _begin_step2(state, events)


def _begin_step2(state: NoveState, events: list[Event]) -> None:
    state.cursor = 0
    state.phase = Phase.TURN_START
    events.append(ev.Step2Started())


def _redeal(state: NoveState, events: list[Event]) -> None:
    for seat in state.order:
        count = state.exchanged[seat]
        if not count:
            continue
        cards = []
        for _ in range(count):
            card = draw_card(state, events)
            give(state, seat, card)
            cards.append(card)
        events.append(ev.Redealt(seat, tuple(cards), visible_to=ONLY[seat], hidden=_CARDS))
    _three_of_a_kind_check(state, events, next_phase=Phase.TURN_START)
    if state.phase == Phase.TURN_START:
        _begin_step2(state, events)


def can_announce(state: NoveState, seat: int) -> bool:
    return (
        state.hits_taken == 0
        and not state.announced
        and not state.nove_step1
        and min_value(state, seat) <= 9
    )


def _turn_start(state: NoveState, events: list[Event]) -> None:
    if state.cursor >= state.players:
        state.phase = Phase.SCORING
        return
    seat = state.order[state.cursor]
    if state.special:
        state.phase = Phase.SPECIAL
        return
    state.hits_taken = 0
    state.asked = False
    state.announced = False
    events.append(ev.TurnStarted(seat))
    state.phase = _TURN
    auto_stand_if_stuck(state, seat, events)


def stand(state: NoveState, seat: int, automatic: bool, events: list[Event]) -> None:
    events.append(ev.Stood(seat, len(state.hands[seat]), automatic))
    state.phase = _TURN_END


def auto_stand_if_stuck(state: NoveState, seat: int, events: list[Event]) -> None:
    """End the turn when nothing is left to decide: minimum value 31, or no card to draw [D64]."""
    if state.phase != _TURN:
        return
    minval = evaluate(state, seat)[2]
    if minval == 31 or (not (state.draw or state.discard) and not can_announce(state, seat)):
        stand(state, seat, True, events)


def after_card(state: NoveState, seat: int, events: list[Event]) -> bool:
    """Post-card checks (spec 4.8): four of a kind wins the game; a bust ends the turn.
    Returns True when the turn (or the game) is over."""
    fixed, free, minval, largest = evaluate(state, seat)
    # Four identical cards need a group of 4, or of 3 plus the free joker.
    option = H.four_of_a_kind(fixed, free is not None) if largest >= 3 else None
    if option is not None:
        if free is not None and option:
            state.joker_options[seat] = option
        reveal(state, seat, events, "four_of_a_kind")
        state.scores[seat] += 99
        state.winner = seat
        state.end_reason = "four_of_a_kind"
        state.last_round = {"kind": "four_of_a_kind", "seat": seat, "points": {str(seat): 99}}
        events.append(ev.FourOfAKind(seat, option or None, 99, tuple(state.scores)))
        state.phase = Phase.ROUND_END
        return True
    if minval > 31:
        state.busted[seat] = True
        reveal(state, seat, events, "bust")
        events.append(ev.Bust(seat, minval))
        state.phase = _TURN_END
        return True
    return False


def _turn_end(state: NoveState, events: list[Event]) -> None:
    order = state.order
    if (
        state.cursor == 1
        and state.players >= 3
        and not state.special
        and state.busted[order[0]]
        and state.busted[order[1]]
    ):
        state.special = True
        changed(state)
        remaining = list(order[2:])
        for seat in remaining:
            state.public.update(state.hands[seat])
        events.append(
            ev.SpecialCase(tuple(remaining), {str(s): tuple(state.hands[s]) for s in remaining})
        )
    state.cursor += 1
    state.phase = _TURN_START


def _special_turn(state: NoveState, events: list[Event]) -> None:
    """R7: automatic NOVE, then cards face up until the hand is worth 22 or more [D38-D43]."""
    seat = state.order[state.cursor]
    events.append(ev.TurnStarted(seat))
    if not state.nove_step1 and min_value(state, seat) <= 9:
        declare(state, seat, None, 2, True, events)
    while min_value(state, seat) < 22 and can_draw(state):
        card = draw_card(state, events)
        give(state, seat, card)
        state.public.add(card)
        events.append(ev.SpecialDeal(seat, card))
        if after_card(state, seat, events):
            return
    events.append(ev.Stood(seat, len(state.hands[seat]), True))
    state.cursor += 1
    state.phase = Phase.TURN_START


def _scoring(state: NoveState, events: list[Event]) -> None:
    """R8: every hand is shown, then free jokers are fixed, then points are counted."""
    if not state.nove_step1:
        state.nove_holder = nove_holder(state)
    shown: dict[str, tuple[str, ...]] = {}
    queue = []
    for seat in state.order:
        cards = state.hands[seat]
        state.public.update(cards)
        shown[str(seat)] = tuple(cards)
        _fixed, free, minval, _largest = evaluate(state, seat)
        if free is not None and minval <= 31:  # owners of a free joker who did not bust [D35]
            queue.append(seat)
    events.append(ev.Showdown(shown, state.nove_holder))
    state.queue = queue
    state.phase = Phase.CHOOSING


def joker_choices(state: NoveState, seat: int) -> tuple[str, ...]:
    fixed, free = split(state, seat)
    return legal_scoring_options(fixed, free is not None)


def set_joker(
    state: NoveState, seat: int, option: str, automatic: bool, events: list[Event]
) -> None:
    state.joker_options[seat] = option
    _fixed, free = split(state, seat)
    assert free is not None  # only the owner of a free joker chooses (see _scoring)
    events.append(ev.JokerSet(seat, free, option, automatic))


def _choosing(state: NoveState, events: list[Event]) -> None:
    while state.queue:
        seat = state.queue[0]
        choices = joker_choices(state, seat)
        if len(choices) >= 2:
            state.phase = Phase.CHOOSE_JOKER
            return
        set_joker(state, seat, choices[0], True, events)
        state.queue.pop(0)
    _score(state, events)


def _score(state: NoveState, events: list[Event]) -> None:
    hands = {s: seat_hand(state, s) for s in state.order}
    result = score_round(state.order, hands, state.nove_holder, state.joker_options)
    rows = []  # as JSON, for the saved state's summary of the round (its format is unchanged)
    typed = []  # the same rows for the event
    for seat in state.order:
        row = result[seat]
        points = row.points
        state.scores[seat] += points
        rows.append(
            {
                "seat": seat,
                "busted": row.busted,
                "value": row.value,
                "nove": row.nove,
                "thirty_one": row.thirty_one,
                "capo": row.capo,
                "pairs": row.pairs,
                "sets": row.sets,
                "points": points,
            }
        )
        typed.append(
            ev.ScoreRow(
                seat,
                row.busted,
                row.value,
                row.nove,
                row.thirty_one,
                row.capo,
                row.pairs,
                row.sets,
                points,
            )
        )
    state.last_round = {"kind": "scoring", "rows": rows}
    events.append(ev.RoundScored(tuple(typed), tuple(state.scores)))
    state.phase = Phase.ROUND_END


def _round_end(state: NoveState, events: list[Event]) -> None:
    scores = state.scores
    if state.winner is None:
        reason = None
        if max(scores) >= TARGET:
            reason = "score"
        elif state.options.max_rounds is not None and state.round_no >= state.options.max_rounds:
            reason = "max_rounds"
        if reason is not None:
            best = max(scores)
            state.winner = next(s for s in state.order if scores[s] == best)  # ties: precedence
            state.end_reason = reason
    if state.winner is not None:
        state.phase = Phase.OVER
        assert state.end_reason is not None  # set with every winner
        events.append(ev.GameOver(state.winner, state.end_reason, tuple(scores), state.round_no))
        return
    state.dealer = (state.dealer + 1) % state.players
    state.round_no += 1
    _shuffle_and_deal(state, None, events)


_STEPS: dict[str, Callable[[NoveState, list[Event]], None]] = {
    Phase.STEP1: _step1,
    Phase.DECLARING: _declaring,
    Phase.REDEAL: _redeal,
    Phase.TURN_START: _turn_start,
    Phase.TURN_END: _turn_end,
    Phase.SPECIAL: _special_turn,
    Phase.SCORING: _scoring,
    Phase.CHOOSING: _choosing,
    Phase.ROUND_END: _round_end,
}


def run(state: NoveState, events: list[Event]) -> None:
    """Run automatic steps until a seat must decide or the game is over."""
    while state.phase in _STEPS:
        _STEPS[state.phase](state, events)
