"""Dependencies of the notifications' HTTP calls (the database and Redis ones come from the kit)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from nats.aio.client import Client as NATS

from notifications_service.inbox.domain import Reader
from portal_kit.app import Db, request_language
from portal_kit.errors import Unauthorized
from portal_kit.merchant import MerchantCode
from portal_kit.sessions import MemberPrincipal

__all__ = ["Db", "Language", "MerchantCode", "Nats", "TheReader"]


async def nats_client(request: Request) -> NATS:
    nc: NATS = request.app.state.nats
    return nc


async def reader_of(principal: MemberPrincipal) -> Reader:
    """Members and agents read their inbox; a trial account is told to use a real one, a visitor to log in."""
    if principal.account_id is None:
        raise Unauthorized()
    return Reader(principal.merchant, principal.account_id)


Nats = Annotated[NATS, Depends(nats_client)]
Language = Annotated[str, Depends(request_language)]
TheReader = Annotated[Reader, Depends(reader_of)]
