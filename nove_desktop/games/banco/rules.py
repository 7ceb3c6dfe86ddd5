"""Nove (banco) decisions (spec 5.3-5.5, 5.9): to_act, legal actions, applying them, and the
readable reasons of refusals."""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.errors import IllegalActionError
from ...engine.events import Event
from . import flow
from .actions import HIT, STAND, Bet, Hit, Stand, bet, chips, describe
from .state import BancoState, Phase, Status

_SEATS = tuple((s,) for s in range(64))  # shared one-seat tuples for to_act
_BET_LISTS: dict[tuple[int, int], tuple[Bet, ...]] = {}


def to_act(state: BancoState) -> tuple[int, ...]:
    if state.phase == Phase.GAME_OVER:
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
    if state.phase == Phase.BET:
        return list(bet_actions(state.options.min_bet, flow.bet_limit(state, seat)))
    # DRAW and BANKER_DRAW: a turn that cannot hit has already ended automatically.
    return [HIT, STAND]


def apply(state: BancoState, seat: int, action: Action) -> list[Event]:
    """Check ``action`` and apply it; nothing changes when it is refused."""
    phase = state.phase
    kind = type(action)
    if phase != Phase.GAME_OVER and seat == state.current:
        events: list[Event] = []
        if phase == Phase.BET:
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
def explain(state: BancoState, seat: int, action: Action) -> str:
    """Why ``action`` by ``seat`` is refused, in words a player understands."""
    if state.phase == Phase.GAME_OVER:
        return "the game is over"
    if not (isinstance(seat, int) and 0 <= seat < state.players):
        return f"there is no seat {seat} at this table"
    if seat != state.current:
        return _not_your_turn(state, seat)
    if state.phase == Phase.BET:
        if isinstance(action, Bet):
            return _explain_bet(state, seat, action.amount)
        low, high = state.options.min_bet, flow.bet_limit(state, seat)
        span = chips(low) if low == high else f"{low} to {chips(high)}"
        return f"place your bet first ({span})"
    if isinstance(action, Bet):
        if seat == state.banker:
            return "the banker does not bet: hit or stand"
        return f"you have already bet {chips(state.bets[seat])}: now hit or stand"
    return f"you cannot {describe(action)} now: hit or stand"


def _not_your_turn(state: BancoState, seat: int) -> str:
    waiting = f"(waiting for seat {state.current})"
    if state.eliminated[seat]:
        return f"you are out of the game: you have fewer chips than the smallest bet {waiting}"
    if state.status[seat] == Status.SAT_OUT:
        return f"you sit out this hand: the bank cannot cover another bet {waiting}"
    if seat == state.banker:
        return f"it is not your turn: the banker plays after every punter {waiting}"
    return f"it is not your turn {waiting}"


def _explain_bet(state: BancoState, seat: int, amount: object) -> str:
    opts = state.options
    if type(amount) is not int:
        return "a bet must be a whole number of chips"
    if amount < opts.min_bet:
        return f"the smallest bet is {chips(opts.min_bet)}"
    limit = flow.bet_limit(state, seat)
    if limit == state.chips[seat] and limit < opts.max_bet:
        why = f"you have only {chips(limit)}"
    elif limit == state.coverage_left and limit < opts.max_bet:
        why = f"the bank has only {chips(limit)} left to cover bets"
    else:
        why = "the table limit"
    return f"your bet of {chips(amount)} is above the limit of {chips(limit)} ({why})"
