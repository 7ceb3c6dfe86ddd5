"""Synthesised sound effects (``nove_desktop/ui/sound.py``), headless with the dummy audio
driver, and silent when there is no audio at all."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from array import array
from collections.abc import Iterator

import pygame
import pytest

from nove_desktop.ui import sound
from nove_desktop.ui.sound import (
    RECIPES,
    SOUND_NAMES,
    SoundBoard,
    encode_samples,
    synthesise,
)


@pytest.fixture(scope="module", autouse=True)
def mixer() -> Iterator[None]:
    """The dummy-driver mixer for this module; left as found for the other UI tests."""
    started_here = not pygame.mixer.get_init()
    if started_here:
        pygame.mixer.init()
    yield
    if started_here:
        pygame.mixer.quit()


@pytest.fixture
def quiet_mixer() -> Iterator[None]:
    pygame.mixer.stop()
    yield
    pygame.mixer.stop()


@pytest.fixture
def no_audio(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine without an audio device: the mixer refuses to start."""

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)


@pytest.fixture
def reopened_mixer() -> Iterator[None]:
    """Lets a test reopen the mixer with other parameters; the old ones come back after."""
    mixer = pygame.mixer.get_init()
    assert mixer is not None  # the suite's mixer is open
    rate, size, channels = mixer
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()
    pygame.mixer.init(frequency=rate, size=size if size != -32 else 32, channels=channels)


# -- with the dummy audio driver -------------------------------------------------------------------
@pytest.mark.usefixtures("quiet_mixer")
def test_every_effect_plays() -> None:
    board = SoundBoard(volume=0.7, muted=False)
    assert board.available
    assert [board.play(name) for name in SOUND_NAMES] == [True] * len(SOUND_NAMES)


def test_the_effects_are_short_and_in_the_mixer_format() -> None:
    board = SoundBoard(0.5, False)
    board.preload()
    mixer = pygame.mixer.get_init()
    assert mixer is not None
    rate, size, channels = mixer
    frame_bytes = abs(size) // 8 * channels
    for name in SOUND_NAMES:
        effect = board._sound(name)
        assert effect is not None, name
        assert 0.01 <= effect.get_length() <= 1.0, name
        samples = len(synthesise(RECIPES[name], rate))
        assert len(effect.get_raw()) == samples * frame_bytes, name


@pytest.mark.usefixtures("quiet_mixer")
def test_muted_effects_do_not_play() -> None:
    board = SoundBoard(0.7, muted=True)
    assert board.muted
    assert board.play("deal") is False
    assert not pygame.mixer.get_busy()
    board.set_muted(False)
    assert board.play("deal") is True


@pytest.mark.usefixtures("quiet_mixer")
def test_muting_stops_what_is_playing() -> None:
    board = SoundBoard(0.7, False)
    assert board.play("win")
    assert pygame.mixer.get_busy()
    board.set_muted(True)
    assert not pygame.mixer.get_busy()


@pytest.mark.usefixtures("quiet_mixer")
def test_volume_is_clamped_and_reaches_every_rendered_effect() -> None:
    board = SoundBoard(3.0, False)
    assert board.volume == 1.0
    board.preload()
    board.set_volume(0.25)
    assert board.volume == 0.25
    for name in SOUND_NAMES:
        effect = board._sound(name)
        assert effect is not None and effect.get_volume() == pytest.approx(0.25, abs=0.01)
    board.set_volume(-1.0)
    assert board.volume == 0.0
    assert board.play("chip") is False
    board.set_volume(float("nan"))
    assert board.volume == 0.0


def test_an_unknown_effect_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="Unknown sound 'nove'"):
        SoundBoard(0.7, False).play("nove")


