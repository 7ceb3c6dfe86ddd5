"""Kaël on the engine contract: spec ``shared/rules/kael.md``."""

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
from .options import MAX_PLAYERS, MIN_PLAYERS, TITLE, KaelOptions
from .state import KaelState

__all__ = ["KaelGame", "KaelOptions", "KaelState"]


class KaelGame(Game[KaelOptions, KaelState]):
    """Kaël: the lowest hand wins the round; above 100 points a seat is out."""

    id = "kael"
    title = TITLE
    options_type = KaelOptions
    state_type = KaelState
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    actions = CODEC
    events = EVENTS
    observation_type = view.KaelObservation
    lower_score_wins = True
    has_reaction_windows = True

    to_act = staticmethod(rules.to_act)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)

    def new_game(
        self, options: KaelOptions, seed: int, stack: Stack | None = None
    ) -> tuple[KaelState, list[Event]]:
        check_stack(stack, DECK, options.players)
        state = KaelState(options, Rng(seed))
        events: list[Event] = []
        flow.start_game(state, stack, events)
        return state, events

    def observe(self, state: KaelState, seat: int | None) -> view.KaelObservation:
        return view.observe(state, seat)

    def observation_from_json(self, data: Any) -> view.KaelObservation:
        return view.read_observation(data)

    def round_number(self, state: KaelState) -> int:
        return state.round_no

    def totals(self, state: KaelState) -> tuple[int, ...]:
        return tuple(state.totals)

    def winner(self, state: KaelState) -> int | None:
        return state.winners[0] if state.winners else None

    def describe_action(self, action: Action) -> str:
        return describe(action)

    def hidden_cards(self, state: KaelState, seat: int) -> frozenset[str]:
        return view.hidden_cards(state, seat)

    def determinize(self, state: KaelState, seat: int, rng: Rng) -> KaelState:
        return view.determinize(state, seat, rng)

    def full_deck(self, options: KaelOptions) -> list[str]:
        return list(DECK)

    def cards_in_play(self, state: KaelState) -> list[str]:
        cards = [c for h in state.hands for c in h]
        return cards + state.deck + [card for card, _who, _no in state.table]
