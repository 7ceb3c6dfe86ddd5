"""The app in English, French, German and Italian: the language setting, the switch at once, the
system's language, a missing catalog, the rules pages, and catalogs that are complete."""

import gettext
import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest
from babel.messages.pofile import read_po

from nove_desktop import i18n
from nove_desktop.i18n import LANGUAGES, catalog_path
from nove_desktop.storage import Storage
from nove_desktop.ui.app import App
from nove_desktop.ui.scenes.rules import RulesScene, rules_file
from nove_desktop.ui.scenes.title import TitleScene
from tools.i18n import LOCALE, TEMPLATE, counts, po_files

FRAME = 1 / 60
OTHERS = ("fr", "de", "it")
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_0-9]*)(?:[:!][^}]*)?\}(?!\})")


def translated(language, message):
    """``message`` as the compiled catalog of ``language`` has it (read without the app)."""
    with catalog_path(language).open("rb") as handle:
        return gettext.GNUTranslations(handle).gettext(message)


def press(app, code):
    event = pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    app.step([event], FRAME)


def labels(scene):
    return [widget.label for widget in scene.focus.widgets if hasattr(widget, "label")]


def start(folder, language=""):
    storage = Storage(folder)
    if language is not None:
        settings, _problem = storage.load_settings()
        settings.language = language
        storage.save_settings(settings)
    app = App(storage=storage, size=(1024, 640))
    app.stack.push(TitleScene(app))
    return app


@pytest.mark.parametrize("language", OTHERS)
def test_a_chosen_language_is_used_from_the_start(tmp_path, language):
    app = start(tmp_path, language)
    new_game = translated(language, "New game")
    assert new_game != "New game"
    assert new_game in labels(app.stack.top)
    assert i18n.current_language() == language


def test_the_system_language_is_the_default(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "it_IT")
    app = start(tmp_path, "")
    assert translated("it", "New game") in labels(app.stack.top)
    monkeypatch.setenv("LANGUAGE", "pt_BR")
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    app = start(tmp_path, "")
    assert "New game" in labels(app.stack.top)


def test_settings_switch_the_language_at_once_and_keep_it(tmp_path):
    app = start(tmp_path, "en")
    title = app.stack.top
    app.scenes.push("settings")
    settings = app.stack.top
    settings.focus.index = settings.widgets.index(settings.language)
    choices = []
    for _step in range(4):  # English -> Français -> Deutsch -> Italiano -> System (wraps)
        press(app, pygame.K_RIGHT)
        choices.append(app.settings.language)
        app.draw()
    assert choices == ["fr", "de", "it", ""]
    press(app, pygame.K_LEFT)  # back to Italiano
    assert app.settings.language == "it"
    page = app.stack.top
    assert page is settings
    assert translated("it", "Back") in labels(page)
    assert page.focus.focused is page.language  # the focus stays on the row being changed
    assert page.focus.keyboard  # and its ring still shows
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is title
    assert translated("it", "New game") in labels(title)
    # Saved: the next start is in Italian too.
    assert Storage(tmp_path).load_settings()[0].language == "it"
    again = start(tmp_path, None)
    assert translated("it", "Settings") in labels(again.stack.top)


def test_a_missing_catalog_is_told_and_the_app_stays_in_english(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "locale_folder", lambda: tmp_path / "nowhere")
    app = start(tmp_path, "de")
    assert i18n.current_language() == "en"
    assert "New game" in labels(app.stack.top)
    assert any("Deutsch" in toast.text for toast in app.toasts)


@pytest.mark.parametrize("language", OTHERS)
def test_the_rules_pages_are_in_the_language(tmp_path, language):
    app = start(tmp_path, language)
    for game_id in app.registry.ids():
        assert rules_file(game_id, language).parent.name == language
        scene = RulesScene(app, game_id)
        first = rules_file(game_id, language).read_text(encoding="utf-8").splitlines()[0]
        english_first = rules_file(game_id, "en").read_text(encoding="utf-8").splitlines()[0]
        assert first != english_first
        assert scene.blocks


# -- the catalogs ---------------------------------------------------------------------------------


@pytest.mark.parametrize("language", OTHERS)
def test_the_catalog_is_complete(language):
    found = counts(po_files()[language], language)
    assert (found.fuzzy, found.untranslated) == (0, 0), found


def _catalog(language):
    with po_files()[language].open("rb") as handle:
        return read_po(handle, locale=language)


@pytest.mark.parametrize("language", OTHERS)
def test_translations_keep_every_placeholder(language):
    wrong = []
    for message in _catalog(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for text in strings:
            got = set(PLACEHOLDER.findall(text))
            if not got <= wanted or (len(ids) == 1 and got != wanted):
                wrong.append((ids[0], text))
    assert not wrong


def test_every_catalog_holds_every_message_of_the_template():
    with TEMPLATE.open("rb") as handle:
        template = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}
    for language in OTHERS:
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in _catalog(language) if m.id}
        assert template <= ids, sorted(template - ids)[:10]


def test_the_template_is_in_step_with_the_code(tmp_path):
    """A string marked in the code but missing from the template (extract not run) fails."""
    import tools.i18n as tool

    tool.extract(tmp_path / "fresh.pot")
    with (tmp_path / "fresh.pot").open("rb") as handle:
        fresh = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}
    with TEMPLATE.open("rb") as handle:
        kept = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}
    assert fresh == kept, sorted(fresh ^ kept)[:10]


def test_every_offered_language_has_a_catalog():
    assert set(po_files()) == set(LANGUAGES) - {"en"}
    assert LOCALE.is_dir()


@pytest.mark.parametrize("language", OTHERS)
def test_plural_forms_follow_the_language(language):
    """French counts 0 as singular ("0 carte"), German and Italian as plural."""
    i18n.set_language(language)
    forms = [i18n.ngettext("Deal {n} card", "Deal {n} cards", n) for n in (0, 1, 2)]
    assert forms[1] != forms[2]
    assert forms[0] == (forms[1] if language == "fr" else forms[2])
    assert "Deal" not in forms[2]
