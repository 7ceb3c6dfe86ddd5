"""The NOX heuristic seat (``ai/nox.py``) follows the spec's AI notes (``shared/rules/nox.md``
section 11) and clearly beats random seats.

Positions are real game states whose hands and kitties are set by hand; the seat is given only
the observation and the legal actions, as in a match.
"""

from __future__ import annotations

import pytest

from nove_desktop.ai import make_seat
from nove_desktop.ai.nox import NoxHeuristicSeat, after_play
from nove_desktop.games.nox import NoxGame, NoxOptions, Play
from nove_desktop.games.nox.state import refresh_covers
from nove_desktop.match import play_match

GAME = NoxGame()


def kitty(text: str) -> list[tuple[str, ...]]:
    return [tuple(part.strip(" [").split()) for part in text.split("]") if part.strip(" [")]


def choice(
    hand: str,
    kitties: dict[int, str],
    *,
    players: int = 3,
    variant: str = "standard",
    totals: list[int] | None = None,
) -> Play:
    """What the heuristic seat 0 plays in this position (other hands and the pile are whatever
    the deal gave: the seat cannot see them)."""
    state, _ = GAME.new_game(NoxOptions(players=players, variant=variant, first_start_seat=0), 1)
    state.hands[0] = hand.split()
    for seat in range(players):
        state.kitties[seat] = kitty(kitties.get(seat, ""))
    if totals is not None:
        state.totals = list(totals)
    refresh_covers(state)
    legal = GAME.legal_actions(state, 0)
    action = NoxHeuristicSeat(5).choose(GAME.observe(state, 0), legal)
    assert action in legal
    assert isinstance(action, Play)
    return action


def test_after_play_merges_like_the_rules() -> None:
    tops = ["B04-1", "G14-1", "O06-1", "B15-1", "G05-1"]
    assert after_play(tops, "G14-2", 4) == ["B04-1", "G14-2", "O06-1", "B15-1"]
    assert after_play(tops, "G07-1", 4) == ["B04-1", "G14-1", "O06-1", "B15-1", "G07-1"]
    assert after_play(tops, "O03-1", None) == [*tops, "O03-1"]


def test_covers_the_leaders_high_top_with_a_low_card() -> None:
    action = choice(
        "B01-1 G02-1 O08-1",
        {0: "[B09-1] [G12-1] [O06-1]", 1: "[B15-1] [G14-1] [O13-1]", 2: "[B04-1] [G05-1]"},
    )
    assert action == Play("B01-1", 1, 0)  # the leader loses 14


def test_never_hands_an_opponent_its_missing_colour() -> None:
    action = choice(
        "O13-1 O10-1 O08-1",
        {0: "[B09-1] [G07-1] [O06-1]", 1: "[B15-1] [G14-1]", 2: "[B11-1] [G12-1]"},
    )
    assert action.target == 0


def test_completes_its_own_colours_with_a_high_card() -> None:
    action = choice("O13-1 B01-2 G02-2", {0: "[B09-1] [G07-1]", 1: "[B15-1]", 2: "[G12-1]"})
    assert action == Play("O13-1", 0, None)


def test_ends_the_round_when_it_leads() -> None:
    kitties = {
        0: "[B15-1] [G14-1] [O13-1]",
        1: "[G12-1] [O10-1] [G07-1] [O08-1] [G05-1]",  # five stacks, no blue
        2: "[B11-1] [G02-1] [O03-1]",
    }
    action = choice("O06-1 G02-2 B01-2", kitties)
    assert action.target == 1 and action.stack is None and action.card[0] != "B"


def test_does_not_end_the_round_when_behind() -> None:
    kitties = {
        0: "[B04-1] [G02-1] [O03-1]",
        1: "[G12-1] [O10-1] [G07-1] [O08-1] [G05-1]",
        2: "[B15-1] [G14-1] [O13-1]",
    }
    action = choice("O06-1 G02-2 B01-2", kitties)
    ends = action.target == 1 and action.stack is None and action.card[0] != "B"
    assert not ends


def test_the_seat_is_deterministic() -> None:
    options = NoxOptions(players=4, max_rounds=20)
    first = play_match(GAME, options, 9, ["heuristic"] * 4).replay.actions
    again = play_match(GAME, options, 9, ["heuristic"] * 4).replay.actions
    assert first == again
    assert isinstance(make_seat("heuristic", "nox", 1), NoxHeuristicSeat)


@pytest.mark.parametrize(
    ("players", "variant", "games"),
    [(3, "standard", 120), (4, "standard", 120), (5, "thick_skinned", 80), (6, "standard", 60)],
)
def test_the_heuristic_beats_random_seats(players: int, variant: str, games: int) -> None:
    """One heuristic seat (rotating through the seats) against random seats, seeded games: the
    heuristic wins far more often than its fair share 1/players (shared wins count as wins)."""
    options = NoxOptions(players=players, variant=variant, max_rounds=60)
    wins = 0
    for seed in range(games):
        seat = seed % players
        kinds = ["random"] * players
        kinds[seat] = "heuristic"
        scores = play_match(GAME, options, 500 + seed, kinds).result.scores
        wins += scores[seat] == max(scores)
    rate = wins / games
    assert rate >= 0.8, f"heuristic won {wins} of {games} games ({rate:.0%})"
    assert rate >= 3 / players
