"""NUM-X's decisions: ``to_act``, legal actions, applying them (spec 8.1, 9.2, 8.6).

A seat's legal actions form a table (a list of shared action instances: one ``Play`` object
per combination...) memoised on the state until the state changes: ``legal_actions`` and
``apply`` read the same table, so they always agree, and the seat's request and the check in
``apply`` share one computation. An action says all that applying it needs (its cards, its draw
source, its special's use). Refusals are explained by ``explain.py``.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from itertools import repeat
from operator import attrgetter, indexOf, is_, itemgetter
from typing import Any

from ...engine.actions import Action
from ...engine.errors import IllegalActionError
from ...engine.events import ONLY, Event
from . import flow
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
from .cards import KIND, SWIPE
from .combos import (
    DRAWS,
    BoardInfo,
    HandInfo,
    _new,
    claim_slices,
    has_legal_lead,
    lc_ok,
    turn_slices,
)
from .events import SpecialPrepared
from .state import COMPLETION, FX_WINDOW, MALUS_CHOICE, REPLENISH, TURN, NumxState

_PASS = Pass()
_NUMX_CLAIM = "numx"
_CARDS_CLAIM = "cards"


# -- shared action instances -----------------------------------------------------------------------
@functools.lru_cache(maxsize=1 << 10)
def numx_action(card: str) -> PlayNumX:
    return _new(PlayNumX, card=card)


@functools.lru_cache(maxsize=1 << 10)
def claim_numx_action(card: str) -> ClaimNumX:
    return _new(ClaimNumX, card=card)


_PLAY_SPECIALS_ONLY = _new(Play, cards=(), joker_value=None)
_DRAW_DECK = DRAWS[DECK_SOURCE]


@functools.lru_cache(maxsize=256)  # 6 special cards, each seat of each player count
def special_steps(card: str, seat: int, players: int) -> list[AddSpecial]:
    """The ``AddSpecial`` actions of one Swipe (7.3: swap with another seat, rotate left or
    right) or one Malus+ (7.4: one seat, the actor included, or all seats), shared (callers
    copy them into their tables)."""
    uses: list[tuple[str, int | str | None]]
    if KIND[card] == SWIPE:
        uses = [(SWAP, q) for q in range(players) if q != seat] + [(ROTATE, LEFT), (ROTATE, RIGHT)]
    else:
        uses = [(ONE, q) for q in range(players)] + [(ALL, None)]
    return [_new(AddSpecial, card=card, mode=mode, target=target) for mode, target in uses]


# -- tables of legal actions -----------------------------------------------------------------------
# A table is the list of a seat's legal actions, in order. ``apply`` finds the action it is
# given by identity (the actions handed out are shared instances), or else an equal listed one
# (an action built elsewhere, e.g. read from JSON): ``_listed_equal``.
Table = list[Action]


def _listed_equal(table: Table, action: Action) -> Action | None:
    """The listed action equal to ``action``, field types included, or ``None``."""
    for listed in table:
        if listed == action and all(
            type(getattr(action, f.name)) is type(getattr(listed, f.name))
            for f in dataclasses.fields(action)
        ):
            return listed  # (not True where a seat number is expected, though True == 1)
    return None


_PASS_ONLY: Table = [_PASS]  # (shared: ``legal_actions`` hands out copies)
_FIRST = itemgetter(0)


def _hand_info(state: NumxState, seat: int) -> HandInfo:
    """The seat's hand view (kept on the state and updated with the hand)."""
    info = state.hinfos[seat]
    if info is None:
        info = state.hinfos[seat] = HandInfo(tuple(state.hands[seat]))  # (its own: see copy)
    return info


def _board_info(state: NumxState) -> BoardInfo:
    """The board view (kept on the state and updated with the malus areas; boards seldom
    repeat: no cache)."""
    binfo = state.binfo
    if binfo is None:
        binfo = state.binfo = BoardInfo(state.malus)
    return binfo


