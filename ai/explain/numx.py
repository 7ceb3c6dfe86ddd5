"""NUM-X's reasons, from the seat's observation: the weight of a malus area (the score's
``-W``), the cards a play sheds (each left in hand costs 2 points, a special card 20), the
malus areas a Swipe exchanges, the seat a Malus+ slows down. The same terms as the Normal
seat's (``ai/numx.py``)."""

from __future__ import annotations

from ...engine.actions import Action
from ...games.numx.actions import (
    DECK_SOURCE,
    LEFT,
    ONE,
    ROTATE,
    SWAP,
    AddSpecial,
    ChooseMalus,
    Claim,
    Pass,
    Play,
    PlayNumX,
    Replenish,
)
from ...games.numx.cards import IS_CLASSIC, WEIGHT, value_name
from ...games.numx.scoring import area_weight
from ...games.numx.view import NumxObservation
from ...i18n import _, ngettext
from ..numx import DECK_CARD_WEIGHT
from .voice import Voice


def reason(obs: NumxObservation, action: Action, voice: Voice) -> str | None:
    """Why ``action`` is good for the seat of ``obs``, in card terms (``None``: no reason)."""
    if obs.seat is None:
        return None
    words = voice.action(action)
    if isinstance(action, ChooseMalus):
        return _("{action}: your malus area then weighs {w}.").format(
            action=words, w=area_weight(action.cards)
        )
    if isinstance(action, (Play, Claim)) and action.cards:
        return _shed(obs, action.cards, words)
    if isinstance(action, PlayNumX):
        return _(
            "{action}: Num-X takes the trick and leaves your hand before it can cost you 20 points."
        ).format(action=words)
    if isinstance(action, AddSpecial):
        return _special(obs, action, words, voice)
    if isinstance(action, Replenish):
        return _refill(obs, action, words, voice)
    if isinstance(action, Pass):
        return _pass(obs, words)
    return None


def _pass(obs: NumxObservation, words: str) -> str | None:
    """The Normal seat passes when no claim or cover is worth what it costs."""
    if obs.phase == "FX_WINDOW":
        return _(
            "{action}: no Facteur X claim would shed enough of your cards to be worth it."
        ).format(action=words)
    if obs.trick_count:
        return _(
            "{action}: covering {count} × {value} would cost you more cards than it is worth."
        ).format(action=words, count=obs.trick_count, value=value_name(obs.trick_value))
    return None


def _shed(obs: NumxObservation, cards: tuple[str, ...], words: str) -> str:
    from_hand = [c for c in cards if c in obs.hand]
    staged = len(obs.staged)
    left = len(obs.hand) - len(from_hand) - staged
    if from_hand and left == 0:
        return _("{action}: it empties your hand.").format(action=words)
    specials = sum(1 for c in from_hand if not IS_CLASSIC[c])
    if specials:
        return _(
            "{action}: it sheds a special card, which would cost you 20 points in hand."
        ).format(action=words)
    if not from_hand:
        return _("{action}: it uses malus cards, not your hand.").format(action=words)
    return ngettext(
        "{action}: it sheds {n} card from your hand ({left} left, 2 points each at the end).",
        "{action}: it sheds {n} cards from your hand ({left} left, 2 points each at the end).",
        len(from_hand),
    ).format(action=words, n=len(from_hand), left=left)


def _special(obs: NumxObservation, action: AddSpecial, words: str, voice: Voice) -> str | None:
    me = obs.seat
    assert me is not None
    seats = len(obs.malus)
    mine = area_weight(obs.malus[me])
    if action.mode in (SWAP, ROTATE):
        if action.mode == SWAP and isinstance(action.target, int):
            source = action.target
        else:
            source = (me - 1) % seats if action.target == LEFT else (me + 1) % seats
        theirs = area_weight(obs.malus[source])
        if theirs >= mine:
            return _(
                "{action}: the Swipe leaves your hand before it can cost you 20 points."
            ).format(action=words)
        return _(
            "{action}: your malus area weighs {mine}; you get {name}'s, which weighs {theirs}."
        ).format(action=words, mine=mine, name=voice.seat(source), theirs=theirs)
    if action.mode == ONE and isinstance(action.target, int) and action.target != me:
        count = obs.hand_counts[action.target]
        if count > min(c for s, c in enumerate(obs.hand_counts) if s != me):
            return None
        return ngettext(
            "{action}: {name} holds {n} card, the fewest, and could go out soon.",
            "{action}: {name} holds {n} cards, the fewest, and could go out soon.",
            count,
        ).format(action=words, name=voice.seat(action.target), n=count)
    return None


def _refill(obs: NumxObservation, action: Replenish, words: str, voice: Voice) -> str | None:
    from_hand = [s for s in action.sources if s != DECK_SOURCE]
    classics = [WEIGHT[c] for c in obs.hand if IS_CLASSIC[c]]
    if not from_hand and classics and min(classics) > DECK_CARD_WEIGHT:
        return _(
            "{action}: a deck card weighs about {deck} on average, less than any card in your "
            "hand (the lightest {w})."
        ).format(action=words, deck=round(DECK_CARD_WEIGHT), w=min(classics))
    if not from_hand or area_weight(from_hand) > DECK_CARD_WEIGHT * len(from_hand):
        return None  # heavier than the deck's cards on average: no reason in card terms
    return _(
        "{action}: {cards} weigh {w} in your malus area, less than cards from the deck "
        "(about {deck} each), and leave your hand."
    ).format(
        deck=round(DECK_CARD_WEIGHT),
        action=words,
        cards=", ".join(voice.card(c) for c in from_hand),
        w=area_weight(from_hand),
    )
