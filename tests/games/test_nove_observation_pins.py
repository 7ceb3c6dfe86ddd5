"""NOVE observations field by field (spec 7, hidden information): at every decision of seeded
random games, what each seat sees is read straight from the state by the spec's visibility rules
(own hand and own discards; sizes, shown cards and public facts of the others), never through
``observe``'s helpers (issue 27, item 4; these kill the mutants of ``games/nove/view.py`` that the
secrecy tests, which look only for leaks, let live; docs/mutation.md). Joker states and the
minimum value are derived by the hand rules and checked by the worked examples (W9, W15, W16)."""

from __future__ import annotations

from typing import Any

import pytest

from nove_desktop.engine import Rng
from nove_desktop.games.nove import NoveGame

GAME = NoveGame()
DERIVED = ("jokers", "min_value")


def expected(state: Any, seat: int | None) -> dict[str, Any]:
    acting = list(GAME.to_act(state))
    turn = str(state.phase) == "turn"
    return {
        "seat": seat,
        "phase": str(state.phase),
        "to_act": acting,
        "round_no": state.round_no,
        "dealer": state.dealer,
        "order": list(state.order),
        "current": acting[0] if acting else None,
        "hand": list(state.hands[seat]) if seat is not None else [],
        "own_discards": [
            c for c in state.discard if seat is not None and state.discarded_by.get(c) == seat
        ],
        "seats": [
            {
                "seat": s,
                "hand_size": len(h),
                "shown": [c for c in h if c in state.public],
                "busted": state.busted[s],
                "exchanged": state.exchanged[s],
                "score": state.scores[s],
            }
            for s, h in enumerate(state.hands)
        ],
        "draw_count": len(state.draw),
        "discard_count": len(state.discard),
        "nove_step1": state.nove_step1,
        "announcements": [
            list(a) if isinstance(a, tuple | list) else a for a in state.announcements
        ],
        "nove_holder": state.nove_holder,
        "special": state.special,
        "hits_taken": state.hits_taken if turn else 0,
        "asked": state.asked if turn else False,
        "nonjoker_slots": [list(slot) for slot in sorted(state.nonjoker_slots)],
        "joker_options": [list(item) for item in sorted(state.joker_options.items())],
        "last_round": state.last_round,
        "winner": state.winner,
        "end_reason": state.end_reason,
    }


def card_value(card: str) -> int:
    """Spec 1: numbers count their number, a Babatos (A, B, C) counts 10."""
    return 10 if card[1] in "ABC" else int(card[1])


def seen(state: Any, seat: int | None) -> dict[str, Any]:
    got = GAME.observe(state, seat).to_json()
    if seat is None:
        assert (got["jokers"], got["min_value"]) == ([], None)
    elif not any(card in ("JR", "JY") for card in state.hands[seat]):
        # Without a joker the minimum value is simply the sum of the cards (spec 3.3).
        assert got["jokers"] == []
        assert got["min_value"] == sum(card_value(c) for c in state.hands[seat])
    for key in DERIVED:
        got.pop(key)
    for row in got["seats"]:
        row.pop("shown_jokers")
    return got


@pytest.mark.parametrize("players", [3, 5])
def test_observations_at_every_decision_of_a_game(players):
    state, _ = GAME.new_game(GAME.options_from_json({"players": players, "max_rounds": 2}), 11)
    chooser = Rng(players)
    phases = set()
    while acting := GAME.to_act(state):
        for seat in (*range(players), None):
            assert seen(state, seat) == expected(state, seat), seat
        phases.add(str(state.phase))
        seat = acting[chooser.below(len(acting))]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, legal[chooser.below(len(legal))])
    for seat in (0, None):
        assert seen(state, seat) == expected(state, seat)
    assert {"exchange", "turn"} <= phases
