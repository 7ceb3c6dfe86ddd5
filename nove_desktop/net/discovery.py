"""Games on the local network: zeroconf (mDNS/DNS-SD) announce and browse.

A host announces its room as a ``_nove-desktop._tcp.local.`` service whose TXT record says the
protocol version, the game, the room code, the host's name and the free seats: everything the
Join list shows, and nothing secret (no token, no seed, no card). A browser keeps the list of
games it hears, updated live; the app reads ``games()`` each frame and never waits on the
network (zeroconf works in its own threads, and the announcer registers from a thread of its
own, as registering waits for the name to be probed).
"""

from __future__ import annotations

import contextlib
import socket
import threading
from dataclasses import dataclass
from typing import Any

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from .protocol import PROTOCOL_VERSION

SERVICE_TYPE = "_nove-desktop._tcp.local."
MAX_TEXT = 64  # a TXT value longer than this is cut (names are at most 24 characters)


@dataclass(frozen=True)
class FoundGame:
    """One game heard on the network, as the Join list shows it."""

    address: str
    port: int
    version: int
    game: str
    room: str
    host: str
    free: int

    @property
    def compatible(self) -> bool:
        return self.version == PROTOCOL_VERSION


def properties(game: str, room: str, host: str, free: int) -> dict[str, str]:
    """The TXT record of a hosted room (``v`` is the protocol version)."""
    return {
        "v": str(PROTOCOL_VERSION),
        "game": game[:MAX_TEXT],
        "room": room[:MAX_TEXT],
        "host": host[:MAX_TEXT],
        "free": str(max(0, free)),
    }


def _text(value: Any) -> str | None:
    if isinstance(value, bytes):
        with contextlib.suppress(UnicodeDecodeError):
            return value.decode("utf-8")[:MAX_TEXT]
        return None
    return value[:MAX_TEXT] if isinstance(value, str) else None


def _number(value: Any) -> int | None:
    text = _text(value)
    return int(text) if text is not None and text.isdigit() and len(text) <= 6 else None


def parse(record: dict[Any, Any], address: str, port: int) -> FoundGame | None:
    """A ``FoundGame`` from a TXT record (bytes or text keys), or None when any field is
    missing or malformed (the network is not trusted: another program may announce anything)."""
    fields = {_text(k): v for k, v in record.items()}
    version, free = _number(fields.get("v")), _number(fields.get("free"))
    game, room, host = (_text(fields.get(k)) for k in ("game", "room", "host"))
    if version is None or free is None or not game or not room or host is None:
        return None
    if not 0 < port < 65536 or not address:
        return None
    return FoundGame(address, port, version, game, room, host.strip() or "?", free)


def local_address() -> str:
    """This computer's address on the local network (what a friend types), or 127.0.0.1.

    Connecting a UDP socket sends nothing: it only asks the system which interface it would
    use."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


class Announcer:
    """Announce one hosted room; ``update(free)`` when seats are taken; ``close()``."""

    def __init__(
        self,
        game: str,
        room: str,
        host: str,
        port: int,
        free: int,
        address: str | None = None,
        interfaces: list[str] | None = None,
    ) -> None:
        self.address = address or local_address()
        self._interfaces = interfaces
        self._zeroconf: Zeroconf | None = None
        self.info = ServiceInfo(
            SERVICE_TYPE,
            f"{room}.{SERVICE_TYPE}",  # the room code is unique on a server, and short
            addresses=[socket.inet_aton(self.address)],
            port=port,
            properties=properties(game, room, host, free),
            server=f"nove-{room.lower()}.local.",
        )
        self._game, self._room, self._host = game, room, host
        self._lock = threading.Lock()
        self._closed = False
        self.problem: str | None = None
        threading.Thread(target=self._register, name="nove-announce", daemon=True).start()

    def _register(self) -> None:
        registered = self.info
        try:
            zc = Zeroconf(interfaces=self._interfaces or ["0.0.0.0"], ip_version=IPVersion.V4Only)
            zc.register_service(registered, allow_name_change=True)
        except (
            OSError,
            RuntimeError,
            ValueError,
        ) as exc:  # no network: Join by address still works
            self.problem = str(exc)
            return
        with self._lock:
            self._zeroconf = zc
            closed = self._closed
        if closed:
            self._unregister(zc)
        elif self.info is not registered:  # seats changed while the name was being probed
            self._update(zc, self.info)

    def update(self, free: int) -> None:
        """The free seats changed (done in a thread: zeroconf waits while it announces)."""
        self.info = ServiceInfo(
            SERVICE_TYPE,
            self.info.name,
            addresses=self.info.addresses,
            port=self.info.port,
            properties=properties(self._game, self._room, self._host, free),
            server=self.info.server,
        )
        zc = self._zeroconf
        if zc is not None:
            threading.Thread(target=self._update, args=(zc, self.info), daemon=True).start()

    @staticmethod
    def _update(zc: Zeroconf, info: ServiceInfo) -> None:
        with contextlib.suppress(Exception):  # the announce is a courtesy: never a crash
            zc.update_service(info)

    def close(self) -> None:
        """Withdraw the announce (in a thread; returns at once)."""
        with self._lock:
            self._closed = True
            zc, self._zeroconf = self._zeroconf, None
        if zc is not None:
            threading.Thread(target=self._unregister, args=(zc,), daemon=True).start()

    def _unregister(self, zc: Zeroconf) -> None:
        with contextlib.suppress(Exception):
            zc.unregister_service(self.info)
        with contextlib.suppress(Exception):
            zc.close()


class Browser:
    """The games announced on the network, updated live; ``games()`` never waits."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self._found: dict[str, FoundGame] = {}
        self._lock = threading.Lock()
        self._interfaces = interfaces
        self._zeroconf: Zeroconf | None = None
        self._closed = False
        self.problem: str | None = None
        threading.Thread(target=self._open, name="nove-browse", daemon=True).start()

    def _open(self) -> None:
        try:
            zc = Zeroconf(interfaces=self._interfaces or ["0.0.0.0"], ip_version=IPVersion.V4Only)
        except (OSError, RuntimeError, ValueError) as exc:
            self.problem = str(exc)
            return
        with self._lock:
            if self._closed:
                zc.close()
                return
            self._zeroconf = zc
        ServiceBrowser(zc, SERVICE_TYPE, handlers=[self._changed])

    def _changed(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        found = None
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
            if info is not None and info.port:
                addresses = info.parsed_addresses(IPVersion.V4Only)
                if addresses:
                    found = parse(dict(info.properties), addresses[0], info.port)
        except Exception:  # closed meanwhile, or a record it cannot read: the list goes on
            return
        with self._lock:
            if found is None:
                self._found.pop(name, None)
            else:
                self._found[name] = found

    def games(self) -> list[FoundGame]:
        """Every game heard and still announced, by host name then room."""
        with self._lock:
            return sorted(self._found.values(), key=lambda g: (g.host.lower(), g.room))

    def close(self) -> None:
        """Stop listening (in a thread: zeroconf says goodbye on the network)."""
        with self._lock:
            self._closed = True
            zc, self._zeroconf = self._zeroconf, None
        if zc is not None:
            threading.Thread(target=zc.close, daemon=True).start()
