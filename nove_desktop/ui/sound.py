"""Short sound effects synthesised in code (no sound files to ship or license).

Each effect is a recipe of decaying tones and filtered noise, rendered once, on first use, at the
mixer's own rate, sample format and channel count, and handed to ``pygame.mixer.Sound(buffer=...)``.
Without an audio device the mixer does not start: the :class:`SoundBoard` then stays silent and
never raises.
"""

from __future__ import annotations

import cmath
import math
import random
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate, repeat
from operator import add, attrgetter, mul
from typing import TypeVar

import pygame

SOUND_NAMES = ("deal", "flip", "chip", "call", "bust", "win", "click")

# Mixer sample size (as pygame.mixer.get_init() reports it) -> array typecode, scale, offset.
# 32 is float32 (pygame reports it as -32); the others are integer PCM.
_SAMPLE_FORMATS: dict[int, tuple[str, float, int]] = {
    -32: ("f", 1.0, 0),
    32: ("f", 1.0, 0),
    -16: ("h", 32767.0, 0),
    16: ("H", 32767.0, 32768),
    -8: ("b", 127.0, 0),
    8: ("B", 127.0, 128),
}
_ATTACK_SECONDS = 0.002  # a short fade-in avoids a click at the start of each part
_DECAY_TO_SILENCE = 6.9  # e^-6.9 ~ 0.001: the envelope fades by 60 dB over a part
_IMAGINARY = attrgetter("imag")
T = TypeVar("T", int, float)  # the samples of an array: ints or floats, by its typecode


@dataclass(frozen=True)
class Tone:
    """A sine that starts at ``start`` seconds and dies away over ``duration``, gliding from
    ``frequency`` to ``end_frequency``; ``overtone`` adds that much of the octave above."""

    start: float
    frequency: float
    duration: float
    amplitude: float
    end_frequency: float | None = None
    overtone: float = 0.0


@dataclass(frozen=True)
class Noise:
    """A burst of low-passed noise; ``smoothing`` near 1 is bright, near 0 is dull."""

    start: float
    duration: float
    amplitude: float
    smoothing: float = 0.5


Part = Tone | Noise

RECIPES: dict[str, tuple[Part, ...]] = {
    # A soft card flick: dull noise with a faint low body.
    "deal": (
        Noise(0.0, 0.07, 0.55, smoothing=0.3),
        Tone(0.0, 190.0, 0.05, 0.12, end_frequency=120.0),
    ),
    # A snap in two halves, brighter than the deal.
    "flip": (
        Noise(0.0, 0.03, 0.45, smoothing=0.65),
        Noise(0.028, 0.045, 0.35, smoothing=0.35),
    ),
    # Two small clicks of a chip landing on a stack.
    "chip": (
        Tone(0.0, 3100.0, 0.04, 0.3, overtone=0.25),
        Noise(0.0, 0.008, 0.25, smoothing=0.85),
        Tone(0.065, 3650.0, 0.045, 0.26, overtone=0.25),
        Noise(0.065, 0.008, 0.2, smoothing=0.85),
    ),
    # A bright two-note chime (E6 then A6) for NOVE, CAPO, 31...
    "call": (
        Tone(0.0, 1318.5, 0.3, 0.32, overtone=0.3),
        Tone(0.11, 1760.0, 0.4, 0.32, overtone=0.3),
    ),
    # A low thud.
    "bust": (
        Tone(0.0, 120.0, 0.26, 0.75, end_frequency=45.0),
        Noise(0.0, 0.06, 0.35, smoothing=0.08),
    ),
    # A rising major arpeggio (C5, E5, G5).
    "win": (
        Tone(0.0, 523.25, 0.32, 0.28, overtone=0.2),
        Tone(0.11, 659.25, 0.32, 0.28, overtone=0.2),
        Tone(0.22, 783.99, 0.48, 0.3, overtone=0.2),
    ),
    # A short UI tick.
    "click": (
        Tone(0.0, 1900.0, 0.02, 0.28),
        Noise(0.0, 0.006, 0.15, smoothing=0.9),
    ),
}


