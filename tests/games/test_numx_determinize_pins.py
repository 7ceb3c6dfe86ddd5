"""NUM-X's ``determinize`` hides what the seat may not know about the others' intentions and
secrets (spec 11; issue 27, item 4; docs/mutation.md): another seat's pending Facteur X claim
becomes a pass, another seat's staged specials are dropped, the others' objectives and pending
malus choices are dealt again, and what the seat itself did or holds stays. Read from the raw
state and samples, never through ``determinize``'s helpers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from nove_desktop.engine import Rng
from nove_desktop.games.numx import NumxGame

GAME = NumxGame()
OPTIONS = GAME.options_from_json({"players": 3})
SAMPLES = 12


def first_position(wanted: Callable[[Any], bool]) -> Any:
    """The first decision point of seeded random games (seed 1 up) that ``wanted`` accepts."""
    for seed in range(1, 60):
        state, _ = GAME.new_game(OPTIONS, seed)
        chooser = Rng(seed)
        while acting := GAME.to_act(state):
            if wanted(state):
                return state
            seat = acting[chooser.below(len(acting))]
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, legal[chooser.below(len(legal))])
    raise AssertionError("no such position")


def samples(state: Any, seat: int) -> list[Any]:
    return [GAME.determinize(state, seat, Rng(k)) for k in range(SAMPLES)]


def test_another_seats_claim_becomes_a_pass_and_the_window_stays():
    def claimed(state: Any) -> bool:
        w = state.window
        return (
            w is not None
            and bool(state.acting)
            and any(c is not None and s not in state.acting for s, c in w.answers.items())
        )

    state = first_position(claimed)
    viewer = state.acting[0]
    window = state.window
    for sample in samples(state, viewer)[:2]:
        got = sample.window
        assert (got.kind, got.order, got.first_claim_wins) == (
            window.kind,
            window.order,
            window.first_claim_wins,
        )
        assert got.answers == {s: (c if s == viewer else None) for s, c in window.answers.items()}
        assert tuple(sample.acting) == tuple(state.acting)


def test_another_seats_staged_specials_are_dropped_and_ones_own_kept():
    state = first_position(lambda s: bool(s.staged))
    others = [s for s in range(state.players) if s != state.current]
    assert all(sample.staged == [] for sample in samples(state, others[0])[:2])
    assert GAME.determinize(state, state.current, Rng(0)).staged == state.staged


def test_objectives_and_pending_malus_choices_of_the_others_are_dealt_again():
    state = first_position(lambda s: any(s.chosen[x] for x in range(s.players)))
    chooser_seat = next(x for x in range(state.players) if state.chosen[x])
    viewer = (chooser_seat + 1) % state.players
    drawn = samples(state, viewer)
    assert any(
        Counter(s.chosen[chooser_seat]) != Counter(state.chosen[chooser_seat]) for s in drawn
    )
    assert all(len(s.chosen[chooser_seat]) == len(state.chosen[chooser_seat]) for s in drawn)
    pool = Counter(o for x, o in enumerate(state.objectives) if x != viewer)
    pool += Counter(state.objective_pile)
    for sample in drawn:
        assert sample.objectives[viewer] == state.objectives[viewer]  # one's own stays
        held = Counter(o for x, o in enumerate(sample.objectives) if x != viewer)
        assert held + Counter(sample.objective_pile) == pool  # nothing lost or invented
        assert [o is None for o in sample.objectives] == [o is None for o in state.objectives]
    others = [x for x in range(state.players) if x != viewer]
    assert any(
        [s.objectives[x] for x in others] != [state.objectives[x] for x in others] for s in drawn
    )


def test_samples_give_the_seat_the_same_observation_and_choices():
    """At decisions of seeded random games the sample shows the seat exactly what the true
    state shows it (hands stay sorted as hands always are), with the same legal actions."""
    checked = 0
    for seed in (2, 3):
        state, _ = GAME.new_game(OPTIONS, seed)
        chooser = Rng(seed)
        while acting := GAME.to_act(state):
            seat = acting[chooser.below(len(acting))]
            view = GAME.observe(state, seat).to_json()
            legal = GAME.legal_actions(state, seat)
            for k in range(3):
                sample = GAME.determinize(state, seat, Rng(k))
                assert GAME.observe(sample, seat).to_json() == view
                assert GAME.legal_actions(sample, seat) == legal
            checked += 1
            GAME.apply(state, seat, legal[chooser.below(len(legal))])
    assert checked > 100
