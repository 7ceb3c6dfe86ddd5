"""Command line: ``nove-desktop [replay FILE | simulate ...]``.

Errors a user can make (a bad file, an unknown game, bad options) print one clear line and exit
with status 2; they never show a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
import textwrap
import time
import traceback
from pathlib import Path
from typing import Any

from .ai import SEAT_KINDS, SeatError
from .engine.errors import EngineError, InvalidOptionsError
from .engine.game import MAX_ROUND_LIMIT
from .engine.jsonable import MAX_BYTES
from .engine.registry import Registry
from .engine.replay import MAX_ITERATIONS, MAX_SECONDS, MAX_SEED, ReplayError, loads, run
from .games import default_registry
from .match import new_replay, play_match
from .version import app_version

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_STATUSES = {
    EXIT_OK: "success (the self-test found nothing wrong, every simulated game ended)",
    EXIT_FAILED: "the self-test found a problem, or a simulated game failed (its replay is "
    "written and named in the report)",
    EXIT_USAGE: "a mistake in the command line or its files: an unknown option or game, a value "
    "out of range, a replay that cannot be read; one line on the standard error says which",
}
"""The exit statuses and what they mean (the man page's EXIT STATUS section lists them)."""
MAX_GAMES = 100_000
"""The most games one ``simulate`` run plays: hours of work already, and a typo beyond."""
DEFAULT_MAX_ROUNDS = 500


class CliError(Exception):
    """A user mistake: reported as one line, exit status 2."""


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args))
    except (CliError, ReplayError, EngineError, SeatError) as exc:
        print(f"nove-desktop: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_USAGE


def one_line(text: str, limit: int = 400) -> str:
    """``text`` as one printable line of at most ``limit`` characters: messages may quote what
    a file holds, and a file may hold newlines, control characters or a megabyte of text."""
    flat = "".join(c if c.isprintable() else " " for c in text)
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _epilog() -> str:
    """Where the app keeps its files, and the variables that move them (every --help ends so;
    the man page is made from it). Paths under the home folder are written with ``~``, true for
    every user (a man page built elsewhere included)."""
    from .folders import DATA_ENV, default_folders, override

    folders = default_folders()
    if override() is not None:
        return (
            f"Files: saved games and statistics (the data folder), settings (the config folder) "
            f"and the problems log (the state folder) are all kept in {_tilde(folders.data)}, "
            f"as {DATA_ENV} says. Unset it to use the platform's three folders."
        )
    return (
        f"Files: saved games and statistics are kept in the data folder "
        f"{_tilde(folders.data)}, settings in the config folder {_tilde(folders.config)}, and "
        f"the problems log in the state folder {_tilde(folders.state)} (on Linux "
        "XDG_DATA_HOME, XDG_CONFIG_HOME and XDG_STATE_HOME move them). Set "
        f"{DATA_ENV} to a folder to keep all of them there instead (tests, portable installs)."
    )


def _tilde(path: Path) -> str:
    """``path`` with the home folder written ``~``."""
    with contextlib.suppress(RuntimeError, ValueError):  # no home folder; not under it
        return str(Path("~") / path.relative_to(Path.home()))
    return str(path)


class _HelpFormatter(argparse.HelpFormatter):
    """Argparse's own, except that the epilog's lines are never broken inside a word: a folder
    path stays whole (never split at the hyphen of ``nove-desktop``), ready to copy."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        flat = " ".join(text.split())
        return textwrap.fill(
            flat,
            width,
            initial_indent=indent,
            subsequent_indent=indent,
            break_on_hyphens=False,
            break_long_words=False,
        )


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser and its sub-commands: ``--help`` and the man page
    (``tools/release/manpage.py``) are both written from it."""
    epilog = _epilog()
    registry = default_registry()
    titles = [registry.get(game_id).title for game_id in registry.ids()]
    description = (
        f"Card games at a desktop table: {', '.join(titles[:-1])} and {titles[-1]}, against AI "
        "seats or in pass-and-play. Without a command it opens the game's window; the "
        "commands play and replay games headless."
    )
    parser = argparse.ArgumentParser(
        prog="nove-desktop",
        description=description,
        epilog=epilog,
        formatter_class=_HelpFormatter,
    )
    parser.set_defaults(handler=_app)
    parser.add_argument("--version", action="version", version=f"%(prog)s {app_version()}")
    parser.add_argument(
        "--selftest",
        action="store_true",
        help="check assets, scenes and one AI game headless, then exit (0 = all good)",
    )
    sub = parser.add_subparsers(dest="command")

    demo = sub.add_parser(
        "demo",
        help="play one headless NOVE match between AI seats",
        epilog=epilog,
        formatter_class=_HelpFormatter,
    )
    demo.set_defaults(handler=_demo)

    replay = sub.add_parser(
        "replay",
        help="re-execute a replay file and print the result",
        epilog=epilog,
        formatter_class=_HelpFormatter,
    )
    replay.add_argument(
        "file", type=Path, help="a replay written by the app or by simulate --save-replays"
    )
    replay.add_argument("--json", action="store_true", help="print one JSON object")
    replay.set_defaults(handler=_replay)

    sim = sub.add_parser(
        "simulate",
        help="play many headless games between AI seats",
        epilog=epilog,
        formatter_class=_HelpFormatter,
    )
    sim.add_argument(
        "--game",
        default="nove",
        metavar="GAME",
        help=f"the game to play: {', '.join(registry.ids())} (default nove)",
    )
    sim.add_argument(
        "--players",
        type=int,
        default=4,
        help="seats at the table, within the game's own range "
        f"({_player_ranges(registry)}; default 4)",
    )
    sim.add_argument(
        "--games", type=int, default=100, help=f"games to play, 1 to {MAX_GAMES} (default 100)"
    )
    sim.add_argument(
        "--seed",
        type=int,
        default=0,
        help="deal number of the first game, from 0; game i "
        f"uses seed + i, and the last one must stay within 0 to {MAX_SEED} (default 0)",
    )
    sim.add_argument(
        "--seats",
        default=None,
        help="comma-separated seat kinds, one per player: random, easy, normal (or "
        "heuristic), hard; e.g. hard,normal,easy,random (default: every seat normal)",
    )
    sim.add_argument(
        "--max-rounds",
        type=int,
        default=None,
        help="round cap of each game, 1 to "
        f"{MAX_ROUND_LIMIT} (NOVE, NOX and Kaël only; default {DEFAULT_MAX_ROUNDS})",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object and nothing else")
    sim.add_argument(
        "--save-replays",
        type=Path,
        default=None,
        metavar="DIR",
        help="write each game's replay into this folder (default: none; the replay of a game "
        "that fails is always written, there or in a new temporary folder)",
    )
    sim.add_argument(
        "--iterations",
        type=int,
        default=None,
        help=f"Hard seats' simulations per decision, 1 to {MAX_ITERATIONS} (default: the "
        "game's fixed budget; the same games on every run and machine)",
    )
    sim.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="Hard seats' thinking time per decision, in seconds, above 0 up to "
        f"{MAX_SECONDS:g}, instead of --iterations: NOT repeatable (the games depend on the "
        "machine's speed and load; default: none, the simulation budget applies)",
    )
    sim.set_defaults(handler=_simulate)

    serve = sub.add_parser(
        "serve",
        help="run a game server for network play, headless, until SIGTERM or Ctrl+C (rooms "
        "are saved in the data folder and restored at the next start)",
        epilog=epilog,
        formatter_class=_HelpFormatter,
    )
    serve.add_argument(
        "--host",
        default="0.0.0.0",
        help="the address to listen on; 127.0.0.1 for this computer only (default: 0.0.0.0, "
        "every network)",
    )
    serve.add_argument(
        "--port", type=int, default=8765, help="the TCP port to listen on (default: 8765)"
    )
    serve.add_argument(
        "--certfile",
        type=Path,
        help="a TLS certificate (PEM) to serve wss:// (default: none, plain ws://; use it "
        "with --keyfile or behind a reverse proxy that handles TLS)",
    )
    serve.add_argument(
        "--keyfile",
        type=Path,
        help="the private key of --certfile (default: none, the key is read from --certfile)",
    )
    serve.add_argument(
        "--allow-seeds",
        action="store_true",
        help="let a room's creator choose its seed (for tests and benchmarks only: whoever "
        "knows the seed can compute every deal; default: every game is dealt from a fresh "
        "random seed and a chosen seed is refused)",
    )
    serve.set_defaults(handler=_serve)
    return parser


def _serve(args: argparse.Namespace) -> int:
    import asyncio  # the server's modules load only for this command
    import logging
    import ssl

    from .net.server import serve_forever, tls_context
    from .storage import default_root

    if not 0 <= args.port <= 65535:
        raise CliError(f"--port must be from 0 to 65535, not {args.port}")
    if args.keyfile is not None and args.certfile is None:
        raise CliError("--keyfile needs --certfile")
    try:
        tls = tls_context(
            None if args.certfile is None else str(args.certfile),
            None if args.keyfile is None else str(args.keyfile),
        )
    except (OSError, ssl.SSLError) as exc:
        raise CliError(f"cannot use the certificate: {exc}") from None
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    try:
        asyncio.run(
            serve_forever(
                default_registry(),
                args.host,
                args.port,
                default_root() / "rooms",
                tls,
                allow_seeds=args.allow_seeds,
            )
        )
    except OSError as exc:
        raise CliError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    return EXIT_OK


def _player_ranges(registry: Registry) -> str:
    """Each game's player range, games of one range together: "NOVE, Kaël 2-6; NOX 3-6"
    (from the games' own descriptions, so the help cannot drift from the rules)."""
    ranges: dict[tuple[int, int], list[str]] = {}
    for game_id in registry.ids():
        game = registry.get(game_id)
        ranges.setdefault((game.min_players, game.max_players), []).append(game.title)
    return "; ".join(f"{', '.join(titles)} {low}-{high}" for (low, high), titles in ranges.items())


# -- replay ------------------------------------------------------------------------------------
def _replay(args: argparse.Namespace) -> int:
    try:
        with args.file.open("rb") as stream:
            raw = stream.read(MAX_BYTES + 1)  # a larger file is refused without reading it all
    except OSError as exc:
        raise CliError(f"cannot read {args.file}: {exc.strerror or exc}") from None
    replay = loads(raw, str(args.file))
    outcome = run(replay, default_registry())
    result = outcome.result
    names = [one_line(seat.name, 60) for seat in replay.seats]
    if args.json:
        print(
            json.dumps(
                {
                    "game": outcome.game.id,
                    "actions": len(replay.actions),
                    "finished": result.over,
                    "rounds": result.rounds,
                    "scores": list(result.scores),
                    "winner": result.winner,
                    "winner_name": None
                    if result.winner is None
                    else replay.seats[result.winner].name,
                    "reason": result.reason,
                    "budget": replay.budget,
                }
            )
        )
        return 0
    print(f"{outcome.game.title}: {len(replay.actions)} actions, {result.rounds} rounds")
    if replay.budget is not None:
        hard, advice = replay.budget["hard"], replay.budget["hint"]
        print(f"AI search budget: Hard {_limit(hard)}, hints {_limit(advice)}")
    for seat, score in enumerate(result.scores):
        print(f"  seat {seat} {names[seat]}: {score}")
    if result.over and result.winner is not None:
        print(f"winner: seat {result.winner} {names[result.winner]} ({result.reason})")
    else:
        print("the game is not finished: the replay stops before its end")
    return 0


def _limit(budget: dict[str, Any]) -> str:
    parts = []
    if budget["iterations"] is not None:
        parts.append(f"{budget['iterations']} simulations")
    if budget["seconds"] is not None:
        parts.append(f"{budget['seconds']:g} s (a time budget: not repeatable)")
    return " or ".join(parts)


# -- simulate ----------------------------------------------------------------------------------
def _simulate_setup(args: argparse.Namespace) -> tuple[Any, Any, list[str]]:
    registry = default_registry()
    game = registry.get(args.game)
    if not 1 <= args.games <= MAX_GAMES:
        raise CliError(f"--games must be a whole number from 1 to {MAX_GAMES}, not {args.games}")
    last_first_seed = MAX_SEED - args.games + 1  # the games use seed .. seed + games - 1
    if not 0 <= args.seed <= last_first_seed:
        raise CliError(
            f"--seed must be a whole number from 0 to {last_first_seed} "
            f"(with --games {args.games}), not {args.seed}"
        )
    if not game.min_players <= args.players <= game.max_players:
        raise CliError(
            f"--players: {game.title} is played by {game.min_players} to "
            f"{game.max_players} players, not {args.players}"
        )
    options_data: dict[str, Any] = {"players": args.players}
    if "max_rounds" in game.options_to_json(game.default_options()):
        options_data["max_rounds"] = (
            DEFAULT_MAX_ROUNDS if args.max_rounds is None else args.max_rounds
        )
    elif args.max_rounds is not None:
        raise CliError(
            f"--max-rounds: {game.title} has no round limit (it applies to NOVE, NOX and Kaël)"
        )
    try:  # the game's own limits: the same as in the app and in saves
        options = game.options_from_json(options_data)
    except InvalidOptionsError as exc:
        raise CliError(f"--max-rounds: {exc}") from None
    kinds = args.seats.split(",") if args.seats else ["heuristic"] * args.players
    kinds = [k.strip() for k in kinds]
    if len(kinds) != args.players:
        raise CliError(f"--seats names {len(kinds)} seats for {args.players} players")
    for kind in kinds:
        if kind not in SEAT_KINDS:
            raise CliError(f'unknown seat kind "{kind}" (known: {", ".join(SEAT_KINDS)})')
    return game, options, kinds


def _search_budget(args: argparse.Namespace) -> tuple[float | None, int | None]:
    """--seconds and --iterations, checked (neither: the game's fixed iteration budget)."""
    if args.iterations is not None and not 1 <= args.iterations <= MAX_ITERATIONS:
        raise CliError(f"--iterations must be a whole number from 1 to {MAX_ITERATIONS}")
    if args.seconds is not None and not 0 < args.seconds <= MAX_SECONDS:
        raise CliError(f"--seconds must be a number above 0, up to {MAX_SECONDS:g}")
    return args.seconds, args.iterations


def _simulate(args: argparse.Namespace) -> int:
    game, options, kinds = _simulate_setup(args)
    seconds, iterations = _search_budget(args)
    if args.save_replays is not None:
        _check_folder(args.save_replays)  # before any game: not after an hour of play
    wins = [0] * len(kinds)
    totals: list[list[int]] = [[] for _ in kinds]
    errors: list[dict[str, Any]] = []
    actions = 0
    start = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        replay = new_replay(game, options, seed, kinds, [f"{k} {i}" for i, k in enumerate(kinds)])
        try:
            outcome = play_match(
                game, options, seed, kinds, replay=replay, seconds=seconds, iterations=iterations
            )
        except Exception as exc:  # one broken game must not stop the run: report and keep it
            errors.append(_failure(exc, seed, replay, args.save_replays))
            continue
        actions += outcome.actions
        if outcome.result.winner is not None:
            wins[outcome.result.winner] += 1
        for seat, score in enumerate(outcome.result.scores):
            totals[seat].append(score)
        if args.save_replays is not None:
            _write(args.save_replays / f"{game.id}-{seed}.json", outcome.replay.to_json())
    seconds = time.perf_counter() - start
    report = {
        "game": game.id,
        "players": len(kinds),
        "seats": kinds,
        "games": args.games,
        "completed": args.games - len(errors),
        "actions": actions,
        "seconds": round(seconds, 3),
        "games_per_s": round((args.games - len(errors)) / seconds, 1) if seconds else None,
        "actions_per_s": round(actions / seconds) if seconds else None,
        "wins": wins,
        "mean_points": [round(statistics.fmean(t), 3) if t else None for t in totals],
        "errors": errors,
    }
    if args.json:
        print(json.dumps(report))
    else:
        _print_report(report)
    return 1 if errors else 0


def _check_folder(folder: Path) -> None:
    """Create ``folder`` if needed and prove that a file can be written in it (a probe file,
    removed at once: the only sure test, also for root on a read-only disk)."""
    try:
        if folder.is_file():
            raise CliError(f"--save-replays: {folder} is a file, not a folder")
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"--save-replays: cannot create the folder {folder}: {_why(exc)}") from None
    try:
        handle, probe = tempfile.mkstemp(prefix=".write-test-", dir=folder)
    except OSError as exc:
        raise CliError(f"--save-replays: cannot write in {folder}: {_why(exc)}") from None
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(probe)


