"""The table kit that every game's table stands on (see docs/design.md, "The table kit").

A regular package, not an implicit namespace one: the wheel's package list (pyproject.toml,
``namespaces = false``) includes only folders with an ``__init__.py``.
"""
