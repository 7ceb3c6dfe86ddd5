"""The translation helpers (nove_desktop/i18n.py): the system's language, switching, plurals,
numbers and the pseudo-language of the coverage test."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from nove_desktop import i18n


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANGUAGE": "it:fr", "LANG": "de_DE.UTF-8"}, "it"),
        ({"LANGUAGE": "pt_BR:fr_CA", "LANG": "de_DE.UTF-8"}, "fr"),  # first offered in the list
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LC_MESSAGES": "it_IT@euro", "LANG": "en_GB.UTF-8"}, "it"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # the first set locale wins
        ({"LANGUAGE": "C", "LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "German_Germany.1252"}, "de"),  # Windows names
        ({"LANG": "French_France"}, "fr"),
        ({"LANG": "Italian"}, "it"),
        ({"LANG": "ja_JP.UTF-8"}, "en"),  # not offered: English
        ({"LANG": "xx"}, "en"),
        ({}, "en"),
    ],
)
def test_system_language(environ, expected):
    assert i18n.system_language(environ) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("fr_CA.UTF-8", "fr"),
        ("de", "de"),
        ("it-IT", "it"),
        ("Italian_Italy", "it"),
        ("english", "en"),
        ("EN_us", "en"),
        ("es_ES", None),
        ("", None),
        (None, None),
    ],
)
def test_language_of(name, expected):
    assert i18n.language_of(name) == expected


def test_set_language_with_a_missing_catalog_stays_english_and_says_so(tmp_path: Path):
    i18n.install(i18n.PseudoTranslations(), "it")
    with pytest.raises(i18n.CatalogMissing):
        i18n.set_language("de", folder=tmp_path)
    assert i18n.current_language() == "en"
    assert i18n._("New game") == "New game"


def test_set_language_of_an_unknown_code_follows_the_system(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "C")
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.set_language(i18n.SYSTEM, folder=tmp_path) == "en"


def test_load_refuses_a_language_the_app_does_not_offer():
    with pytest.raises(ValueError, match="unknown language"):
        i18n.load("xx")


def _catalog(tmp_path: Path, language: str, plural: str, entries: dict) -> None:
    """A compiled catalog written with Babel (as tools/i18n.py does)."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale=language)
    for msgid, msgstr in entries.items():
        catalog.add(msgid, msgstr)
    folder = tmp_path / language / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "nove.mo").open("wb") as handle:
        write_mo(handle, catalog)


def test_plural_forms_follow_the_catalog(tmp_path: Path):
    _catalog(
        tmp_path,
        "de",
        "",
        {
            ("{n} card", "{n} cards"): ("{n} Karte", "{n} Karten"),
            "New game": "Neues Spiel",
        },
    )
    assert i18n.set_language("de", folder=tmp_path) == "de"
    assert i18n._("New game") == "Neues Spiel"
    assert i18n.ngettext("{n} card", "{n} cards", 0) == "{n} Karten"
    assert i18n.ngettext("{n} card", "{n} cards", 1) == "{n} Karte"
    assert i18n.ngettext("{n} card", "{n} cards", 2) == "{n} Karten"
    assert i18n.ngettext("{n} cat", "{n} cats", 1) == "{n} cat"  # not in the catalog: English
    assert i18n.ngettext("{n} cat", "{n} cats", 5) == "{n} cats"
    i18n.install(gettext.NullTranslations(), "en")
    assert i18n.ngettext("{n} card", "{n} cards", 0) == "{n} cards"
    assert i18n.ngettext("{n} card", "{n} cards", 1) == "{n} card"


def test_three_plural_forms(tmp_path: Path):
    """Babel's French has three forms (0 and 1; millions; the rest): the index comes from the
    catalog's own Plural-Forms."""
    _catalog(
        tmp_path,
        "fr",
        "",
        {
            ("{n} card", "{n} cards"): ("{n} carte", "{n} de cartes", "{n} cartes"),
        },
    )
    i18n.set_language("fr", folder=tmp_path)
    assert i18n.ngettext("{n} card", "{n} cards", 0) == "{n} carte"
    assert i18n.ngettext("{n} card", "{n} cards", 1) == "{n} carte"
    assert i18n.ngettext("{n} card", "{n} cards", 2) == "{n} cartes"
    assert i18n.ngettext("{n} card", "{n} cards", 2_000_000) == "{n} de cartes"


@pytest.mark.parametrize(
    ("language", "number", "expected"),
    [
        ("en", 2000, "2,000"),
        ("fr", 2000, "2\u202f000"),
        ("de", 2000, "2.000"),
        ("it", 1234567, "1.234.567"),
        ("en", 999, "999"),
        ("de", -12000, "-12.000"),
        ("en", 0, "0"),
    ],
)
def test_format_number(language, number, expected):
    assert i18n.format_number(number, language) == expected


def test_format_number_follows_the_active_language():
    i18n.install(gettext.NullTranslations(), "de")
    assert i18n.format_number(2000) == "2.000"


def test_pseudo_keeps_fields_and_lengthens():
    text = i18n.pseudo("Deal {count} cards to **{name}**")
    assert "{count}" in text and "{name}" in text and "**" in text
    assert not any(
        "a" <= ch.lower() <= "z" for ch in text.replace("{count}", "").replace("{name}", "")
    )
    assert text.count("\u00b7") == 5  # 40 % of the 11 letters outside the fields, rounded up
    assert text.format(count=3, name="Ana").startswith("\u00d0\u00e9\u00e1\u013c 3")


def test_pseudo_translations_bracket_every_string():
    i18n.install(i18n.PseudoTranslations(), "en")
    assert i18n._("Menu") == "\u27e6Menu\u27e7"
    assert i18n.ngettext("{n} card", "{n} cards", 1) == "\u27e6{n} card\u27e7"
    assert i18n.pgettext("verb", "Deal") == "\u27e6Deal\u27e7"
    i18n.install(i18n.PseudoTranslations(expanded=True), "en")
    shown = i18n._("Menu")
    assert shown.startswith("\u27e6\u1e3e") and shown.endswith("\u27e7")


def test_signed_decimals_follow_the_language():
    from nove_desktop.i18n import format_signed

    assert format_signed(1.3, language="en") == "+1.3"
    assert format_signed(1.3, language="fr") == "+1,3"
    assert format_signed(-0.4, language="de") == "\u22120,4"
    assert format_signed(-2.0, language="it") == "\u22122,0"
