"""The NUM-X "Objectifs" table (issue 21): ``table.py`` with its decisions (``controls.py``) and
animations (``events.py``), on the table kit."""

from .table import NumxTable

__all__ = ["NumxTable"]
