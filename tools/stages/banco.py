"""Screenshot stages of the Nove banco table (issue 20): 6 and 12 seats, the bet slider capped
with its reason, a settlement in progress and the bank passing.

Each stage finds its position by playing seeded games (``nove_desktop.scenarios``), opens the
table on it as Continue would, and steps frames to the moment to photograph. A stage takes the
app, or the screenshot tool's helper that carries it as ``.app``. Run alone::

    python tools/stages/banco.py --out /tmp/banco-shots --sizes 1280x720,1920x1080

(headless with SDL_VIDEODRIVER=dummy, or in a real window under Xvfb).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nove_desktop.i18n import _ as translated

FRAME = 1 / 60
HUMAN = 0


def _ai_kind() -> str:
    from nove_desktop.ai import SEAT_KINDS

    return "normal" if "normal" in SEAT_KINDS else "heuristic"


def _find(app: Any, players: int, wanted: Callable[[Any], bool], **options: Any) -> Any:
    from nove_desktop import scenarios
    from nove_desktop.session import SeatConfig

    game = app.registry.get("banco")
    names = [
        translated("You"),
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
    seats = [SeatConfig(names[i], "human" if i == HUMAN else _ai_kind()) for i in range(players)]
    return scenarios.find(
        game, game.options_from_json({"players": players, **options}), seats, wanted
    )


def _app(shot: Any) -> Any:
    """The app, from the screenshot tool's helper or given as it is."""
    return getattr(shot, "app", shot)


def _open(app: Any, session: Any) -> Any:
    app.settings.animation_speed = "normal"
    app.settings.ai_pace = "normal"
    app.scenes.clear_to("title")
    return app.scenes.push("table", session=session, resumed=True)


def _step_until(app: Any, done: Callable[[], bool], limit: int = 3000) -> None:
    for _ in range(limit):
        if done():
            return
        app.step([], FRAME)
    raise RuntimeError("the stage never reached its moment")


def _settled(app: Any, table: Any) -> None:
    """Until the human's decision is on screen and every lift and flip has ended."""
    _step_until(app, lambda: bool(table.controls) and not table.animating)
    for _ in range(30):
        app.step([], FRAME)


def _human_to(phase: str, hand: int = 2) -> Callable[[Any], bool]:
    def wanted(session: Any) -> bool:
        state = session.state
        return session.decider() == HUMAN and state.phase == phase and state.hand_number >= hand

    return wanted


# -- the stages ----------------------------------------------------------------------------------
def six_seats(shot: Any) -> None:
    """Six seats, the player's turn to draw in the second hand."""
    app = _app(shot)
    table = _open(app, _find(app, 6, _human_to("DRAW")))
    _settled(app, table)


def twelve_seats(shot: Any) -> None:
    """Twelve seats (the 56-card deck), the player's turn to draw."""
    app = _app(shot)
    table = _open(app, _find(app, 12, _human_to("DRAW")))
    _settled(app, table)


def bet_capped(shot: Any) -> None:
    """The bet slider capped by the bank's coverage, with its reason."""
    app = _app(shot)

    def wanted(session: Any) -> bool:
        if session.decider() != HUMAN or session.state.phase != "BET":
            return False
        return session.observe(HUMAN).bet_cap == "bank"

    table = _open(app, _find(app, 6, wanted, starting_chips=20))
    _settled(app, table)


def settlement(shot: Any) -> None:
    """The player holds the bank and stands: the hole cards turn up and the chips slide."""
    app = _app(shot)
    from nove_desktop.games.banco.actions import STAND
    from nove_desktop.ui.table.effects import TokenFlight

    session = _find(app, 6, _human_to("BANKER_DRAW", hand=1))
    table = _open(app, session)
    _settled(app, table)
    table.act(STAND)
    _step_until(
        app,
        lambda: (
            len(table.outcomes) >= 2
            and any(
                isinstance(task, TokenFlight) and 0.35 <= task.progress <= 0.6
                for task in table.tasks
            )
        ),
    )


def bank_passing(shot: Any) -> None:
    """The last hand of a term ends: the deck and the BANCO plaque slide to the next banker."""
    app = _app(shot)

    def wanted(session: Any) -> bool:
        state = session.state
        if state.phase != "BANKER_DRAW" or state.banker == HUMAN:
            return False
        following = (state.banker + 1) % state.players
        last = state.hands_in_term == state.options.hands_per_bank - 1
        return last and state.banks_held[following] == 0 and not state.eliminated[following]

    table = _open(app, _find(app, 6, wanted))
    _step_until(
        app, lambda: table.bank_slide is not None and 0.45 <= table.bank_slide[2].progress <= 0.6
    )


STAGES: list[tuple[str, Callable[[Any], None]]] = [
    ("banco-6-seats", six_seats),
    ("banco-12-seats", twelve_seats),
    ("banco-bet-capped", bet_capped),
    ("banco-settlement", settlement),
    ("banco-bank-passing", bank_passing),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("banco-shots"))
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    args = parser.parse_args()
    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root))
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import tempfile

    import pygame

    from nove_desktop.storage import Storage
    from nove_desktop.ui.app import App

    args.out.mkdir(parents=True, exist_ok=True)
    for size_text in args.sizes.split(","):
        width, height = (int(v) for v in size_text.split("x"))
        with tempfile.TemporaryDirectory(prefix="banco-stages-") as folder:
            app = App(storage=Storage(folder), size=(width, height))
            for name, stage in STAGES:
                stage(app)
                path = args.out / f"{name}-{width}x{height}.png"
                pygame.image.save(app.screen, str(path))
                print(path, flush=True)
        pygame.quit()


if __name__ == "__main__":
    main()
