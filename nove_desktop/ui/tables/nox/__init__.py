"""The NOX table on the table kit: geometry, previews, words and drawing in small modules."""

from .table import NoxTable

__all__ = ["NoxTable"]
