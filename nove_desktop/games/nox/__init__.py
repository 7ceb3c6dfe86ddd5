"""NOX ("Down to the bone!") on the engine contract: spec ``shared/rules/nox.md``.

Every turn a player plays one card into any kitty, as a new stack or on a top card of the same
colour; stacks showing the same number merge; a kitty of six stacks or the last card ends the
round; a kitty scores the sum of its top cards only when they show all three colours.
"""

from __future__ import annotations

from typing import Any

from ...engine.actions import Action
from ...engine.events import Event
from ...engine.game import Game, Stack, check_stack
from ...engine.rng import Rng
from . import flow, rules, view
from .actions import CODEC, Play, describe
from .cards import deck
from .events import CODEC as EVENTS
from .options import MAX_PLAYERS, MIN_PLAYERS, TITLE, NoxOptions
from .state import NoxState

__all__ = ["NoxGame", "NoxOptions", "NoxState", "Play"]


class NoxGame(Game[NoxOptions, NoxState]):
    """NOX: build kitties that show all three colours, and break the others'."""

    id = "nox"
    title = TITLE
    subtitle = "Down to the bone!"
    options_type = NoxOptions
    state_type = NoxState
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    actions = CODEC
    events = EVENTS
    observation_type = view.NoxObservation

    to_act = staticmethod(rules.to_act)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)

    def new_game(
        self, options: NoxOptions, seed: int, stack: Stack | None = None
    ) -> tuple[NoxState, list[Event]]:
        check_stack(stack, deck(options.deck_profile), options.players)
        state = NoxState(options, Rng(seed))
        events: list[Event] = []
        flow.start_game(state, stack, events)
        return state, events

    def observe(self, state: NoxState, seat: int | None) -> view.NoxObservation:
        return view.observe(state, seat)

    def observation_from_json(self, data: Any) -> view.NoxObservation:
        return view.read_observation(data)

    def round_number(self, state: NoxState) -> int:
        return state.round_number

    def totals(self, state: NoxState) -> tuple[int, ...]:
        return tuple(state.totals)

    def winner(self, state: NoxState) -> int | None:
        return state.winners[0] if state.winners else None

    def describe_action(self, action: Action) -> str:
        return describe(action)

    def hidden_cards(self, state: NoxState, seat: int) -> frozenset[str]:
        return view.hidden_cards(state, seat)

    def determinize(self, state: NoxState, seat: int, rng: Rng) -> NoxState:
        return view.determinize(state, seat, rng)

    def full_deck(self, options: NoxOptions) -> list[str]:
        return list(deck(options.deck_profile))

    def cards_in_play(self, state: NoxState) -> list[str]:
        cards = [c for hand in state.hands for c in hand] + state.pile
        for kitty in state.kitties:
            for stack in kitty:
                cards += stack
        return cards