def turn_table(state: NumxState, seat: int) -> Table:
    """Every legal action of ``seat`` on its turn (spec 8.1, 7.5, 8.2)."""
    info = state.hinfos[seat] or _hand_info(state, seat)
    binfo = state.binfo or _board_info(state)
    count = state.trick_count
    slices = turn_slices(info, binfo, count, state.trick_value)
    specials_only_allowed = count > 0 or not has_legal_lead(info, binfo)
    staged = state.staged
    n_staged = len(staged)
    actions: list[Action] = []
    free = info.classics  # classic cards of the hand (LC: one must stay, or go out last)
    if free > info.most:  # every combination leaves a classic card in hand: LC holds
        for table, start, stop in slices:
            actions += table.plays()[start:stop]
    else:
        size = info.size
        for table, start, stop in slices:
            for (a, j), play in zip(
                table.taken[start:stop], table.plays()[start:stop], strict=True
            ):
                removed = a + j + n_staged
                if removed == 0 or free - a >= 1 or (a >= 1 and size == removed):
                    actions.append(play)
    if n_staged and specials_only_allowed and free >= 1:
        actions.append(_PLAY_SPECIALS_ONLY)
    if info.swipes or info.malus_plus:
        _add_specials(state, seat, info, slices, specials_only_allowed, actions)
    if not staged:
        if specials_only_allowed:
            actions.append(_PASS)
            if state.deck:
                actions.append(_DRAW_DECK)
            for other, draws in enumerate(binfo.draws):
                if other != seat:  # not from one's own area
                    actions += draws
        if count and info.numx and free >= 1:  # LC: Num-X never leaves only specials
            actions.append(numx_action(info.numx[0]))
    return actions


def _add_specials(
    state: NumxState,
    seat: int,
    info: Any,
    slices: list[Any],
    specials_only_allowed: bool,
    actions: list[Action],
) -> None:
    """``AddSpecial`` steps, when a legal ``Play`` would still exist after one more special
    (so a seat is never left without a legal action)."""
    staged = state.staged
    n_after = len(staged) + 1
    if not (specials_only_allowed and info.classics >= 1) and not any(
        lc_ok(info, a, j, n_after)
        for table, start, stop in slices
        for a, j in table.taken[start:stop]
    ):
        return
    used = {card for card, _m, _t in staged}
    candidates = [c for c in info.swipes if c not in used][:1]  # Swipe copies are alike
    candidates += [c for c in info.malus_plus if c not in used]
    players = state.players
    for card in candidates:
        actions += special_steps(card, seat, players)


def window_table(state: NumxState, seat: int) -> Table:
    """A seat's answers in a Facteur X window (spec 9.2, 9.3): pass, every legal Facteur X and,
    with the variant, Num-X."""
    info = state.hinfos[seat] or _hand_info(state, seat)
    binfo = state.binfo or _board_info(state)
    count = state.trick_count
    interrupt = state.options.numx_interrupt and info.numx
    if info.most + binfo.most + len(info.jokers) <= count and not interrupt:
        return _PASS_ONLY  # no value has enough cards to claim (most seats, most windows)
    slices = claim_slices(info, binfo, count, state.trick_value)
    if not slices and not interrupt:
        return _PASS_ONLY
    actions: list[Action] = [_PASS]
    free = info.classics
    if free > info.most:
        for table, start, stop in slices:
            actions += table.claims()[start:stop]
    else:
        size = info.size
        for table, start, stop in slices:
            claims = table.claims()[start:stop]
            for (a, j), claim in zip(table.taken[start:stop], claims, strict=True):
                removed = a + j
                if removed == 0 or free - a >= 1 or (a >= 1 and size == removed):
                    actions.append(claim)
    if interrupt and free >= 1:
        actions.append(claim_numx_action(info.numx[0]))
    return actions


def refill_table(info: HandInfo, need: int, deck_cards: int) -> Table:
    """``Replenish`` choices (spec 8.6): exactly ``need`` (1 or 2) sources, ``"deck"`` at most
    ``deck_cards`` times, hand cards one copy per face at a time (lowest ids first)."""
    groups = info.groups()
    actions: Table
    if need == 1:
        actions = [_REPLENISH_DECK] if deck_cards else []
        actions += map(_SINGLE_REFILLS.__getitem__, map(_FIRST, groups))
        return actions
    heads = list(map(_FIRST, groups))
    actions = []
    if deck_cards >= 2:
        actions.append(_REPLENISH_DECK_DECK)
    if deck_cards >= 1:
        actions += map(_REFILL_PAIRS[DECK_SOURCE].__getitem__, heads)
    _add_pairs(actions, _REFILL_PAIRS, groups, heads)
    return actions


