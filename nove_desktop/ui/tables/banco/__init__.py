"""The Nove banco table (a package in the common layout: base, table, events, controls,
geometry, draw, words, summary, and its chips)."""

from __future__ import annotations

from .table import BancoTable

__all__ = ["BancoTable"]
