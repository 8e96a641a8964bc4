"""Dependencies of the notifications' HTTP calls (the database and Redis ones come from the kit; the inbox's reader is
the inbox router's own)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from nats.aio.client import Client as NATS

from portal_kit.app import Db, request_language
from portal_kit.merchant import MerchantCode

__all__ = ["Db", "Language", "MerchantCode", "Nats"]


async def nats_client(request: Request) -> NATS:
    nc: NATS = request.app.state.nats
    return nc


Nats = Annotated[NATS, Depends(nats_client)]
Language = Annotated[str, Depends(request_language)]
