"""Shared by the whole suite."""

import gettext
import os

import pytest

# The app starts in the system's language; the tests read English text, whatever the machine's
# locale. Tests of other languages switch explicitly (tests/ui/test_language.py).
os.environ["LANGUAGE"] = "en"


def pytest_sessionstart(session):
    """The compiled catalogs are built by the setup; compile any that are stale, so that a test
    run straight after editing a .po file sees it. Only the main process (not xdist's workers)."""
    if hasattr(session.config, "workerinput"):
        return
    from tools.i18n import compile_catalogs

    compile_catalogs()


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """The language is process-wide: a test that switches it must not leave the next test (in
    the same worker) reading another language."""
    yield
    from nove_desktop import i18n

    i18n.install(gettext.NullTranslations(), "en")
