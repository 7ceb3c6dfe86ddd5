"""Translations: every string a player can see goes through ``_`` (or ``ngettext``).

The active language is process-wide state on purpose: a string is looked up when it is drawn,
so switching the language in Settings takes effect on the next frame without a restart.
Catalogs are gettext ``.mo`` files under ``assets/locale/<lang>/LC_MESSAGES/nove.mo``; with none
installed every string stays in English.
"""

from __future__ import annotations

import gettext as _gettext

DOMAIN = "nove"
LANGUAGES: dict[str, str] = {"en": "English"}
"""Language code -> its own name, in the order Settings lists them."""

_current: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


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


def install(translations: _gettext.NullTranslations, language: str) -> None:
    """Make ``translations`` the active catalog (used by the loader and by tests)."""
    global _current, _language
    _current = translations
    _language = language
