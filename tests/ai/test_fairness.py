"""Fair by construction (shared/design.md, "The AI"): an AI decision never depends on what the
deciding seat may not know.

For seeded games of every game, at many decision points, a second true state is built that the
deciding seat cannot tell apart from the real one: ``determinize`` re-deals every card hidden
from it (checked: the seat's observation and legal actions are equal, and the hidden cards did
move). Then:

* ``determinize`` gives the same sample for both states with the same generator (it depends on
  what the seat knows, not on where the hidden cards really lie);
* Easy, Normal and Hard (fixed seed and iteration budget) choose the same action in both.
"""

from __future__ import annotations

import pytest

from ai import decide
from ai.factory import normal_seat
from nove_desktop.engine.rng import Rng
from nove_desktop.games import default_registry
from nove_desktop.match import decision_request

REGISTRY = default_registry()
OPTIONS = {
    "nove": {"players": 4, "max_rounds": 3},
    "kael": {"players": 4, "max_rounds": 2},
    "nox": {"players": 4, "max_rounds": 2},
    "banco": {"players": 4, "max_hands": 6},
    "numx": {"players": 3, "rounds": 1},
}
EVERY = {"nove": 2, "kael": 5, "nox": 3, "banco": 3, "numx": 7}  # decision points checked


def decision_points(game_id: str, seed: int):
    """(state copy, deciding seat, position) at every few choices of a seeded Normal game."""
    game = REGISTRY.get(game_id)
    state, _ = game.new_game(game.options_from_json(OPTIONS[game_id]), seed)
    seats = [normal_seat(game_id, i) for i in range(OPTIONS[game_id]["players"])]
    position = 0
    choices = 0
    while acting := game.to_act(state):
        for seat in acting:  # a reaction window: each waiting seat decides for itself
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                choices += 1
                if choices % EVERY[game_id] == 0:
                    yield state.copy(), seat, position
        seat = acting[0]
        action = seats[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
        game.apply(state, seat, action)
        position += 1


@pytest.mark.parametrize("game_id", sorted(OPTIONS))
def test_decisions_are_the_same_in_states_the_seat_cannot_tell_apart(game_id: str) -> None:
    game = REGISTRY.get(game_id)
    checked = moved = 0
    for seed in (1, 2):
        for real, seat, position in decision_points(game_id, seed):
            other = game.determinize(real, seat, Rng(position * 31 + seed))
            # The two true states are indistinguishable for the seat...
            assert game.observe(other, seat).to_json() == game.observe(real, seat).to_json()
            assert game.legal_actions(other, seat) == game.legal_actions(real, seat)
            # ...and differ where the seat cannot see (else the check would prove nothing).
            moved += game.state_to_json(other) != game.state_to_json(real)
            for draw in (5, 6):
                first = game.determinize(real, seat, Rng(draw))
                second = game.determinize(other, seat, Rng(draw))
                assert game.state_to_json(first) == game.state_to_json(second)
            for kind in ("easy", "normal", "hard"):
                budget = {"iterations": 4} if kind == "hard" else {}
                one = decision_request(game, real, seed, seat, kind, position, **budget)
                two = decision_request(game, other, seed, seat, kind, position, **budget)
                assert decide(one) == decide(two), (kind, position)
            checked += 1
    assert checked >= 12
    assert moved >= checked * 0.9


def test_an_order_dependent_sample_would_be_caught() -> None:
    """The determinize check above can fail: re-dealing hidden cards in the order they lie (as
    every game's ``determinize`` did before it sorted the pool) gives different samples for
    states the seat cannot tell apart."""
    game = REGISTRY.get("nox")
    real, seat, _position = next(decision_points("nox", 1))
    other = game.determinize(real, seat, Rng(3))
    hidden_real = [c for s, hand in enumerate(real.hands) if s != seat for c in hand] + real.pile
    hidden_other = [c for s, hand in enumerate(other.hands) if s != seat for c in hand]
    hidden_other += other.pile
    assert sorted(hidden_real) == sorted(hidden_other) and hidden_real != hidden_other
    first, second = list(hidden_real), list(hidden_other)
    Rng(5).shuffle(first)
    Rng(5).shuffle(second)
    assert first != second
