"""The NOX table on the table kit, in the tables' common layout (see ``table.py``)."""

from .table import NoxTable

__all__ = ["NoxTable"]
