"""Every number among a game's options has an upper bound as well as a lower one (issue 27, item 5:
``simulate --max-rounds 10**29`` was accepted). The bounds live in each game's ``options.py``, so
the setup screens, saves, replays and the command line all meet the same limit and message.

Planted bug this module was shown to catch: the NOVE check back to ``self.max_rounds >= 1``
(no upper bound) fails ``test_a_round_limit_above_the_cap_is_refused_everywhere[nove]``.
"""

from __future__ import annotations

from typing import Any

import pytest

from nove_desktop.engine.errors import InvalidOptionsError
from nove_desktop.games import default_registry

CAP = 10_000  # written out here, not imported: the test states the documented limit

ROUND_CAPPED = ["nove", "nox", "kael"]


@pytest.mark.parametrize("game_id", ROUND_CAPPED)
def test_a_round_limit_above_the_cap_is_refused_everywhere(game_id: str) -> None:
    game = default_registry().get(game_id)
    players = game.min_players + 1
    assert game.options_from_json({"players": players, "max_rounds": CAP}).max_rounds == CAP
    for too_many in (CAP + 1, 10**29):
        with pytest.raises(InvalidOptionsError) as info:
            game.options_from_json({"players": players, "max_rounds": too_many})  # saves, CLI
        assert str(info.value) == (
            f"the round limit must be a whole number from 1 to {CAP}, not {too_many}"
        )


@pytest.mark.parametrize(
    ("game_id", "field", "largest"),
    [
        ("nox", "target_score", 10_000),
        ("banco", "starting_chips", 1_000_000),
        ("banco", "max_bet", 1_000_000),
        ("banco", "hands_per_bank", 100),
        ("banco", "bank_terms_per_player", 100),
        ("banco", "max_hands", CAP),
        ("numx", "rounds", 10),
    ],
)
def test_every_other_number_has_a_largest_value(game_id: str, field: str, largest: int) -> None:
    game = default_registry().get(game_id)
    data: dict[str, Any] = {"players": 4, field: largest}
    if field == "max_bet":
        data["starting_chips"] = largest
    assert getattr(game.options_from_json(data), field) == largest
    data[field] = largest + 1
    with pytest.raises(InvalidOptionsError, match=f"not {largest + 1}"):
        game.options_from_json(data)
