"""A reaction window asks every AI seat listed by ``to_act`` at once (issue 27, item 4).

In a window the engine lists several seats; the table must ask each listed AI seat for its
answer, not only the first one and the next after it has answered (that made a window last the
sum of the AI paces, and was caught only by a timing test). Checked without any clock: the
table's AI runner and the session are spied on, and when the first answer of the window is
applied every listed AI seat must already have been asked for that window. Answers come back from
worker threads at any time, but the table asks all the seats in one pass before it reads any
answer, so the check is the same on a slow or a fast machine.

Shown to fail with the bug planted (then reverted): ``for seat in acting:`` ->
``for seat in acting[:1]:`` in ``TurnsMixin.run_moment`` (nove_desktop/ui/table/turns.py).
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from table_helpers import AI, make_app, open_table, reset, step

from nove_desktop import scenarios
from nove_desktop.games.kael.actions import Pass
from nove_desktop.games.numx.state import Phase as NumxPhase
from nove_desktop.session import GameSession, SeatConfig


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("asks"))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh(app):
    reset(app)
    yield
    reset(app)


def _kael_cut_window(session: GameSession) -> bool:
    acting = session.to_act()
    return len([s for s in acting if s != 0]) >= 2 and Pass() in session.legal(acting[0])


def _numx_fx_window(session: GameSession) -> bool:
    acting = session.to_act()
    return session.state.phase == NumxPhase.FX_WINDOW and len([s for s in acting if s != 0]) >= 2


WINDOWS = {"kael": _kael_cut_window, "numx": _numx_fx_window}


def _window_session(app: Any, game_id: str, human: bool) -> GameSession:
    game = app.registry.get(game_id)
    first = "human" if human else AI
    seats = [SeatConfig("P0", first), *[SeatConfig(f"P{i}", AI) for i in (1, 2, 3)]]
    found = scenarios.find(game, game.options_from_json({"players": 4}), seats, WINDOWS[game_id])
    return GameSession.from_save(found.to_save(), app.registry)


@pytest.mark.parametrize("human", [True, False], ids=["with_a_human", "all_ai"])
@pytest.mark.parametrize("game_id", ["kael", "numx"])
def test_every_listed_ai_seat_is_asked_before_any_answer_is_applied(app, game_id, human):
    session = _window_session(app, game_id, human)
    listed = session.to_act()
    ai_seats = {s for s in listed if not session.is_human(s)}
    assert len(ai_seats) >= 2
    table = open_table(app, session, resumed=True)

    asked: list[int] = []  # the seats asked for this window (its first moment token)
    window_token: list[Any] = []
    asked_when_first_applied: list[set[int]] = []
    answered: list[int] = []
    submit, apply = table.runner.submit, session.apply

    def spy_submit(key: Any, token: Any, *args: Any, **kwargs: Any) -> None:
        moment = isinstance(token, tuple) and token[:1] == ("moment",)
        if isinstance(key, int) and moment and window_token in ([], [token]):
            window_token[:] = [token]
            asked.append(key)
        submit(key, token, *args, **kwargs)

    def spy_apply(seat: int, action: Any) -> Any:
        if not answered:
            asked_when_first_applied.append(set(asked))
        answered.append(seat)
        return apply(seat, action)

    table.runner.submit = spy_submit  # type: ignore[method-assign]  # watched: wrapped in place
    session.apply = spy_apply  # type: ignore[method-assign]  # watched: wrapped in place
    for _frame in range(600):
        step(app)
        if len(answered) >= len(ai_seats) or (answered and not ai_seats & set(session.to_act())):
            break  # the listed AI seats have answered (or a claim closed the window)
    assert answered, "no answer was applied in the window"
    assert asked_when_first_applied[0] >= ai_seats, (
        f"to_act listed AI seats {sorted(ai_seats)}, but only {sorted(asked)} were asked "
        "before the first answer was applied"
    )
    # Each listed AI seat was asked once for this window, and none was left out.
    assert sorted(s for s in asked if s in ai_seats) == sorted(ai_seats)
