"""The engine's refusals in the player's language (issue 23, item 1).

Every refusal is a ``Reason``: ``exc.reason`` stays the English sentence (logs, tests, the command
line), and ``nove_desktop.ui.refusals.reason_text`` shows it through the catalog, its cards named by
the table's card words and its seats by the players' names. Checked by playing every game with
random legal moves and trying, at every step, moves that are illegal there (other seats' moves,
moves of earlier positions): each refusal is rendered in the pseudo-language and must have no
word that did not go through the catalog.
"""

from __future__ import annotations

import gettext
import random
import re

import pytest

from nove_desktop import i18n
from nove_desktop.engine.errors import IllegalActionError
from nove_desktop.engine.text import Card, Cards, Reason, Seat, why, why_n
from nove_desktop.games import default_registry
from nove_desktop.ui.refusals import reason_text, refusal_text

ASCII_LETTER = re.compile(r"[A-Za-z]")
NAMES = [i18n.pseudo(name, expand=False) for name in ("Ana", "Ben", "Cleo", "Dan")]


@pytest.fixture
def pseudo():
    i18n.install(i18n.PseudoTranslations(expanded=True), "en")  # English again after the test


def test_a_reason_is_english_for_the_engine_and_translated_for_the_player(pseudo):
    reason = why(
        "you do not hold {card} (waiting for {seat})", card=Card("R5", "red 5"), seat=Seat(1)
    )
    exc = IllegalActionError(reason, seat=0)
    assert exc.reason == str(exc) == "you do not hold red 5 (waiting for seat 1)"
    assert exc.template == "you do not hold {card} (waiting for {seat})"
    assert set(exc.params) == {"card", "seat"}
    shown = reason_text(exc, NAMES, lambda code: f"«{code}»")
    assert "«R5»" in shown and NAMES[1] in shown and shown.startswith("\u27e6")
    assert refusal_text(exc, NAMES).endswith(".\u27e7")


def test_plurals_lists_numbers_and_plain_strings():
    one = why_n("{n} chip", "{n} chips", 1, n=1)
    many = why_n("{n} chip", "{n} chips", 2000, n=2000)
    assert str(one) == "1 chip" and str(many) == "2000 chips"
    assert reason_text(many) == "2,000 chips"
    cards = why("lay {cards}", cards=Cards((Card("7a", "a 7"), Card("7b", "a 7"), "x")))
    assert str(cards) == "lay a 7 and a 7 and x"
    assert reason_text(cards) == "lay a 7, a 7 and x"
    assert str(IllegalActionError("plain words").why) == "plain words"
    assert reason_text(why("waiting for {seat}", seat=Seat(5)), NAMES) == "waiting for seat 5"
    i18n.install(gettext.NullTranslations(), "de")
    try:
        assert reason_text(many) == "2.000 chips"
    finally:
        i18n.install(gettext.NullTranslations(), "en")


def _strings(reason: Reason) -> list[str]:
    """The plain-string parameters of a reason (a quoted code, an id): data, not words."""
    found = []
    for value in reason.params.values():
        if isinstance(value, Reason):
            found += _strings(value)
        elif isinstance(value, str):
            found.append(value)
        elif isinstance(value, Cards):
            found += [card for card in value.cards if isinstance(card, str)]
    return found


@pytest.mark.parametrize("game_id", default_registry().ids())
def test_every_refusal_met_in_play_is_translated(pseudo, game_id):
    game = default_registry().get(game_id)
    rng = random.Random(23)
    templates: set[str] = set()
    for seed in range(3):
        state, _events = game.new_game(game.options_from_json({"players": 3}), seed)
        seen: list = []
        for _step in range(150):
            acting = game.to_act(state)
            if not acting:
                break
            for seat in range(3):
                tries = game.legal_actions(state, acting[0])[:4]
                tries += rng.sample(seen, min(4, len(seen)))
                for action in tries:
                    try:
                        game.apply(state.copy(), seat, action)
                    except IllegalActionError as exc:
                        assert exc.reason == str(exc.why)
                        templates.add(exc.template)
                        shown = reason_text(exc, NAMES, lambda code: "\u010b")
                        for data in _strings(exc.why):
                            shown = shown.replace(data, "")
                        assert not ASCII_LETTER.search(shown), (exc.reason, shown)
            seat = acting[0]
            legal = game.legal_actions(state, seat)
            seen += legal[:3]
            game.apply(state, seat, rng.choice(legal))
    assert len(templates) >= 2, templates
    missing = sorted(templates - template_messages())
    assert not missing, f"not in assets/locale/nove.pot (python -m tools.i18n extract): {missing}"


def template_messages() -> set[str]:
    """Every message of the extracted template (singular and plural ids)."""
    from babel.messages.pofile import read_po

    from tools.i18n import TEMPLATE

    with TEMPLATE.open("rb") as handle:
        catalog = read_po(handle)
    return {
        text
        for m in catalog
        if m.id
        for text in (m.id if isinstance(m.id, tuple | list) else (m.id,))
    }
