#!/usr/bin/env bash
# Create a throwaway virtualenv with RLCard installed, for bench/rlcard_uno.py.
#
# Usage: bench/setup_rlcard_venv.sh [VENV_DIR]   (default: /tmp/rlcard-venv)
#
# Idempotent: if VENV_DIR already has an interpreter that can import rlcard,
# nothing is installed. Only PyPI is needed. PYTHON selects the base
# interpreter (default: python3).
set -euo pipefail

venv="${1:-/tmp/rlcard-venv}"
py="${PYTHON:-python3}"

if [[ -x "$venv/bin/python" ]] && "$venv/bin/python" -c 'import rlcard' 2>/dev/null; then
    echo "rlcard already installed in $venv" >&2
    exit 0
fi

"$py" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
# rlcard 1.2.0 imports numpy and termcolor but does not pin a numpy-2-safe range.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    'rlcard==1.2.0' 'numpy<2' termcolor
"$venv/bin/python" -c 'import rlcard; print("rlcard", rlcard.__version__, "installed in", "'"$venv"'")' >&2
