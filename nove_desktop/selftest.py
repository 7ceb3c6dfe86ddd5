"""``nove-desktop --selftest``: prove that an installed or bundled app works, headless.

It loads every asset, opens every scene, and plays one complete AI-only game at every game's
real table (NOVE's with animations on, the others with animations off; frames stepped as fast
as the machine allows), printing one line per table, then one summary line. Any failure prints
a clear reason and gives exit status 1. It never touches the user's data: everything is written
to a temporary folder.
"""

from __future__ import annotations

import functools
import os
import tempfile
import time
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported where used: run() sets SDL's drivers before pygame loads
    from .engine.game import Game
    from .session import SeatConfig
    from .ui.app import App
    from .ui.scene import Scene
    from .ui.scenes.title import TitleScene

FRAME = 1 / 60
MAX_FRAMES = 200_000


class SelfTestError(Exception):
    """A step of the self-test that did not work."""


def run() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    start = time.perf_counter()
    step = "starting"
    try:
        with tempfile.TemporaryDirectory(prefix="nove-desktop-selftest-") as folder:
            os.environ["NOVE_DESKTOP_DATA"] = folder
            step = "loading assets"
            assets = _check_assets()
            step = "opening the window"
            app = _make_app(folder)
            step = "loading every language"
            languages = _check_languages(app)
            print(f"languages: ok, {', '.join(languages)}", flush=True)
            step = "opening every scene"
            scenes = _open_scenes(app)
            from .ui.tables import table_classes

            tables = []
            for game_id in table_classes():
                step = f"playing a game at the {game_id} table"
                rounds, actions, _frames = _play_game(app, game_id)
                print(f"table {game_id}: ok, {rounds} rounds, {actions} actions", flush=True)
                tables.append(game_id)
            for game_id in table_classes():
                step = f"walking the guided game of {game_id}"
                shown = _walk_tutorial(app, game_id)
                print(f"tutorial {game_id}: ok, {shown} steps", flush=True)
            app.stack.clear_to(_title(app))
            import pygame

            pygame.quit()
    except Exception as exc:  # the self-test reports every failure as one line
        detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        print(f"selftest FAILED while {step}: {detail}")
        if os.environ.get("NOVE_DESKTOP_SELFTEST_TRACE"):
            traceback.print_exc()
        return 1
    seconds = time.perf_counter() - start
    print(
        f"selftest ok: {assets} assets, {scenes} scenes, {len(tables)} tables "
        f"({', '.join(tables)}), {len(tables)} guided games in {seconds:.1f} s"
    )
    return 0


def _check_assets() -> int:
    import pygame

    from .resources import asset_path
    from .specs import SPECS
    from .ui.sound import SoundBoard

    pygame.font.init()
    count = 0
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        font = pygame.font.Font(str(asset_path("fonts", name)), 24)
        for glyph in "\u2665\u2605\u2663\u2660\u00eb\u25c0\u25b6":
            metrics = font.metrics(glyph)
            if not metrics or metrics[0] is None:
                raise SelfTestError(f"the font {name} has no glyph for {glyph!r}")
        count += 1
    asset_path("fonts", "LICENSE-DejaVu.txt")
    count += 1
    # The licence texts the About panel lists: an install that lost one must not pass.
    from .licenses import bundled_components

    count += len(bundled_components())
    for spec in SPECS:
        game_id = spec.id
        text = asset_path(*spec.rules_page()).read_text(encoding="utf-8")
        if len(text) < 200:
            raise SelfTestError(f"the rules text of {game_id} looks empty")
        count += 1
    pygame.mixer.pre_init()
    board = SoundBoard(0.0, muted=False)
    board.preload()
    return count + 1


def _check_languages(app: App) -> list[str]:
    """Each language's catalog loads and translates, its rules pages are there, and the title
    and settings pages draw in it; the app ends in English."""
    from . import i18n
    from .ui.scenes.rules import rules_file

    checked = []
    for language in i18n.LANGUAGES:
        app.set_language(language)
        if language != i18n.SOURCE_LANGUAGE and i18n._("New game") == "New game":
            raise SelfTestError(f"the {language} catalog does not translate")
        for game_id in app.registry.ids():
            folder = "rules" if language == i18n.SOURCE_LANGUAGE else language
            if rules_file(game_id, language).parent.name != folder:
                raise SelfTestError(f"no {language} rules page for {game_id}")
        scene = _title(app)
        app.stack.clear_to(scene)
        app.scenes.push("settings")
        app.draw()
        checked.append(language)
    app.set_language(i18n.SOURCE_LANGUAGE)
    return checked


