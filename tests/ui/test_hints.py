"""Hints at the table: asked with "?" or the Hint button, searched in the worker process from the
human seat's own decision request, shown with the search's numbers, outlined on the table,
forgotten once the decision is made, and counted in the statistics."""

from __future__ import annotations

import time

import pygame
import pytest
from table_helpers import AI, make_app, open_table, reset, run_until, session_for, step

from nove_desktop.ai import DecisionRequest
from nove_desktop.ai.search import Budget
from nove_desktop.ai.search import budget as search_budget
from nove_desktop.ui.table import hints

QUESTION = pygame.event.Event(
    pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?", scancode=0
)

QUICK_HINTS = {  # 120 simulations per hint at any seat count: quick tests
    game: dict.fromkeys(seats, 120) for game, seats in search_budget.HINT_ITERATIONS.items()
}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("hints"))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def quick_hints(app, monkeypatch):
    # A small hint budget keeps these tests quick (the table asks at the session's budget).
    monkeypatch.setattr(search_budget, "HINT_ITERATIONS", QUICK_HINTS)
    reset(app)
    yield


def waiting_human(app, game_id, seed=4):
    session = session_for(app, game_id, ["human", AI, AI], seed=seed)
    table = open_table(app, session)
    run_until(
        app,
        lambda a: bool(table.controls) and not table.animating and table.viewer in session.to_act(),
        limit=30_000,
    )
    return session, table


def wait_for_hint(app, table, seconds=60.0):
    started = time.monotonic()
    while table.advisor.thinking and time.monotonic() - started < seconds:
        step(app)
    assert not table.advisor.thinking, "the hint never came"


@pytest.mark.parametrize("game_id", ["nove", "kael", "banco"])
def test_a_hint_names_a_legal_move_with_the_searchs_numbers(app, game_id):
    session, table = waiting_human(app, game_id)
    assert table.hint_button.visible
    before = list(session.replay.actions)
    step(app, [QUESTION])
    assert table.advisor.thinking and table.advisor.text  # "Thinking about a hint..."
    wait_for_hint(app, table)
    found = table.advisor.hint
    assert found is not None
    assert found.action in session.legal(0)
    assert "simulated deal" in table.advisor.text
    assert str(found.deals) in table.advisor.text.replace(",", "")
    # The words are ai.explain's, in the table's own names: the move first, then its reason.
    assert table.advisor.text.startswith(table.action_words(found.action))
    assert "%" not in table.advisor.text
    assert session.replay.actions == before  # asking changes nothing in the game
    outlined = table.suggested_refs | {id(w) for w in table.controls if w.suggested}
    assert outlined or not table.hinted_refs(found.action)
    assert 0 in table.hinted


def test_the_hint_asks_with_the_human_seats_own_request(app, monkeypatch):
    session, table = waiting_human(app, "kael")
    sent = []
    submit = table.runner.submit

    def spy(key, token, work, *args, **kwargs):
        sent.append((key, work, args))
        return submit(key, token, work, *args, **kwargs)

    monkeypatch.setattr(table.runner, "submit", spy)
    table.advisor.ask()
    ((key, work, (request,)),) = sent
    assert key == hints.HINT_KEY and work is hints.hint
    assert request.seat == 0 and request.kind == "hard"
    # The game's recorded hint budget (a fixed number of simulations), never a clock.
    assert session.budgets["hint"].iterations == QUICK_HINTS["kael"][3]
    assert (request.seconds, request.iterations) == (None, QUICK_HINTS["kael"][3])
    assert request.observation == session.observe(0)  # what seat 0 may know, nothing more
    assert request.sample is not session.state
    wait_for_hint(app, table)


def test_a_hint_is_dropped_once_the_decision_is_made(app):
    _session, table = waiting_human(app, "nove")
    step(app, [QUESTION])
    wait_for_hint(app, table)
    assert table.advisor.text
    table.act(table.advisor.hint.action)
    step(app)
    assert table.advisor.text == "" and table.advisor.hint is None
    assert not table.suggested_refs


