"""One description per game: everything the app knows of a game, in one ``GameSpec``.

``SPECS`` lists the games in the order New game shows them, and every per-game registry is
built from it: the rules registry (``games.default_registry``), the AI seats
(``ai.factory``), the search's round scale (``ai.search.rounds``), the hints' reasons
(``ai.explain``), the guided games (``tutorial.walk``), the tables (``ui.tables``), the card
faces (``ui.faces``), the New game page (``ui.scenes.choose_game``), the self-test
(``selftest``) and the screenshot tool (``tools/screenshots.py``). A sixth game is one more
entry here (docs/adding-a-game.md).

Layers: this module imports the engine and the games' rules only, so the engine's own layer
and the AI can read it without pygame. What lives in higher layers (tables, faces, seats,
hints, guided games, screenshot stages) is named by a ``"module:Name"`` string and imported
when asked for, by the typed methods below; ``tests/test_specs.py`` resolves every one.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .engine.errors import UnknownGameError
from .engine.game import Game
from .engine.text import N_
from .games.banco import BancoGame
from .games.kael import KaelGame
from .games.nove import NoveGame
from .games.nox import NoxGame
from .games.numx import NumxGame

if TYPE_CHECKING:
    # The UI's classes (TableScene, FaceSet) are not imported, even here: mypy would follow
    # them into the UI from the checked layers. The methods check the kind at run time.
    from .ai.base import Seat
    from .tutorial.core import Script

Stage = tuple[str, Callable[[Any], None]]
"""A screenshot stage: its name (starting with the game's id) and what sets the picture up."""


class SpecError(LookupError):
    """A game description names something that is missing or of the wrong kind."""


@dataclasses.dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything the app knows of one game.

    The ``str`` fields ending in a class or object name are ``"module:Name"`` references,
    resolved on demand (``table_class``, ``face_sets``, ``seat_class``, ``explainer``,
    ``tutorial_script``, ``screenshot_stages``) so that this description loads without pygame.
    """

    id: str
    """The game's id in saves, settings, replays and on the command line."""
    game: type[Game[Any, Any]]
    """The rules (engine contract), whose ``id`` is this one."""
    blurb: str
    """The line under the game's title on New game: an English msgid, translated when drawn."""
    table: str
    """The table scene (``nove_desktop.ui.tables.<id>:<Id>Table``)."""
    faces: tuple[str, ...]
    """The card face sets the table may use (banco has two decks)."""
    easy_seat: str
    """The Easy AI seat (the Normal heuristic with a beginner's slips)."""
    normal_seat: str
    """The Normal AI seat (the heuristic); Hard searches with it as its rollout policy."""
    hint_reason: str
    """The hints' reason in card terms: ``reason(observation, action, voice) -> str | None``."""
    tutorial: str | None
    """The guided first game's ``Script`` ("Learn to play"), or ``None``."""
    stages: str
    """The module of the game's screenshot stages (a ``STAGES`` list), under ``tools/``."""
    selftest_options: Mapping[str, object]
    """Options (as JSON) with which the self-test's AI-only game ends within seconds."""
    round_scale: float
    """The points a round's result is measured in by the search (``ai/search/rounds.py``): a
    result of one scale is worth about a third of a win."""

    def __post_init__(self) -> None:
        # Frozen through and through: a spec is shared by every registry.
        object.__setattr__(self, "selftest_options", MappingProxyType(dict(self.selftest_options)))

    # -- the parts in higher layers, imported when asked for ---------------------------------------
    def make_game(self) -> Game[Any, Any]:
        """The rules object the registry holds (games are stateless)."""
        return self.game()

    def table_class(self) -> type[Any]:
        """The table scene class (a ``TableScene`` whose ``game_id`` is this id)."""
        return _subclass(self.table, resolve("nove_desktop.ui.table.scene:TableScene"))

    def face_sets(self) -> tuple[type[Any], ...]:
        """The ``FaceSet`` classes of the game's decks."""
        face_set = resolve("nove_desktop.ui.faces.base:FaceSet")
        return tuple(_subclass(ref, face_set) for ref in self.faces)

    def seat_class(self, level: str) -> type[Seat]:
        """The AI seat class of ``level``: "easy" or "normal"."""
        from .ai.base import Seat

        refs = {"easy": self.easy_seat, "normal": self.normal_seat}
        if level not in refs:
            raise SpecError(f'no seat level "{level}" in a game description (easy, normal)')
        return _subclass(refs[level], Seat)

    def explainer(self) -> Callable[..., str | None]:
        """The hints' reason in card terms (``ai/explain/<id>.py``)."""
        found = resolve(self.hint_reason)
        if not callable(found):
            raise SpecError(f"{self.hint_reason} is not a function")
        return found

    def tutorial_script(self) -> Script | None:
        """The guided first game's script, or ``None`` for a game without one."""
        if self.tutorial is None:
            return None
        from .tutorial.core import Script

        found = resolve(self.tutorial)
        if not isinstance(found, Script):
            raise SpecError(f"{self.tutorial} is not a guided game's Script")
        return found

    def screenshot_stages(self) -> list[Stage]:
        """The stages of ``tools/stages/<id>.py`` (needs the source tree: ``tools`` is not
        installed with the app)."""
        found = resolve(self.stages + ":STAGES")
        if not isinstance(found, list):
            raise SpecError(f"{self.stages}.STAGES is not a list of stages")
        return found

    def app_modules(self) -> tuple[str, ...]:
        """The modules the app imports by name for this game (everything but the screenshot
        stages, which stay in the source tree): a frozen build must bundle them explicitly,
        since no ``import`` statement names them (``build.spec``'s hidden imports)."""
        refs = (self.table, *self.faces, self.easy_seat, self.normal_seat, self.hint_reason)
        if self.tutorial is not None:
            refs += (self.tutorial,)
        return tuple(dict.fromkeys(ref.partition(":")[0] for ref in refs))

    def rules_page(self, language: str | None = None) -> tuple[str, ...]:
        """The asset path of the rules page: ``rules/<id>.txt`` in English (``None``), else
        ``rules/<language>/<id>.txt``."""
        if language is None:
            return ("rules", f"{self.id}.txt")
        return ("rules", language, f"{self.id}.txt")


SPECS: tuple[GameSpec, ...] = (
    GameSpec(
        id="nove",
        game=NoveGame,
        blurb=N_("Reach 12 points: NOVE, 31, CAPO, pairs and sets"),
        table="nove_desktop.ui.tables.nove:NoveTable",
        faces=("nove_desktop.ui.faces.nove:NoveFaces",),
        easy_seat="nove_desktop.ai.easy.nove:NoveEasySeat",
        normal_seat="nove_desktop.ai.nove:NoveHeuristicSeat",
        hint_reason="nove_desktop.ai.explain.nove:reason",
        tutorial="nove_desktop.tutorial.nove:SCRIPT",
        stages="tools.stages.nove",
        selftest_options={"players": 4, "max_rounds": 60},
        round_scale=8.0,
    ),
    GameSpec(
        id="kael",
        game=KaelGame,
        blurb=N_("Keep your hand lowest, cut out of turn, call Kaël"),
        table="nove_desktop.ui.tables.kael:KaelTable",
        faces=("nove_desktop.ui.faces.kael:KaelFaces",),
        easy_seat="nove_desktop.ai.easy.kael:KaelEasySeat",
        normal_seat="nove_desktop.ai.kael:KaelHeuristicSeat",
        hint_reason="nove_desktop.ai.explain.kael:reason",
        tutorial="nove_desktop.tutorial.kael:SCRIPT",
        stages="tools.stages.kael",
        selftest_options={"players": 4, "max_rounds": 5},
        round_scale=40.0,
    ),
    GameSpec(
        id="nox",
        game=NoxGame,
        blurb=N_("Lay cards in anyone's kitty; equal numbers merge stacks"),
        table="nove_desktop.ui.tables.nox:NoxTable",
        faces=("nove_desktop.ui.faces.nox:NoxFaces",),
        easy_seat="nove_desktop.ai.easy.nox:NoxEasySeat",
        normal_seat="nove_desktop.ai.nox:NoxHeuristicSeat",
        hint_reason="nove_desktop.ai.explain.nox:reason",
        tutorial="nove_desktop.tutorial.nox:SCRIPT",
        stages="tools.stages.nox",
        selftest_options={"players": 4, "max_rounds": 3},
        round_scale=30.0,
    ),
    GameSpec(
        id="banco",
        game=BancoGame,
        blurb=N_("Bet against the bank: totals count modulo 10"),
        table="nove_desktop.ui.tables.banco:BancoTable",
        faces=(
            "nove_desktop.ui.faces.banco:ItalianFaces",
            "nove_desktop.ui.faces.banco:FrenchFaces",
        ),
        easy_seat="nove_desktop.ai.easy.banco:BancoEasySeat",
        normal_seat="nove_desktop.ai.banco:BancoHeuristicSeat",
        hint_reason="nove_desktop.ai.explain.banco:reason",
        tutorial="nove_desktop.tutorial.banco:SCRIPT",
        stages="tools.stages.banco",
        selftest_options={"players": 6, "max_hands": 12},
        round_scale=30.0,
    ),
    GameSpec(
        id="numx",
        game=NumxGame,
        blurb=N_("Climb with combinations, dodge malus cards, meet your objective"),
        table="nove_desktop.ui.tables.numx:NumxTable",
        faces=("nove_desktop.ui.faces.numx:NumxFaces",),
        easy_seat="nove_desktop.ai.easy.numx:NumxEasySeat",
        normal_seat="nove_desktop.ai.numx:NumxHeuristicSeat",
        hint_reason="nove_desktop.ai.explain.numx:reason",
        tutorial="nove_desktop.tutorial.numx:SCRIPT",
        stages="tools.stages.numx",
        selftest_options={"players": 4, "rounds": 2},
        round_scale=40.0,
    ),
)
"""Every game, in the order New game lists them."""


def game_ids() -> tuple[str, ...]:
    """Every game's id, in the order New game lists them."""
    return tuple(spec.id for spec in SPECS)


def spec_for(game_id: str) -> GameSpec:
    """The description of ``game_id``; ``UnknownGameError`` for a game the app does not have."""
    for spec in SPECS:
        if spec.id == game_id:
            return spec
    raise UnknownGameError(f'unknown game "{game_id}" (known games: {", ".join(game_ids())})')


@functools.cache
def resolve(ref: str) -> Any:
    """The object a ``"module:Name"`` reference names (the module itself without ``:Name``)."""
    module_name, _, name = ref.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise SpecError(f"{ref}: cannot import {module_name} ({exc})") from None
    if not name:
        return module
    try:
        return getattr(module, name)
    except AttributeError:
        raise SpecError(f"{ref}: {module_name} has no {name}") from None


def _subclass(ref: str, base: type[Any]) -> Any:
    found = resolve(ref)
    if not (isinstance(found, type) and issubclass(found, base)):
        raise SpecError(f"{ref} is not a {base.__name__}")
    return found
