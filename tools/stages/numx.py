"""Screenshot stages of the NUM-X table (issue 21): mid-trick with a selection taken from the
hand and a malus area and its Play label, a Facteur X window, the claim picker, a Swipe target
picker, and the round summary with objectives.

Each stage finds its position with ``nove_desktop.scenarios`` (seeded games played by stand-in
seats until a predicate holds), opens the real table on it and drives it with real input events
(clicks, keys), then lets the animations settle. ``STAGES`` is what ``tools/screenshots.py``
runs; this file also runs alone under the dummy video driver::

    python tools/stages/numx.py [--out DIR] [--sizes 1280x720,1024x640,1920x1080] [--players 4]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nove_desktop.i18n import _ as translated

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FRAME = 1 / 60
NAMES = ["You", "Ben", "Cleo", "Dan", "Eve", "Finn"]
PLAYERS = 4


def _session(
    app: Any, wanted: Callable[[Any], bool], players: int = PLAYERS, seeds: range = range(1, 400)
) -> Any:
    from nove_desktop import scenarios
    from nove_desktop.session import GameSession, SeatConfig

    game = app.registry.get("numx")
    names = [translated("You"), *NAMES[1:]]  # the player's name in their language
    seats = [SeatConfig(names[i], "human" if i == 0 else "heuristic") for i in range(players)]
    found = scenarios.find(
        game, game.options_from_json({"players": players}), seats, wanted, seeds=seeds
    )
    return GameSession.from_save(found.to_save(), app.registry)


def _open(app: Any, session: Any) -> Any:
    app.settings.animation_speed = "normal"
    app.settings.ai_pace = "normal"
    app.settings.window_seconds = 10.0
    table = app.scenes.push("table", session=session, resumed=True)
    settle(app, 90)
    return table


def settle(app: Any, frames: int = 40) -> None:
    for _ in range(frames):
        app.step([], FRAME)


def click_card(app: Any, table: Any, card: str) -> None:
    """A real mouse click on the visible strip of a card (its top left corner)."""
    import pygame

    from nove_desktop.ui.table import paint

    rect = paint.card_rect(table, table.sprites[card])
    pos = (rect.x + max(4, rect.width // 10), rect.y + rect.height // 5)
    app.step(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
        ],
        FRAME,
    )


def press(app: Any, key: int) -> None:
    import pygame

    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)], FRAME)


# -- positions -------------------------------------------------------------------------------------
def mixed_play(session: Any) -> Any:
    """A legal play of the human seat that takes cards from its hand and from a malus area."""
    from nove_desktop.games.numx.actions import Play

    state = session.state
    hand = set(state.hands[0])
    for action in session.legal(0):
        if isinstance(action, Play) and len(action.cards) >= 2 and action.joker_value is None:
            mine = [c for c in action.cards if c in hand]
            if mine and len(mine) < len(action.cards):
                return action
    return None


def turn_with_mixed_play(session: Any) -> bool:
    from nove_desktop.games.numx.state import Phase

    state = session.state
    return (
        state.phase == Phase.TURN
        and session.to_act() == (0,)
        and state.trick_count > 0
        and mixed_play(session) is not None
    )


def window_with_claim(session: Any) -> bool:
    from nove_desktop.games.numx.actions import Claim
    from nove_desktop.games.numx.state import Phase

    state = session.state
    return (
        state.phase == Phase.FX_WINDOW
        and 0 in session.to_act()
        and len(state.trick) >= 2
        and any(isinstance(a, Claim) for a in session.legal(0))
    )


def turn_with_swipe(session: Any) -> bool:
    from nove_desktop.games.numx.actions import AddSpecial
    from nove_desktop.games.numx.state import Phase

    state = session.state
    return (
        state.phase == Phase.TURN
        and session.to_act() == (0,)
        and state.trick_count > 0
        and any(isinstance(a, AddSpecial) and a.card.startswith("SW") for a in session.legal(0))
    )


def round_scored(session: Any) -> bool:
    state = session.state
    return (
        state.last_round is not None
        and state.round_no == 2
        and not state.trick
        and (any(s["met"] for s in state.last_round["seats"]))
    )


# -- stages ----------------------------------------------------------------------------------------
def selection(app: Any) -> None:
    session = _session(app, turn_with_mixed_play)
    play = mixed_play(session)
    table = _open(app, session)
    for card in play.cards:
        click_card(app, table, card)
        settle(app, 8)
    settle(app, 30)


def window(app: Any) -> None:
    session = _session(app, window_with_claim)
    _open(app, session)
    settle(app, 20)


def claim_picker(app: Any) -> None:
    import pygame

    session = _session(app, window_with_claim)
    table = _open(app, session)
    settle(app, 10)
    press(app, pygame.K_f)
    press(app, pygame.K_TAB)
    settle(app, 20)
    del table


def swipe_picker(app: Any) -> None:
    import pygame

    session = _session(app, turn_with_swipe)
    table = _open(app, session)
    press(app, pygame.K_s)
    settle(app, 20)
    del table


def summary(app: Any) -> None:
    """The round summary with objectives: the last action of round 1 is replayed at the table."""
    from nove_desktop.session import GameSession

    session = _session(app, round_scored)
    data = session.to_save()
    data["replay"]["actions"] = data["replay"]["actions"][:-1]
    before = GameSession.from_save(data, app.registry)
    seat, last = session.replay.actions[-1]
    table = _open(app, before)
    table.apply(seat, before.game.actions.from_json(last))
    for _ in range(3000):
        if getattr(app.stack.top, "name", "") == "round_summary":
            break
        app.step([], FRAME)
    settle(app, 30)


STAGES: list[tuple[str, Callable[[Any], None]]] = [
    ("numx-selection", selection),
    ("numx-window", window),
    ("numx-claim", claim_picker),
    ("numx-swipe", swipe_picker),
    ("numx-summary", summary),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from nove_desktop.storage import Storage
    from nove_desktop.ui.app import App

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for size_text in args.sizes.split(","):
        width, height = (int(v) for v in size_text.split("x"))
        size = (width, height)
        app = App(storage=Storage(tempfile.mkdtemp()), size=size)
        for name, stage in STAGES:
            if args.only and args.only not in name:
                continue
            app.stack.clear_to(app.scenes.make("title"))
            stage(app)
            path = out / f"{name}-{size[0]}x{size[1]}.png"
            pygame.image.save(app.screen, str(path))
            print(path, flush=True)
        pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
