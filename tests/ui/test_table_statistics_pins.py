"""The statistics a table records at the end of a game, in both score directions (issue 27,
item 4): "won" and "best" for Kaël (the lowest total is best) and for NOX (the highest is best).

Finished games are found by playing stand-in seats (``scenarios.find``), chosen so that the
human seat's result tells the directions apart: in Kaël a win with the lowest total that is not
the top score, and a loss with the top score; in NOX a win with the top score and a loss. The
table opens on the finished game and records the result as it does at the game-over screen; the
file is read back. Expected values come from the raw totals and the spec's rule for the winner
(Kaël spec 10: the lowest total among the seats still in; NOX D-25: the highest total), never
from the table's or the game's own winner helpers.

Shown to fail with the bug planted (then reverted): Kaël's table ``winners`` returning the seat
with the top total (nove_desktop/ui/tables/kael/table.py), and ``score < best`` -> ``score > best``
for ``lower_is_better`` in ``GameStats.with_result`` (nove_desktop/storage.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest
from table_helpers import AI, QUICK_OPTIONS, make_app, open_table, reset

from nove_desktop import scenarios
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.storage import Storage

HUMAN = "Ana"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("stats-pins"))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh(app):
    path = app.storage.path_of("statistics")
    if path.exists():
        path.unlink()
    reset(app)
    yield
    reset(app)


def kael_won(state: Any, seat: int) -> bool:
    """Spec 10 (round limit / last survivor): the lowest total among the seats still in."""
    still_in = [t for t, out in zip(state.totals, state.eliminated, strict=True) if not out]
    return not state.eliminated[seat] and state.totals[seat] == min(still_in)


def nox_won(state: Any, seat: int) -> bool:
    """D-25: every seat with the highest total wins."""
    return state.totals[seat] == max(state.totals)


CASES: dict[str, dict[str, Callable[[Any], bool]]] = {
    "kael": {
        # a win that is not the top score (so "won" is not "top score")...
        "won": lambda s: kael_won(s, 0) and s.totals[0] < max(s.totals),
        # ...and a loss with the top score
        "lost": lambda s: not kael_won(s, 0) and s.totals[0] == max(s.totals),
    },
    "nox": {
        "won": lambda s: nox_won(s, 0),
        "lost": lambda s: not nox_won(s, 0),
    },
}
WON = {"kael": kael_won, "nox": nox_won}


def finished(app: Any, game_id: str, case: str) -> GameSession:
    game = app.registry.get(game_id)
    seats = [SeatConfig(HUMAN, "human"), SeatConfig("Ben", AI), SeatConfig("Cleo", AI)]
    options = game.options_from_json({"players": 3, **QUICK_OPTIONS[game_id]})
    wanted = CASES[game_id][case]

    def over_as_wanted(session: GameSession) -> bool:
        return session.game.result(session.state).over and wanted(session.state)

    found = scenarios.find(game, options, seats, over_as_wanted, seeds=range(1, 200))
    return GameSession.from_save(found.to_save(), app.registry)


def record(app: Any, session: GameSession) -> None:
    table = open_table(app, session, resumed=True)
    table.record_statistics()
    table.record_statistics()  # once per game, however often the game-over screen asks
    reset(app)


def read_back(app: Any, game_id: str) -> tuple[tuple[int, int, int | None], ...]:
    statistics, problem = Storage(app.storage.root).load_statistics()
    assert problem is None
    stats = statistics[game_id]
    own = stats.player(HUMAN)
    return (stats.played, stats.won, stats.best_score), (own.played, own.won, own.best_score)


@pytest.mark.parametrize("game_id", ["kael", "nox"])
def test_won_and_best_follow_the_games_direction(app, game_id):
    won_game = finished(app, game_id, "won")
    lost_game = finished(app, game_id, "lost")
    assert WON[game_id](won_game.state, 0) and not WON[game_id](lost_game.state, 0)
    scores = [won_game.state.totals[0], lost_game.state.totals[0]]
    assert scores[0] != scores[1]  # so that "best" shows the direction
    best = min(scores) if game_id == "kael" else max(scores)
    # Read back after each game: a wrong "won" in each game would add up to the right count.
    record(app, won_game)
    assert read_back(app, game_id) == ((1, 1, scores[0]),) * 2
    record(app, lost_game)
    assert read_back(app, game_id) == ((2, 1, best),) * 2
