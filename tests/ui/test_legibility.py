"""Every text legible at the smallest window (1024x640): no text under 11 px, in every scene,
at every table (the largest tables included) and in every language.

One frame of each screen is drawn (animations off, AI instant) while a recorder notes the pixel
size of every text rendered (tests/ui/legibility.py).
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest
from legibility import READABLE, install, watch_screen
from table_helpers import AI, QUICK_OPTIONS, make_app, open_table, run_until, settle, step

from nove_desktop import i18n
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.ui.scenes.setup import SetupScene

SIZE = (1024, 640)
LANGUAGES = ("en", "fr", "de", "it")
SEATS = {"nove": 6, "banco": 12, "nox": 6, "kael": 6, "numx": 6}
NAMES = [
    "You",
    "Ada",
    "Bruno",
    "Chiara",
    "Dario",
    "Elsa",
    "Fabio",
    "Gina",
    "Hugo",
    "Ines",
    "Jonas",
    "Kim",
]


def report(recorder):
    small = recorder.small()
    return sorted({f"{d.pixels:.1f}px {d.where}: {d.text[:60]!r}" for d in small})


def draw(app, recorder):
    watch_screen(app, recorder)
    step(app)
    app.draw()


@pytest.mark.parametrize("language", LANGUAGES)
def test_menu_scenes_are_legible(tmp_path, monkeypatch, language):
    recorder = install(monkeypatch)
    app = make_app(tmp_path, size=SIZE)
    app.set_language(language)
    draw(app, recorder)
    handoff = {"player": "Chiara", "on_ready": lambda: None}
    for name, options in [
        ("choose_game", {}),
        ("settings", {}),
        ("statistics", {}),
        ("about", {}),
        ("handoff", handoff),
    ]:
        app.scenes.push(name, **options)
        draw(app, recorder)
        app.stack.pop()
    for game_id, seats in SEATS.items():
        app.scenes.push("setup", game_id=game_id)
        setup = app.stack.top
        assert isinstance(setup, SetupScene)
        setup.count.set_value(seats)
        setup._count_changed(seats)
        draw(app, recorder)
        app.stack.pop()
        app.scenes.push("rules", game_id=game_id)
        draw(app, recorder)
        app.stack.pop()
    check(recorder)


def open_largest(tmp_path, recorder, game_id, language):
    app = make_app(tmp_path, size=SIZE)
    app.set_language(language)
    game = app.registry.get(game_id)
    players = SEATS[game_id]
    options = game.options_from_json({"players": players, **QUICK_OPTIONS[game_id]})
    seats = [
        SeatConfig(i18n._("You") if i == 0 else NAMES[i], "human" if i == 0 else AI)
        for i in range(players)
    ]
    table = open_table(app, GameSession(game, options, 5, seats))
    settle(app, table, 0)
    return app, table


def check(recorder):
    window = pygame.display.get_surface()
    assert window is not None and window.get_size() == SIZE
    assert recorder.drawn, "the recorder saw no text: it is not watching"
    problems = report(recorder) + sorted({f"outside the window: {o}" for o in recorder.outside})
    if problems:
        pytest.fail(
            f"{len(problems)} texts under {READABLE} px or off the window:\n" + "\n".join(problems)
        )


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_tables_are_legible(tmp_path, monkeypatch, game_id, language):
    """The table at its largest seat count, waiting for the viewer, with and without the log."""
    recorder = install(monkeypatch)
    app, table = open_largest(tmp_path, recorder, game_id, language)
    draw(app, recorder)
    table.toggle_log()
    draw(app, recorder)
    check(recorder)


# Playing to the end is the slow part: each game ends once, the four languages shared out.
ENDINGS = [
    ("nove", "fr"),
    ("banco", "de"),
    ("nox", "it"),
    ("kael", "en"),
    ("numx", "de"),
    ("numx", "fr"),
]


@pytest.mark.parametrize(("game_id", "language"), ENDINGS)
def test_summaries_and_game_over_are_legible(tmp_path, monkeypatch, game_id, language):
    recorder = install(monkeypatch)
    app, _table = open_largest(tmp_path, recorder, game_id, language)
    run_until(app, lambda a: getattr(a.stack.top, "name", "") in ("round_summary", "game_over"))
    draw(app, recorder)
    run_until(app, lambda a: getattr(a.stack.top, "name", "") == "game_over")
    draw(app, recorder)
    check(recorder)
