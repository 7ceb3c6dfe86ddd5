"""A guided first game driven through the real scenes, headless: New game, Learn to play, the
coach's first step, a wrong move refused in the coach's words, the taught move accepted; the
rules open at the step's section; the panel stays clear of the cards; nothing is saved."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import (
    ENTER,
    click_at,
    key,
    make_app,
    press,
    reset,
    settle,
    step,
    table_of,
)

from nove_desktop.specs import game_ids
from nove_desktop.tutorial import script_for
from nove_desktop.ui.scenes.choose_game import ChooseGameScene
from nove_desktop.ui.scenes.rules import RulesScene
from nove_desktop.ui.scenes.summary import GameOverScene, RoundSummaryScene
from nove_desktop.ui.table.coach import RecapSummaryScene
from nove_desktop.ui.table.paint import card_rect


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("tutorial"))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh(app):
    reset(app)
    app._resized(1280, 720)
    yield


def learn(app, game_id: str):
    """New game, then the game's Learn to play button (by the mouse, as a player would)."""
    app.scenes.push("choose_game")
    step(app)
    scene = app.stack.top
    assert isinstance(scene, ChooseGameScene)
    index = [b.game_id for b in scene.game_buttons].index(game_id)
    button = scene.learn_buttons[index]
    assert button.enabled and button.label == "Learn to play"
    click_at(app, button.rect.center)
    table = table_of(app)
    assert table is not None and table.coach is not None
    return table


def test_learn_to_play_refuses_a_wrong_bet_and_takes_the_taught_one(app) -> None:
    table = learn(app, "banco")
    settle(app, table, 0)
    coach = table.coach
    assert coach is not None and coach.current is not None
    assert coach.current.id == "bet"
    app.draw()
    assert table.coach_rect.width > 0
    assert not table.hint_button.visible  # the coach says what to do: no search to argue
    press(app, pygame.K_SLASH, "?")
    assert table.advisor.asked_at is None
    before = table.session.position
    app.toasts.clear()
    press(app, pygame.K_RIGHT)  # the slider to 2
    step(app, [ENTER])
    assert table.session.position == before  # refused: nothing applied
    assert [t.text for t in app.toasts] == [
        "Keep it small while you learn: bet the smallest amount."
    ]
    press(app, pygame.K_LEFT)
    step(app, [ENTER])
    assert table.session.position == before + 1
    assert table.session.replay.actions[-1] == (0, {"type": "bet", "amount": 1})
    assert not app.storage.has_saved_game()  # a guided game is never offered by Continue


def test_r_opens_the_rules_at_the_steps_section(app) -> None:
    table = learn(app, "banco")
    settle(app, table, 0)
    press(app, pygame.K_r, "r")
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    script = script_for("banco")
    assert script is not None
    section = script.steps[0].section
    top = rules.section_tops[section]
    assert rules.scroll > 0 and rules.scroll <= top <= rules.scroll + rules.view.height // 4
    step(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is table


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
@pytest.mark.parametrize("game_id", game_ids())
def test_the_panel_covers_no_card_and_no_control(app, game_id: str, size) -> None:
    app._resized(*size)
    table = learn(app, game_id)
    settle(app, table, 0)
    app.draw()
    panel = table.coach_rect
    assert panel.width > 0 and panel.bottom <= size[1]
    for ref, sprite in table.sprites.items():
        assert not panel.colliderect(card_rect(table, sprite)), ref
    for widget in table.controls:
        assert not panel.colliderect(widget.rect), getattr(widget, "label", widget)


@pytest.mark.parametrize(
    ("game_id", "recap"),
    [
        ("nove", "That was one round of NOVE."),  # its round summary carries the recap
        ("banco", "That was Nove (banco)."),  # the hand limit ends it with no summary: its own
    ],
)
def test_the_end_carries_the_recap_and_nothing_is_counted(app, game_id, recap) -> None:
    table = learn(app, game_id)
    for frame in range(20_000):
        top = app.stack.top
        if isinstance(top, RecapSummaryScene):
            break
        if isinstance(top, RoundSummaryScene) and frame % 30 == 0:
            step(app, [ENTER])
            continue
        if top is table and table.controls and not table.animating and table.coach:
            taught = table.coach.taught_move()
            if taught is not None:
                table.act(taught)
            else:
                table.act(table.session.legal(0)[0])
        step(app)
    else:
        pytest.fail("the guided game did not reach its summary")
    assert top.recap.startswith(recap)
    app.draw()
    for _frame in range(600):  # "See the results" (keys may wait a moment), then game over
        if isinstance(app.stack.top, GameOverScene):
            break
        step(app, [ENTER] if app.stack.top is top else [])
    else:
        pytest.fail("no game over after the guided game's summary")
    stats, _problem = app.storage.load_statistics()
    assert stats == {}  # a guided game is not counted
    assert not app.storage.has_saved_game()


@pytest.mark.parametrize("game_id", game_ids())
def test_at_the_table_every_concept_comes_and_the_panel_stays_clear(app, game_id) -> None:
    """The guided game played at the real table (default settings: Kaël's good draws laid for
    you) with the taught moves and a Normal seat's choices: every step of the script shows, and
    at each one the panel covers no card and no control at 1024x640."""
    from nove_desktop.ai import decide

    app._resized(1024, 640)
    table = learn(app, game_id)
    coach = table.coach
    assert coach is not None
    checked: set[str] = set()
    for frame in range(30_000):
        top = app.stack.top
        if isinstance(top, RecapSummaryScene):
            break
        if isinstance(top, RoundSummaryScene):
            step(app, [ENTER] if frame % 30 == 0 else [])
            continue
        if (
            top is table
            and table.controls
            and not table.animating
            and 0 in (table.session.to_act())
        ):
            app.draw()
            current = coach.current
            if current is not None and current.id not in checked:
                checked.add(current.id)
                panel = table.coach_rect
                for ref, sprite in table.sprites.items():
                    assert not panel.colliderect(card_rect(table, sprite)), (current.id, ref)
                for widget in table.controls:
                    assert not panel.colliderect(widget.rect), (current.id, widget)
            taught = coach.taught_move()
            table.act(
                taught
                if taught is not None
                else decide(table.session.decision_request(0, "normal"))
            )
        step(app)
    else:
        pytest.fail("the guided game did not reach its end")
    script = script_for(game_id)
    assert script is not None
    assert [s for s in coach.shown if s in script.core_steps] == script.core_steps


@pytest.mark.parametrize("game_id", ["kael", "numx"])
def test_an_undo_in_a_guided_game_keeps_the_coach_and_its_steps(app, game_id) -> None:
    """Undo rebuilds the table: the rebuilt one is still the guided game, with the steps
    already shown (the coach does not start over nor vanish)."""
    from nove_desktop.ai import decide

    table = learn(app, game_id)
    session = table.session
    for _ in range(60):
        settle(app, table, 0)
        coach = table.coach
        assert coach is not None
        taught = coach.taught_move()
        table.act(taught if taught is not None else decide(session.decision_request(0, "normal")))
        settle(app, table, 0)
        step(app)
        if session.undo_refusal() is None:
            break
    else:
        pytest.fail("no move of the guided game could be taken back")
    shown = list(coach.shown)
    press(app, pygame.K_z, "\x1a", pygame.KMOD_LCTRL)
    rebuilt = table_of(app)
    assert rebuilt is not None and rebuilt is not table
    assert rebuilt.coach is not None and rebuilt.coach.shown[: len(shown)] == shown
