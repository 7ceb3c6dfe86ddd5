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
  scenes' own buttons for the human seat, fixed deal numbers for the games), so the pictures
  are the same from run to run; mouse input from the X server is ignored;
* for every size, saves ``pygame.display.get_surface()`` in these states:

  ``title``    the title screen
  ``setup``    the new-game setup with its defaults
  ``table``    a 4-seat table ("You" + 3 AI), the human's turn in Step 2 with cards dealt,
               after the animations have settled
  ``banner``   a call banner ("NOVE!", "BUST!", "STOP", ...) in the middle of its animation
  ``handoff``  the pass-and-play hand-off screen of a table with 2 human seats
  ``summary``  the round summary over the table at the end of the first round

  as ``OUT/{state}-{W}x{H}.png``;
* checks once per size, with ``import -window root``, that the real X window shows the very
  picture that was saved (disable with ``--no-verify``).

Prints each file written. Takes well under two minutes.
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
    """One window size: an App, helpers to step it, and the screenshots taken so far."""

    def __init__(self, size: tuple[int, int], out: Path, data_dir: Path, seed: int) -> None:
        import pygame

        from nove_desktop.storage import Storage
        from nove_desktop.ui.app import App

        self.pygame = pygame
        self.size = size
        self.out = out
        self.seed = seed
        self.data_dir = data_dir
        self.app = App(storage=Storage(data_dir), size=size)
        # Defaults, spelled out so a changed default does not change the pictures silently.
        self.app.settings.animation_speed = "normal"
        self.app.settings.ai_pace = "fast"
        self.app.settings.handoff = True
        self.written: list[Path] = []
        self.frames = 0

    # stepping
    def step(self, posted: list[Any] | None = None, dt: float = FRAME) -> None:
        pygame = self.pygame
        ignored = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        real = [e for e in pygame.event.get() if e.type not in ignored]
        self.app.step(real + list(posted or []), dt)
        self.frames += 1

    def settle(self, frames: int = SETTLE_FRAMES) -> None:
        for _ in range(frames):
            self.step()

    def top(self) -> Any:
        return self.app.stack.top

    def clear(self) -> None:
        while len(self.app.stack):
            self.app.stack.pop()

    # saving
    def shoot(self, state: str) -> Path:
        w, h = self.size
        surface = self.pygame.display.get_surface()
        if surface.get_size() != self.size:
            raise RuntimeError(f"window is {surface.get_size()}, expected {self.size}")
        path = self.out / f"{state}-{w}x{h}.png"
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

    # -- the states ------------------------------------------------------------------------------
    def title(self, verify: bool) -> None:
        from nove_desktop.ui.scenes.title import TitleScene

        self.clear()
        self.app.stack.push(TitleScene(self.app))
        self.settle(30)
        path = self.shoot("title")
        if verify:
            self.verify_real_window(path)

    def setup(self) -> None:
        from nove_desktop.ui.scenes.setup import SetupScene

        self.app.stack.push(SetupScene(self.app))
        self.settle(10)
        self.shoot("setup")
        self.clear()

    def new_table(self, seats: list[tuple[str, str]], seed: int) -> Any:
        from nove_desktop.session import GameSession, SeatConfig
        from nove_desktop.ui.scenes.table_nove import NoveTableScene
        from nove_desktop.ui.scenes.title import TitleScene

        game = self.app.registry.get("nove")
        options = game.options_from_json(
            {"players": len(seats), "first_dealer": 0, "max_rounds": None}
        )
        session = GameSession(game, options, seed, [SeatConfig(n, k) for n, k in seats])
        self.clear()
        self.app.stack.push(TitleScene(self.app))
        scene = NoveTableScene(self.app, session)
        self.app.stack.push(scene)
        return scene

    def human_move(self, scene: Any, hit_below: int = 22) -> None:
        """Play the human's turn with the table's own buttons (keep all, then hit or stand)."""
        from nove_desktop.ui.scenes.table_nove import CardToggle

        buttons = [b for b in scene.buttons if not isinstance(b, CardToggle)]
        if any(isinstance(b, CardToggle) for b in scene.buttons):  # the exchange: keep all
            scene.exchange_button.activate()
            return
        hit = next((b for b in buttons if b.label.startswith("Hit")), None)
        stand = next((b for b in buttons if b.label.startswith("Stand")), None)
        if hit is not None or stand is not None:
            total = scene.hand_total(None)
            if hit is not None and (total < hit_below or stand is None):
                hit.activate()
            else:
                stand.activate()
            return
        primary = [b for b in buttons if b.primary] or buttons  # NOVE / joker choices
        if not primary:
            raise RuntimeError("the human's turn offers no button")
        primary[0].activate()

    @staticmethod
    def step2_turn(scene: Any) -> bool:
        if not scene.my_turn() or not scene.buttons:
            return False
        return any(getattr(b, "label", "").startswith(("Hit", "Stand")) for b in scene.buttons)

    @staticmethod
    def settled(scene: Any) -> bool:
        hands = scene.hands.values()
        return (
            not scene.animating
            and not scene.flying
            and not scene.chips
            and not scene.banners
            and not any(s.moving or s.flip is not None for sprites in hands for s in sprites)
        )

    def table_banner_summary(self) -> None:
        """One game, You + 3 AI: the table in Step 2, a call banner, the round summary."""
        from nove_desktop.ui.scenes.summary import RoundSummaryScene

        scene = self.new_table(
            [
                ("You", "human"),
                ("Ada", "heuristic"),
                ("Bruno", "heuristic"),
                ("Chiara", "heuristic"),
            ],
            self.seed,
        )
        taken: set[str] = set()
        for _ in range(MAX_FRAMES):
            self.step()
            top = self.top()
            if isinstance(top, RoundSummaryScene):
                self.settle(15)
                self.shoot("summary")
                taken.add("summary")
                break
            if top is not scene:
                raise RuntimeError(f"unexpected scene on top: {type(top).__name__}")
            if "banner" not in taken:
                calls = [b for b in scene.banners if not b.text.startswith("Round")]
                if calls and calls[0].age >= 0.22:  # popping in, still overshooting
                    self.shoot("banner")
                    taken.add("banner")
            if scene.my_turn() and scene.buttons:
                if not self.settled(scene):
                    continue
                step2 = self.step2_turn(scene)
                if step2 and "table" not in taken and len(scene.hands[scene.viewer]) >= 4:
                    self.settle()
                    self.shoot("table")
                    taken.add("table")
                # hit at least to 4 cards so the Step 2 picture has several cards
                self.human_move(scene, hit_below=99 if len(scene.hands[scene.viewer]) < 4 else 22)
        missing = {"table", "banner", "summary"} - taken
        if missing:
            raise RuntimeError(f"the game never showed: {sorted(missing)}")
        self.clear()

    def handoff(self) -> None:
        """Two humans and two AI seats: play until the table asks to pass the computer."""
        from nove_desktop.ui.scenes.handoff import HandoffScene

        scene = self.new_table(
            [("You", "human"), ("Ada", "heuristic"), ("Marta", "human"), ("Bruno", "heuristic")],
            self.seed + 1,
        )
        for _ in range(MAX_FRAMES):
            self.step()
            top = self.top()
            if isinstance(top, HandoffScene):
                self.settle(10)
                self.shoot("handoff")
                self.clear()
                return
            if top is scene and scene.my_turn() and scene.buttons and self.settled(scene):
                self.human_move(scene)
        raise RuntimeError("the hand-off screen never appeared")

    def close(self) -> None:
        self.clear()
        self.pygame.quit()


# -- main ---------------------------------------------------------------------------------------
def parse_size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    return int(w), int(h)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    parser.add_argument("--seed", type=int, default=2025, help="deal number of the 4-seat game")
    parser.add_argument("--no-verify", action="store_true", help="skip the X screen check")
    args = parser.parse_args(argv)
    sizes = [parse_size(s) for s in args.sizes.split(",") if s.strip()]
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="nove-shots-") as tmp:
        display = prepare_environment(Path(tmp))
        sys.path.insert(0, str(ROOT))
        print(f"display {display}, data folder {tmp}", flush=True)
        written: list[Path] = []
        for size in sizes:
            data = Path(tmp) / f"{size[0]}x{size[1]}"  # a fresh data folder per size: no
            data.mkdir()  # autosave of one size may enable "Continue" in the next
            shooter = Shooter(size, args.out, data, args.seed)
            try:
                shooter.title(verify=not args.no_verify)
                shooter.setup()
                shooter.table_banner_summary()
                shooter.handoff()
            finally:
                written += shooter.written
                shooter.close()
    print(f"{len(written)} screenshots in {time.monotonic() - started:.1f} s:")
    for path in written:
        print(f"  {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
