"""Who is calling, as the gateway saw it: the client's address and user agent."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request


def address_of(request: Request) -> str | None:
    """Traefik sets ``X-Real-Ip``; services are reachable only through it (NetworkPolicies in deploy/)."""
    real = request.headers.get("x-real-ip")
    if real:
        return real.strip()
    forwarded = request.headers.get("x-forwarded-for")
    if forwarded:
        return forwarded.split(",")[0].strip()
    return request.client.host if request.client else None


async def client_ip(request: Request) -> str | None:
    return address_of(request)


ClientIp = Annotated[str | None, Depends(client_ip)]
