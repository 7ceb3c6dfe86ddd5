"""Screenshots of nove-desktop in a real window (X11, under Xvfb), for docs and visual review.

Usage::

    python tools/screenshots.py [--out docs/screenshots] [--sizes 1280x720,1920x1080]
                                [--seed 2024] [--no-verify]

Needs the Debian packages ``xvfb`` (unless $DISPLAY is already set) and, for the one check
against the real X screen, ``imagemagick`` and ``xdotool``::

    apt-get install -y xvfb xdotool imagemagick

What it does:

* starts ``Xvfb :N -screen 0 1920x1080x24 -nolisten tcp`` on a free display number (or reuses
  $DISPLAY when it is set) and runs the app in a real window: SDL_VIDEODRIVER unset,
  SDL_AUDIODRIVER=dummy, NOVE_DESKTOP_DATA pointing at a temporary folder (no real user data is
  read or written);
* drives the app in-process through its own API (``App.step`` with fixed frame times, the
  tables' own controls for the human seat, positions reached with ``nove_desktop.scenarios``
  from fixed deal numbers), so the pictures are the same from run to run; mouse input from the
  X server is ignored;
* for every size, runs the stages of ``tools/stages/`` (the menus, then each game's) and saves
  ``pygame.display.get_surface()`` as ``OUT/{stage}-{W}x{H}.png``;
* checks once per size, with ``import -window root``, that the real X window shows the very
  picture that was saved (disable with ``--no-verify``).

Prints each file written. ``--only kael`` runs the stages whose name starts with "kael";
``--stages title,nove-summary`` runs exactly those. ``--languages fr,de`` (or ``all``) shoots in
those languages too: ``OUT/{stage}-{lang}-{W}x{H}.png`` (English keeps the plain name).
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FRAME = 1 / 60
SETTLE_FRAMES = 20  # frames to let lifts, hovers and flips finish once the table is idle
MAX_FRAMES = 60 * 600  # ten simulated minutes: a safety net, never reached in a normal run
STATES = ("title", "setup", "table", "banner", "handoff", "summary")


# -- the display --------------------------------------------------------------------------------
def start_xvfb() -> str:
    """Start Xvfb on a free display number; return the DISPLAY value. Stopped at exit."""
    if shutil.which("Xvfb") is None:
        sys.exit("Xvfb is not installed: apt-get install -y xvfb (or set $DISPLAY)")
    for number in range(99, 140):
        if Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists():
            continue
        proc = subprocess.Popen(
            ["Xvfb", f":{number}", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        socket = Path(f"/tmp/.X11-unix/X{number}")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and proc.poll() is None and not socket.exists():
            time.sleep(0.05)
        if proc.poll() is None and socket.exists():

            def stop(proc: subprocess.Popen[bytes] = proc) -> None:
                proc.terminate()
                try:
                    proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    proc.kill()

            atexit.register(stop)
            return f":{number}"
        if proc.poll() is None:
            proc.kill()
    sys.exit("could not start Xvfb on any display from :99 to :139")


def prepare_environment(data_dir: Path) -> str:
    """Real window, silent audio, throw-away data folder. Must run before pygame is imported."""
    display = os.environ.get("DISPLAY") or start_xvfb()
    os.environ["DISPLAY"] = display
    os.environ.pop("SDL_VIDEODRIVER", None)  # an empty value fails: unset it
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["NOVE_DESKTOP_DATA"] = str(data_dir)
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return display


# -- driving the app ----------------------------------------------------------------------------
class Shooter:
    """One window size: an App, helpers for the stages, and the screenshots taken so far."""

    def __init__(
        self, size: tuple[int, int], out: Path, data_dir: Path, language: str = "en"
    ) -> None:
        import pygame

        from nove_desktop.storage import Storage
        from nove_desktop.ui.app import App

        self.pygame = pygame
        self.size = size
        self.out = out
        self.data_dir = data_dir
        self.app = App(storage=Storage(data_dir), size=size)
        self.language = language
        self.app.set_language(language)
        # Defaults, spelled out so a changed default does not change the pictures silently.
        self.app.settings.animation_speed = "normal"
        self.app.settings.ai_pace = "fast"
        self.app.settings.handoff = True
        self.written: list[Path] = []

    # stepping
    def step(self, posted: list[Any] | None = None, dt: float = FRAME) -> None:
        pygame = self.pygame
        ignored = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        real = [e for e in pygame.event.get() if e.type not in ignored]
        self.app.step(real + list(posted or []), dt)

    def settle(self, frames: int = SETTLE_FRAMES) -> None:
        for _ in range(frames):
            self.step()

    def until(self, done: Any, limit: int = MAX_FRAMES, confirm: bool = True) -> None:
        """Step until ``done(app)``; summaries and hand-offs are confirmed on the way."""
        enter = self.pygame.event.Event(
            self.pygame.KEYDOWN, key=self.pygame.K_RETURN, mod=0, unicode="\r", scancode=0
        )
        for _ in range(limit):
            if done(self.app):
                return
            name = getattr(self.app.stack.top, "name", "")
            self.step([enter] if confirm and name in ("round_summary", "handoff") else [])
        raise RuntimeError("the wanted moment never came")

    def table(
        self,
        game_id: str,
        kinds: list[str],
        seed: int,
        wanted: Any = None,
        names: list[str] | None = None,
        **options: Any,
    ) -> Any:
        """A table for ``game_id``, at the first position ``wanted(session)`` accepts."""
        from nove_desktop import scenarios
        from nove_desktop.session import GameSession, SeatConfig

        game = self.app.registry.get(game_id)
        values = {"players": len(kinds), **options}
        from nove_desktop.i18n import _

        names = names or [
            _("You"),
            "Ada",
            "Bruno",
            "Chiara",
            "Dario",
            "Elsa",
            "Fabio",
            "Gina",
            "Hugo",
            "Ines",
            "Jonas",
            "Kim",
        ]
        seats = [SeatConfig(names[i], kind) for i, kind in enumerate(kinds)]
        parsed = game.options_from_json(values)
        if wanted is None:
            session = GameSession(game, parsed, seed, seats)
        else:
            session = scenarios.find(game, parsed, seats, wanted, seeds=range(seed, seed + 300))
        self.clear()
        self.app.scenes.push("title")
        return self.app.scenes.push("table", session=session, resumed=wanted is not None)

    def top(self) -> Any:
        return self.app.stack.top

    def clear(self) -> None:
        while len(self.app.stack):
            self.app.stack.pop()

    # saving
    def shoot(self, state: str) -> Path:
        w, h = self.size
        surface = self.pygame.display.get_surface()
        if surface is None:
            raise RuntimeError("no window to take a picture of")
        if surface.get_size() != self.size:
            raise RuntimeError(f"window is {surface.get_size()}, expected {self.size}")
        tag = "" if self.language == "en" else f"-{self.language}"
        path = self.out / f"{state}{tag}-{w}x{h}.png"
        self.pygame.image.save(surface, str(path))
        self.written.append(path)
        print(f"wrote {path}", flush=True)
        return path

    def verify_real_window(self, saved: Path) -> None:
        """Grab the X screen with ImageMagick and compare the window's area with ``saved``."""
        pygame = self.pygame
        if shutil.which("import") is None:
            print("  (skipped the X screen check: ImageMagick's import is not installed)")
            return
        grab = self.data_dir / "root.png"
        subprocess.run(["import", "-window", "root", str(grab)], check=True, timeout=30)
        root = pygame.image.load(str(grab))
        x, y = pygame.display.get_window_position()
        w, h = self.size
        area = pygame.Rect(x, y, w, h).clip(root.get_rect())
        if area.size != (w, h):
            raise RuntimeError(
                f"the window at {(x, y)} does not fit the X screen {root.get_size()}"
            )
        shown = pygame.image.tobytes(root.subsurface(area), "RGB")
        mine = pygame.image.tobytes(pygame.image.load(str(saved)), "RGB")
        sample = 7  # every 7th byte: enough to tell, quick in pure Python
        diffs = sum(a != b for a, b in zip(shown[::sample], mine[::sample], strict=True))
        share = diffs / max(1, len(mine[::sample]))
        if share > 0.001:
            raise RuntimeError(
                f"the X screen differs from {saved.name} in {share:.2%} of sampled bytes"
            )
        print(f"  checked: the real X window at {(x, y)} shows {saved.name} ({share:.3%} differ)")

    def close(self) -> None:
        self.clear()
        self.pygame.quit()

    def __getattr__(self, name: str) -> Any:
        """Stages may also treat the shooter as the app (``registry``, ``scenes``, ``step``)."""
        return getattr(self.app, name)


