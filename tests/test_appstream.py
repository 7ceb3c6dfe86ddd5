"""The menu entry and the AppStream metainfo: translated from the app's catalogs, complete and
valid, and the scalable icon. Expected translations are read from the .po files with Babel,
independently of the msgfmt that merges them."""

from __future__ import annotations

import re
import shutil
import struct
import tomllib
import xml.etree.ElementTree as ET
from datetime import date
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from nove_desktop.version import APP_ID, HOMEPAGE
from tools.release import checks
from tools.release.appstream import (
    DESKTOP_TEMPLATE,
    METAINFO_TEMPLATE,
    check_newest_release,
    filled,
    write_desktop_file,
    write_metainfo,
)
from tools.release.layout import ReleaseError

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("fr", "de", "it")
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
needs_msgfmt = pytest.mark.skipif(
    shutil.which("msgfmt") is None, reason="msgfmt missing (./dev.sh installs gettext as root)"
)
needs_appstreamcli = pytest.mark.skipif(
    shutil.which("appstreamcli") is None,
    reason="appstreamcli missing (./dev.sh installs appstream as root)",
)


def catalog(language: str) -> dict[str, str]:
    """msgid -> msgstr of a language's nove.po."""
    with (ROOT / "assets/locale" / language / "LC_MESSAGES/nove.po").open("rb") as handle:
        return {str(m.id): str(m.string) for m in read_po(handle) if m.id and m.string}


def plain(text: str | None) -> str:
    """Text with its runs of white space made single spaces, as gettext's XML mode reads it."""
    return " ".join((text or "").split())


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt missing (./dev.sh installs gettext as root)")
    folder = tmp_path_factory.mktemp("appstream")
    return {"desktop": write_desktop_file(folder), "metainfo": write_metainfo(folder)}


