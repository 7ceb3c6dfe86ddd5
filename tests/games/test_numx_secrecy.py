"""Secret objectives stay secret (spec 11, N-A66): until a round's reveal, a seat's observation
and its view of the events name its own objective only; determinization deals the other
objectives again among the cards the seat cannot see."""

from __future__ import annotations

from typing import Any

import pytest
from numx_helpers import GAME, strings

from nove_desktop.engine import Event, Rng, events_for_seat
from nove_desktop.games.numx import NumxOptions
from nove_desktop.games.numx.cards import OBJECTIVES
from nove_desktop.games.numx.events import HandsRevealed

GAMES_PER_COUNT = 16


def secret_from(state: Any, seat: int) -> set[str]:
    """Objective ids ``seat`` may not know: every other seat's and the unused ones."""
    return set(OBJECTIVES) - {state.objectives[seat]}


def check_batch(events: list[Event], before: list[str | None], after: Any, where: str) -> None:
    """Events up to the round's reveal may not name the old round's other objectives; events
    after it (the next deal) may not name the new round's other objectives."""
    cut = next((i + 1 for i, e in enumerate(events) if e.kind == "reveal"), 0)
    for seat in range(len(before)):
        old_secret = set(OBJECTIVES) - {before[seat]}
        for event in events_for_seat(events[: cut - 1] if cut else events, seat):
            leaked = strings(event.to_json()) & old_secret
            assert not leaked, f"{where}: seat {seat} sees {leaked} in {event!r}"
        if cut:
            new_secret = secret_from(after, seat)
            for event in events_for_seat(events[cut:], seat):
                leaked = strings(event.to_json()) & new_secret
                assert not leaked, f"{where}: seat {seat} sees {leaked} in {event!r}"


def check_observations(state: Any, where: str) -> None:
    for seat in range(state.players):
        seen = strings(GAME.observe(state, seat).to_json())
        if state.revealed:
            continue
        leaked = seen & secret_from(state, seat)
        assert not leaked, f"{where}: seat {seat}'s observation shows {leaked}"
        assert state.objectives[seat] in seen
    if not state.revealed:
        assert not strings(GAME.observe(state, None).to_json()) & set(OBJECTIVES)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_no_other_objective_is_seen_before_the_reveal(players: int) -> None:
    options = NumxOptions(players=players, rounds=2)
    reveals = 0
    for seed in range(GAMES_PER_COUNT):
        where = f"players={players} seed={seed}"
        state, opening = GAME.new_game(options, seed)
        check_batch(opening, list(state.objectives), state, where)
        check_observations(state, where)
        rng = Rng(seed * 31 + players)
        while acting := GAME.to_act(state):
            before = list(state.objectives)
            events = GAME.apply(state, acting[0], rng.choice(GAME.legal_actions(state, acting[0])))
            reveals += sum(1 for e in events if e.kind == "reveal")
            check_batch(events, before, state, where)
            check_observations(state, where)
    assert reveals == 2 * GAMES_PER_COUNT


def test_the_reveal_shows_every_objective_to_everybody() -> None:
    state, _ = GAME.new_game(NumxOptions(players=3, rounds=1), 2)
    objectives = list(state.objectives)
    rng = Rng(3)
    events: list[Event] = []
    while acting := GAME.to_act(state):
        events += GAME.apply(state, acting[0], rng.choice(GAME.legal_actions(state, acting[0])))
    [reveal] = [e for e in events if isinstance(e, HandsRevealed)]
    assert reveal.is_public and reveal.objectives == tuple(objectives)
    assert GAME.observe(state, 0).revealed_objectives == tuple(objectives)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_determinize_deals_the_other_objectives_again(players: int) -> None:
    state, _ = GAME.new_game(NumxOptions(players=players), 7)
    rng = Rng(1)
    for _ in range(3 * players):  # into the first trick
        acting = GAME.to_act(state)
        GAME.apply(state, acting[0], rng.choice(GAME.legal_actions(state, acting[0])))
    for seat in range(players):
        seen: list[set[str | None]] = [set() for _ in range(players)]
        for sample_seed in range(60):
            sample = GAME.determinize(state, seat, Rng(sample_seed))
            assert sample.objectives[seat] == state.objectives[seat]
            dealt = [o for o in sample.objectives if o is not None] + sample.objective_pile
            assert sorted(dealt) == sorted(OBJECTIVES)
            for other in range(players):
                seen[other].add(sample.objectives[other])
            assert GAME.observe(sample, seat).to_json() == GAME.observe(state, seat).to_json()
        assert seen[seat] == {state.objectives[seat]}
        for other in range(players):
            if other != seat:
                assert len(seen[other]) > 3, "the other objectives are really dealt again"
                assert state.objectives[seat] not in seen[other]
