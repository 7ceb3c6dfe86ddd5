"""NOVE (Les Jeux du Neuf) on the engine contract: spec ``shared/rules/nove.md``."""

from __future__ import annotations

from typing import Any

from ...engine.actions import Action
from ...engine.events import Event
from ...engine.game import Game, Stack, check_stack
from ...engine.rng import Rng
from . import flow, rules, view
from .actions import CODEC, describe
from .cards import DECK
from .events import CODEC as EVENTS
from .options import MAX_PLAYERS, MIN_PLAYERS, TITLE, NoveOptions
from .state import NoveState

__all__ = ["NoveGame", "NoveOptions", "NoveState"]


class NoveGame(Game[NoveOptions, NoveState]):
    """NOVE: reach 12 points with NOVE (9 or less), 31, CAPO, pairs and sets."""

    id = "nove"
    title = TITLE
    options_type = NoveOptions
    state_type = NoveState
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    actions = CODEC
    events = EVENTS
    observation_type = view.NoveObservation

    # The hot trio of the contract, bound straight to the rules (no extra call per action).
    to_act = staticmethod(rules.to_act)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)

    def new_game(
        self, options: NoveOptions, seed: int, stack: Stack | None = None
    ) -> tuple[NoveState, list[Event]]:
        check_stack(stack, DECK, options.players)
        state = NoveState(options, Rng(seed))
        events: list[Event] = []
        flow.start_game(state, stack, events)
        flow.run(state, events)
        return state, events

    def observe(self, state: NoveState, seat: int | None) -> view.NoveObservation:
        return view.observe(state, seat)

    def observation_from_json(self, data: Any) -> view.NoveObservation:
        return view.read_observation(data)

    def round_number(self, state: NoveState) -> int:
        return state.round_no

    def totals(self, state: NoveState) -> tuple[int, ...]:
        return tuple(state.scores)

    def winner(self, state: NoveState) -> int | None:
        return state.winner

    def describe_action(self, action: Action) -> str:
        return describe(action)

    def hidden_cards(self, state: NoveState, seat: int) -> frozenset[str]:
        return view.hidden_cards(state, seat)

    def determinize(self, state: NoveState, seat: int, rng: Rng) -> NoveState:
        return view.determinize(state, seat, rng)

    def full_deck(self, options: NoveOptions) -> list[str]:
        return list(DECK)

    def cards_in_play(self, state: NoveState) -> list[str]:
        cards = [c for h in state.hands for c in h]
        return cards + state.draw + state.discard
