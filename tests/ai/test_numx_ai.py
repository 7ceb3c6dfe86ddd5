"""The NUM-X heuristic seat follows the spec's AI notes (``shared/rules/numx.md`` section 15) and
clearly beats random seats.

Each note test rigs a real position (``tests/games/numx_helpers.py``) and asks the seat for its
choice from the observation and the legal actions only.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games"))

from numx_helpers import Numx, play

from nove_desktop.ai import make_seat
from nove_desktop.ai.numx import NumxHeuristicSeat
from nove_desktop.games.numx import NumxGame, NumxOptions
from nove_desktop.games.numx.actions import (
    ONE,
    SWAP,
    AddSpecial,
    ChooseMalus,
    Claim,
    Pass,
    PlayNumX,
    Replenish,
)
from nove_desktop.games.numx.state import Phase
from nove_desktop.match import play_match

GAMES = 200


def choice(t: Numx, seat: int) -> object:
    return NumxHeuristicSeat(1).choose(t.game.observe(t.state, seat), t.legal(seat))


# -- strength --------------------------------------------------------------------------------------
def test_the_heuristic_beats_random_seats_clearly() -> None:
    """One heuristic seat (rotating) against three random seats, 200 seeded five-round games:
    a random seat would win about a quarter of them."""
    game = NumxGame()
    wins = 0
    margin = 0.0
    for index in range(GAMES):
        seat = index % 4
        kinds = ["random"] * 4
        kinds[seat] = "heuristic"
        result = play_match(game, NumxOptions(players=4), 5000 + index, kinds).result
        wins += result.winner == seat
        others = [s for i, s in enumerate(result.scores) if i != seat]
        margin += result.scores[seat] - sum(others) / 3
    assert wins >= 0.8 * GAMES, f"won {wins} of {GAMES}"
    assert margin / GAMES > 30


def test_the_factory_builds_the_heuristic() -> None:
    assert isinstance(make_seat("heuristic", "numx", 3), NumxHeuristicSeat)


def test_heuristic_seats_finish_games_among_themselves() -> None:
    for players in (2, 3, 6):
        match = play_match(
            NumxGame(), NumxOptions(players=players), players, ["heuristic"] * players
        )
        assert match.result.over and match.result.rounds == 5


# -- setup -----------------------------------------------------------------------------------------
def malus_choice(hand: str, objective: str | None) -> ChooseMalus:
    t = Numx(4)
    t.rig(
        hands={0: hand},
        phase=Phase.MALUS_CHOICE,
        objectives={0: objective} if objective else {},
    )
    t.state.acting = (0,)
    chosen = choice(t, 0)
    assert isinstance(chosen, ChooseMalus)
    return chosen


def test_setup_puts_the_lowest_cards_in_the_malus_area() -> None:
    assert malus_choice("m2a m1a 4a 6b 9c 11a 12b 13c infa 2d 7e", None).cards == ("m2a", "m1a")


def test_setup_follows_the_objective() -> None:
    hand = "m2a m1a 3a 4a 6b 8c 8d 11a 13c infa SW1 NX1 7e"
    assert "infa" in malus_choice(hand, "OB02").cards
    assert malus_choice(hand, "OB07").cards == ("NX1", "SW1")
    assert sorted(malus_choice(hand, "OB05").cards) == ["3a", "4a"]
    assert malus_choice(hand, "OB01").cards == ("8c", "8d")
    assert malus_choice(hand, "OB04").cards == ("m2a", "m1a")


# -- refilling -------------------------------------------------------------------------------------
def test_refill_places_a_low_single_card_rather_than_drawing() -> None:
    t = Numx(4)
    t.rig(
        hands={1: "0a 7a 7b 9c 12a"},
        malus={0: "1a 1b", 1: "5a", 2: "1c 1d", 3: "1e 0b"},
        trick=[(0, "3a", 1, 3)],
        current=2,
        last_player=3,
        deck="13a 13b",
    )
    t.play((2, Pass()))  # back to S3: the trick ends, S1 refills
    assert t.to_act == (1,)
    assert choice(t, 1) == Replenish(("0a",))


def test_refill_reaches_the_objective() -> None:
    t = Numx(4)
    t.rig(
        hands={1: "0a 2a 7b 9c 12a"},
        malus={0: "1a 1b", 1: "5a", 2: "1c 1d", 3: "1e 0b"},
        trick=[(0, "3a", 1, 3)],
        current=2,
        last_player=3,
        deck="13a 13b",
        objectives={1: "OB05"},
    )
    t.play((2, Pass()))
    assert choice(t, 1) == Replenish(("2a",))  # 5 + 2 = 7


# -- play ------------------------------------------------------------------------------------------
def test_leads_the_largest_low_set() -> None:
    t = Numx(4)
    t.rig(hands={0: "2a 2b 2c 9a 13a infa"}, current=0)
    assert choice(t, 0) == play("2a 2b 2c")


def test_passes_rather_than_break_a_pair_for_nothing() -> None:
    t = Numx(4)
    t.rig(hands={0: "8a 8b 3c 4d 5e"}, trick=[(3, "7a", 1, 7)], current=0)
    assert choice(t, 0) in (Pass(), play("8a 8b"))
    assert choice(t, 0) != play("8a")


def test_num_x_goes_out_when_an_opponent_is_about_to_go_out() -> None:
    t = Numx(4)
    t.rig(
        hands={0: "NX1 4a 9b", 1: "13e"},
        trick=[(1, "infa", 1, 14)],
        current=0,
    )
    assert choice(t, 0) == PlayNumX("NX1")


def test_claims_a_facteur_x_that_sheds_cards() -> None:
    t = Numx(4)
    t.rig(hands={1: "9a 9b 9c 2a", 0: "3a 4a"}, current=0)
    t.play((0, play("3a")))
    assert choice(t, 1) == Claim(("9a", "9b", "9c"))


def test_does_not_claim_with_infinity_for_little() -> None:
    t = Numx(4)
    t.rig(hands={1: "infa infb 2a 5a", 0: "3a 4a"}, current=0)
    t.play((0, play("3a")))
    assert choice(t, 1) == Pass()


def test_malus_plus_on_the_opponent_closest_to_going_out() -> None:
    t = Numx(4)
    t.rig(
        hands={0: "MP1 5a 6b", 1: "2a 3a 4a 5b", 2: "9a", 3: "7a 7b"},
        trick=[(3, "3b", 1, 3)],
        current=0,
        deck="12a 12b 12c",
    )
    assert choice(t, 0) == AddSpecial("MP1", ONE, 2)


def test_malus_plus_on_itself_for_four_malus_cards() -> None:
    t = Numx(4)
    t.rig(
        hands={0: "MP3 5a 6b", 2: "9a"},
        malus={0: "1a 1b"},
        trick=[(3, "3b", 1, 3)],
        current=0,
        deck="0a 0b 0c",
        objectives={0: "OB08"},
    )
    assert choice(t, 0) == AddSpecial("MP3", ONE, 0)


def test_swipe_towards_the_lightest_area() -> None:
    t = Numx(4)
    t.rig(
        hands={0: "SW1 5a 6b"},
        malus={0: "13a infa", 1: "9a 9b", 2: "m1a 0a", 3: "7a 8a"},
        trick=[(3, "3b", 1, 3)],
        current=0,
    )
    assert choice(t, 0) == AddSpecial("SW1", SWAP, 2)
