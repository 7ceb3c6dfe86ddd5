"""The NUM-X "Objectifs" table (its parts: see table.py)."""

from .table import NumxTable

__all__ = ["NumxTable"]
