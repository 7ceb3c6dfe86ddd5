"""Statistics after games played at the real tables, read back from the file: who won, the best
score in the game's own direction, and only human seats counted, each under its own name."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import AI, NAMES, game_over, make_app, open_table, reset, run_until, session_for

from nove_desktop.storage import Storage
from nove_desktop.ui.tables import table_classes


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("stats"))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh(app):
    path = app.storage.path_of("statistics")
    if path.exists():
        path.unlink()
    reset(app)
    yield


def finished_game(app, game_id, kinds, seed):
    session = session_for(app, game_id, kinds, seed=seed)
    open_table(app, session)
    run_until(app, game_over, limit=300_000)
    result = session.game.result(session.state)
    assert result.over
    return session, result


def read_back(app):
    statistics, problem = Storage(app.storage.root).load_statistics()
    assert problem is None
    return statistics


@pytest.mark.parametrize("game_id", list(table_classes()))
def test_a_solo_game_counts_the_human_only_with_the_right_result(app, game_id):
    game = app.registry.get(game_id)
    players = max(game.min_players, 3)
    _session, result = finished_game(app, game_id, ["human"] + [AI] * (players - 1), seed=11)
    stats = read_back(app)[game_id]
    winners = app.stack.top.winners
    assert stats.played == 1
    assert stats.won == int(0 in winners)
    assert stats.best_score == result.scores[0]
    assert [name for name, _s in stats.players] == [NAMES[0]]  # the AI seats are not counted
    own = stats.player(NAMES[0])
    assert (own.played, own.won, own.best_score) == (1, int(0 in winners), result.scores[0])


def test_best_score_follows_the_games_direction(app):
    """Two Kaël games: the best is the LOWER total; two NOVE games: the higher."""
    for game_id in ("kael", "nove"):
        scores = []
        for seed in (3, 4):
            reset(app)
            _session, result = finished_game(app, game_id, ["human", AI, AI], seed)
            scores.append(result.scores[0])
        best = read_back(app)[game_id].best_score
        lower = app.registry.get(game_id).lower_score_wins
        assert best == (min(scores) if lower else max(scores)), (game_id, scores)


def test_pass_and_play_counts_each_human_under_their_own_name(app):
    session, result = finished_game(app, "nove", ["human", "human", AI], seed=8)
    stats = read_back(app)["nove"]
    winners = app.stack.top.winners
    assert stats.played == 1  # everybody: one game, however many people played it
    for seat in (0, 1):
        own = stats.player(session.seats[seat].name)
        assert own.played == 1
        assert own.won == int(seat in winners)
        assert own.best_score == result.scores[seat]  # never the other player's score
    assert {name for name, _s in stats.players} == {session.seats[0].name, session.seats[1].name}


def test_an_all_ai_game_counts_nothing(app):
    finished_game(app, "kael", [AI, AI, AI], seed=5)
    assert "kael" not in read_back(app)
