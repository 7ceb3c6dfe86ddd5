"""What the player is preparing: the cards picked (from the hand and any malus area), the Swipe
and Malus+ cards planned for the play, and the engine's verdict on the whole of it.

No pygame here. The verdict is the engine's own: the planned steps (``AddSpecial`` for each
special, then ``Play``) are tried by the session without applying them, so the Play button
shows either the play's result or the engine's reason for refusing it. Only the acting
seat's own decision is tried, so nothing hidden from the player can show through.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ....engine.actions import Action
from ....games.numx.actions import AddSpecial, Play, PlayNumX
from ....games.numx.cards import FACE, IS_CLASSIC, KIND, ORDER, VALUE
from ....games.numx.combos import combo_value, effect
from ....i18n import _
from ....sessions import Session
from ...refusals import CardWords, reason_text
from .words import kind_words, state_words

JOKER, NUMX, SWIPE, MALUS_PLUS = "joker", "numx", "swipe", "malus_plus"


@dataclasses.dataclass(frozen=True)
class Planned:
    """A Swipe or Malus+ card planned for this play, with its mode and target. ``staged``: the
    engine already holds it (a game resumed between the steps of a play)."""

    card: str
    mode: str
    target: int | str | None
    staged: bool = False

    def step(self) -> AddSpecial:
        return AddSpecial(self.card, self.mode, self.target)


def canonical_toggle(picked: list[str], card: str, row: Sequence[str]) -> list[str]:
    """Pick or unpick ``card`` among the cards of one place (``row``): copies of a face are
    alike, so the picked copies of a face are always the lowest ids of that place (the engine's
    rule D2). Picking a copy takes the lowest free one; unpicking drops the highest picked."""
    face = FACE.get(card)
    same = sorted((c for c in row if FACE.get(c) == face), key=ORDER.__getitem__)
    chosen = [c for c in same if c in picked]
    out = list(picked)
    if card in picked:
        out.remove(chosen[-1])
        return out
    free = [c for c in same if c not in picked]
    out.append(free[0] if free else card)
    return out


def selected_value(picked: Sequence[str]) -> int | None:
    """The value the picked classic cards share (None: none picked, or mixed)."""
    values = {VALUE[c] for c in picked if IS_CLASSIC.get(c)}
    return values.pop() if len(values) == 1 else None


def lone_joker(picked: Sequence[str]) -> str | None:
    if len(picked) == 1 and KIND.get(picked[0]) == JOKER:
        return picked[0]
    return None


def final_step(picked: Sequence[str], joker_value: int | None) -> Action:
    """The action that commits the turn: Num-X alone, or a play (possibly of specials only)."""
    if len(picked) == 1 and KIND.get(picked[0]) == NUMX:
        return PlayNumX(picked[0])
    return Play(tuple(picked), joker_value)


def check(
    session: Session,
    seat: int,
    steps: Sequence[Action],
    names: Sequence[str] = (),
    card_words: CardWords | None = None,
) -> str | None:
    """None when every step is legal in turn, else the engine's reason for the first refused
    one, in the player's words. Asked of the session: nothing is applied."""
    refused = session.refusal(seat, steps)
    return None if refused is None else reason_text(refused, names, card_words)


def result_words(picked: Sequence[str], joker_value: int | None, trick: tuple[int, int]) -> str:
    """ "Fusion X \u2192 7 \u00d7 11": the kind of a legal play and the trick it leaves."""
    cards = tuple(sorted(picked, key=ORDER.__getitem__))
    value = combo_value(cards, joker_value)
    kind, count, after = effect(len(cards), value, joker_value, *trick)
    return _("{kind} \u2192 {state}").format(kind=kind_words(kind), state=state_words(count, after))


def sentence(reason: str) -> str:
    """An engine reason as a sentence: capital first, full stop."""
    reason = reason.strip()
    if not reason:
        return reason
    return reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")