def _add_pairs(out: list[Any], rows: _Rows, groups: Any, heads: list[str]) -> None:
    """Append the action of every way to take two cards from the face groups (lowest ids first,
    in canonical order) from the pair ``rows``."""
    for i, first in enumerate(groups):
        row = rows[first[0]]
        if len(first) >= 2:
            out.append(row[first[1]])
        out += map(row.__getitem__, heads[i + 1 :])  # (a row makes missing pairs itself)


class _Row(dict[str, Any]):
    """The shared actions of the pairs that start with one source, made on first use."""

    __slots__ = ("first", "make")

    def __init__(self, first: str, make: Any) -> None:
        super().__init__()
        self.first = first
        self.make = make

    def __missing__(self, second: str) -> Any:
        action = self[second] = self.make((self.first, second))
        return action


class _Rows(dict[str, "_Row"]):
    __slots__ = ("make",)

    def __init__(self, make: Any) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, first: str) -> _Row:
        row = self[first] = _Row(first, self.make)
        return row


class _Singles(dict[str, Replenish]):
    def __missing__(self, source: str) -> Replenish:
        action = self[source] = _replenish((source,))
        return action


_REPLENISH: dict[tuple[str, ...], Replenish] = {}
_CHOOSE: dict[tuple[str, ...], ChooseMalus] = {}


def _replenish(sources: tuple[str, ...]) -> Replenish:
    """The shared ``Replenish`` of canonical sources (at most 91 x 91 + 92 of them)."""
    action = _REPLENISH.get(sources)
    if action is None:
        action = _REPLENISH[sources] = _new(Replenish, sources=sources)
    return action


_REPLENISH_DECK = _replenish((DECK_SOURCE,))
_REPLENISH_DECK_DECK = _replenish((DECK_SOURCE, DECK_SOURCE))
_SINGLE_REFILLS = _Singles()
_REFILL_PAIRS = _Rows(_replenish)


def _choose(cards: tuple[str, ...]) -> ChooseMalus:
    """The shared ``ChooseMalus`` of a canonical pair."""
    action = _CHOOSE.get(cards)
    if action is None:
        action = _CHOOSE[cards] = _new(ChooseMalus, cards=cards)
    return action


_CHOICE_PAIRS = _Rows(_choose)


def malus_table(info: HandInfo) -> Table:
    """Setup choices (spec 4.3): two distinct hand cards, any kind."""
    groups = info.groups()
    actions: list[Any] = []
    _add_pairs(actions, _CHOICE_PAIRS, groups, list(map(_FIRST, groups)))
    return actions


def table_for(state: NumxState, seat: int) -> Table:
    """The table of ``seat``'s legal actions now (``seat`` must be to act), memoised on the
    state until it changes."""
    table = state.memo.get(seat)
    if table is not None:
        return table
    return _new_table(state, seat)


def _new_table(state: NumxState, seat: int) -> Table:
    """``table_for`` when the memo has no table for ``seat``: make it and keep it."""
    phase = state.phase
    if phase == FX_WINDOW:  # (most decisions)
        table = window_table(state, seat)
    elif phase == TURN:
        table = turn_table(state, seat)
    elif phase == MALUS_CHOICE:
        table = malus_table(state.hinfos[seat] or _hand_info(state, seat))
    else:
        need = flow.sources_needed(state, seat)
        info = state.hinfos[seat] or _hand_info(state, seat)
        table = refill_table(info, need, min(len(state.deck), need))
    state.memo[seat] = table
    return table


# -- the contract ----------------------------------------------------------------------------------
# ``to_act(state)``: the seats that may act now, kept up to date on the state (``acting``) by
# every step; read without a Python call, since playouts ask before every action.
to_act: Callable[[NumxState], tuple[int, ...]] = attrgetter("acting")


def legal_actions(state: NumxState, seat: int) -> list[Action]:
    if seat not in state.acting:
        return []
    table = state.memo.get(seat)
    if table is None:
        table = _new_table(state, seat)
    return table[:]


