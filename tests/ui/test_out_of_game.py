"""A person who is out of the game (Kaël above the limit) may watch the rest or skip to the
results: skipping plays the rest at once, without round summaries, and ends exactly as watching
does (same moves, same scores)."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import AI, ENTER, found, key, make_app, reset, step, table_of

FRAME = 1 / 60


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("out"))
    yield application
    reset(application)
    pygame.quit()


@pytest.fixture(scope="module")
def save(app):
    """A Kaël game where the person (seat 0) is out and two computer players play on."""
    session = found(
        app,
        "kael",
        ["human", AI, AI],
        lambda s: s.state.eliminated[0] and not s.over,
        seeds=range(1, 60),
    )
    return session.to_save()


def resume(app, save):
    reset(app)
    app.storage.save_game(save)
    reset(app)
    step(app)
    step(app, [ENTER])  # Continue
    table = table_of(app)
    assert table is not None
    return table


def to_the_end(app, answer):
    """Step to the game over; the out-of-game question is answered with ``answer`` (key
    events); summaries are confirmed. Returns the names of the screens seen."""
    seen: list[str] = []
    for _ in range(200_000):
        top = app.stack.top
        name = getattr(top, "name", "")
        if not seen or seen[-1] != name:
            seen.append(name)
        if name == "game_over":
            return seen
        if name == "confirm":
            assert top.question == "You are out of the game"
            step(app, answer)
        elif name == "round_summary":
            step(app, [ENTER])
        else:
            step(app)
    raise AssertionError("the game did not end")


def test_skipping_ends_the_game_as_watching_does(app, save):
    watched = resume(app, save)
    watched_screens = to_the_end(app, [ENTER])  # "Watch" has the focus
    assert "round_summary" in watched_screens  # watching shows the remaining rounds
    skipped = resume(app, save)
    skipped_screens = to_the_end(app, [key(pygame.K_TAB), ENTER])  # "Skip to the results"
    assert "round_summary" not in skipped_screens and skipped_screens[-1] == "game_over"
    assert skipped.session.over and watched.session.over
    assert skipped.session.replay.actions == watched.session.replay.actions
    game = skipped.game
    assert game.result(skipped.session.state).scores == game.result(watched.session.state).scores
    assert app.stack.top.scores == list(game.result(watched.session.state).scores)


def test_the_menu_offers_the_skip_while_out(app, save):
    table = resume(app, save)
    for _ in range(200):
        if getattr(app.stack.top, "name", "") == "confirm":
            break
        step(app)
    step(app, [ENTER])  # watch
    assert app.stack.top is table
    step(app, [key(pygame.K_ESCAPE)])
    menu = app.stack.top
    assert menu.name == "table_menu"
    menu.skip()
    step(app, frames=3)
    assert getattr(app.stack.top, "name", "") == "game_over"
    assert table.session.over
