"""The addresses a friend can reach this computer at (no pygame, nothing sent).

Every IPv4 address the computer's name resolves to, plus the one of the
default route: a UDP socket "connected" to a public address picks the
interface the system would use, without sending a packet.  Loopback
addresses come last and are marked as reachable only from this computer.
"""
from __future__ import annotations

import ipaddress
import socket
import threading

#: any routable address will do for the UDP trick (nothing is sent to it)
PROBE = ("192.0.2.1", 9)


def _route_address() -> str | None:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(PROBE)
        addr = s.getsockname()[0]
        return str(addr) if isinstance(addr, str) else None
    except OSError:
        return None
    finally:
        s.close()


def _name_addresses() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except (OSError, UnicodeError):
        return []
    return [str(i[4][0]) for i in infos]


def local_addresses() -> list[tuple[str, bool]]:
    """(address, only_here) pairs: the default route's address first, then
    the other IPv4 addresses of this computer, then 127.0.0.1
    (``only_here``: reachable from this computer only)."""
    seen: list[str] = []
    for a in [_route_address()] + _name_addresses():
        if a and a not in seen:
            try:
                ip = ipaddress.IPv4Address(a)
            except ValueError:
                continue
            if ip.is_unspecified or ip.is_loopback or ip.is_link_local:
                continue
            seen.append(a)
    return [(a, False) for a in seen] + [("127.0.0.1", True)]


class AddressLookup:
    """``local_addresses`` in a background thread (resolving the computer's
    name can take seconds on a badly configured network; the screen does
    not wait for it).  ``result`` is None until it is done."""

    def __init__(self) -> None:
        self.result: list[tuple[str, bool]] | None = None
        self.thread = threading.Thread(target=self._run, name="opensky-addresses", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.result = local_addresses()
        except Exception:  # noqa: BLE001 - the screen then offers only this computer
            self.result = [("127.0.0.1", True)]


__all__ = ["AddressLookup", "local_addresses"]
