"""NOX observations field by field (spec 5.8 hidden information): what each seat sees, read
straight from the state's fields by the spec's visibility rules, never through ``observe``'s own
helpers (issue 27, item 4; these kill the mutants of ``games/nox/view.py`` that the secrecy tests,
which look only for leaks, let live; docs/mutation.md)."""

from __future__ import annotations

from typing import Any

from nove_desktop.engine import Rng
from nove_desktop.games.nox import NoxGame, NoxOptions
from nove_desktop.games.nox.cards import deck

GAME = NoxGame()


def expected(state: Any, seat: int | None) -> dict[str, Any]:
    """Own hand only; counts of the other hands and of the pile; everything else public."""
    mine = seat is not None and 0 <= seat < state.players
    history = state.round_history
    return {
        "seat": seat,
        "players": state.players,
        "phase": str(state.phase),
        "to_act": list(GAME.to_act(state)),
        "round_number": state.round_number,
        "start_seat": state.start_seat,
        "current": state.current if str(state.phase) == "TURN" else None,
        "hand": list(state.hands[seat]) if mine else [],
        "hand_sizes": [len(h) for h in state.hands],
        "pile_count": len(state.pile),
        "kitties": [[list(stack) for stack in kitty] for kitty in state.kitties],
        "totals": list(state.totals),
        "score_sheet": [list(entry["recorded"]) for entry in history],
        "last_round": history[-1] if history else None,
        "variant": state.options.variant,
        "target_score": state.options.target,
        "deck_profile": state.options.deck_profile,
        "winners": list(state.winners),
        "end_reason": state.end_reason,
    }


def play(state: Any, chooser: Rng, until: Any) -> None:
    while GAME.to_act(state) and not until(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, legal[chooser.below(len(legal))])


def test_observations_mid_game_and_at_the_end():
    state, _ = GAME.new_game(NoxOptions(players=3), 4)
    chooser = Rng(1)
    play(state, chooser, lambda s: bool(s.round_history))  # into round 2: a last round exists
    assert state.round_history and state.round_number == 2
    for seat in (0, 1, 2, None, 3):  # 3: a seat number the table does not have
        assert GAME.observe(state, seat).to_json() == expected(state, seat), seat
    play(state, chooser, lambda s: False)
    assert state.end_reason is not None
    for seat in (1, None):
        assert GAME.observe(state, seat).to_json() == expected(state, seat), seat


def test_an_observations_json_is_a_copy():
    state, _ = GAME.new_game(NoxOptions(players=3), 4)
    play(state, Rng(1), lambda s: bool(s.round_history))
    before = [list(v) if isinstance(v, list) else v for v in state.round_history[-1].values()]
    data = GAME.observe(state, 0).to_json()
    for value in data["last_round"].values():
        if isinstance(value, list):
            value.append(99)
    after = [list(v) if isinstance(v, list) else v for v in state.round_history[-1].values()]
    assert after == before


def test_hidden_cards_of_a_seat_the_table_does_not_have_are_all_but_the_kitties():
    state, _ = GAME.new_game(NoxOptions(players=3), 4)
    play(state, Rng(1), lambda s: any(s.kitties))
    in_kitties = {c for kitty in state.kitties for stack in kitty for c in stack}
    everything_else = frozenset(deck(state.options.deck_profile)) - in_kitties
    assert GAME.hidden_cards(state, -1) == everything_else
    assert GAME.hidden_cards(state, 3) == everything_else
