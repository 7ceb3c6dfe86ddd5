"""nove-desktop: five card games at an animated table."""

from __future__ import annotations


def __getattr__(name: str) -> str:
    # The version lives in pyproject.toml alone; ``__version__`` is looked up when asked for.
    if name == "__version__":
        from .version import app_version

        return app_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
