"""Translations: every string a player can see goes through ``_`` (or ``ngettext``).

The active language is process-wide state on purpose: a string is looked up when it is drawn or
when a screen is built, so switching the language in Settings takes effect at once (the scenes
rebuild their widgets, ``App.set_language``) without a restart.

Catalogs are gettext files: the sources ``assets/locale/<lang>/LC_MESSAGES/nove.po`` are kept in
the repository, extracted and updated with Babel (``tools/i18n.py``); ``./dev.sh`` compiles them
to ``nove.mo`` beside them, ``pip install`` does too (into the wheel, or beside them for an
editable install: ``setup.py``), and the standalone builds carry them. English is the source
language and needs no catalog. The rules engine never imports this module: it marks its refusals
with ``nove_desktop.engine.text.N_`` and the UI translates them (``refusal_text``).
"""

from __future__ import annotations

import gettext as _gettext
import locale
import os
import re
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


def NP_(context: str, message: str) -> str:
    """Marks ``message`` for extraction with a context (looked up later with ``pgettext``)."""
    return message


def current_language() -> str:
    return _language


_GROUPING = {"en": ",", "fr": "\u202f", "de": ".", "it": "."}
"""The thousands separator of each language (French: a narrow no-break space)."""


def format_number(number: int, language: str | None = None) -> str:
    """A whole number with the thousands separator of ``language`` (the active one by default):
    2,000 in English, 2 000 in French, 2.000 in German and Italian. Numbers below 10,000 are
    grouped too, so that a column of numbers reads the same."""
    separator = _GROUPING.get(language or _language, ",")
    return f"{int(number):,}".replace(",", separator)


_DECIMAL_COMMA = {"fr", "de", "it"}


def format_signed(value: float, digits: int = 1, language: str | None = None) -> str:
    """A signed decimal in ``language``'s notation: +1.3 in English, +1,3 in French, German and
    Italian (the minus is the typographic one)."""
    text = f"{value:+.{digits}f}".replace("-", "\u2212")
    return text.replace(".", ",") if (language or _language) in _DECIMAL_COMMA else text


def locale_folder() -> Path:
    """Where the compiled catalogs are: ``assets/locale`` of the package (from source, from a
    wheel and inside the standalone builds alike, see :mod:`nove_desktop.resources`)."""
    from .resources import assets_root

    return assets_root() / "locale"


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


_PSEUDO_LETTERS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "\u00e1\u0180\u00e7\u00f0\u00e9\u0192\u011d\u0125\u00ee\u0135\u0137\u013c\u0271"
    "\u00f1\u00f6\u00fe\u01eb\u0155\u0161\u0163\u00fb\u1e7d\u0175\u1e8b\u00fd\u017e"
    "\u00c5\u0181\u00c7\u00d0\u00c9\u0191\u011c\u0124\u00ce\u0134\u0136\u013b\u1e3e"
    "\u00d1\u00d6\u00de\u01ea\u0154\u0160\u0162\u00db\u1e7c\u0174\u1e8a\u00dd\u017d",
)
_FIELDS = re.compile(r"(\{\{|\}\}|\{[^{}]*\}|\*\*|\n)")
"""What a pseudo-translation keeps as it is: format fields, escaped braces, bold markers and
line breaks."""


def pseudo(message: str, expand: bool = True) -> str:
    """``message`` in the expanded pseudo-language: every ASCII letter outside format fields
    turned into an accented look-alike (so that text on screen with a plain ASCII letter did not
    go through the catalog) and about 40 % longer, as translations often are (so that layouts are
    checked with long words)."""
    parts = _FIELDS.split(message)
    out = []
    letters = 0
    for i, part in enumerate(parts):
        if i % 2:
            out.append(part)
            continue
        out.append(part.translate(_PSEUDO_LETTERS))
        letters += sum(ch.isalpha() for ch in part)
    text = "".join(out)
    if expand:
        pad = (letters * 2 + 4) // 5
        text += "\u00b7" * pad if pad else ""
    return text


class PseudoTranslations(_gettext.NullTranslations):
    """A pseudo-language for tests: every translated string comes back bracketed, so that text on
    screen that is not bracketed did not go through the catalog. ``expanded`` also turns every
    letter into an accented look-alike and lengthens the string by about 40 % (:func:`pseudo`),
    for the coverage and layout checks."""

    OPEN = "\u27e6"
    CLOSE = "\u27e7"

    def __init__(self, expanded: bool = False) -> None:
        super().__init__()
        self.expanded = expanded

    def gettext(self, message: str) -> str:
        if self.expanded:
            message = pseudo(message)
        return f"{self.OPEN}{message}{self.CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)
