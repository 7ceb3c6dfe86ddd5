"""The Kaël table (see ``table.py``)."""

from .table import KaelTable

__all__ = ["KaelTable"]
