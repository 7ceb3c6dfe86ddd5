"""One description per game (``nove_desktop/specs.py``): every spec complete, every registry
built from the one list.

``problems(spec)`` lists what is missing or wrong in one description, checking each part
against what it must be independently of the spec's own typed methods' checks (the class a
reference names, its game id, a move a seat makes on a fresh game, a file on disk...). It is
shown to find planted mistakes (``test_a_broken_description_is_found``), so a pass means
something.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from nove_desktop import i18n
from nove_desktop.ai.base import Seat
from nove_desktop.ai.explain import explainer_for
from nove_desktop.ai.factory import heuristic_games, make_seat
from nove_desktop.engine.events import EventCodec
from nove_desktop.engine.game import Game
from nove_desktop.games import default_registry
from nove_desktop.specs import SPECS, GameSpec, SpecError, game_ids, spec_for
from nove_desktop.tutorial import scripts
from nove_desktop.tutorial.core import Script
from nove_desktop.ui.faces import DECK_IDS
from nove_desktop.ui.faces.base import FaceSet
from nove_desktop.ui.scenes.choose_game import blurb
from nove_desktop.ui.scenes.rules import rules_file
from nove_desktop.ui.table.scene import TableScene
from nove_desktop.ui.tables import table_classes

REPO = Path(__file__).resolve().parents[1]
ASSETS = REPO / "assets"
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
SPEC_FIELDS = {f.name for f in dataclasses.fields(GameSpec)}


def load(ref: str) -> object:
    """What a ``"module:Name"`` reference names, imported here (not through the spec)."""
    module, _, name = ref.partition(":")
    found = importlib.import_module(module)
    return getattr(found, name) if name else found


def face_set(ref: str) -> type[FaceSet]:
    """The face set a spec's ``faces`` reference names (checked to be one)."""
    found = load(ref)
    assert isinstance(found, type) and issubclass(found, FaceSet), ref
    return found


def catalog(language: str) -> dict[str, str]:
    path = ASSETS / "locale" / language / "LC_MESSAGES" / "nove.po"
    with path.open("rb") as handle:
        return {str(m.id): str(m.string) for m in read_po(handle) if m.id}


def screenshot_stages() -> list[str]:
    sys.path.insert(0, str(REPO))
    from tools.screenshots import all_stages

    return [name for name, _stage in all_stages()]


def class_deck(table: type[TableScene]) -> str | None:
    """The deck a table class names (``None``: chosen per game, as banco's two decks are)."""
    for cls in table.__mro__[: table.__mro__.index(TableScene)]:
        if "deck" in vars(cls):
            return str(vars(cls)["deck"])
    return None


def seat_problem(spec: GameSpec, level: str, ref: str) -> str | None:
    """A seat that cannot be made or does not choose a legal move at the start of a game."""
    try:
        cls = load(ref)
    except (ImportError, AttributeError) as exc:
        return f"{level} seat {ref}: {exc}"
    if not (isinstance(cls, type) and issubclass(cls, Seat)):
        return f"{level} seat {ref} is not a Seat"
    game = spec.game()
    state, _events = game.new_game(game.default_options(), 11)
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    try:
        choice = cls(5).choose(game.observe(state, seat), legal, 0)
    except Exception as exc:  # a seat of another game may fail in any way: that is the finding
        return f"{level} seat {ref} failed: {type(exc).__name__}: {exc}"
    if choice not in legal:
        return f"{level} seat {ref} chose {choice!r}, not a legal move"
    return None


