"""Sentences about the viewer's own seat are in the second person, in every language.

The mechanism (nove_desktop/ui/people.py) marks the viewer's name; formatting it into a
template raises a ThirdPersonWarning, turned into an error here over a seeded game of every
table in every language. Independently of that mechanism, the viewer gets a name no other text
contains, and no line of the log, status or banners may begin with it or use its possessive.
"""

import os
import re
import warnings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest
from table_helpers import AI, QUICK_OPTIONS, make_app, open_table, run_until

from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.ui.people import ThirdPersonWarning, said, with_viewer
from nove_desktop.ui.table.scene import TableScene

VIEWER = "Zuzanna"  # a name that no message of the app contains
GAMES = {"nove": 3, "banco": 4, "nox": 3, "kael": 3, "numx": 4}
LANGUAGES = ("en", "fr", "de", "it")


def test_said_picks_the_person():
    names = with_viewer(["Me", "Ada"], 0)
    assert said(names[0], "You deal", "{name} deals") == "You deal"
    assert said(names[1], "You deal", "{name} deals") == "Ada deals"
    with pytest.raises(ThirdPersonWarning), warnings.catch_warnings():
        warnings.simplefilter("error", ThirdPersonWarning)
        f"{names[0]} deals"


class Recorder:
    """Every line a table showed: its log, its status lines and its banners."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def watch(self, table: TableScene) -> None:
        original_banner = table.banner

        def banner(text, *args, **kwargs):
            self.lines.append(str(text))
            return original_banner(text, *args, **kwargs)

        table.banner = banner  # type: ignore[method-assign]  # watched: wrapped in place


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_sentence_about_the_viewer_is_in_the_third_person(tmp_path, game_id, language):
    app = make_app(tmp_path, size=(1024, 640))
    app.set_language(language)
    game = app.registry.get(game_id)
    players = GAMES[game_id]
    options = game.options_from_json({"players": players, **QUICK_OPTIONS[game_id]})
    seats = [SeatConfig(VIEWER, "human")] + [SeatConfig(f"Bot{i}", AI) for i in range(1, players)]
    session = GameSession(game, options, 11, seats)
    recorder = Recorder()
    statuses: list[str] = []
    summaries: list[str] = []
    with warnings.catch_warnings():
        warnings.simplefilter("error", ThirdPersonWarning)
        table = open_table(app, session)
        recorder.watch(table)

        def done(a):
            statuses.append(table.status)
            top = a.stack.top
            for attr in ("title", "subtitle", "note", "headline"):
                value = getattr(top, attr, None)
                if isinstance(value, str):
                    summaries.append(value)
            return getattr(top, "name", "") == "game_over"

        run_until(app, done, limit=60_000)
    lines = [*table.log, *recorder.lines, *statuses, *summaries]
    subject = re.compile(rf"(^|[.!—]\s*){VIEWER}\b|{VIEWER}'s")
    bad = sorted({line for line in lines if subject.search(line)})
    assert not bad, bad
