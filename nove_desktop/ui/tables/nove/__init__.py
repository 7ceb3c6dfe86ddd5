"""The NOVE table (spec nove.md section 12): a package in the tables' common layout."""

from .table import NoveTable

__all__ = ["NoveTable"]