# -- synthesis -------------------------------------------------------------------------------------
# The per-sample work runs inside C loops (itertools.accumulate, map). A decaying sine is the
# imaginary part of a complex phasor multiplied by a constant step each sample; a linear glide is
# a step that itself turns a little each sample. Parts are mixed as complex numbers and the
# imaginary part is taken once at the end (noise is put on the imaginary axis for that).


def _length(seconds: float, rate: int) -> int:
    return max(1, int(seconds * rate))


def _decay_per_sample(length: int) -> float:
    return math.exp(-_DECAY_TO_SILENCE / length)


def _apply_attack(samples: list[complex], rate: int) -> None:
    """A linear fade-in over the first couple of milliseconds, so a part does not click."""
    attack = min(len(samples), _length(_ATTACK_SECONDS, rate))
    for index in range(attack):
        samples[index] *= (index + 1) / attack


def _render_tone(tone: Tone, rate: int) -> list[complex]:
    """One tone from its own start, as phasors whose imaginary part is the sound."""
    length = _length(tone.duration, rate)
    first_step = 2.0 * math.pi * tone.frequency / rate
    last_frequency = tone.frequency if tone.end_frequency is None else tone.end_frequency
    glide = (2.0 * math.pi * last_frequency / rate - first_step) / length
    step = _decay_per_sample(length) * cmath.exp(1j * first_step)
    steps: Iterator[complex]
    if glide:
        steps = accumulate(repeat(cmath.exp(1j * glide), length - 2), mul, initial=step)
    else:
        steps = repeat(step, length - 1)
    phasors = list(accumulate(steps, mul, initial=complex(tone.amplitude)))
    if tone.overtone and tone.amplitude:
        # The squared phasor turns twice as fast (the octave) and dies away twice as fast.
        weight = complex(tone.overtone / tone.amplitude)
        octave = map(weight.__mul__, map(mul, phasors, phasors))
        phasors = list(map(add, phasors, octave))
    _apply_attack(phasors, rate)
    return phasors


def _render_noise(noise: Noise, rate: int, generator: random.Random) -> list[complex]:
    """One noise burst from its own start, on the imaginary axis."""
    length = _length(noise.duration, rate)
    filtered = []
    level = 0.0
    for _ in range(length):
        level += noise.smoothing * (2.0 * generator.random() - 1.0 - level)
        filtered.append(level)
    decay = repeat(_decay_per_sample(length), length - 1)
    envelope = accumulate(decay, mul, initial=noise.amplitude * 1j)
    samples = list(map(mul, filtered, envelope))
    _apply_attack(samples, rate)
    return samples


def synthesise(parts: Sequence[Part], rate: int) -> list[float]:
    """Mono samples of a recipe at ``rate`` samples per second. Deterministic: the noise comes
    from a generator seeded here, never from the global one."""
    buffer = [0j] * _length(max(part.start + part.duration for part in parts), rate)
    generator = random.Random(len(parts))
    for part in parts:
        if isinstance(part, Tone):
            samples = _render_tone(part, rate)
        else:
            samples = _render_noise(part, rate, generator)
        begin = min(int(part.start * rate), len(buffer))
        end = min(begin + len(samples), len(buffer))
        buffer[begin:end] = map(add, buffer[begin:end], samples)
    return list(map(_IMAGINARY, buffer))


def encode_samples(samples: Sequence[float], size: int, channels: int) -> bytes:
    """Mono samples as interleaved PCM in the mixer's format (``size`` as reported by
    ``pygame.mixer.get_init()``). A peak above 1 scales the whole sound down rather than
    clipping it. ValueError for a size or channel count the mixer cannot have."""
    if size not in _SAMPLE_FORMATS:
        raise ValueError(f"Unsupported mixer sample size {size}")
    if channels < 1:
        raise ValueError(f"A sound has at least one channel, not {channels}")
    typecode, scale, offset = _SAMPLE_FORMATS[size]
    peak = max(max(samples, default=0.0), -min(samples, default=0.0))
    scale /= max(1.0, peak)
    if typecode == "f":
        return _interleaved(array(typecode, map(scale.__mul__, samples)), channels)
    if offset:
        return _interleaved(
            array(typecode, map(offset.__add__, map(int, map(scale.__mul__, samples)))), channels
        )
    return _interleaved(array(typecode, list(map(int, map(scale.__mul__, samples)))), channels)