def _why(error: OSError) -> str:
    """The operating system's words for ``error`` (e.g. "Not a directory")."""
    return error.strerror or str(error)


def _failure(exc: Exception, seed: int, replay: Any, folder: Path | None) -> dict[str, Any]:
    try:
        where = folder or Path(tempfile.mkdtemp(prefix="nove-desktop-failures-"))
    except OSError as error:
        why = _why(error)
        raise CliError(f"cannot create a folder for a failed game's replay: {why}") from None
    path = where / f"failed-{replay.game}-{seed}.json"
    data = replay.to_json()
    data["error"] = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    _write(path, data)
    return {"seed": seed, "error": data["error"], "replay": str(path)}


def _write(path: Path, data: dict[str, Any]) -> None:
    try:  # the folder was checked, but a disk may fill up or vanish during a long run
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError as error:
        raise CliError(f"cannot write the replay {path}: {_why(error)}") from None


def _print_report(report: dict[str, Any]) -> None:
    print(
        f"{report['game']}: {report['games']} games, {report['players']} players "
        f"({', '.join(report['seats'])})"
    )
    print(
        f"  actions {report['actions']}, {report['seconds']} s, "
        f"{report['games_per_s']} games/s, {report['actions_per_s']} actions/s"
    )
    for seat, kind in enumerate(report["seats"]):
        print(
            f"  seat {seat} {kind:10} wins {report['wins'][seat]:6}  "
            f"mean points {report['mean_points'][seat]}"
        )
    print(f"  errors: {len(report['errors'])}")
    for error in report["errors"]:
        print(f"    seed {error['seed']}: {error['error']} (replay {error['replay']})")


# -- default: the desktop app -------------------------------------------------------------------
def _app(args: argparse.Namespace) -> int:
    """Open the window (pygame is imported only here, so the other commands never load it)."""
    if args.selftest:
        from .selftest import run

        return run()
    from .ui.app import App
    from .ui.scenes.title import TitleScene

    app = App()
    app.run(TitleScene(app))
    return 0


# -- a headless demo match ------------------------------------------------------------------------
def _demo(args: argparse.Namespace) -> int:
    game = default_registry().get("nove")
    options = game.options_from_json({"players": 4})
    seed = time.time_ns() % 1_000_000
    names = ["Ada", "Bruno", "Chiara", "Dario"]
    outcome = play_match(game, options, seed, ["heuristic"] * 4, names=names)
    result = outcome.result
    print(
        f"NOVE, deal number {seed}: four AI seats, "
        f"{result.rounds} rounds, {outcome.actions} actions"
    )
    for seat, score in enumerate(result.scores):
        mark = "  <- winner" if seat == result.winner else ""
        print(f"  {names[seat]:7} {score:4}{mark}")
    print(f"Ended by: {result.reason.replace('_', ' ')}")
    return 0
