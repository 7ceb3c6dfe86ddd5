"""The engine's reasons in the player's language.

The engine writes every refusal as a :class:`~nove_desktop.engine.text.Reason` (an English
template marked for extraction, and its parameters) and never translates (it loads no catalog).
Here the template goes through the catalog and the parameters are rendered for the player: a card
by the table's own (translated) card words, a seat by the player's name, a number with the
language's thousands separator, a nested reason in turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine.errors import IllegalActionError
from ..engine.text import Card, Cards, Reason, Seat
from ..i18n import _, format_number, ngettext

CardWords = Callable[[str], str]


def reason_text(
    reason: Reason | IllegalActionError | str,
    names: Sequence[str] = (),
    card_words: CardWords | None = None,
) -> str:
    """``reason`` translated, its cards and seats named for the player."""
    if isinstance(reason, IllegalActionError):
        reason = reason.why
    if isinstance(reason, str):
        return _(reason)
    if reason.plural is not None:
        template = ngettext(reason.template, reason.plural, int(reason.count or 0))
    else:
        template = _(reason.template)
    params = {key: _param(value, names, card_words) for key, value in reason.params.items()}
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):  # a broken translation: the English sentence
        return str(reason)


def refusal_text(
    exc: IllegalActionError, names: Sequence[str] = (), card_words: CardWords | None = None
) -> str:
    """The sentence a player reads when a move is refused ("It is not your turn (waiting for
    Ana)."): the reason translated, with a capital and a full stop."""
    text = reason_text(exc, names, card_words)
    return _("{reason}.").format(reason=text[:1].upper() + text[1:])


def _param(value: Any, names: Sequence[str], card_words: CardWords | None) -> Any:
    if isinstance(value, Reason):
        return reason_text(value, names, card_words)
    if isinstance(value, Card):
        return card_words(value.code) if card_words is not None else value.name
    if isinstance(value, Cards):
        words = [_param(card, names, card_words) for card in value.cards]
        if not words:
            return _("nothing")
        if len(words) == 1:
            return words[0]
        return _("{cards} and {last}").format(cards=", ".join(words[:-1]), last=words[-1])
    if isinstance(value, Seat):
        if 0 <= value.seat < len(names):
            return names[value.seat]
        return _("seat {number}").format(number=value.seat)
    if isinstance(value, int) and not isinstance(value, bool):
        return format_number(value)
    return value
