import multiprocessing
import sys

from .cli import main

if __name__ == "__main__":  # a worker process imports this module too: it must not start the app
    multiprocessing.freeze_support()
    sys.exit(main())