def at_an_ai_decision(app):
    """A NOVE table (the human in the third seat) where an AI seat is deciding."""
    session = session_for(app, "nove", [AI, AI, "human"], seed=9)
    table = open_table(app, session)
    run_until(
        app,
        lambda a: (
            bool(session.to_act())
            and not session.is_human(session.to_act()[0])
            and not table.animating
        ),
        limit=30_000,
    )
    step(app)
    return session, table


def test_no_hint_while_an_ai_seat_decides(app):
    _session, table = at_an_ai_decision(app)
    assert not table.hint_button.visible
    step(app, [QUESTION])
    assert not table.advisor.thinking and table.advisor.text == ""


def test_who_asked_for_a_hint_is_saved_with_the_game(app):
    _session, table = waiting_human(app, "nove")
    step(app, [QUESTION])
    wait_for_hint(app, table)
    table.act(table.advisor.hint.action)
    step(app)
    saved = app.storage.load_game().data
    assert saved["ui"]["hinted"] == [0]


def test_the_hint_button_is_drawn_whenever_a_hint_can_be_asked(app):
    """The HUD is cached by its look: the button's visibility is part of it (a cached bar drawn
    while an AI seat decided once hid the button for the rest of the game)."""
    session, table = at_an_ai_decision(app)
    assert not table.hint_button.visible
    spot = table.hint_button.rect.center
    hidden = app.screen.get_at(spot)
    run_until(
        app,
        lambda a: bool(table.controls) and not table.animating and table.viewer in session.to_act(),
        limit=30_000,
    )
    step(app)
    assert table.hint_button.visible
    assert app.screen.get_at(spot) != hidden, "the Hint button is not drawn"


def test_a_hard_seat_at_the_table_thinks_at_the_games_recorded_budget(app, monkeypatch):
    """The table asks a Hard seat at the budget the game recorded (here another version's, say),
    a number of simulations: never a clock, never today's default."""
    session = session_for(app, "nove", [AI, "hard", AI], seed=9)
    session.budgets["hard"] = Budget(iterations=24)
    table = open_table(app, session)
    sent: list[DecisionRequest] = []
    submit = table.runner.submit

    def spy(key, token, work, *args, **kwargs):
        sent.extend(args)
        return submit(key, token, work, *args, **kwargs)

    monkeypatch.setattr(table.runner, "submit", spy)
    run_until(app, lambda a: any(request.kind == "hard" for request in sent), limit=30_000)
    hard = [request for request in sent if request.kind == "hard"]
    assert hard and all((r.seconds, r.iterations) == (None, 24) for r in hard)


def test_kael_names_a_laid_pair_as_a_pair(app):
    """A hint's action words read as the log does: "Lay a pair of 8s", never "a 8 and a 8"."""
    from nove_desktop.games.kael.actions import DECK_SOURCE, Lay

    session = session_for(app, "kael", ["human", AI, AI], seed=4)
    table = open_table(app, session)
    pair = table.action_words(Lay(("8a", "8b"), DECK_SOURCE))
    assert pair.startswith("Lay a pair of 8s") and "a 8" not in pair, pair
    assert table.action_words(Lay(("8a",), DECK_SOURCE)).startswith("Lay an 8")


@pytest.mark.parametrize("game_id", ["nox", "kael", "numx"])
def test_the_hint_covers_no_card_at_the_smallest_window(app, game_id):
    """At 1024x640 the hint's box sat over the right of your hand (NOX): it now moves beside
    the cards or above them."""
    from nove_desktop.ui.table.paint import card_rect

    app._resized(1024, 640)
    try:
        _session, table = waiting_human(app, game_id)
        step(app, [QUESTION])
        wait_for_hint(app, table)
        step(app)
        app.draw()
        box = table.hint_rect
        assert box.width and box.height
        covered = [
            ref
            for ref, sprite in table.sprites.items()
            if sprite.visible and box.colliderect(card_rect(table, sprite))
        ]
        assert not covered, (box, covered)
        assert pygame.Rect(0, 0, 1024, 640).contains(box)
    finally:
        app._resized(1280, 720)
