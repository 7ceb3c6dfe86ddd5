"""Card faces of every deck (ui/faces) and the cache in front of them (ui/cards.CardArt).

Every id comes from the games' own card modules, so a card added to a game and forgotten here
fails. Images are compared by their pixels: two faces players must tell apart are never the
same picture, and the left strip of a card (what a fan leaves visible) already differs.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nove_desktop import i18n
from nove_desktop.games.banco import cards as banco_cards
from nove_desktop.games.kael import cards as kael_cards
from nove_desktop.games.nove import cards as nove_cards
from nove_desktop.games.nox import cards as nox_cards
from nove_desktop.games.numx import cards as numx_cards
from nove_desktop.ui.cards import CardArt, chip_stack, token_stack
from nove_desktop.ui.faces import (
    DECK_IDS,
    NumxFaces,
    UnknownCardError,
    UnknownDeckError,
    make_face_set,
)
from nove_desktop.ui.faces.chips import UnknownChipError
from nove_desktop.ui.theme import Fonts

SMALL = (34, 48)
MEDIUM = (60, 86)
LARGE = (150, 210)

DECKS: dict[str, tuple[str, ...]] = {
    "nove": nove_cards.DECK,
    "kael": kael_cards.DECK,
    "nox": nox_cards.deck(nox_cards.PUBLISHED)
    + tuple(
        c for c in nox_cards.deck(nox_cards.UNIFORM) if c not in nox_cards.deck(nox_cards.PUBLISHED)
    ),
    "banco-italian": banco_cards.DECKS[banco_cards.ITALIAN40],
    "banco-french": banco_cards.DECKS[banco_cards.FRENCH40]
    + banco_cards.DECKS[banco_cards.FRENCH56],
    "numx": numx_cards.FULL_DECK,
}


def look(deck: str, card: str) -> tuple[object, ...]:
    """What a player must be able to tell apart, from the games' data alone."""
    if deck == "nove":
        return ("joker",) if nove_cards.is_joker(card) else (card,)
    if deck == "kael":
        return (kael_cards.RANK[card],)
    if deck == "nox":
        return (card[0], nox_cards.NUMBER[card])
    if deck.startswith("banco"):
        return (card[:2] if deck == "banco-italian" else card[0], banco_cards.RANK[card])
    kind = numx_cards.KIND[card]
    if kind in (numx_cards.MALUS_PLUS, numx_cards.OBJECTIVE):
        return (card,)
    return (kind, numx_cards.VALUE[card])


@pytest.fixture(scope="module")
def fonts() -> Fonts:
    pygame.init()
    return Fonts()


@pytest.fixture()
def art(fonts: Fonts) -> CardArt:
    return CardArt(fonts)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_every_deck_is_registered_and_draws_exactly_its_games_ids(fonts: Fonts) -> None:
    assert set(DECK_IDS) == set(DECKS)
    for deck, ids in DECKS.items():
        assert make_face_set(deck, fonts).cards() == ids


