"""NUM-X observations field by field (spec 9.4, 11): at decision points of seeded random games,
what each seat sees is read straight from the state by the spec's visibility rules (own hand,
objective and pending malus choice; counts and board-taken cards of the others; everything public
as it stands), never through ``observe``'s helpers (issue 27, item 4; these kill the mutants of
``games/numx/view.py`` that the secrecy tests, which look only for leaks, let live;
docs/mutation.md). The Facteur X window's eligibility is checked against ``legal_actions``: a seat
may claim exactly when it has a legal answer other than passing."""

from __future__ import annotations

from typing import Any

import pytest

from nove_desktop.engine import Rng
from nove_desktop.games.numx import NumxGame
from nove_desktop.games.numx.flow import sources_needed
from nove_desktop.games.numx.state import Phase

GAME = NumxGame()


def expected(state: Any, seat: int | None) -> dict[str, Any]:
    mine = seat is not None and 0 <= seat < state.players
    me: Any = seat if mine else None  # a seat number whenever ``mine``
    opts = state.options
    chosen = state.chosen[me] if mine else None
    window = None
    if state.phase == Phase.FX_WINDOW and state.window is not None:
        answers = state.window.answers
        answered = mine and me in answers
        window = {
            "waiting": list(state.acting),
            "precedence": list(state.window.order),
            "answered": bool(answered),
            "my_claim": list(answers[me][1]) if answered and answers[me] is not None else None,
            "can_claim": bool(mine and not answered and len(GAME.legal_actions(state, me)) > 1),
        }
    return {
        "seat": seat,
        "phase": str(state.phase),
        "to_act": list(state.acting),
        "round_no": state.round_no,
        "rounds": opts.rounds,
        "anchor": state.anchor,
        "current": state.current if state.phase == Phase.TURN else None,
        "hand": list(state.hands[me]) if mine else [],
        "objective": state.objectives[me] if mine else None,
        "chosen": None if chosen is None else list(chosen),
        "staged": [list(s) for s in state.staged] if mine and me == state.current else [],
        "malus": [list(a) for a in state.malus],
        "hand_counts": [len(h) for h in state.hands],
        "known_cards": [[c for c in h if c in state.public] for h in state.hands],
        "chosen_by": [c is not None for c in state.chosen],
        "deck_count": len(state.deck),
        "discard": list(state.discard),
        "trick_count": state.trick_count,
        "trick_value": state.trick_value,
        "last_player": state.last_player,
        "leader": state.leader,
        "lead_fails": state.lead_fails,
        "window": window,
        # the count is the flow's; shown only to a seat that refills now (spec 7)
        "refill_needed": sources_needed(state, me)
        if mine and me in state.acting and str(state.phase) in ("REPLENISH", "COMPLETION")
        else 0,
        "first_out": list(state.first_out),
        "totals": list(state.totals),
        "last_round": state.last_round,
        "revealed_hands": [list(h) for h in state.hands] if state.revealed else None,
        "revealed_objectives": list(state.objectives) if state.revealed else None,
        "winners": list(state.winners),
        "objectives_on": opts.objectives,
        "infini_4": opts.infini_4,
        "numx_interrupt": opts.numx_interrupt,
        "malus_plus_values": [list(p) for p in opts.malus_plus_values],
    }


SKIPPED = ("trick",)  # the trick's JSON shape: checked by the secrecy tests


@pytest.mark.parametrize("players", [3, 4])
def test_observations_at_many_points_of_a_game(players):
    state, _ = GAME.new_game(GAME.options_from_json({"players": players, "rounds": 1}), 17)
    chooser = Rng(players)
    checked: set[str] = set()
    actions = 0
    while acting := GAME.to_act(state):
        if actions % 3 == 0 or state.phase == Phase.FX_WINDOW:
            for seat in (*range(players), None, players):
                got = GAME.observe(state, seat).to_json()
                for key in SKIPPED:
                    got.pop(key)
                assert got == expected(state, seat), (actions, seat)
            checked.add(str(state.phase))
        seat = acting[chooser.below(len(acting))]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, legal[chooser.below(len(legal))])
        actions += 1
    for seat in (0, None):  # the end: every hand and objective shown
        got = GAME.observe(state, seat).to_json()
        for key in SKIPPED:
            got.pop(key)
        assert got == expected(state, seat)
    assert {"TURN", "FX_WINDOW", "REPLENISH"} <= checked
    # Once the game is over every hand and objective is shown: only the deck and the unused
    # objectives stay hidden.
    assert GAME.hidden_cards(state, 0) == frozenset(state.deck) | frozenset(state.objective_pile)