def _make_app(folder: str) -> App:
    from .storage import Storage
    from .ui.app import App

    app = App(storage=Storage(folder), size=(1280, 720))
    app.settings.animation_speed = "fast"
    app.settings.ai_pace = "instant"
    return app


def _title(app: App) -> TitleScene:
    from .ui.scenes.title import TitleScene

    return TitleScene(app)


def _open_scenes(app: App) -> int:
    from .session import SeatConfig
    from .ui.tables import table_classes

    names = ["A", "B", "C", "D"]
    makers: list[Callable[[], Scene]] = [
        lambda: app.scenes.make("title"),
        lambda: app.scenes.make("choose_game"),
        lambda: app.scenes.make("rules", game_id="nove", choose=True),
        lambda: app.scenes.make("settings"),
        lambda: app.scenes.make("statistics"),
        lambda: app.scenes.make("about"),
        lambda: app.scenes.make(
            "confirm", question="Question?", detail="Detail.", on_yes=lambda: None
        ),
        lambda: app.scenes.make("handoff", player="A", on_ready=lambda: None),
        lambda: app.scenes.make(
            "round_summary",
            title="Round 1",
            columns=["Player", "Total"],
            rows=[["A", "3"]],
            on_close=lambda: None,
        ),
        lambda: app.scenes.make(
            "game_over",
            names=names,
            scores=[12, 3, 4, 5],
            winners=[0],
            reason="score",
            rounds=5,
            on_again=lambda: None,
        ),
    ]
    for game_id in table_classes():
        game = app.registry.get(game_id)
        seats = [SeatConfig(n, "heuristic") for n in names[: max(game.min_players, 3)]]
        options = game.options_from_json({"players": len(seats)})
        makers.append(functools.partial(app.scenes.make, "setup", game_id=game_id))
        makers.append(functools.partial(_new_table, app, game, options, seats))
    for make in makers:
        scene = make()
        app.stack.clear_to(scene)
        for _ in range(3):
            app.step([], FRAME)
        if app.stack.top is not scene:
            raise SelfTestError(f"the {type(scene).__name__} did not stay open")
    app.stack.clear_to(_title(app))
    return len(makers)


def _new_table(app: App, game: Game[Any, Any], options: Any, seats: list[SeatConfig]) -> Scene:
    """A table of a new game (a new session each time it is made)."""
    from .session import GameSession

    return app.scenes.make("table", session=GameSession(game, options, 7, seats))


def _play_game(app: App, game_id: str) -> tuple[int, int, int]:
    import pygame

    from .session import GameSession, SeatConfig
    from .ui.scenes.summary import GameOverScene, RoundSummaryScene

    game = app.registry.get(game_id)
    # The first table plays with its animations on; the others with them off (every event
    # still goes through the real table's handlers), so the whole check stays short.
    app.settings.animation_speed = "fast" if game_id == "nove" else "off"
    from .specs import spec_for

    # Options that make the game end in a few seconds (a round cap where the game has no
    # natural end soon enough): part of the game's description.
    options = game.options_from_json(dict(spec_for(game_id).selftest_options))
    names = ("Ada", "Bruno", "Chiara", "Dario", "Elsa", "Fabio")[: options.players]
    session = GameSession(game, options, 2026, [SeatConfig(n, "heuristic") for n in names])
    app.stack.clear_to(_title(app))
    app.scenes.push("table", session=session)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    for frame in range(1, MAX_FRAMES + 1):
        top = app.stack.top
        if isinstance(top, GameOverScene):
            result = game.result(session.state)
            if not result.over:
                raise SelfTestError("the game-over screen opened before the game ended")
            return result.rounds, len(session.replay.actions), frame
        app.step([enter] if isinstance(top, RoundSummaryScene) else [], FRAME)
    raise SelfTestError(f"the {game.title} game did not end within {MAX_FRAMES} frames")


def _walk_tutorial(app: App, game_id: str) -> int:
    """Walk the game's guided first game to its end with the table's coach logic (the taught
    move at each taught step, after a wrong one was refused; a Normal seat's choice otherwise);
    the number of coach steps shown."""
    from .tutorial import script_for, walk

    script = script_for(game_id)
    if script is None:
        raise SelfTestError(f"{game_id} has no guided game")
    seen = walk(script, app.registry)
    if not seen.session.over:
        raise SelfTestError(f"the guided game of {game_id} did not end")
    missing = [step for step in script.core_steps if step not in seen.shown]
    if missing:
        raise SelfTestError(f"the guided game of {game_id} never showed {', '.join(missing)}")
    taught = [step.id for step in script.steps if step.accepts is not None]
    silent = [step for step in taught if step in seen.shown and not seen.refusals.get(step)]
    if silent:
        raise SelfTestError(f"a wrong move at {', '.join(silent)} was not refused")
    return len(seen.shown)