def problems(spec: GameSpec) -> list[str]:
    """What is missing or wrong in ``spec`` (empty: complete)."""
    found: list[str] = []
    empty = [name for name in sorted(SPEC_FIELDS) if getattr(spec, name) in ("", (), {})]
    found += [f"{name} is empty" for name in empty]
    if not (isinstance(spec.game, type) and issubclass(spec.game, Game)):
        return [*found, f"game {spec.game!r} is not a Game"]
    if spec.game.id != spec.id:
        found.append(f"game {spec.game.__name__} has the id {spec.game.id!r}")
    if not isinstance(getattr(spec.game, "events", None), EventCodec):
        found.append(f"game {spec.game.__name__} lists no event classes (its events codec)")
    try:
        table = load(spec.table)
    except (ImportError, AttributeError) as exc:
        table = None
        found.append(f"table {spec.table}: {exc}")
    if table is not None and not (isinstance(table, type) and issubclass(table, TableScene)):
        found.append(f"table {spec.table} is not a TableScene")
        table = None
    elif table is not None and table.game_id != spec.id:
        found.append(f"table {spec.table} is the table of {table.game_id!r}")
    decks = []
    for ref in spec.faces:
        faces = load(ref)
        if isinstance(faces, type) and issubclass(faces, FaceSet):
            decks.append(faces.deck_id)
        else:
            found.append(f"faces {ref} is not a FaceSet")
    if table is not None and class_deck(table) not in (None, *decks):
        found.append(f"the table's deck {class_deck(table)!r} is not in {decks}")
    for level, ref in (("easy", spec.easy_seat), ("normal", spec.normal_seat)):
        problem = seat_problem(spec, level, ref)
        if problem:
            found.append(problem)
    if spec.easy_seat == spec.normal_seat:
        found.append("Easy and Normal are the same seat")
    if not callable(load(spec.hint_reason)):
        found.append(f"hint reason {spec.hint_reason} is not a function")
    if spec.tutorial is not None:
        script = load(spec.tutorial)
        if not isinstance(script, Script) or script.game_id != spec.id:
            found.append(f"tutorial {spec.tutorial} is not {spec.id}'s Script")
    stages = load(spec.stages + ":STAGES")
    if not isinstance(stages, list) or not stages:
        found.append(f"stages {spec.stages} has no STAGES")
    else:
        names = [name for name, _stage in stages]
        wrong = [name for name in names if not name.startswith(spec.id)]
        if wrong:
            found.append(f"stages {', '.join(wrong)} are not named after {spec.id}")
        unknown = set(names) - set(screenshot_stages())
        if unknown:
            found.append(f"the screenshot tool does not know {', '.join(sorted(unknown))}")
    try:
        options = spec.game().options_from_json(dict(spec.selftest_options))
    except Exception as exc:  # any refusal of the options is the finding
        found.append(f"self-test options refused: {exc}")
    else:
        if not spec.game.min_players <= options.players <= spec.game.max_players:
            found.append("self-test options: a player count the game does not allow")
    for language in (None, *TRANSLATED):
        page = ASSETS.joinpath(*spec.rules_page(language))
        if not page.is_file() or page.stat().st_size < 200:
            found.append(f"no rules page {page.relative_to(REPO)}")
    for language in TRANSLATED:
        if not catalog(language).get(spec.blurb):
            found.append(f"the blurb is not translated in {language}")
    if not spec.round_scale > 0:
        found.append(f"round scale {spec.round_scale} is not positive")
    return found


# -- every description is complete ----------------------------------------------------------------
@pytest.mark.parametrize("spec", SPECS, ids=[spec.id for spec in SPECS])
def test_every_game_description_is_complete(spec: GameSpec) -> None:
    assert problems(spec) == []


def test_a_broken_description_is_found() -> None:
    """The check finds what a slip in one entry would break (planted mistakes)."""
    nove, kael = spec_for("nove"), spec_for("kael")
    replace = dataclasses.replace
    plants = [  # (the planted description, what the check must say)
        (replace(nove, table=kael.table), "is the table of 'kael'"),
        (replace(nove, table=nove.normal_seat), "is not a TableScene"),
        (
            replace(nove, easy_seat="nove_desktop.ai.easy.nove:Nope"),
            "easy seat nove_desktop.ai.easy.nove:Nope",
        ),
        (
            replace(nove, normal_seat=kael.normal_seat),
            "normal seat nove_desktop.ai.kael:KaelHeuristicSeat",
        ),
        (replace(nove, game=kael.game), "has the id 'kael'"),
        (replace(nove, id="sixth"), "no rules page assets/rules/fr/sixth.txt"),
        (replace(nove, stages="tools.stages.menus"), "are not named after nove"),
        (replace(nove, selftest_options={"players": 99}), "self-test options refused"),
        (replace(nove, blurb=""), "blurb is empty"),
        (replace(nove, blurb="Play a sixth game"), "not translated in fr"),
        (replace(nove, faces=kael.faces), "the table's deck 'nove' is not in ['kael']"),
        (replace(nove, tutorial=kael.tutorial), "is not nove's Script"),
        (replace(nove, round_scale=0.0), "round scale 0.0 is not positive"),
    ]
    missed = [
        (spec, expected)
        for spec, expected in plants
        if not any(expected in problem for problem in problems(spec))
    ]
    assert missed == []


