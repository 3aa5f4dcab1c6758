"""Who is at the other end: the client's address, the key of every per-address limit.

``X-Forwarded-For`` and ``Forwarded`` say who a proxy forwarded for, and anyone can send
them: they are believed only from the proxies named by ``--trusted-proxy`` (addresses or
networks; none by default), as uvicorn's ``forwarded_allow_ips`` does, and then read
from the right: the first address that is not itself a trusted proxy is the client.

>>> proxies = trusted_networks(["127.0.0.1", "10.0.0.0/8"])
>>> client_address("127.0.0.1", {"x-forwarded-for": "203.0.113.9, 10.1.2.3"}, proxies)
'203.0.113.9'
>>> client_address("198.51.100.7", {"x-forwarded-for": "10.9.8.7"}, proxies)
'198.51.100.7'
>>> client_address("127.0.0.1", {"forwarded": 'for="[2001:db8::1]:443";proto=https'}, proxies)
'2001:db8::1'

The scheme the client used (``https`` behind a TLS proxy) is believed the same way:

>>> forwarded_scheme("127.0.0.1", {"x-forwarded-proto": "https"}, proxies)
'https'
>>> forwarded_scheme("198.51.100.7", {"x-forwarded-proto": "https"}, proxies) is None
True
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable, Mapping, Sequence

__all__ = ["Network", "client_address", "forwarded_scheme", "trusted_networks"]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

_FOR = re.compile(r'for\s*=\s*"?([^";,]+)"?', re.IGNORECASE)
_PROTO = re.compile(r'proto\s*=\s*"?([A-Za-z]+)"?', re.IGNORECASE)


def trusted_networks(specs: Iterable[str]) -> tuple[Network, ...]:
    """``--trusted-proxy`` values as networks (a ``ValueError`` names a bad one)."""
    out = []
    for spec in specs:
        try:
            out.append(ipaddress.ip_network(spec.strip(), strict=False))
        except ValueError:
            raise ValueError(f"--trusted-proxy {spec!r} is not an address or network") from None
    return tuple(out)


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("["):  # [v6]:port
        text = text[1:text.find("]")] if "]" in text else text[1:]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":")[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _trusted(ip: ipaddress.IPv4Address | ipaddress.IPv6Address | None,
             proxies: Sequence[Network]) -> bool:
    return ip is not None and any(ip in net for net in proxies)


def client_address(peer: str | None, headers: Mapping[str, str],
                   proxies: Sequence[Network]) -> str:
    """The client's address: the peer's, unless the peer is a trusted proxy; then the
    last address in its ``Forwarded`` (or else ``X-Forwarded-For``) that is not a
    trusted proxy."""
    if peer is None:
        return "?"
    if not _trusted(_ip(peer), proxies):
        return peer
    forwarded = headers.get("forwarded")
    if forwarded:
        hops = _FOR.findall(forwarded)
    else:
        hops = [h for h in headers.get("x-forwarded-for", "").split(",") if h.strip()]
    for hop in reversed(hops):
        ip = _ip(hop)
        if ip is None:  # an obfuscated or unknown hop: nothing to the left can be believed
            return peer
        if not _trusted(ip, proxies):
            return str(ip)
    return peer


def forwarded_scheme(peer: str | None, headers: Mapping[str, str],
                     proxies: Sequence[Network]) -> str | None:
    """``http`` or ``https`` as the trusted proxy ``peer`` says the client spoke to it
    (``Forwarded: proto=``, else ``X-Forwarded-Proto``; the nearest proxy's word, the
    last value); ``None`` if ``peer`` is not a trusted proxy or says nothing."""
    if peer is None or not _trusted(_ip(peer), proxies):
        return None
    forwarded = headers.get("forwarded")
    said = _PROTO.findall(forwarded) if forwarded else []
    if not said:
        said = [v for v in headers.get("x-forwarded-proto", "").split(",") if v.strip()]
    if not said:
        return None
    scheme = said[-1].strip().lower()
    return scheme if scheme in ("http", "https") else None
