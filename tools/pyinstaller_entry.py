"""Entry script of the standalone builds (PyInstaller needs a script, not ``-m``)."""

import multiprocessing
import sys

from nove_desktop.cli import main

if __name__ == "__main__":
    # The search of Hard seats and hints runs in a worker process: in the frozen build the
    # worker is this same program, started again, and freeze_support sends it to its job.
    multiprocessing.freeze_support()
    sys.exit(main())