def apply(state: NumxState, seat: int, action: Action) -> list[Event]:
    """Check ``action`` against the legal table (nothing changes if it is refused), apply it
    and run the automatic steps up to the next decision."""
    if seat not in state.acting:
        raise _refusal(state, seat, action)
    table = state.memo.get(seat)
    if table is None:
        table = _new_table(state, seat)
    if not (action is _PASS and table is _PASS_ONLY):  # (most decisions)
        try:  # the very instance handed out (the usual case), found by a scan of identities
            indexOf(map(is_, table, repeat(action)), True)
        except ValueError:
            listed = _listed_equal(table, action)
            if listed is None:
                raise _refusal(state, seat, action) from None
            action = listed
    events: list[Event] = []
    phase = state.phase
    kind = type(action)
    if phase == FX_WINDOW:
        # An answer that leaves the window open changes nobody's hand, the board or the
        # trick: the other seats' tables stay valid (the answering seat no longer acts).
        window = state.window
        if kind is Pass:
            won = flow.answer_window(state, seat, None, events)
        elif kind is Claim:
            claim = (_CARDS_CLAIM, action.cards)  # type: ignore[attr-defined]  # kind checked
            won = flow.answer_window(state, seat, claim, events)
        else:
            claim = (_NUMX_CLAIM, (action.card,))  # type: ignore[attr-defined]  # kind checked
            won = flow.answer_window(state, seat, claim, events)
        if won is not None:
            _claimed(state, won, events)
        if state.window is not window:  # decided: closed, or a new window after a claim
            state.memo = {}
    elif phase == TURN:
        state.memo = {}  # every change below makes the tables stale
        _turn(state, seat, action, events)
    elif phase == MALUS_CHOICE:
        chosen = action.cards  # type: ignore[attr-defined]  # the only legal kind here
        flow.choose_malus(state, seat, chosen, events)
        if state.phase != MALUS_CHOICE:  # the others' choices do not depend on it
            state.memo = {}
    else:
        state.memo = {}
        assert kind is Replenish
        sources = action.sources  # type: ignore[attr-defined]  # kind checked
        from_deck = sources.count(DECK_SOURCE)
        flow.refill(state, seat, from_deck, sources[from_deck:], events)
    return events


def _refusal(state: NumxState, seat: int, action: Action) -> IllegalActionError:
    from .explain import explain

    return IllegalActionError(explain(state, seat, action), seat=seat, action=action)


def _turn(state: NumxState, seat: int, action: Any, events: list[Event]) -> None:
    kind = type(action)
    if kind is AddSpecial:
        card, mode, target = action.card, action.mode, action.target
        state.staged.append((card, mode, target))
        events.append(
            SpecialPrepared(
                seat,
                card,
                mode,
                target,
                visible_to=ONLY[seat],
                hidden=None,  # nobody else learns anything before the play (N-A79)
            )
        )
        return
    had_cards = bool(state.hands[seat])
    if kind is Play:
        cards, value = None, 0  # (no combination: the prepared specials only)
        if action.cards:  # (an empty Play commits the prepared specials alone)
            cards = action.cards
            value = flow.lay(state, seat, cards, action.joker_value, False, events)
        if state.staged:
            flow.resolve_specials(state, seat, events)
        flow.after_action(state, seat, had_cards, cards, value, False, events)
    elif kind is Pass:
        events.append(flow.TURN_PASSES[seat])
        flow.advance(state, seat, events)
    elif kind is Draw:
        flow.draw(state, seat, action.source, events)
        flow.after_action(state, seat, had_cards, None, 0, False, events)
    else:
        assert kind is PlayNumX
        flow.numx(state, seat, action.card, False, events)
        flow.after_action(state, seat, had_cards, None, 0, True, events)


def _claimed(state: NumxState, won: Any, events: list[Event]) -> None:
    """Apply the claim that won a Facteur X window."""
    winner, (what, cards) = won
    had_cards = bool(state.hands[winner])
    if what == _NUMX_CLAIM:
        flow.numx(state, winner, cards[0], True, events)
        flow.after_action(state, winner, had_cards, None, 0, True, events)
        return
    value = flow.lay(state, winner, cards, None, True, events)
    flow.after_action(state, winner, had_cards, cards, value, False, events)


def refresh_acting(state: NumxState) -> None:
    """Rebuild the derived ``acting`` (``to_act``) from the phase, e.g. after loading JSON."""
    phase = state.phase
    if phase == TURN:
        state.acting = (state.current,)
    elif phase == FX_WINDOW:
        state.acting = state.window.waiting() if state.window is not None else ()
    elif phase == MALUS_CHOICE:
        n = state.players
        order = [(state.anchor + 1 + i) % n for i in range(n)]
        state.acting = tuple(s for s in order if state.chosen[s] is None)
    elif phase in (REPLENISH, COMPLETION):
        state.acting = (state.queue[0],) if state.queue else ()
    else:
        state.acting = ()
