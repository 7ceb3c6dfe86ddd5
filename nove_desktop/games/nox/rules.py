"""NOX's decisions: to_act, legal actions, applying a play, and readable refusals (spec 5.3)."""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.errors import IllegalActionError
from ...engine.events import Event
from ...engine.text import Card, Reason, Seat, why, why_n
from . import flow
from .actions import ENTRIES, Play, play_entry
from .cards import card_name, is_card
from .options import MAX_PLAYERS
from .state import NoxState, Phase

_TURN = Phase.TURN
_SEATS = tuple((seat,) for seat in range(MAX_PLAYERS))


def to_act(state: NoxState) -> tuple[int, ...]:
    if state.phase == _TURN:
        return _SEATS[state.current]
    return ()


def legal_actions(state: NoxState, seat: int) -> list[Action]:
    """Every card of the hand into every kitty as a new stack, plus every cover of a top card of
    the same colour (spec 5.3): sum over the hand of (N + same-colour stacks)."""
    if state.phase != _TURN or seat != state.current:
        return []
    covers = state.covers
    n = state.players
    actions: list[Action] = []
    for card in state.hands[seat]:
        entry = ENTRIES.get(card) or play_entry(card)
        actions += entry[1][n]
        slots = covers[card[0]]
        if slots:
            actions += map(entry[2], slots)
    return actions


def is_legal(state: NoxState, seat: int, action: Action) -> bool:
    """Same answer as ``action in legal_actions(state, seat)``, checked directly."""
    if type(action) is not Play or state.phase != _TURN or seat != state.current:
        return False
    target = action.target
    if type(target) is not int or not 0 <= target < state.players:
        return False
    if action.card not in state.hands[seat]:
        return False
    index = action.stack
    if index is None:
        return True
    kitty = state.kitties[target]
    return type(index) is int and 0 <= index < len(kitty) and kitty[index][-1][0] == action.card[0]


def apply(state: NoxState, seat: int, action: Action) -> list[Event]:
    """Check ``action`` and apply it; nothing changes when it is refused."""
    if not is_legal(state, seat, action):
        raise IllegalActionError(explain(state, seat, action), seat=seat, action=action)
    play: Play = action  # type: ignore[assignment]  # is_legal accepts Play only
    events: list[Event] = []
    flow.resolve_play(state, seat, play.card, play.target, play.stack, events)
    return events


# -- readable refusals -----------------------------------------------------------------------------
def explain(state: NoxState, seat: int, action: Action) -> Reason:
    """Why ``action`` is refused, in words a player understands."""
    if state.phase != _TURN:
        return why("the game is over")
    if seat != state.current:
        if not (type(seat) is int and 0 <= seat < state.players):
            return why("there is no seat {seat} at this table", seat=seat)
        return why("it is not your turn ({seat} is to play)", seat=Seat(state.current))
    if not isinstance(action, Play):
        return why("play a card from your hand into a kitty")
    card, target, index = action.card, action.target, action.stack
    if not is_card(card):
        return why('"{card}" is not a NOX card', card=card)
    if card not in state.hands[seat]:
        return why("you do not hold the {card}", card=Card(card, card_name(card)))
    if type(target) is not int or not 0 <= target < state.players:
        return why(
            "there is no seat {target} to play to: choose a kitty of seat 0 to {last}",
            target=target,
            last=state.players - 1,
        )
    kitty = state.kitties[target]
    if type(index) is not int:
        return why("choose a stack to cover by its index, or none for a new stack")
    if not kitty:
        if target == seat:  # the player is told of their own kitty in the second person
            return why("your kitty is empty: start it with a new stack")
        return why("{seat}'s kitty is empty: start it with a new stack", seat=Seat(target))
    if not 0 <= index < len(kitty):
        if target == seat:
            return why_n(
                "your kitty has no stack {index}: it has {n} stack (numbered 0 to {last})",
                "your kitty has no stack {index}: it has {n} stacks (numbered 0 to {last})",
                len(kitty),
                index=index,
                n=len(kitty),
                last=len(kitty) - 1,
            )
        return why_n(
            "{seat}'s kitty has no stack {index}: it has {n} stack (numbered 0 to {last})",
            "{seat}'s kitty has no stack {index}: it has {n} stacks (numbered 0 to {last})",
            len(kitty),
            seat=Seat(target),
            index=index,
            n=len(kitty),
            last=len(kitty) - 1,
        )
    top = kitty[index][-1]
    return why(
        "that card's colour differs from the top card of that stack: the {card} cannot cover "
        "the {top}",
        card=Card(card, card_name(card)),
        top=Card(top, card_name(top)),
    )
