"""Every string a player can see goes through the catalog, proved with a pseudo-language.

The expanded pseudo-language (``i18n.PseudoTranslations(expanded=True)``) brackets every
translated string with ⟦ ⟧, turns its letters into accented look-alikes and makes it ~40 % longer.
Every text handed to a font (``pygame.font.Font.render``: every choke point of the app ends there)
is recorded while every scene is shown and every table is played through headless at 1024x640.
A recorded text with a plain ASCII letter, or with letters and no bracket, did not go through the
catalog (a few deliberate exceptions are listed in ``ALLOWED``).

The same run checks the layouts (issue 23, item 4): every text fitted into a width (the table's
``fitted``, the buttons' labels) fits that width with the long pseudo-language.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import gettext
import re
from collections import defaultdict
from typing import Any

import pygame
import pytest
from table_helpers import (
    AI,
    NAMES,
    first_legal,
    game_over,
    make_app,
    open_table,
    press,
    reset,
    run_until,
    session_for,
    skip_disk_flush,
    step,
)

from nove_desktop import i18n
from nove_desktop.ai.search import budget as search_budget
from nove_desktop.games import default_registry
from nove_desktop.licenses import bundled_components, licence_folder
from nove_desktop.ui import widgets
from nove_desktop.ui.scenes import rules as rules_scene
from nove_desktop.ui.scenes.setup import DEFAULT_NAMES
from nove_desktop.ui.table import text as text_module
from nove_desktop.ui.table.scene import TableScene
from nove_desktop.ui.tables import table_classes

SIZE = (1024, 640)
QUICK_HINTS = {  # 120 simulations per hint at any seat count: quick tests
    game: dict.fromkeys(seats, 120) for game, seats in search_budget.HINT_ITERATIONS.items()
}
ASCII_LETTER = re.compile(r"[A-Za-z]")

# Text that is deliberately not in the catalog:
# - the players' names: typed by the players (the tests name the seats Ana, Ben...);
# - the games' own names: proper names, the same in every language (NOVE, NOX, Kaël, NUM-X,
#   Nove banco), as on the box;
# - the languages' own names in Settings ("Deutsch" must read "Deutsch" to a German speaker
#   whatever the app's language);
# - the app's name;
# - card ranks and letters printed on the faces (A, K, Q, J, B, C, X...): single letters, the
#   same in every language (see LETTER below).
# - the default names of the seats after the first ("Ada", "Bruno"...: first names; the first
#   seat's "You" is translated);
# - in About, the shipped components, their licences' names and the licence files: legal names
#   and paths, kept as the licence texts themselves are (in English).
ALLOWED_WORDS = sorted(
    {
        *NAMES,
        *(game.title for game in default_registry()),
        *i18n.LANGUAGES.values(),
        *(i18n.pseudo(game.title, expand=False) for game in default_registry()),  # in the rules
        "nove-desktop",
        "NOVE",
        *DEFAULT_NAMES[1:],
    },
    key=len,
    reverse=True,
)
PSEUDO_LETTERS = set(
    i18n.pseudo("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", expand=False)
)
LETTER = re.compile(r"(?<![A-Za-z])[A-Z](?![A-Za-z])")  # a lone capital: a rank or a key


ABOUT_DATA = {str(licence_folder())} | {
    text
    for component in bundled_components()
    for text in (component.name, component.licence, ", ".join(component.files), *component.files)
}


def untranslated(text: str) -> bool:
    """Whether ``text`` (as given to a font) has words that did not go through the catalog."""
    rest = text
    for word in ALLOWED_WORDS:
        rest = rest.replace(word, "")
    rest = LETTER.sub("", rest)
    if ASCII_LETTER.search(rest):
        return True
    # Letters that are not the pseudo-language's look-alikes ("ë" of an untranslated "Kaël")
    # must at least be inside a translated string.
    foreign = any(ch.isalpha() and ch not in PSEUDO_LETTERS for ch in rest)
    return foreign and i18n.PseudoTranslations.OPEN not in text


class Screen:
    """What was drawn: every text given to a font, by the scene on top when it was drawn."""

    def __init__(self) -> None:
        self.where = "start"
        self.texts: dict[str, set[str]] = defaultdict(set)
        self.overflows: dict[str, set[str]] = defaultdict(set)
        self.messages: set[str] = set()

    def offenders(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for where, texts in self.texts.items():
            exempt = ABOUT_DATA if where == "about" else set()
            bad = sorted(text for text in texts if text not in exempt and untranslated(text))
            if bad:
                found[where] = bad
        return found


class RecordingPseudo(i18n.PseudoTranslations):
    """The expanded pseudo-language, remembering every message asked for: a message that is
    not in the template (``_(some_variable)`` of a string never marked) reaches no translator."""

    def __init__(self, screen: Screen) -> None:
        super().__init__(expanded=True)
        self.screen = screen

    def gettext(self, message: str) -> str:
        self.screen.messages.add(message)
        return super().gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.screen.messages.add(msgid1)
        return super().ngettext(msgid1, msgid2, n)


@pytest.fixture(scope="module")
def screen():
    return Screen()


@pytest.fixture(scope="module")
def app(tmp_path_factory, screen):
    patch = pytest.MonkeyPatch()
    original = pygame.font.Font

    class RecordingFont(original):  # type: ignore[misc, valid-type]  # the Font class in use
        def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
            if text:
                screen.texts[screen.where].add(str(text))
            return super().render(text, *args, **kwargs)

    patch.setattr(pygame.font, "Font", RecordingFont)
    # Layouts: a text fitted into a width (the table's fitted text) or a button's label must fit.
    fit = text_module._fit

    def checked_fit(app: Any, text: str, max_width: int, *args: Any) -> pygame.Surface:
        image = fit(app, text, max_width, *args)
        if image.get_width() > max_width:
            screen.overflows[screen.where].add(
                f"{text!r}: {image.get_width()} px in {max_width} px"
            )
        return image

    patch.setattr(text_module, "_fit", checked_fit)
    label = widgets._label

    def checked_label(fonts: Any, text: str, rect: pygame.Rect, ink: Any) -> pygame.Surface:
        image = label(fonts, text, rect, ink)
        room = rect.width - max(12, rect.height // 3)  # the label's room inside the button
        if image.get_width() > room or image.get_height() > rect.height:
            screen.overflows[screen.where].add(
                f"{text!r}: {image.get_size()} px on a {rect.size} button"
            )
        return image

    patch.setattr(widgets, "_label", checked_label)
    patch.setattr(search_budget, "HINT_ITERATIONS", QUICK_HINTS)
    # The rules are whole documents translated as files (rules/<language>/<game>.txt), not
    # through the catalog: the pseudo-language's rules are the English ones made pseudo.
    english_rules = rules_scene._read_rules
    patch.setattr(
        rules_scene, "_read_rules", lambda app, game_id: i18n.pseudo(english_rules(app, game_id))
    )
    application = make_app(tmp_path_factory.mktemp("i18n"), size=SIZE)
    # The app starts in the settings' language; then the pseudo-language, as a switch does.
    i18n.install(RecordingPseudo(screen), "en")
    application.art.clear()
    reset(application)
    yield application
    i18n.install(gettext.NullTranslations(), i18n.SOURCE_LANGUAGE)
    patch.undo()
    pygame.quit()


@pytest.fixture(autouse=True)
def pseudo_language(app, screen):
    """The recording pseudo-language for each test (the suite resets English after every test)."""
    i18n.install(RecordingPseudo(screen), "en")


def report(screen: Screen) -> None:
    found = screen.offenders()
    dump = os.environ.get("I18N_COVERAGE_DUMP")
    if dump:
        with open(dump, "a", encoding="utf-8") as out:
            for where, texts in found.items():
                out.write(f"== {where}\n" + "".join(f"   {t!r}\n" for t in texts))
    screen.texts.clear()
    assert not found, "\n".join(f"{where}: {texts}" for where, texts in found.items())


def show(app, screen: Screen, where: str, frames: int = 3) -> None:
    screen.where = where
    step(app, frames=frames)


def visit(app, screen: Screen, where: str, name: str, **options: Any) -> None:
    """Open scene ``name`` over the stack, show it for a few frames, close it."""
    screen.where = where
    app.scenes.push(name, **options)
    show(app, screen, where)
    app.stack.pop()


def test_menu_scenes(app, screen):
    show(app, screen, "title")
    visit(app, screen, "choose_game", "choose_game")
    for game_id in table_classes():
        visit(app, screen, f"setup {game_id}", "setup", game_id=game_id)
        visit(app, screen, f"rules {game_id}", "rules", game_id=game_id, choose=True)
    for name in ("settings", "statistics", "about"):
        visit(app, screen, name, name)
    screen.where = "quit dialog"
    app.stack.top.ask_quit()
    show(app, screen, "quit dialog")
    app.stack.pop()
    if os.environ.get("I18N_COVERAGE_ALL"):
        for where, texts in screen.texts.items():
            print("WHERE", where, len(texts), sorted(texts)[:10])
    report(screen)


def extras(app, screen: Screen, table: TableScene, game_id: str) -> None:
    """Once per table, at a human's first decision: a refused move (another human seat tries to
    move out of turn), a hint, the move log, the game's own HUD panels (history), the rules and
    the leave dialog."""
    session = table.session
    seat = next(s for s in session.to_act() if session.is_human(s))
    other = next(s for s in range(len(session.seats)) if session.is_human(s) and s != seat)
    screen.where = f"table {game_id} refusal"
    app.toasts.clear()
    assert not table.act(session.legal(seat)[0], other)
    assert app.toasts and app.toasts[-1].error
    show(app, screen, screen.where)
    screen.where = f"table {game_id} hint"
    table.viewer = seat if table.viewer is None else table.viewer
    step(
        app,
        [
            pygame.event.Event(
                pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?", scancode=0
            )
        ],
    )
    for _ in range(3000):
        if not table.advisor.thinking:
            break
        step(app)
    show(app, screen, screen.where)
    screen.where = f"table {game_id} log"
    press(app, pygame.K_l)
    show(app, screen, screen.where)
    press(app, pygame.K_l)
    for button in table.extra_hud_buttons():
        screen.where = f"table {game_id} {button.label}"
        button.on_click()
        show(app, screen, screen.where)
        app.stack.pop()
    screen.where = f"table {game_id} rules"
    table.open_rules()
    show(app, screen, screen.where)
    app.stack.pop()
    screen.where = f"table {game_id} leave"
    table.ask_leave()
    show(app, screen, screen.where)
    app.stack.pop()
    screen.where = f"table {game_id}"


@pytest.mark.parametrize("game_id", sorted(table_classes()))
def test_tables(app, screen, game_id, monkeypatch):
    """Each table played to its end by two humans (pass-and-play: hand-offs) and an AI seat."""
    skip_disk_flush(monkeypatch)
    screen.texts.clear()
    session = session_for(app, game_id, ["human", "human", AI], seed=3)
    open_table(app, session)
    screen.where = f"table {game_id}"
    done: list[bool] = []
    decisions: list[bool] = []

    def human(app, table: TableScene) -> None:
        if not done and table.moment is None:
            done.append(True)
            extras(app, screen, table, game_id)
            return
        screen.where = f"table {game_id} {getattr(app.stack.top, 'name', '')}"
        decisions.append(True)
        if len(decisions) % 10 == 0:  # the move log as the game goes on: every event's words
            screen.where = f"table {game_id} log"
            press(app, pygame.K_l)
            step(app, frames=2)
            press(app, pygame.K_l)
            screen.where = f"table {game_id}"
        first_legal(app, table)

    run_until(app, game_over, limit=60_000, human=human)
    show(app, screen, f"game over {game_id}")
    if os.environ.get("I18N_COVERAGE_ALL"):
        for where, texts in screen.texts.items():
            print("WHERE", where, len(texts), sorted(texts)[:10])
    report(screen)


def test_layouts_hold(screen):
    """Run last: with the expanded pseudo-language at 1024x640, no fitted text or button label
    seen by the tests above was wider (or taller) than its room."""
    found = {where: sorted(texts) for where, texts in screen.overflows.items() if texts}
    dump = os.environ.get("I18N_COVERAGE_DUMP")
    if dump:
        with open(dump, "a", encoding="utf-8") as out:
            for where, texts in found.items():
                out.write(f"== overflow {where}\n" + "".join(f"   {t}\n" for t in texts))
    assert not found, "\n".join(f"{where}: {texts}" for where, texts in found.items())


def test_every_message_asked_for_is_in_the_template(screen):
    """Run after the scenes and tables: every message they translated is in
    ``assets/locale/nove.pot`` (python -m tools.i18n extract), so translators see it."""
    from babel.messages.pofile import read_po

    from tools.i18n import TEMPLATE

    with TEMPLATE.open("rb") as handle:
        catalog = read_po(handle)
    known = {
        text for m in catalog if m.id for text in (m.id if isinstance(m.id, tuple) else (m.id,))
    }
    assert screen.messages, "nothing was translated"
    missing = sorted(screen.messages - known)
    assert not missing, missing
