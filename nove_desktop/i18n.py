"""Translations: every string a player can see goes through ``_`` (or ``ngettext``).

The active language is process-wide state on purpose: a string is looked up when it is drawn or
when a screen is built, so switching the language in Settings takes effect at once (the scenes
rebuild their widgets, ``App.set_language``) without a restart.

Catalogs are gettext files: the sources ``assets/locale/<lang>/LC_MESSAGES/nove.po`` are kept in
the repository, extracted and updated with Babel (``tools/i18n.py``); the setup compiles them to
``nove.mo`` beside them and the standalone builds carry those. English is the source language and
needs no catalog. The rules engine never imports this module: it marks its refusals with
``nove_desktop.engine.text.N_`` and the UI translates them (``refusal_text``).
"""

from __future__ import annotations

import gettext as _gettext
import locale
import os
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "nove"
SOURCE_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "fr": "Français",
    "de": "Deutsch",
    "it": "Italiano",
}
"""Language code -> its own name, in the order Settings lists them."""

SYSTEM = ""
"""The ``language`` setting that follows the system's language."""

_WINDOWS_NAMES = {"english": "en", "french": "fr", "german": "de", "italian": "it"}

_current: _gettext.NullTranslations = _gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def _(message: str) -> str:
    """``message`` in the active language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count`` in the active language."""
    return _current.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language, told apart from equal English text by ``context``."""
    return _current.pgettext(context, message)


def N_(message: str) -> str:
    """Marks a string for extraction without translating it now (tables of labels)."""
    return message


def current_language() -> str:
    return _language


def locale_folder() -> Path:
    """Where the catalogs are: ``assets/locale`` from source and inside the builds."""
    from .resources import _assets_root

    return _assets_root() / "locale"


def catalog_path(language: str, folder: Path | None = None) -> Path:
    return (folder or locale_folder()) / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


class CatalogMissing(LookupError):
    """A language whose compiled catalog is not installed (the setup compiles them)."""


def load(language: str, folder: Path | None = None) -> _gettext.NullTranslations:
    """The compiled catalog of ``language`` (English needs none). Raises :class:`CatalogMissing`
    when it is not there and :class:`ValueError` for a language the app does not offer."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    if language == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    path = catalog_path(language, folder)
    try:
        with path.open("rb") as handle:
            return _gettext.GNUTranslations(handle)
    except OSError as exc:
        raise CatalogMissing(f"no compiled catalog for {language!r} at {path}") from exc


def install(translations: _gettext.NullTranslations, language: str) -> None:
    """Make ``translations`` the active catalog (used by :func:`set_language` and by tests).
    The app rebuilds its screens after a switch (``App.set_language``)."""
    global _current, _language
    _current = translations
    _language = language


def set_language(language: str, folder: Path | None = None) -> str:
    """Switch to ``language`` (a code of :data:`LANGUAGES`, or :data:`SYSTEM`); returns the
    language now active. A missing catalog leaves the app in English and raises
    :class:`CatalogMissing` after switching, so that the caller can tell the player."""
    wanted = resolve(language)
    try:
        translations = load(wanted, folder)
    except CatalogMissing:
        install(_gettext.NullTranslations(), SOURCE_LANGUAGE)
        raise
    install(translations, wanted)
    return wanted


def resolve(setting: str) -> str:
    """The language a ``language`` setting means: itself, or the system's for :data:`SYSTEM`."""
    return setting if setting in LANGUAGES else system_language()


def language_of(name: str | None) -> str | None:
    """The offered language a locale name names (``fr_CA.UTF-8``, ``de``, ``Italian_Italy``),
    or None."""
    if not name:
        return None
    head = name.replace("-", "_").split(".")[0].split("@")[0]
    code = head.split("_")[0].lower()
    if code in LANGUAGES:
        return code
    return _WINDOWS_NAMES.get(code)


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language when it is one the app offers, English otherwise. The gettext
    variables come first (``LANGUAGE`` may list several, best first), then the locale."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if not value:
            continue
        for part in value.split(":"):
            if part in ("C", "POSIX") or part.startswith(("C.", "POSIX.")):
                continue
            code = language_of(part)
            if code:
                return code
        if variable != "LANGUAGE":
            break  # the first set variable of the locale wins, as in the C library
    if environ is None:
        try:
            found = locale.getlocale()[0]
        except ValueError:
            found = None
        code = language_of(found)
        if code:
            return code
    return SOURCE_LANGUAGE


class PseudoTranslations(_gettext.NullTranslations):
    """A pseudo-language for tests: every translated string comes back bracketed, so that text on
    screen that is not bracketed did not go through the catalog."""

    OPEN = "\u27e6"
    CLOSE = "\u27e7"

    def gettext(self, message: str) -> str:
        return f"{self.OPEN}{message}{self.CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)
