"""Guided first games ("Learn to play"): one script per game and the coach that runs it.

Pure Python (no pygame). ``SCRIPTS`` maps a game id to its script; :func:`new_session` deals a
script's chosen game; :func:`walk` plays one to its end headless the way the table would.
"""

from __future__ import annotations

from .core import Coach, Script, Step
from .walk import Walk, new_session, script_for, scripts, walk

__all__ = ["Coach", "Script", "Step", "Walk", "new_session", "script_for", "scripts", "walk"]
