"""Kaël's card words read as English: the one X takes "the", other ranks "a"."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from nove_desktop.ui.tables.kael.words import cards_words, rank_words


def test_the_x_is_the_x():
    assert cards_words(["X"]) == "the X"
    assert rank_words("X") == "X"  # "Take the X", "took the X from the table"


def test_other_cards():
    assert cards_words(["7a"]) == "a 7"
    assert cards_words(["7a", "7b"]) == "a pair of 7s"
    assert cards_words(["m1"]) == "a \u22121"


def test_ranks_read_with_a_vowel_take_an():
    assert cards_words(["8a"]) == "an 8"
    assert cards_words(["11a"]) == "an 11"
    assert cards_words(["1a"]) == "a 1"
    assert cards_words(["8a", "8b"]) == "a pair of 8s"
