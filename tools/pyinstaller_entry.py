"""Entry script of the standalone builds (PyInstaller needs a script, not ``-m``)."""

import sys

from nove_desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
