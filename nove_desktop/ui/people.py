"""Sentences about the people at the table: the viewer in the second person, the others by name.

A table's list of names holds the viewer's own name (the one seat played at this screen) as a
:class:`ViewerName`. A sentence about a seat is built by :func:`said`, which picks the
second-person message ("You deal 7 cards") for the viewer and the named one ("Ada deals 7
cards") for anybody else: the viewer's name is never put into a third-person template.

Formatting a :class:`ViewerName` into a template (``"{name} deals".format(name=...)`` or an
f-string) is exactly the mistake that produced "You deals 7 cards": it still renders the name
(a player never sees a traceback) but emits a :class:`ThirdPersonWarning`, which the tests turn
into an error over seeded games of every table in every language.

In pass-and-play and when only AI seats play there is no viewer: every seat is named.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..sessions import Session


class ThirdPersonWarning(UserWarning):
    """The viewer's name was formatted into a sentence (a third-person template)."""


class ViewerName(str):
    """The viewer's display name: drawn as is on the name plate, never formatted into a
    template (use :func:`said`; :func:`label` for a bare name in a list or a column)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        warnings.warn(
            ThirdPersonWarning(
                f"the viewer's name {str(self)!r} was put into a sentence: use people.said"
            ),
            stacklevel=2,
        )
        return format(str(self), spec)


def with_viewer(names: Sequence[str], viewer: int | None) -> list[str]:
    """``names`` with the viewer's one marked (a copy; no viewer: plain names)."""
    out = [str(name) for name in names]
    if viewer is not None and 0 <= viewer < len(out):
        out[viewer] = ViewerName(out[viewer])
    return out


def table_names(session: Session) -> list[str]:
    """The names of a session's seats, the viewer's marked: the one human seat when a single
    person plays (pass-and-play and AI-only tables have no viewer)."""
    humans = list(session.human_seats)
    return with_viewer(
        [seat.name for seat in session.seats], humans[0] if len(humans) == 1 else None
    )


def is_viewer(name: object) -> bool:
    return isinstance(name, ViewerName)


def label(name: str) -> str:
    """A name used as a bare label (a column head, "You +3" in a list of scores), not as the
    subject of a sentence: the plain text, whoever it names."""
    return str(name)


def said(who: str, you: str, they: str, /, **params: Any) -> str:
    """The sentence about ``who``: ``you`` (a translated second-person message) when ``who`` is
    the viewer, else ``they`` with ``{name}`` filled; both get ``params``."""
    if is_viewer(who):
        return you.format(**params)
    return they.format(name=str(who), **params)


def together(
    names: Sequence[str], you_alone: str, you_and: str, they: str, /, **params: Any
) -> str:
    """A sentence about several seats (winners): ``you_alone`` when only the viewer,
    ``you_and`` ("You and {names} share the win") when the viewer is among them, else ``they``
    with ``{names}`` filled."""
    others = ", ".join(str(name) for name in names if not is_viewer(name))
    if any(is_viewer(name) for name in names):
        return you_and.format(names=others, **params) if others else you_alone.format(**params)
    return they.format(names=others, **params)
