"""Who is calling, as the gateway saw it: the client's address and user agent."""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from typing import Annotated

from fastapi import Depends, Request

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=16)
def _networks(listed: str) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(item.strip(), strict=False) for item in listed.split(",") if item.strip())


def _is_trusted(peer: str, listed: str) -> bool:
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return False
    return any(address in network for network in _networks(listed))


def address_of(request: Request) -> str | None:
    """The caller's address. Traefik sets ``X-Real-Ip``; the header is believed only when the connection comes
    from a trusted proxy (``TRUSTED_PROXIES``, the gateway's addresses), never from anyone else who sends it."""
    peer = request.client.host if request.client else None
    settings = getattr(request.app.state, "settings", None)
    listed = getattr(settings, "trusted_proxies", "")
    if peer is not None and not _is_trusted(peer, listed):
        return peer
    real = request.headers.get("x-real-ip")
    if real:
        return real.strip()
    forwarded = request.headers.get("x-forwarded-for")
    if forwarded:
        return forwarded.split(",")[0].strip()
    return peer


async def client_ip(request: Request) -> str | None:
    return address_of(request)


ClientIp = Annotated[str | None, Depends(client_ip)]