def _interleaved(mono: array[T], channels: int) -> bytes:
    """The bytes of ``mono`` played on each of ``channels`` at once."""
    if channels == 1:
        return mono.tobytes()
    interleaved = mono * channels  # the right length and type; every item is set below
    for channel in range(channels):
        interleaved[channel::channels] = mono
    return interleaved.tobytes()


# -- the board -------------------------------------------------------------------------------------
def _clamp_volume(volume: float) -> float:
    try:
        value = float(volume)
    except (TypeError, ValueError):
        return 0.0
    return min(1.0, max(0.0, value)) if math.isfinite(value) else 0.0


def _mixer_spec() -> tuple[int, int, int] | None:
    """The open mixer's (rate, size, channels) if its format is one we can write, else None."""
    try:
        spec = pygame.mixer.get_init()
    except (pygame.error, NotImplementedError):  # pygame built without a mixer
        return None
    if not spec or spec[1] not in _SAMPLE_FORMATS:
        return None
    return spec


def _open_mixer() -> tuple[int, int, int] | None:
    """Start the mixer if nobody has; its spec, or None when there is no audio."""
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init()
    except (pygame.error, NotImplementedError):  # no audio device, or no mixer module
        return None
    return _mixer_spec()


class SoundBoard:
    """The game's sound effects by name (see :data:`SOUND_NAMES`).

    Starts the mixer if nobody has. Without audio every method is a silent no-op, and so it is
    if the mixer is closed later. ``play`` of a name that is not in :data:`SOUND_NAMES` raises
    ValueError (a typo, not an audio problem).
    """

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self._volume = _clamp_volume(volume)
        self._muted = bool(muted)
        self._spec = _open_mixer()
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}

    @property
    def available(self) -> bool:
        """Whether sounds can be heard at all (the mixer is open)."""
        return self._check_mixer() is not None

    @property
    def volume(self) -> float:
        """The effects volume, 0..1."""
        return self._volume

    @property
    def muted(self) -> bool:
        """Whether the effects are muted."""
        return self._muted

    def play(self, name: str) -> bool:
        """Play one effect; returns whether it started (False when muted, silent or busy)."""
        if name not in RECIPES:
            raise ValueError(f"Unknown sound {name!r} (known: {', '.join(SOUND_NAMES)})")
        if self._muted or self._volume <= 0.0 or self._check_mixer() is None:
            return False
        sound = self._sound(name)
        if sound is None:
            return False
        try:
            return sound.play() is not None
        except pygame.error:
            return False

    def preload(self) -> None:
        """Render every effect now rather than on first use."""
        if self._check_mixer() is not None:
            for name in SOUND_NAMES:
                self._sound(name)

    def set_volume(self, volume: float) -> None:
        """Change the volume (clamped to 0..1) of every effect, playing ones included."""
        self._volume = _clamp_volume(volume)
        if self._check_mixer() is None:
            return
        for sound in self._rendered():
            sound.set_volume(self._volume)

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute; muting also stops the effects that are playing."""
        self._muted = bool(muted)
        if not self._muted or self._check_mixer() is None:
            return
        for sound in self._rendered():
            sound.stop()

    def _check_mixer(self) -> tuple[int, int, int] | None:
        """The mixer's spec now. Sounds made for another spec are dropped: they would play in
        the wrong format, and touching a Sound once the mixer is closed crashes pygame-ce 2.5.8
        (a segmentation fault, not an exception)."""
        spec = _mixer_spec()
        if spec != self._spec:
            self._sounds.clear()
            self._spec = spec
        return spec

    def _rendered(self) -> list[pygame.mixer.Sound]:
        return [sound for sound in self._sounds.values() if sound is not None]

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        """The rendered effect, made on first use; None if the mixer refused it."""
        if name in self._sounds:
            return self._sounds[name]
        sound = None
        if self._spec is not None:
            rate, size, channels = self._spec
            data = encode_samples(synthesise(RECIPES[name], rate), size, channels)
            try:
                sound = pygame.mixer.Sound(buffer=data)
                sound.set_volume(self._volume)
            except pygame.error:
                sound = None
        self._sounds[name] = sound
        return sound