def test_the_ids_are_unique_and_each_deck_belongs_to_one_game() -> None:
    assert len(set(game_ids())) == len(SPECS)
    decks = [face_set(ref).deck_id for spec in SPECS for ref in spec.faces]
    assert len(set(decks)) == len(decks)


# -- every registry comes from the one list -------------------------------------------------------
def test_every_registry_lists_the_games_in_the_order_of_the_descriptions() -> None:
    ids = list(game_ids())
    assert list(default_registry().ids()) == ids
    assert list(table_classes()) == ids
    assert list(heuristic_games()) == ids
    assert list(scripts()) == [spec.id for spec in SPECS if spec.tutorial is not None]
    assert list(DECK_IDS) == [face_set(r).deck_id for s in SPECS for r in s.faces]
    shot = [name.partition("-")[0] for name in screenshot_stages()]
    assert list(dict.fromkeys(game for game in shot if game in ids)) == ids


def test_the_registries_hand_out_what_the_descriptions_name() -> None:
    for spec in SPECS:
        assert table_classes()[spec.id] is load(spec.table)
        assert type(make_seat("easy", spec.id, 1)) is load(spec.easy_seat)
        assert type(make_seat("normal", spec.id, 1)) is load(spec.normal_seat)
        assert explainer_for(spec.id) is load(spec.hint_reason)
        assert blurb(spec.id) == spec.blurb
        for language in i18n.LANGUAGES:
            page = spec.rules_page(None if language == i18n.SOURCE_LANGUAGE else language)
            assert rules_file(spec.id, language).resolve() == ASSETS.joinpath(*page)


def test_the_frozen_build_bundles_every_module_a_description_names() -> None:
    """PyInstaller finds modules by their import statements; the descriptions name theirs in
    strings, so ``build.spec`` lists them as hidden imports (``GameSpec.app_modules``)."""
    for spec in SPECS:
        refs = [spec.table, *spec.faces, spec.easy_seat, spec.normal_seat, spec.hint_reason]
        refs += [spec.tutorial] if spec.tutorial else []
        assert set(spec.app_modules()) == {ref.partition(":")[0] for ref in refs}
    build = (REPO / "build.spec").read_text(encoding="utf-8")
    assert "hiddenimports=[module for spec in SPECS for module in spec.app_modules()]" in build


def test_the_spec_methods_refuse_a_reference_of_the_wrong_kind() -> None:
    nove = spec_for("nove")
    with pytest.raises(SpecError, match="is not a TableScene"):
        dataclasses.replace(nove, table=nove.normal_seat).table_class()
    with pytest.raises(SpecError, match="has no Nope"):
        dataclasses.replace(nove, easy_seat="nove_desktop.ai.easy.nove:Nope").seat_class("easy")
    with pytest.raises(SpecError, match="cannot import"):
        dataclasses.replace(nove, stages="tools.stages.nowhere").screenshot_stages()


def test_a_description_is_frozen() -> None:
    nove = spec_for("nove")
    with pytest.raises(dataclasses.FrozenInstanceError):
        nove.blurb = "changed"  # type: ignore[misc]  # frozen: must raise
    with pytest.raises(TypeError):
        nove.selftest_options["players"] = 2  # type: ignore[index]  # read-only: must raise


def test_the_descriptions_load_without_pygame_the_ai_or_the_ui() -> None:
    """The engine's layer and the AI read the descriptions: importing them pulls in nothing of
    the layers above (the tables, faces, seats... are imported when asked for)."""
    import subprocess

    code = (
        "import sys\n"
        "import nove_desktop.specs\n"
        "up = ('pygame', 'ai', 'nove_desktop.ui', 'nove_desktop.tutorial', 'tools')\n"
        "below = tuple(u + '.' for u in up)\n"
        "bad = sorted(m for m in sys.modules if m in up or m.startswith(below))\n"
        "assert not bad, bad\n"
        "print('ok')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=str(REPO),
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "ok\n"
