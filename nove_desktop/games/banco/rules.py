"""Nove (banco) decisions (spec 5.3-5.5, 5.9): to_act, legal actions, applying them, and the
readable reasons of refusals."""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.errors import IllegalActionError
from ...engine.events import Event
from ...engine.text import Reason, Seat, why
from . import flow
from .actions import HIT, STAND, Bet, Hit, Stand, action_reason, bet, chips
from .state import BET, GAME_OVER, BancoState, Status

_SEATS = tuple((s,) for s in range(64))  # shared one-seat tuples for to_act
_BET_LISTS: dict[tuple[int, int], tuple[Bet, ...]] = {}


def to_act(state: BancoState) -> tuple[int, ...]:
    if state.phase == GAME_OVER:
        return ()
    return _SEATS[state.current]


def bet_actions(low: int, high: int) -> tuple[Bet, ...]:
    """Every ``Bet(x)`` for ``low <= x <= high`` (cached: asked by the seat and again by the
    conformance checks)."""
    actions = _BET_LISTS.get((low, high))
    if actions is None:
        actions = _BET_LISTS[(low, high)] = tuple(bet(x) for x in range(low, high + 1))
    return actions


def legal_actions(state: BancoState, seat: int) -> list[Action]:
    if seat != state.current or seat < 0:  # ``current`` is -1 once the game is over
        return []
    if state.phase == BET:
        return list(bet_actions(state.options.min_bet, flow.bet_limit(state, seat)))
    # DRAW and BANKER_DRAW: a turn that cannot hit has already ended automatically.
    return [HIT, STAND]


def apply(state: BancoState, seat: int, action: Action) -> list[Event]:
    """Check ``action`` and apply it; nothing changes when it is refused."""
    phase = state.phase
    kind = type(action)
    if phase != GAME_OVER and seat == state.current:
        events: list[Event] = []
        if phase == BET:
            if kind is Bet:
                amount = action.amount  # type: ignore[attr-defined]  # kind checked
                if type(amount) is int and state.options.min_bet <= amount <= flow.bet_limit(
                    state, seat
                ):
                    flow.place_bet(state, seat, amount, events)
                    return events
        elif kind is Hit:
            flow.draw(state, seat, events)
            return events
        elif kind is Stand:
            flow.stand(state, seat, False, events)
            return events
    raise IllegalActionError(explain(state, seat, action), seat=seat, action=action)


# -- readable refusals -----------------------------------------------------------------------------
def explain(state: BancoState, seat: int, action: Action) -> Reason:
    """Why ``action`` by ``seat`` is refused, in words a player understands."""
    if state.phase == GAME_OVER:
        return why("the game is over")
    if not (isinstance(seat, int) and 0 <= seat < state.players):
        return why("there is no seat {seat} at this table", seat=seat)
    if seat != state.current:
        return _not_your_turn(state, seat)
    if state.phase == BET:
        if isinstance(action, Bet):
            return _explain_bet(state, seat, action.amount)
        low, high = state.options.min_bet, flow.bet_limit(state, seat)
        if low == high:
            return why("place your bet first ({chips})", chips=chips(low))
        return why("place your bet first ({low} to {chips})", low=low, chips=chips(high))
    if isinstance(action, Bet):
        if seat == state.banker:
            return why("the banker does not bet: hit or stand")
        return why("you have already bet {chips}: now hit or stand", chips=chips(state.bets[seat]))
    return why("you cannot {action} now: hit or stand", action=action_reason(action))


def _not_your_turn(state: BancoState, seat: int) -> Reason:
    waiting = Seat(state.current)
    if state.eliminated[seat]:
        return why(
            "you are out of the game: you have fewer chips than the smallest bet "
            "(waiting for {seat})",
            seat=waiting,
        )
    if state.status[seat] == Status.SAT_OUT:
        return why(
            "you sit out this hand: the bank cannot cover another bet (waiting for {seat})",
            seat=waiting,
        )
    if seat == state.banker:
        return why(
            "it is not your turn: the banker plays after every punter (waiting for {seat})",
            seat=waiting,
        )
    return why("it is not your turn (waiting for {seat})", seat=waiting)


def _explain_bet(state: BancoState, seat: int, amount: object) -> Reason:
    opts = state.options
    if type(amount) is not int:
        return why("a bet must be a whole number of chips")
    if amount < opts.min_bet:
        return why("the smallest bet is {chips}", chips=chips(opts.min_bet))
    limit = flow.bet_limit(state, seat)
    if limit == state.chips[seat] and limit < opts.max_bet:
        cause = why("you have only {chips}", chips=chips(limit))
    elif limit == state.coverage_left and limit < opts.max_bet:
        cause = why("the bank has only {chips} left to cover bets", chips=chips(limit))
    else:
        cause = why("the table limit")
    return why(
        "your bet of {bet} is above the limit of {limit} ({why})",
        bet=chips(amount),
        limit=chips(limit),
        why=cause,
    )
