"""Dependencies of the points service's HTTP calls (the database one comes from the kit)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from nats.aio.client import Client as NATS

from portal_kit.app import Db, request_language
from portal_kit.sessions import Principal, Role, require_roles

__all__ = ["Db", "Language", "Nats", "RealAccount"]


async def nats_client(request: Request) -> NATS:
    nc: NATS = request.app.state.nats
    return nc


Nats = Annotated[NATS, Depends(nats_client)]
Language = Annotated[str, Depends(request_language)]

# Members and agents: a trial account earns no points and is answered ``in_need_true_account``.
RealAccount = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT))]
