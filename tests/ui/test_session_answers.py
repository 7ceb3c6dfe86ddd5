"""A seat's own decision needs only what the seat knows: the session's answers (``refusal``,
``is_legal``, NOVE's joker preview) are those the table computed before the protocol, and
the same on a sample determinized for the seat, over seeded random positions of every game
(session_answers.py; ``PYTHONPATH=. python tests/ui/session_answers.py 200`` runs many more
seeds)."""

from __future__ import annotations

import pytest
from session_answers import PLAYERS, compare

# NOVE's seeds reach joker choices whose scoring ends a round into an instant win (seed 4).
SEEDS = {"nove": range(12)}


@pytest.mark.parametrize("game_id", list(PLAYERS))
def test_the_sessions_answers_are_the_tables_and_need_only_the_seats_view(game_id):
    counts = compare(game_id, SEEDS.get(game_id, range(4)))
    assert counts["questions"] > 1000 and counts["refused"] > 100  # legal and illegal asked
    if game_id == "nove":
        assert counts["previews_fixed"] > 0  # the old preview's stale reads are met
