"""A Dask scheduler's address as `kitgen simulate --scheduler` takes it, read and checked before
anything connects: tcp://HOST:PORT or tls://HOST:PORT, the host resolved within a time limit, and
whether every address it resolves to is this machine's (loopback, or one this host can bind).
Stdlib only; each refusal is a ValueError of one line that the CLI shows as a usage error.

A scheduler on another machine runs kitgen's code with the user's data and sends results back:
kitgen connects to one only when the user says they run it (play/trust.py decides, the CLI asks).
The name is resolved once, here, and kitgen connects to the address it checked (`target`), so a
name cannot resolve to this machine for the check and to another one for the connection.
"""
from __future__ import annotations

import ipaddress
import socket
import threading
from dataclasses import dataclass
from urllib.parse import urlsplit

SCHEMES = ("tcp", "tls")  # Dask's TCP, and TCP with TLS (Dask's certificates); no inproc, ucx or ws
MAX_LENGTH = 300  # a host name is at most 253 characters (RFC 1035); with the scheme and port, 300 is ample
EXAMPLE = "tcp://HOST:8786"


@dataclass(frozen=True)
class Address:
    scheme: str
    host: str  # as written (an IPv6 address without its brackets)
    port: int
    resolved: tuple[str, ...]  # the IP addresses the host resolves to, in the resolver's order
    local: bool  # every one of them is this machine's

    def __str__(self) -> str:
        return f"{self.scheme}://{_bracketed(self.host)}:{self.port}"

    @property
    def target(self) -> str:
        """What kitgen connects to: the address checked, not the name again (tls:// keeps the name,
        which the scheduler's certificate is issued for)."""
        host = self.host if self.scheme == "tls" else self.resolved[0]
        return f"{self.scheme}://{_bracketed(host)}:{self.port}"


def read_address(text: str, seconds: float) -> Address:
    """The address `text` names, its host resolved within `seconds`; ValueError: why not, in one line."""
    if len(text) > MAX_LENGTH:
        raise ValueError(f"an address of {len(text):,} characters: a scheduler's address is {EXAMPLE}")
    if not text.isprintable() or any(c.isspace() for c in text):
        raise ValueError(f"{text!r} holds a space or a control character: a scheduler's address is {EXAMPLE}")
    scheme, found, rest = text.partition("://")
    if not found:
        raise ValueError(f"'{text}' has no scheme: write {EXAMPLE} (or tls://HOST:PORT)")
    if scheme.lower() not in SCHEMES:
        raise ValueError(f"unknown scheme '{scheme}://': kitgen connects to a scheduler with tcp:// or tls://")
    host, port = _host_and_port(text, rest)
    resolved = _resolve(host, port, seconds)
    return Address(scheme.lower(), host, port, resolved, all(map(is_this_machine, resolved)))


def _host_and_port(text: str, rest: str) -> tuple[str, int]:
    if not rest.startswith("[") and rest.count(":") > 1:
        raise ValueError(f"'{text}': an IPv6 address goes in brackets, with the port after them: tcp://[::1]:8786")
    try:
        parts = urlsplit("//" + rest)
        port = parts.port
    except ValueError as exc:  # a port that is not 0-65535, brackets around what is not an IPv6 address
        raise ValueError(f"'{text}': {exc}; a scheduler's address is {EXAMPLE}") from None
    if parts.path or parts.query or parts.fragment or "@" in parts.netloc:
        raise ValueError(f"'{text}': a scheduler's address is a host and a port only ({EXAMPLE}): no path, "
                         "query or user name")
    if not parts.hostname:
        raise ValueError(f"'{text}' names no host: write {EXAMPLE}")
    if not port:
        raise ValueError(f"'{text}' gives no port (1-65535): write {EXAMPLE}")
    return parts.hostname, port


def _resolve(host: str, port: int, seconds: float) -> tuple[str, ...]:
    """The host's IP addresses. The system's resolver has no time limit of its own, so it runs in a
    daemon thread that is left behind (and dies with kitgen) if it does not answer in time."""
    answer: list = []

    def look_up() -> None:
        try:
            answer.append(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
        except (OSError, UnicodeError) as exc:
            answer.append(exc)

    thread = threading.Thread(target=look_up, daemon=True)
    thread.start()
    thread.join(seconds)
    if not answer:
        raise ValueError(f"'{host}' did not resolve within {seconds:g} s (--scheduler-timeout)")
    if isinstance(answer[0], BaseException):
        raise ValueError(f"'{host}' does not resolve to an address ({_reason(answer[0])})")
    return tuple(dict.fromkeys(str(info[4][0]) for info in answer[0]))


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def is_this_machine(ip: str) -> bool:
    """A loopback address, or one of this host's own: the system lets a socket bind only to those."""
    address = ipaddress.ip_address(ip.split("%")[0])
    if address.is_loopback:
        return True
    family = socket.AF_INET6 if address.version == 6 else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.bind((ip, 0))
    except OSError:
        return False
    return True


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host