@pytest.mark.usefixtures("quiet_mixer")
def test_each_effect_is_rendered_once(monkeypatch: pytest.MonkeyPatch) -> None:
    board = SoundBoard(0.7, False)
    calls: list[str] = []
    real = sound.synthesise

    def counting(parts: object, rate: int) -> list[float]:
        calls.append("x")
        return real(parts, rate)  # type: ignore[arg-type]  # passed through as received

    monkeypatch.setattr(sound, "synthesise", counting)
    for _ in range(3):
        board.play("click")
    assert calls == ["x"]


@pytest.mark.parametrize(
    ("size", "channels"), [(-16, 1), (16, 2), (8, 2), (-8, 1), (32, 2), (-16, 6)]
)
@pytest.mark.usefixtures("reopened_mixer")
def test_other_mixer_formats_are_followed(size: int, channels: int) -> None:
    pygame.mixer.init(frequency=22050, size=size, channels=channels)
    board = SoundBoard(0.7, False)
    assert board.available
    assert board.play("chip")
    effect = board._sound("chip")
    assert effect is not None
    assert effect.get_length() == pytest.approx(0.11, abs=0.01)


# -- without audio ---------------------------------------------------------------------------------
@pytest.mark.usefixtures("no_audio")
def test_without_audio_everything_is_a_silent_no_op() -> None:
    board = SoundBoard(0.7, False)
    assert not board.available
    board.preload()
    assert [board.play(name) for name in SOUND_NAMES] == [False] * len(SOUND_NAMES)
    board.set_volume(0.3)
    board.set_muted(True)
    board.set_muted(False)
    assert board.volume == 0.3
    with pytest.raises(ValueError):
        board.play("typo")


def test_a_sound_the_mixer_refuses_stays_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("Unable to create sound")

    monkeypatch.setattr(pygame.mixer, "Sound", refuse)
    board = SoundBoard(0.7, False)
    assert board.available
    assert board.play("flip") is False


@pytest.mark.usefixtures("reopened_mixer")
def test_a_mixer_closed_under_the_board_does_not_raise() -> None:
    pygame.mixer.init()
    board = SoundBoard(0.7, False)
    board.preload()
    pygame.mixer.quit()
    assert board.play("deal") is False
    board.set_volume(0.2)
    board.set_muted(True)


# -- synthesis and encoding ------------------------------------------------------------------------
@pytest.mark.parametrize("name", SOUND_NAMES)
def test_recipes_stay_within_full_scale_and_are_audible(name: str) -> None:
    samples = synthesise(RECIPES[name], 44100)
    peak = max(abs(sample) for sample in samples)
    assert 0.1 < peak <= 1.0
    assert abs(samples[0]) < 0.01  # the attack starts from silence: no click
    assert synthesise(RECIPES[name], 44100) == samples  # deterministic noise


def test_encoding_signed_16_bit_stereo_interleaves_both_channels() -> None:
    data = array("h", encode_samples([0.0, 0.5, -0.5, 1.0], -16, 2))
    assert list(data) == [0, 0, 16383, 16383, -16383, -16383, 32767, 32767]


def test_encoding_unsigned_and_float_formats() -> None:
    assert list(array("B", encode_samples([0.0, 1.0, -1.0], 8, 1))) == [128, 255, 1]
    assert list(array("H", encode_samples([0.0, 1.0], 16, 1))) == [32768, 65535]
    assert list(array("b", encode_samples([1.0, -1.0], -8, 1))) == [127, -127]
    assert list(array("f", encode_samples([0.5, -0.25], -32, 3))) == [0.5] * 3 + [-0.25] * 3


def test_encoding_scales_a_loud_sound_down_instead_of_clipping() -> None:
    assert list(array("h", encode_samples([2.0, -1.0, 0.5], -16, 1))) == [32767, -16383, 8191]


@pytest.mark.parametrize(("size", "channels"), [(24, 2), (-16, 0)])
def test_encoding_refuses_impossible_formats(size: int, channels: int) -> None:
    with pytest.raises(ValueError):
        encode_samples([0.0], size, channels)
