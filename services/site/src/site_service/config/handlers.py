"""``rpc.site.brand``: a brand's flags, registration rules, currency and status inputs for the brand cache
other services keep (``portal_kit.site.BrandCache``). Answered by the site worker from the database."""

from __future__ import annotations

from portal_events import SiteBrandReply, SiteBrandRequest
from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder, accepted
from site_service.config import service

SUBJECT = "rpc.site.brand"


def brand_answers(responder: Responder, db: Database) -> None:
    async def brand(request: SiteBrandRequest) -> SiteBrandReply:
        return accepted(SiteBrandReply, await service.brand_values(db, request.merchant))

    responder.answer(SUBJECT, SiteBrandRequest, SiteBrandReply, brand, queue="site", responders=8)
