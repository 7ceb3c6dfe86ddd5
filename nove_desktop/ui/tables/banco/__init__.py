"""The Nove banco table (a package: the table, its geometry, its chips and its words)."""

from __future__ import annotations

from .table import BancoTable

__all__ = ["BancoTable"]
