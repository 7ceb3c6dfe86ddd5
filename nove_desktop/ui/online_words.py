"""What a player types to join a game (checked, with clear words) and what the server's refusals
mean in the player's words (the server's own English ``message`` is for programs and logs)."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..net.embedded import DEFAULT_PORT
from ..net.protocol import MAX_NAME, ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH
from .setup_options import GAME_DEFAULT, SEAT, OptionSpec

if TYPE_CHECKING:
    from .app import App


class InputProblem(ValueError):
    """Something typed that cannot be used; the message is for the player."""


@dataclass(frozen=True)
class Address:
    host: str
    port: int

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"ws://{host}:{self.port}"

    def __str__(self) -> str:
        return self.host if self.port == DEFAULT_PORT else f"{self.host}:{self.port}"


def parse_address(text: str) -> Address:
    """``host`` or ``host:port`` (the default port when none is given)."""
    text = text.strip()
    for prefix in ("ws://", "wss://"):
        text = text.removeprefix(prefix)
    text = text.rstrip("/")
    if not text:
        raise InputProblem(_("Type the host's address, such as 192.168.1.20."))
    host, port_text = text, ""
    if text.count(":") == 1:
        host, port_text = text.split(":")
    if not host or any(c.isspace() for c in host) or len(host) > 253:
        raise InputProblem(_("This is not an address: type it as 192.168.1.20 or a name."))
    if port_text == "":
        return Address(host, DEFAULT_PORT)
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise InputProblem(_("The port after the colon must be a number from 1 to 65535."))
    return Address(host, int(port_text))


def parse_room_code(text: str) -> str:
    """A room code, in capitals (typed in small letters too), or ``InputProblem``."""
    code = "".join(text.split()).upper()
    if len(code) != ROOM_CODE_LENGTH or any(c not in ROOM_CODE_ALPHABET for c in code):
        raise InputProblem(
            _("A room code has {n} letters and digits, like K7P2Q.").format(n=ROOM_CODE_LENGTH)
        )
    return code


def parse_name(text: str) -> str:
    name = text.strip()
    if not name:
        raise InputProblem(_("Type your name: the other players see it at the table."))
    if len(name) > MAX_NAME or not name.isprintable():
        raise InputProblem(_("Your name must be at most {n} letters.").format(n=MAX_NAME))
    return name


def refusal(code: str) -> str:
    """The player's words for a server's ``error`` code."""
    words = {
        "no_room": _("No room has this code on that server. Check the code with the host."),
        "room_full": _("This room is full: every seat is taken."),
        "wrong_phase": _("This room's game has already started."),
        "version": _(
            "The host plays another version of nove-desktop: update both apps to the same one."
        ),
        "bad_token": _("That game is over, or its room has closed."),
        "too_many_rooms": _("The server holds as many rooms as it can. Try again later."),
        "not_ready": _("Every seat must be taken and every player ready before the start."),
        "not_host": _("Only the host can do that."),
        "bad_options": _("The server refused these game settings."),
        "rate": _("Too fast: wait a moment and try again."),
    }
    return words.get(code, _("The server refused this ({code}).").format(code=code))


def no_server(address: Address) -> str:
    return _(
        "No game server answers at {address}. Check the address, and that the host is "
        "still in the lobby."
    ).format(address=str(address))


def closed(reason: str) -> str:
    """Why the room closed for us (``closed`` message's reason)."""
    return {
        "host_left": _("The host closed the room."),
        "replaced": _("Your seat was taken back from another window or computer."),
    }.get(reason, _("You left the room."))


def option_specs(game_id: str) -> list[OptionSpec]:
    """The game's option rows that make sense before the seats are known: those naming a seat
    (first dealer...) keep the game's default online."""
    from .tables import table_classes  # the tables are loaded only when options are shown

    return [spec for spec in table_classes()[game_id].setup_options() if spec.kind != SEAT]


def option_defaults(app: App, game_id: str, specs: list[OptionSpec]) -> dict[str, Any]:
    game = app.registry.get(game_id)
    values = dict(game.options_to_json(game.default_options()))
    values.update({s.name: s.default for s in specs if s.default is not GAME_DEFAULT})
    return values


def options_words(game_id: str, options: dict[str, Any]) -> str:
    """The host's choices as one line ("Rounds: 3 · Objectives: on"), for the lobby."""
    parts = []
    for spec in option_specs(game_id):
        if spec.name in options and options[spec.name] in list(spec.values):
            parts.append(f"{spec.label}: {spec.describe(options[spec.name])}")
    return " · ".join(parts)


# -- the lobby's words -----------------------------------------------------------------------
def kind_words(kind: str) -> str:
    return {
        "remote": _("Player"),
        "easy": _("Computer"),
        "normal": _("Computer"),
        "hard": _("Computer"),
        "empty": _("Empty seat"),
    }.get(kind, kind)


def seat_name(seat: dict[str, Any]) -> str:
    """A seat's name; an open seat or an AI seat says what it is."""
    name = str(seat.get("name") or "")
    if name:
        return name
    if seat.get("status") == "open":
        return _("Open seat")
    return {
        "easy": _("AI: easy"),
        "normal": _("AI: normal"),
        "hard": _("AI: hard"),
    }.get(str(seat.get("kind", "")), _("Empty seat"))


def status_words(status: str) -> str:
    return {
        "open": _("Waiting for a player"),
        "connected": _("Here"),
        "away": _("Reconnecting..."),
        "ai_stand_in": _("AI plays for now"),
        "ai": _("Always ready"),
        "empty": _("Nobody"),
    }.get(status, status)


def number(value: object) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        with contextlib.suppress(OverflowError, ValueError):
            return f"{value:g}"
    return "?"
