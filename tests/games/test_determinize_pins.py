"""``determinize`` deals every other seat's hidden cards again (issue 27, item 4: the planted-bug
audit's determinize secrecy).

A sample that keeps another seat's true hidden cards hands the search exactly what the seat may
not know; the conformance checks cannot see it (the kept cards are consistent with the
observation). Checked here from the outside: at decision points of seeded random games, for the
seat to act and every other seat holding cards hidden from it, some of a handful of samples must
give that seat other hidden cards than it truly holds, whenever other hidden cards exist to swap
with. Only ``hidden_cards`` (which cards the seat may not know) and the raw hands are read: no
helper of ``determinize`` itself.

Shown to fail with the bug planted (then reverted): NOX's ``determinize`` leaving seat 0 out of
the re-deal (``others = [... if s not in (seat, 0)]``, the example of the issue), and Kaël's
skipping seat 0's slots.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from nove_desktop.engine.rng import Rng
from nove_desktop.games import default_registry

REGISTRY = default_registry()
SAMPLES = 12
EVERY = 5  # actions between two checked decision points
POINTS = 8  # checked decision points per game and player count


def hidden_in_hand(game: Any, state: Any, viewer: int, seat: int) -> Counter[str]:
    hidden = game.hidden_cards(state, viewer)
    return Counter(c for c in state.hands[seat] if c in hidden)


def check_point(game: Any, state: Any, viewer: int) -> int:
    """Assert that each other seat's hidden cards are dealt again in some sample; the number of
    seats checked."""
    pool = len(game.hidden_cards(state, viewer))
    samples = [game.determinize(state, viewer, Rng(k)) for k in range(SAMPLES)]
    checked = 0
    for seat in range(len(state.hands)):
        if seat == viewer:
            continue
        truth = hidden_in_hand(game, state, viewer, seat)
        if not truth or sum(truth.values()) >= pool:
            continue  # nothing hidden there, or nothing else to swap with
        checked += 1
        dealt = [
            Counter(c for c in sample.hands[seat] if c in game.hidden_cards(state, viewer))
            for sample in samples
        ]
        assert any(d != truth for d in dealt), (
            f"{game.id}: seat {seat}'s hidden cards {sorted(truth)} are kept in all "
            f"{SAMPLES} samples for seat {viewer}"
        )
    return checked


@pytest.mark.parametrize("game_id", ["nove", "banco", "nox", "kael", "numx"])
@pytest.mark.parametrize("players", [2, 4])
def test_determinize_deals_every_other_seats_hidden_cards_again(game_id, players):
    game = REGISTRY.get(game_id)
    if not game.min_players <= players <= game.max_players:
        pytest.skip(f"{game_id} has no {players}-seat game")
    options = game.options_from_json({"players": players})
    state, _ = game.new_game(options, 31 + players)
    chooser = Rng(7)
    checked = points = actions = 0
    while (acting := game.to_act(state)) and points < POINTS:
        seat = acting[chooser.below(len(acting))]
        if actions % EVERY == 0:
            checked += check_point(game, state, seat)
            points += 1
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[chooser.below(len(legal))])
        actions += 1
    assert checked >= max(1, points // 2)  # the check saw hidden hands at most points


@pytest.mark.parametrize("game_id", ["nove", "banco", "nox", "kael", "numx"])
def test_a_samples_chance_comes_from_the_samplers_generator(game_id):
    """The sample's own generator is reseeded from the sampler's: two samplers give two futures
    (a fixed or copied seed would let every sample replay one future, maybe the true one)."""
    game = REGISTRY.get(game_id)
    state, _ = game.new_game(game.options_from_json({"players": 3}), 5)
    seat = game.to_act(state)[0]
    futures = {game.determinize(state, seat, Rng(k)).rng.next_u64() for k in range(4)}
    assert len(futures) == 4
    assert state.rng.next_u64() not in futures
