#!/usr/bin/env bash
# The README's two commands:  ./dev.sh run   (set up, then start the app)
#                             ./dev.sh test  (set up, lint, check types, run the whole test
#                                             suite on every core, then build the sdist and the
#                                             wheel and self-test the wheel installed outside
#                                             the repository, build the onedir bundle, run its
#                                             self-test and the release checks)
# Also: ./dev.sh build   (onedir and onefile builds into dist/)
#       ./dev.sh release (both builds, then the Linux release files in dist/release, checked)
# Setting up = a virtual environment in .venv with the project (editable) and its developer tools
# (the dependency group "dev" of pyproject.toml) installed.
# It needs only python3 (3.11 or newer); on Debian/Ubuntu it installs python3-venv if missing.
set -euo pipefail
cd "$(dirname "$0")"

VENV=.venv
PY="$VENV/bin/python"
STAMP="$VENV/.installed"

need_python() {
    if ! command -v python3 >/dev/null; then
        echo "nove-desktop needs python3 (3.11 or newer)." >&2
        exit 1
    fi
    python3 - <<'PY' || { echo "nove-desktop needs Python 3.11 or newer." >&2; exit 1; }
import sys
sys.exit(0 if sys.version_info >= (3, 11) else 1)
PY
}

make_venv() {
    if python3 -m venv "$VENV" 2>/dev/null; then
        return
    fi
    rm -rf "$VENV"
    # Debian and Ubuntu ship venv's pip bootstrap in a separate package.
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        ver=$(python3 -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
        apt-get update -qq && { apt-get install -y -qq "python$ver-venv" || apt-get install -y -qq python3-venv; }
        python3 -m venv "$VENV"
    else
        echo "Could not create a virtual environment: install python3-venv (sudo apt-get install python3-venv)." >&2
        exit 1
    fi
}

need_release_tools() {
    # The release checks validate menu entries with desktop-file-validate, and build and
    # install .deb files with dpkg-deb and dpkg (both in dpkg itself on Debian and Ubuntu),
    # and render the man page with groff (groff-base) to catch its warnings.
    local missing=""
    command -v desktop-file-validate >/dev/null || missing="desktop-file-utils"
    command -v groff >/dev/null || missing="$missing groff-base"
    # The metainfo is checked by appstreamcli; msgfmt/xgettext translate it and the menu entry.
    command -v appstreamcli >/dev/null || missing="$missing appstream"
    command -v msgfmt >/dev/null || missing="$missing gettext"
    command -v dpkg-deb >/dev/null || missing="$missing dpkg"
    [ -z "$missing" ] && return
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        # shellcheck disable=SC2086 # one word per package
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
    else
        echo "The release checks need:$missing (sudo apt-get install$missing)." >&2
        exit 1
    fi
}

setup() {
    need_python
    if ! { [ -f "$STAMP" ] && [ "$STAMP" -nt pyproject.toml ] && [ -x "$PY" ]; }; then
        [ -x "$PY" ] || make_venv
        # pip 25.1 or newer installs the developer tools' dependency groups (pyproject.toml).
        "$PY" -m pip install --quiet --disable-pip-version-check --upgrade "pip>=25.1"
        "$PY" -m pip install --quiet --disable-pip-version-check -e . --group dev
        touch "$STAMP"
    fi
    # The translations: assets/locale/*/LC_MESSAGES/nove.po -> nove.mo (only the stale ones).
    "$PY" -m tools.i18n compile
}

case "${1:-}" in
    run)
        setup
        shift
        exec "$PY" -m nove_desktop "$@"
        ;;
    test)
        setup
        need_release_tools  # before the tests: tests/test_release_tools.py uses them too
        shift
        "$PY" -m ruff check .
        "$PY" -m ruff format --check .  # one style, applied by `ruff format .`
        "$PY" -m mypy  # the files and the settings are in pyproject.toml
        # One worker per core (PYTEST_WORKERS=0 runs in this process): the conformance suite
        # plays thousands of games per game and parallelises well.
        "$PY" -m pytest -n "${PYTEST_WORKERS:-auto}" --dist worksteal "$@"
        echo "== the sdist and the wheel, installed into a fresh environment, self-tested from / =="
        "$PY" -m tools.wheel_check
        echo "== standalone build (onedir) and its self-test =="
        NOVE_BUILD=onedir "$VENV/bin/pyinstaller" --noconfirm --log-level WARN build.spec
        SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy dist/nove-desktop/nove-desktop --selftest
        echo "== release checks: the archive and the .deb from that build, installed and removed =="
        "$PY" -m tools.release check
        ;;
    build)
        setup
        "$VENV/bin/pyinstaller" --noconfirm --log-level WARN build.spec
        ls -l dist/nove-desktop/nove-desktop dist/nove-desktop-onefile
        ;;
    release)
        setup
        need_release_tools
        "$VENV/bin/pyinstaller" --noconfirm --log-level WARN build.spec
        "$PY" -m tools.release build
        "$PY" -m tools.release check --artefacts dist/release
        ;;
    setup)
        setup
        ;;
    *)
        echo "usage: ./dev.sh run | test | build | release | setup" >&2
        exit 2
        ;;
esac
