"""NUM-X round scores at their edges (spec ``shared/rules/numx.md`` 10.1-10.3): tests written for
mutants of ``games/numx/scoring.py`` that the worked examples let live (issue 27, item 4;
docs/mutation.md). Every row is written out whole, with values worked out by hand."""

from __future__ import annotations

from nove_desktop.games.numx.scoring import SeatScore, score_seats


def row(area: str, objective: str | None, hand: str = "") -> SeatScore:
    """Seat 0's row of a 3-seat round (seat 2, its right neighbour, meets OB05 with 4 + 3)."""
    return score_seats(
        areas=[area.split(), ["5b", "5c"], ["4a", "3a"]],
        hands=[hand.split(), [], []],
        objectives=[objective, None, "OB05"],
        first_out=[],
    )[0]


def test_ob01_needs_two_cards_of_the_same_face():
    # 8 and 3 are not similar: base -11 stands, nothing met, nothing applied, no bonus.
    assert row("8a 3a", "OB01") == SeatScore(-11, 0, -11, "OB01", False, False, 0, -11)


def test_ob07_needs_both_cards_special_whatever_their_order():
    assert row("13a SW1", "OB07") == SeatScore(-33, 0, -33, "OB07", False, False, 0, -33)
    assert row("SW1 NX1", "OB07") == SeatScore(-40, 0, -40, "OB07", True, True, 20, 20)


def test_a_met_objective_that_only_ties_the_base_is_not_applied():
    # Two zeros: base 0 - 2 (a card in hand) = -2; OB01 replaces the malus part (0) and adds the
    # weight of one zero (0): also -2. It does not help, so it is not applied (N-A59).
    assert row("0a 0b", "OB01", hand="5a") == SeatScore(0, -2, -2, "OB01", True, False, 0, -2)


def test_an_applied_objective_is_reported_with_its_parts():
    assert row("8a 8b", "OB01", hand="5a") == SeatScore(-16, -2, -18, "OB01", True, True, 8, 6)


def test_without_objectives_no_row_is_met_and_no_bonus_is_given():
    scores = score_seats(
        areas=[["8a", "8b"], ["4a", "3a"]],
        hands=[[], ["SW1"]],
        objectives=[None, None],
        first_out=[1],
    )
    assert scores == [
        SeatScore(-16, 0, -16, None, False, False, 0, -16),
        SeatScore(-7, -20, -27, None, False, False, 0, -27),
    ]