@pytest.mark.parametrize("deck", sorted(DECKS))
@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["small", "large"])
def test_every_card_renders_at_its_size_with_rounded_transparent_corners(
    art: CardArt, deck: str, size: tuple[int, int]
) -> None:
    w, h = size
    for card in DECKS[deck]:
        image = art.face(card, w, h, deck)
        assert image.get_size() == (w, h), card
        assert image.get_flags() & pygame.SRCALPHA, card
        assert image.get_at((0, 0)).a < 128, card  # the corner is cut round
        assert image.get_at((w - 1, h - 1)).a < 128, card
        assert image.get_at((w // 2, h // 2)).a == 255, card
    back = art.back(w, h, deck)
    assert back.get_size() == (w, h)
    assert back.get_flags() & pygame.SRCALPHA
    assert back.get_at((0, 0)).a < 128


@pytest.mark.parametrize("deck", sorted(DECKS))
@pytest.mark.parametrize("size", [SMALL, MEDIUM, LARGE], ids=["small", "medium", "large"])
def test_cards_players_tell_apart_never_share_a_picture(
    art: CardArt, deck: str, size: tuple[int, int]
) -> None:
    w, h = size
    by_look: dict[tuple[object, ...], bytes] = {}
    for card in DECKS[deck]:
        image = pixels(art.face(card, w, h, deck))
        key = look(deck, card)
        if key in by_look:  # interchangeable copies look the same
            assert by_look[key] == image, card
        by_look[key] = image
    assert len(set(by_look.values())) == len(by_look)


@pytest.mark.parametrize("deck", sorted(DECKS))
@pytest.mark.parametrize(
    ("size", "visible"), [(SMALL, 2 / 3), (MEDIUM, 0.5)], ids=["small", "medium"]
)
def test_the_left_strip_a_fan_leaves_visible_already_tells_cards_apart(
    art: CardArt, deck: str, size: tuple[int, int], visible: float
) -> None:
    """Fanned small cards show two thirds of their width (a two-digit index needs it), medium
    ones half (docs/decisions.md, "Card faces")."""
    w, h = size
    strip = pygame.Rect(0, 0, round(w * visible), h)
    seen: dict[bytes, tuple[object, ...]] = {}
    for card in DECKS[deck]:
        key = look(deck, card)
        image = pixels(art.face(card, w, h, deck).subsurface(strip))
        assert seen.setdefault(image, key) == key, f"{card} reads like {seen[image]}"


def test_each_deck_has_its_own_back(art: CardArt) -> None:
    backs = {pixels(art.back(*MEDIUM, deck)) for deck in DECKS}
    assert len(backs) == len(DECKS)


def test_the_deck_argument_defaults_to_nove(art: CardArt) -> None:
    assert pixels(art.face("G7", 96, 136)) == pixels(art.face("G7", 96, 136, "nove"))
    assert pixels(art.back(96, 136)) == pixels(art.back(96, 136, "nove"))
    assert art.name("PB") == art.name("PB", "nove")


# -- names ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("deck", sorted(DECKS))
def test_every_card_has_a_readable_name_that_tells_it_apart(art: CardArt, deck: str) -> None:
    looks: dict[str, tuple[object, ...]] = {}
    for card in DECKS[deck]:
        name = art.name(card, deck)
        assert name.strip() == name and len(name) >= 3 and name.isprintable(), card
        assert looks.setdefault(name, look(deck, card)) == look(deck, card), card


@pytest.mark.parametrize(
    ("deck", "card", "name"),
    [
        ("nove", "R5", "red 5"),
        ("nove", "GB", "green Babatos B"),
        ("nove", "JY", "yellow joker"),
        ("kael", "7c", "Kaël 7"),
        ("kael", "m1", "Kaël \u22121"),
        ("kael", "X", "Kaël X (15 points)"),
        ("nox", "B14-2", "blue 14"),
        ("nox", "O03-6", "orange 3"),
        ("banco-italian", "Co10", "Re di Coppe"),
        ("banco-italian", "De08", "Fante di Denari"),
        ("banco-italian", "Ba01", "Asso di Bastoni"),
        ("banco-italian", "Sp04", "4 di Spade"),
        ("banco-french", "H01", "ace of hearts"),
        ("banco-french", "S07b", "7 of spades"),
        ("numx", "infc", "NUM-X \u221e"),
        ("numx", "m2a", "NUM-X \u22122"),
        ("numx", "JK2", "X-Joker"),
        ("numx", "MP2", "Malus+ (+2 hand, +1 malus)"),
        ("numx", "OB05", "Objective 5: Exactly 7 malus points"),
    ],
)
def test_names_read_like_a_player_says_them(art: CardArt, deck: str, card: str, name: str) -> None:
    assert art.name(card, deck) == name


class Marked(gettext.NullTranslations):
    """A test catalog: every translated string comes back in guillemets."""

    def gettext(self, message: str) -> str:
        return f"\u00ab{message}\u00bb"

    def pgettext(self, context: str, message: str) -> str:
        return f"\u00ab{message}\u00bb"


@pytest.fixture()
def marked() -> Iterator[None]:
    assert i18n.current_language() == "en"
    i18n.install(Marked(), "xx")
    yield
    i18n.install(gettext.NullTranslations(), "en")


def test_names_go_through_the_translation_catalog(art: CardArt, marked: None) -> None:
    for deck, ids in DECKS.items():
        for card in ids:
            assert "\u00ab" in art.name(card, deck), card


@pytest.mark.parametrize(
    ("deck", "card"),
    [
        ("nove", "RA"),  # "Arlo"
        ("nove", "JR"),  # "JOKER"
        ("kael", "X"),  # "15 points"
        ("banco-italian", "Sp08"),  # "Fante"
        ("numx", "SW1"),  # "Swipe"
        ("numx", "MP1"),  # "Malus+"
        ("numx", "OB10"),  # the title and "OBJECTIVE"
    ],
)
def test_words_printed_on_cards_are_translated(
    fonts: Fonts, deck: str, card: str, request: pytest.FixtureRequest
) -> None:
    english = pixels(CardArt(fonts).face(card, *LARGE, deck))
    request.getfixturevalue("marked")
    assert pixels(CardArt(fonts).face(card, *LARGE, deck)) != english


# -- errors --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("deck", "card"),
    [
        ("nove", "R7"),  # the red 7 is a joker's slot
        ("kael", "14a"),
        ("kael", "7e"),
        ("nox", "B04-7"),  # the published profile has six copies, not seven
        ("nox", "G04-3"),  # the uniform profile has two copies
        ("banco-italian", "H01"),  # a French id asked of the Neapolitan deck
        ("banco-french", "Co01"),
        ("banco-french", "H08a"),  # the 56-card deck stops at 7
        ("numx", "OB11"),
        ("numx", "MP4"),
        ("numx", ""),
    ],
)
def test_an_unknown_id_is_a_clear_error(art: CardArt, deck: str, card: str) -> None:
    face_set = art.face_set(deck)
    for call in (
        lambda: art.face(card, *MEDIUM, deck),
        lambda: art.name(card, deck),
        lambda: face_set.face(card, *MEDIUM),
    ):
        with pytest.raises(UnknownCardError) as caught:
            call()
        assert repr(card) in str(caught.value)
        assert face_set.deck_name in str(caught.value)


def test_an_id_that_is_not_text_is_the_same_clear_error(art: CardArt) -> None:
    with pytest.raises(UnknownCardError, match="None is not a card of the Kaël deck"):
        art.face(None, *MEDIUM, "kael")  # type: ignore[arg-type]  # the wrong type on purpose
    with pytest.raises(UnknownCardError):
        art.face(["7a"], *MEDIUM, "kael")  # type: ignore[arg-type]  # the wrong type on purpose


def test_an_unknown_deck_names_the_known_ones(art: CardArt) -> None:
    with pytest.raises(UnknownDeckError) as caught:
        art.face("R1", *MEDIUM, "uno")
    assert "'uno'" in str(caught.value)
    for deck in DECK_IDS:
        assert deck in str(caught.value)


# -- the cache -----------------------------------------------------------------------------------
def test_copies_share_one_rendered_image(art: CardArt) -> None:
    assert art.face("7a", *MEDIUM, "kael") is art.face("7d", *MEDIUM, "kael")
    assert art.face("H03", *MEDIUM, "banco-french") is art.face("H03b", *MEDIUM, "banco-french")
    assert art.face("B09-1", *MEDIUM, "nox") is art.face("B09-6", *MEDIUM, "nox")
    assert art.face("infa", *MEDIUM, "numx") is art.face("infh", *MEDIUM, "numx")
    assert art.face("MP1", *MEDIUM, "numx") is not art.face("MP2", *MEDIUM, "numx")


def test_the_cache_stays_within_its_memory_budget_and_keeps_recent_images(fonts: Fonts) -> None:
    budget = 60 * 86 * 4 * 20  # room for about twenty medium cards
    art = CardArt(fonts, max_bytes=budget)
    first = art.face("m1", *MEDIUM, "kael")
    for card in kael_cards.DECK[3:]:
        art.face(card, *MEDIUM, "kael")
        art.face("m1", *MEDIUM, "kael")  # used every frame: never the one forgotten
        assert art.cached_bytes <= budget
    assert art.face("m1", *MEDIUM, "kael") is first
    assert len(art) < len({kael_cards.RANK[c] for c in kael_cards.DECK})
    assert art.face("1a", *MEDIUM, "kael") is not None  # forgotten images come back on demand


def test_the_cache_is_bounded_in_entries_too(fonts: Fonts) -> None:
    art = CardArt(fonts, max_entries=10)
    for d in range(8, 40):
        art.token(5, d)
        assert len(art) <= 10


def test_clear_forgets_every_image_and_text(art: CardArt) -> None:
    first = art.face("PA", *MEDIUM)
    art.text_cache[("label",)] = first
    art.clear()
    assert len(art) == 0 and art.cached_bytes == 0 and art.text_cache == {}
    assert art.face("PA", *MEDIUM) is not first
    assert pixels(art.face("PA", *MEDIUM)) == pixels(first)


def test_scenes_keep_their_own_images_in_the_same_cache(art: CardArt) -> None:
    made = []

    def build() -> pygame.Surface:
        made.append(1)
        return pygame.Surface((8, 8))

    first = art._get(("felt", 8, 8), build)
    assert art._get(("felt", 8, 8), build) is first and len(made) == 1


# -- NUM-X's Malus+ numbers ----------------------------------------------------------------------
def test_numx_faces_show_the_games_malus_plus_numbers(fonts: Fonts) -> None:
    art = CardArt(fonts)
    default = pixels(art.face("MP3", *MEDIUM, "numx"))
    kept = art.face("5a", *MEDIUM, "kael")
    art.install(NumxFaces(fonts, malus_plus_values=((1, 1), (2, 1), (3, 3))))
    assert pixels(art.face("MP3", *MEDIUM, "numx")) != default
    assert art.face("5a", *MEDIUM, "kael") is kept  # other decks keep their images
    assert art.name("MP3", "numx") == "Malus+ (+3 hand, +3 malus)"
    assert pixels(art.face("MP1", *MEDIUM, "numx")) == pixels(
        CardArt(fonts).face("MP1", *MEDIUM, "numx")
    )


@pytest.mark.parametrize("values", [((1, 1), (2, 1)), ((1, 1), (2, 1), (1, "x")), "12"])
def test_bad_malus_plus_values_are_a_clear_error(fonts: Fonts, values: object) -> None:
    with pytest.raises(ValueError, match="malus_plus_values must be three pairs"):
        NumxFaces(fonts, malus_plus_values=values)  # type: ignore[arg-type]  # the wrong type on purpose


# -- chips and tokens ----------------------------------------------------------------------------
def fewest_tokens(amount: int) -> int:
    best = [0] + [amount + 1] * amount
    for total in range(1, amount + 1):
        best[total] = 1 + min(best[total - v] for v in (1, 5, 10, 25) if v <= total)
    return best[amount]


@given(st.integers(min_value=0, max_value=400))
def test_token_stack_is_the_fewest_tokens_largest_first(amount: int) -> None:
    tokens = token_stack(amount)
    assert sum(tokens) == amount
    assert len(tokens) == fewest_tokens(amount)
    assert tokens == sorted(tokens, reverse=True)


def test_token_stack_worked_examples() -> None:
    assert token_stack(0) == []
    assert token_stack(37) == [25, 10, 1, 1]
    assert token_stack(100) == [25, 25, 25, 25]
    with pytest.raises(ValueError, match="0 or more"):
        token_stack(-5)


def test_chip_stack_is_unchanged() -> None:
    assert chip_stack(14) == [6, 6, 1, 1]
    assert chip_stack(-3) == [-1, -1, -1]
    assert chip_stack(-40) == [-1] * 12


def test_tokens_differ_in_more_than_colour(art: CardArt) -> None:
    images = {}
    for value in (1, 5, 10, 25):
        token = art.token(value, 48)
        assert token.get_size() == (48, 48) and token.get_flags() & pygame.SRCALPHA
        images[value] = pixels(pygame.transform.grayscale(token))
    assert len(set(images.values())) == 4  # a player who sees no colour still tells them apart


def test_unknown_chips_and_tokens_are_clear_errors(art: CardArt) -> None:
    with pytest.raises(UnknownChipError, match=r"no token worth 2 \(there are 1, 5, 10, 25\)"):
        art.token(2, 30)
    with pytest.raises(UnknownChipError, match="no NOVE chip worth 3"):
        art.chip(3, 30)


def test_passing_images_are_bounded_and_never_push_out_the_faces(fonts: Fonts) -> None:
    from nove_desktop.ui import cards

    art = CardArt(fonts)
    face = art.face("m1", *MEDIUM, "kael")
    kept = len(art)
    step = pygame.Surface((200, 200))
    for level in range(200):  # 200 x 160 kB: far past the passing cache's budget
        art.passing(("squash", level), lambda: step.copy())
    assert art._passing.bytes <= cards.PASSING_BYTES
    assert len(art) == kept and art.face("m1", *MEDIUM, "kael") is face
    assert art.passing(("squash", 199), lambda: pygame.Surface((1, 1))).get_width() == 200
