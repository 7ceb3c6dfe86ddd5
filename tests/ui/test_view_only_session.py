"""The table talks to a session through the ``Session`` protocol only, so a remote session can
stand behind it: whole games of the five tables through ``ViewOnlySession`` (solo and
pass-and-play), a resumed table's log and history from censored events, "Play again", and the
double refusing anything outside the protocol."""

from __future__ import annotations

import random

import pygame
import pytest
from table_helpers import AI, game_over, make_app, open_table, reset, run_until, session_for
from view_only import ViewOnlySession

from nove_desktop.engine.replay import parse, run
from nove_desktop.session import GameSession
from nove_desktop.ui.table.basics import LOG_LINES
from nove_desktop.ui.tables import table_classes

TABLES = list(table_classes())


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("view_only"))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh(app):
    reset(app)
    app._resized(1280, 720)
    yield
    app.toasts.clear()
    app.stack.push(app.scenes.make("title"))


def seats(app, game_id: str, people: int) -> list[str]:
    game = app.registry.get(game_id)
    count = min(game.max_players, max(game.min_players, 3))
    return ["human"] * people + [AI] * (count - people)


@pytest.mark.parametrize("people", [1, 2], ids=["solo", "pass_and_play"])
@pytest.mark.parametrize("game_id", TABLES)
def test_a_whole_game_plays_to_the_end_through_the_protocol_only(app, game_id, people):
    inner = session_for(app, game_id, seats(app, game_id, people), seed=5)
    view = ViewOnlySession(inner)
    table = open_table(app, view)
    run_until(app, game_over, limit=300_000)
    result = inner.result()
    assert result.over and app.stack.top.scores == list(result.scores)
    assert "legal" in view.asked  # the people's decisions were offered from the protocol
    assert "refusal" in view.asked or "is_legal" in view.asked or game_id != "numx"
    assert table.session is view


def test_play_again_keeps_the_table_on_the_same_kind_of_session(app):
    inner = session_for(app, "kael", ["human", AI, AI], seed=5)
    table = open_table(app, ViewOnlySession(inner))
    table.play_again()
    again = app.stack.top
    assert again is not table and isinstance(again.session, ViewOnlySession)
    assert again.session.seed != inner.seed and again.session.seats == inner.seats


@pytest.mark.parametrize("people", [1, 2], ids=["solo", "pass_and_play"])
@pytest.mark.parametrize("game_id", TABLES)
def test_a_resumed_table_rebuilds_the_same_log_and_history_from_censored_events(
    app, game_id, people
):
    """The move log and each game's score history, rebuilt by a resumed table from the events
    its screen may see, are those it rebuilt from every event before."""
    session = session_for(app, game_id, seats(app, game_id, people), seed=11)
    rng = random.Random(11)
    for _ in range(90):  # into the game (a round scored in most games), never to its end
        if session.over:
            break
        seat = session.to_act()[0]
        session.apply(seat, rng.choice(session.legal(seat)))
    data = session.to_save()
    every = run(parse(data["replay"]), app.registry, keep_events=True).events  # uncensored
    table = open_table(app, ViewOnlySession(GameSession.from_save(data, app.registry)), True)
    public = [event.for_seat(None) for event in every]  # the log was public before too
    lines = [table.describe_event(event) for event in public if event is not None]
    assert table.log == [line for line in lines if line][-LOG_LINES:] and table.log
    names = ("history", "rounds", "last_bet", "term_start")  # the tables' histories
    rebuilt = {name: getattr(table, name) for name in names if hasattr(table, name)}
    table.history_rows(every)  # as the table was given them before: every event, whole
    assert rebuilt == {name: getattr(table, name) for name in rebuilt}
    assert rebuilt or game_id == "nove"


def test_anything_outside_the_protocol_is_refused(app):
    inner = session_for(app, "numx", ["human", AI, AI], seed=5)
    view = ViewOnlySession(inner)
    for name in ("state", "replay", "stack", "budgets", "decider", "ai_seat", "hint"):
        assert hasattr(inner, name)
        with pytest.raises(AttributeError):
            getattr(view, name)
