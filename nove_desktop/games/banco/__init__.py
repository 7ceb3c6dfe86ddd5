"""Nove (banco) on the engine contract: spec ``shared/rules/nove_banco.md``."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...engine.actions import Action
from ...engine.errors import InvalidOptionsError
from ...engine.events import Event
from ...engine.game import Game, Stack, check_stack
from ...engine.rng import Rng
from . import events as banco_events
from . import flow, rules, view
from .actions import CODEC, describe
from .cards import DECKS
from .options import MAX_PLAYERS, MIN_PLAYERS, TITLE, BancoOptions
from .state import BancoState, Phase

__all__ = ["BancoGame", "BancoOptions", "BancoState"]

_OPTION_FIELDS = tuple(f.name for f in dataclasses.fields(BancoOptions))


class BancoGame(Game[BancoOptions, BancoState]):
    """Nove (banco): punters against a rotating bank, the total closest to 9 wins."""

    id = "banco"
    title = TITLE
    subtitle = "the Italian banking game: beat the bank with the total closest to 9"
    options_type = BancoOptions
    state_type = BancoState
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    actions = CODEC
    events = banco_events.CODEC
    observation_type = view.BancoObservation

    to_act = staticmethod(rules.to_act)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)

    def new_game(
        self, options: BancoOptions, seed: int, stack: Stack | None = None
    ) -> tuple[BancoState, list[Event]]:
        """A new game. A ``Stack`` lays its cards on top of the FIRST hand's fresh deck (each
        later hand shuffles a complete deck, D-5) and its ``scores`` are the bankrolls."""
        deck = DECKS[options.deck_style]  # type: ignore[index]  # never None after init
        check_stack(stack, deck, options.players)
        chips = None
        if stack is not None and stack.scores is not None:
            if any(c < options.min_bet for c in stack.scores):
                raise InvalidOptionsError(
                    f"stacked deck: every bankroll must be at least the smallest bet "
                    f"({options.min_bet})"
                )
            chips = stack.scores
        state = BancoState(options, Rng(seed))
        events: list[Event] = []
        flow.start_game(state, events, stack.cards if stack is not None else (), chips)
        return state, events

    def observe(self, state: BancoState, seat: int | None) -> view.BancoObservation:
        return view.observe(state, seat)

    def observation_from_json(self, data: Any) -> view.BancoObservation:
        return view.read_observation(data)

    def round_number(self, state: BancoState) -> int:
        return state.hand_number

    def totals(self, state: BancoState) -> tuple[int, ...]:
        return tuple(state.chips)

    def winner(self, state: BancoState) -> int | None:
        """The winner once the game is over; until then the seat leading (most chips)."""
        if state.phase == Phase.GAME_OVER:
            return state.winners[0]
        return flow.ranking(state)[0]

    def describe_action(self, action: Action) -> str:
        return describe(action)

    def hidden_cards(self, state: BancoState, seat: int) -> frozenset[str]:
        return view.hidden_cards(state, seat)

    def determinize(self, state: BancoState, seat: int, rng: Rng) -> BancoState:
        return view.determinize(state, seat, rng)

    def full_deck(self, options: BancoOptions) -> list[str]:
        return list(DECKS[options.deck_style])  # type: ignore[index]  # never None after init

    def cards_in_play(self, state: BancoState) -> list[str]:
        cards = state.stock[:]
        for hand in state.hands:
            cards += hand
        return cards

    def options_to_json(self, options: BancoOptions) -> dict[str, Any]:
        """Written out (the generic conversion is slow, and states are saved often)."""
        return {name: getattr(options, name) for name in _OPTION_FIELDS}
