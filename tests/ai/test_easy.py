"""Easy seats (``ai/easy``): each game's heuristic with a beginner's slips.

They always play legally and deterministically (a function of seed, position, observation and
legal actions); they agree with the heuristic most of the time but not always; each documented
slip really happens; and they clearly beat random seats (the Normal-beats-Easy figures, which
need longer runs, are in docs/benchmarks.md: ``bench/ai_strength.py``).
"""

from __future__ import annotations

from collections import Counter

import pytest

from nove_desktop.ai import make_seat
from nove_desktop.ai.easy.slips import second_best, slips
from nove_desktop.engine.rng import Rng
from nove_desktop.games import default_registry
from nove_desktop.games.kael.actions import CallKael, Cut, Pass
from nove_desktop.games.nove.actions import AskJokers, Hit, Stand
from nove_desktop.games.numx.actions import Claim, ClaimNumX
from nove_desktop.games.numx.actions import Pass as NumxPass
from nove_desktop.match import play_match
from nove_desktop.specs import game_ids

REGISTRY = default_registry()
GAMES = game_ids()


def decisions(game_id: str, games: int, players: int = 4):
    """(observation, legal, position) of every real choice of seeded games between Normal
    seats (positions are the game's action counts)."""
    game = REGISTRY.get(game_id)
    for seed in range(games):
        state, _ = game.new_game(game.default_options(players), seed)
        normal = make_seat("normal", game_id, seed)
        position = 0
        while acting := game.to_act(state):
            for seat in acting:
                legal = game.legal_actions(state, seat)
                if len(legal) > 1:
                    yield game.observe(state, seat), legal, position
            seat = acting[0]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, normal.choose(game.observe(state, seat), legal))
            position += 1


@pytest.mark.parametrize("game_id", GAMES)
def test_easy_plays_legally_deterministically_and_mostly_like_normal(game_id: str) -> None:
    easy = make_seat("easy", game_id, 11)
    normal = make_seat("normal", game_id, 11)
    same = total = 0
    for observation, legal, position in decisions(game_id, 3):
        choice = easy.choose(observation, legal, position)
        assert choice in legal
        assert make_seat("easy", game_id, 11).choose(observation, legal, position) == choice
        same += choice == normal.choose(observation, legal, position)
        total += 1
    assert total > 30
    assert 0.4 * total < same < total  # a beginner, not a random player nor the heuristic


def slip_rate(game_id: str, games: int, wanted, slipped) -> tuple[int, int]:
    """How often Easy makes a slip where Normal would make ``wanted``: (slips, chances)."""
    easy = make_seat("easy", game_id, 5)
    normal = make_seat("normal", game_id, 5)
    hits = chances = 0
    for observation, legal, position in decisions(game_id, games):
        if wanted(normal.choose(observation, legal, position), legal):
            chances += 1
            hits += slipped(easy.choose(observation, legal, position))
    return hits, chances


def test_easy_kael_misses_some_cuts_and_calls_late() -> None:
    cuts, chances = slip_rate("kael", 12, lambda a, _legal: a == Cut(), lambda a: a == Pass())
    assert chances >= 8 and 0 < cuts < chances
    late, calls = slip_rate(
        "kael", 12, lambda a, _legal: a == CallKael(), lambda a: a != CallKael()
    )
    assert calls >= 8 and 0 < late < calls


def test_easy_numx_misses_some_facteur_x_claims() -> None:
    missed, chances = slip_rate(
        "numx", 3, lambda a, _legal: isinstance(a, Claim | ClaimNumX), lambda a: a == NumxPass()
    )
    assert chances >= 5 and 0 < missed < chances


def test_easy_nove_forgets_some_free_questions_and_misjudges_some_hits() -> None:
    forgot, asked = slip_rate(
        "nove", 100, lambda a, _legal: a == AskJokers(), lambda a: a != AskJokers()
    )
    assert asked >= 4 and 0 < forgot < asked
    hit_or_stand = (Hit(), Stand())
    flipped, turns = slip_rate(
        "nove",
        30,
        lambda a, legal: a in hit_or_stand and AskJokers() not in legal,
        lambda a: a in hit_or_stand,
    )
    assert flipped == turns > 40  # a hit-or-stand decision is still answered hit or stand...
    misjudged, turns = slip_rate(
        "nove", 30, lambda a, legal: a == Hit() and Stand() in legal, lambda a: a == Stand()
    )
    assert 0 < misjudged < turns  # ...but not always as the heuristic would


@pytest.mark.parametrize(("game_id", "games", "at_least"), [("nove", 120, 0.5), ("kael", 40, 0.7)])
def test_easy_clearly_beats_random_seats(game_id: str, games: int, at_least: float) -> None:
    """One Easy seat (rotating) against three random seats: chance is 25%."""
    game = REGISTRY.get(game_id)
    wins = 0
    for seed in range(games):
        kinds = ["random"] * 4
        kinds[seed % 4] = "easy"
        wins += play_match(game, game.default_options(4), seed, kinds).result.winner == seed % 4
    assert wins >= at_least * games, f"{wins} of {games}"


def test_slips_happen_at_their_chance() -> None:
    rng = Rng(3)
    count = sum(slips(rng, 0.3) for _ in range(4000))
    assert 1100 < count < 1300
    assert not any(slips(rng, 0.0) for _ in range(200))
    assert all(slips(rng, 1.0) for _ in range(200))


def test_second_best_keeps_the_order_of_ties() -> None:
    worth = {"a": 3.0, "b": 5.0, "c": 3.0}.__getitem__
    assert second_best(["a", "b", "c"], worth) == "a"
    assert second_best(["c", "b", "a"], worth) == "c"
    assert second_best(["b"], worth) == "b"
    assert Counter(second_best(list(x), worth) for x in ("ab", "ba")) == Counter({"a": 2})