def all_stages() -> list[tuple[str, Any]]:
    """Every stage: the menus first, then each game's, in New game's order (each game names its
    stages module in its description, ``nove_desktop/specs.py``: explicit, no folder scan)."""
    from nove_desktop.specs import SPECS
    from tools.stages import menus

    stages: list[tuple[str, Any]] = list(menus.STAGES)
    for spec in SPECS:
        stages += spec.screenshot_stages()
    return stages


# -- main ---------------------------------------------------------------------------------------
def parse_size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    return int(w), int(h)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    parser.add_argument("--only", default="", help="run the stages whose names start so")
    parser.add_argument("--stages", default="", help="comma-separated stage names to run")
    parser.add_argument("--languages", default="en", help="en,fr,de,it or all")
    parser.add_argument("--no-verify", action="store_true", help="skip the X screen check")
    args = parser.parse_args(argv)
    languages = ["en", "fr", "de", "it"] if args.languages == "all" else args.languages.split(",")
    sizes = [parse_size(s) for s in args.sizes.split(",") if s.strip()]
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="nove-shots-") as tmp:
        display = prepare_environment(Path(tmp))
        sys.path.insert(0, str(ROOT))
        print(f"display {display}, data folder {tmp}", flush=True)
        written: list[Path] = []
        stages = [(n, s) for n, s in all_stages() if n.startswith(args.only)]
        if args.stages:
            chosen = args.stages.split(",")
            stages = [(n, s) for n, s in stages if n in chosen]
        for size, language in [(size, lang) for size in sizes for lang in languages]:
            # A fresh data folder per size and language: no autosave of one may enable
            # "Continue" in the next.
            data = Path(tmp) / f"{size[0]}x{size[1]}-{language}"
            data.mkdir()
            shooter = Shooter(size, args.out, data, language)
            try:
                for number, (name, stage) in enumerate(stages):
                    stage(shooter)
                    path = shooter.shoot(name)
                    if number == 0 and not args.no_verify:
                        shooter.verify_real_window(path)
            finally:
                written += shooter.written
                shooter.close()
    print(f"{len(written)} screenshots in {time.monotonic() - started:.1f} s:")
    for path in written:
        print(f"  {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