def desktop_keys(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]" and not any(line.startswith("[") for line in lines[1:])
    return dict(line.split("=", 1) for line in lines[1:] if "=" in line)


@needs_msgfmt
def test_the_menu_entry_is_in_french_german_and_italian(built):
    keys = desktop_keys(built["desktop"])
    for language in LANGUAGES:
        translations = catalog(language)
        for key in ("Name", "GenericName", "Comment", "Keywords"):
            assert keys[f"{key}[{language}]"] == translations[keys[key]], (language, key)
        assert keys[f"Comment[{language}]"] != keys["Comment"]
        assert keys[f"GenericName[{language}]"] != keys["GenericName"]
    assert keys["Icon"] == keys["StartupWMClass"] == APP_ID
    assert built["desktop"].name == f"{APP_ID}.desktop"


def translated_groups(parent: ET.Element) -> list[tuple[ET.Element, dict[str, str]]]:
    """Each child without xml:lang, with the texts of the translated copies that follow it."""
    groups: list[tuple[ET.Element, dict[str, str]]] = []
    for child in parent:
        language = child.get(XML_LANG)
        if language is None:
            groups.append((child, {}))
        else:
            assert groups and groups[-1][0].tag == child.tag, f"a stray {child.tag}"
            groups[-1][1][language] = plain(child.text)
    return groups


@needs_msgfmt
def test_the_metainfo_texts_are_in_french_german_and_italian(built):
    component = ET.parse(built["metainfo"]).getroot()
    parents = [
        component,
        component.find("description"),
        component.find("description/ul"),
        component.find("keywords"),
        *component.findall("screenshots/screenshot"),
    ]
    checked = []
    for parent in parents:
        assert parent is not None
        for element, translations in translated_groups(parent):
            if element.tag not in ("summary", "p", "li", "keyword", "caption"):
                assert not translations, element.tag
                continue
            if element.get("translate") == "no":  # the games' names
                assert not translations, element.text
                continue
            english = plain(element.text)
            for language in LANGUAGES:
                assert translations.get(language) == catalog(language)[english], english
                assert translations[language] != english
            checked.append(element.tag)
    assert checked.count("summary") == 1
    assert checked.count("p") >= 2 and checked.count("li") >= 3
    assert checked.count("caption") == len(component.findall("screenshots/screenshot"))


def source_metainfo() -> ET.Element:
    return ET.fromstring(filled(METAINFO_TEMPLATE))


def test_the_newest_release_is_pyprojects_version():
    with (ROOT / "pyproject.toml").open("rb") as handle:
        version = tomllib.load(handle)["project"]["version"]
    releases = source_metainfo().findall("releases/release")
    assert releases[0].get("version") == version
    dates = [date.fromisoformat(str(release.get("date"))) for release in releases]
    assert dates == sorted(dates, reverse=True)  # newest first, as AppStream reads them


def test_a_version_the_metainfo_does_not_list_first_is_refused():
    with pytest.raises(ReleaseError, match=re.escape('add <release version="99.1"')):
        check_newest_release("99.1")


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def test_the_screenshots_are_the_repositorys_under_the_home_page():
    screenshots = source_metainfo().findall("screenshots/screenshot")
    assert len(screenshots) >= 3
    assert [shot.get("type") for shot in screenshots].count("default") == 1
    for shot in screenshots:
        assert plain(shot.findtext("caption"))
        image = shot.find("image")
        assert image is not None and image.text
        prefix = f"{HOMEPAGE}/screenshots/"
        assert image.text.startswith(prefix)
        path = ROOT / "docs/screenshots" / image.text.removeprefix(prefix)
        assert path.is_file(), path
        assert png_size(path) == (int(str(image.get("width"))), int(str(image.get("height"))))


def test_the_metainfo_names_the_app_and_rates_its_content():
    component = source_metainfo()
    assert component.get("type") == "desktop-application"
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == f"{APP_ID}.desktop"
    assert component.findtext("provides/binary") == "nove-desktop"
    assert component.findtext("project_license") == "LicenseRef-proprietary"
    assert component.findtext("metadata_license") in ("FSFAP", "CC0-1.0")
    assert component.findtext("url[@type='homepage']") == HOMEPAGE
    assert plain(component.findtext("developer/name"))
    assert [c.text for c in component.findall("categories/category")] == ["Game", "CardGame"]
    rating = component.find("content_rating")
    assert rating is not None and rating.get("type") == "oars-1.1"
    # Chips that are only counters: gambling with tokens, the mildest level (OARS 1.1).
    assert {a.get("id"): a.text for a in rating} == {"money-gambling": "mild"}
    colours = {c.get("scheme_preference"): c.text for c in component.findall("branding/color")}
    assert set(colours) == {"light", "dark"}
    assert all(re.fullmatch(r"#[0-9a-f]{6}", str(value)) for value in colours.values())


def test_the_menu_entry_template_keeps_its_translatable_keys_untranslated():
    keys = desktop_keys_of_template()
    assert not [key for key in keys if "[" in key]  # msgfmt adds them from the catalogs
    assert keys["Exec"] == "nove-desktop"


@needs_appstreamcli
def test_the_built_files_pass_the_validators(built):
    checks.validate_metainfo(built["metainfo"])
    if shutil.which("desktop-file-validate"):
        checks.validate_desktop_file(built["desktop"])


@needs_appstreamcli
def test_an_invalid_metainfo_fails_the_check(built, tmp_path):
    planted = tmp_path / built["metainfo"].name
    text = built["metainfo"].read_text(encoding="utf-8")
    assert "<summary>" in text
    planted.write_text(re.sub(r"\s*<summary[^>]*>[^<]*</summary>", "", text), encoding="utf-8")
    with pytest.raises(checks.CheckFailed, match="summary"):
        checks.validate_metainfo(planted)


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="xgettext missing (gettext)")
def test_extract_puts_the_packaging_texts_into_every_catalog():
    from tools.i18n import TEMPLATE, packaging_messages

    found = {str(message.id) for message in packaging_messages() if message.id}
    summary = plain(source_metainfo().findtext("summary"))
    comment = desktop_keys_of_template()["Comment"]
    assert {summary, comment} <= found
    with TEMPLATE.open("rb") as handle:
        template = {str(message.id) for message in read_po(handle)}
    assert found <= template, "run python -m tools.i18n extract"
    for language in LANGUAGES:
        missing = found - set(catalog(language))
        assert not missing, f"{language} lacks {sorted(missing)}"


def desktop_keys_of_template() -> dict[str, str]:
    return dict(line.split("=", 1) for line in filled(DESKTOP_TEMPLATE).splitlines() if "=" in line)


def test_the_scalable_icon_is_a_square_svg_without_text():
    root = ET.parse(ROOT / "packaging/icon.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    x, y, width, height = (float(part) for part in str(root.get("viewBox")).split())
    assert (x, y) == (0, 0) and width == height > 0
    assert not root.findall(".//{http://www.w3.org/2000/svg}text")  # no font needed
