"""NUM-X "Objectifs" on the engine contract: spec ``shared/rules/numx.md``."""

from __future__ import annotations

from typing import Any

from ...engine.actions import Action
from ...engine.events import Event
from ...engine.game import Game, Stack, check_stack
from ...engine.rng import Rng
from . import flow, rules, view
from .actions import CODEC, describe
from .cards import FULL_DECK
from .events import CODEC as EVENTS
from .options import MAX_PLAYERS, MIN_PLAYERS, TITLE, NumxOptions
from .state import NumxState, Phase

__all__ = ["NumxGame", "NumxOptions", "NumxState"]


class NumxGame(Game[NumxOptions, NumxState]):
    """NUM-X: a climbing game with malus cards anyone may use, Facteur X interrupts and secret
    objectives; the highest total after five rounds wins."""

    id = "numx"
    title = TITLE
    options_type = NumxOptions
    state_type = NumxState
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    actions = CODEC
    events = EVENTS
    observation_type = view.NumxObservation
    has_reaction_windows = True

    to_act = staticmethod(rules.to_act)  # type: ignore[assignment]  # an attrgetter (fast)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)

    def new_game(
        self, options: NumxOptions, seed: int, stack: Stack | None = None
    ) -> tuple[NumxState, list[Event]]:
        check_stack(stack, FULL_DECK, options.players)
        state = NumxState(options, Rng(seed))
        events: list[Event] = []
        flow.start_game(state, stack, events)
        return state, events

    def observe(self, state: NumxState, seat: int | None) -> view.NumxObservation:
        return view.observe(state, seat)

    def observation_from_json(self, data: Any) -> view.NumxObservation:
        return view.read_observation(data)

    def round_number(self, state: NumxState) -> int:
        return state.round_no

    def totals(self, state: NumxState) -> tuple[int, ...]:
        return tuple(state.totals)

    def winner(self, state: NumxState) -> int | None:
        return state.winners[0] if state.winners else None

    def end_reason(self, state: NumxState) -> str:
        if state.phase != Phase.GAME_OVER:
            return "in progress"
        if len(state.winners) > 1:
            return "shared win: " + ", ".join(f"seat {s}" for s in state.winners)
        return f"highest total after {state.round_no} rounds"

    def describe_action(self, action: Action) -> str:
        return describe(action)

    def hidden_cards(self, state: NumxState, seat: int) -> frozenset[str]:
        return view.hidden_cards(state, seat)

    def determinize(self, state: NumxState, seat: int, rng: Rng) -> NumxState:
        return view.determinize(state, seat, rng)

    def full_deck(self, options: NumxOptions) -> list[str]:
        return list(FULL_DECK)

    def cards_in_play(self, state: NumxState) -> list[str]:
        cards = [c for h in state.hands for c in h]
        cards += [c for chosen in state.chosen if chosen for c in chosen]
        cards += [c for area in state.malus for c in area]
        cards += state.deck + state.discard
        cards += [c for _s, played, _c, _v in state.trick for c in played]
        cards += [o for o in state.objectives if o is not None]
        return cards + state.objective_pile

    def state_from_json(self, data: Any) -> NumxState:
        state = super().state_from_json(data)
        rules.refresh_acting(state)  # who may act is derived, not saved
        return state
