"""A crash (SIGKILL) while the last round's summary or the game over is shown loses nothing:
after a restart the title offers the results, Continue shows the last summary again and then
the game over, and the game is counted in the statistics exactly once (never twice, also when
the process died after counting it).

A child process plays a short game with one human seat at the real table (headless), autosaving
as the table does, and kills itself when the chosen screen opens: the moment is chosen, never
waited for. The expected counts are written out here (one game, its own human player), not taken
from the code under test.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from table_helpers import ENTER, NAMES, make_app, reset, run_until, step, table_of

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import os, signal, sys
sys.path.insert(0, os.path.join(sys.argv[4], "tests", "ui"))
from pathlib import Path
from table_helpers import AI, make_app, open_table, run_until, session_for

game_id, moment, root = sys.argv[1:4]
app = make_app(Path(root))
kinds = ["human", AI, AI]
session = session_for(app, game_id, kinds, seed=11)
open_table(app, session)

def there(app):
    top = app.stack.top
    name = getattr(top, "name", "")
    if moment == "summary":
        return name == "round_summary" and top.button.label == "See the results"
    return name == "game_over"

def confirm_but_the_last(app):  # run_until confirms every summary: stop before the last one
    return there(app)

run_until(app, confirm_but_the_last, limit=300_000)
app.step([], 1 / 60)  # one frame drawn: the screen is up
os.kill(os.getpid(), signal.SIGKILL)
"""


def crash(tmp_path: Path, game_id: str, moment: str) -> Path:
    data = tmp_path / "data"
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "LANGUAGE": "en",
    }
    child = subprocess.run(
        [sys.executable, "-c", CHILD, game_id, moment, str(data), str(ROOT)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr[-3000:]
    return data


def counted(data: Path, game_id: str) -> tuple[int, int]:
    """(games played by everybody, games played by the human) as the file says, read as
    plain JSON."""
    path = data / "statistics.json"
    if not path.exists():
        return (0, 0)
    entry = json.loads(path.read_text(encoding="utf-8"))["games"].get(game_id)
    if entry is None:
        return (0, 0)
    return (entry["played"], entry.get("players", {}).get(NAMES[0], {}).get("played", 0))


@pytest.fixture(scope="module")
def apps():
    made = []

    def build(root):
        app = make_app(root)
        made.append(app)
        return app

    yield build
    for app in made:
        reset(app)
    pygame.quit()


@pytest.mark.parametrize("game_id", ["nox", "kael"])
@pytest.mark.parametrize(("moment", "before"), [("summary", (0, 0)), ("game_over", (1, 1))])
def test_a_crash_during_the_results_resumes_them_and_counts_the_game_once(
    tmp_path, apps, game_id, moment, before
):
    data = crash(tmp_path, game_id, moment)
    assert counted(data, game_id) == before  # the summary comes before counting, the end after
    app = apps(data)  # a restart on the same data folder
    step(app)
    title = app.stack.top
    assert title.continue_button.enabled, "the finished game is offered again"
    assert title.continue_button.label.startswith("See the results")
    step(app, [ENTER])
    table = table_of(app)
    assert table is not None
    summaries = []

    def done(app):
        top = app.stack.top
        if getattr(top, "name", "") == "round_summary" and top not in summaries:
            summaries.append(top)
        return getattr(top, "name", "") == "game_over"

    run_until(app, done, limit=20_000)
    assert summaries and summaries[-1].button.label == "See the results"
    assert table.session.over
    assert counted(data, game_id) == (1, 1)
    over = app.stack.top
    step(app, frames=70)  # the game over's guard
    over.to_title()
    step(app)
    assert not app.stack.top.continue_button.enabled  # the results were seen: nothing to resume
    assert counted(data, game_id) == (1, 1)
