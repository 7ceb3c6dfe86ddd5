"""The fingerprint tool of bench/ (used to show that a speed change leaves seeded play alone)."""

from __future__ import annotations

import pytest

from bench.fingerprint import fingerprint
from nove_desktop.games import default_registry


@pytest.mark.parametrize("game_id", ["numx", "kael"])
def test_the_fingerprint_is_a_function_of_the_seeded_games(game_id: str) -> None:
    game = default_registry().get(game_id)
    first = fingerprint(game, [2, 4], 2, 100)
    assert fingerprint(game, [2, 4], 2, 100) == first  # same games, same hash
    assert fingerprint(game, [2, 4], 2, 101) != first  # other seeds, other games
    assert fingerprint(game, [4, 2], 2, 100) != first  # the player counts are part of it
