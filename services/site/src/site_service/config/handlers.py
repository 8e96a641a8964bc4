"""``rpc.site.brand``: a brand's flags, registration rules, currency and status inputs for the brand cache
other services keep (``portal_kit.site.BrandCache``). Answered by the site worker from the database."""

from __future__ import annotations

from portal_events import SiteBrandReply, SiteBrandRequest
from portal_kit.db import Database
from portal_kit.errors import NotFound
from portal_kit.messaging.rpc import Responder, accepted
from site_service.config.service import brand_rules, get_merchant, whitelabel_view

SUBJECT = "rpc.site.brand"


def brand_answers(responder: Responder, db: Database) -> None:
    async def brand(request: SiteBrandRequest) -> SiteBrandReply:
        async with db.reader() as session:
            merchant = await get_merchant(session, request.merchant)
            if not merchant.active:
                raise NotFound("merchant.not_found")
            rules = await brand_rules(session, merchant.code)
        value = {
            "merchant": merchant.code,
            "name": merchant.name,
            "currency": merchant.currency,
            "flags": whitelabel_view(merchant),
            "rules": [rule.model_dump() for rule in rules],
            "maintenance": merchant.maintenance,
            "maintenanceEnd": merchant.maintenance_end,
            "blockedNetworks": merchant.blocked_networks,
            "lotteryPrizeMode": merchant.lottery_prize_mode,
            "smsDialingCodes": merchant.sms_dialing_codes,
        }
        return accepted(SiteBrandReply, value)

    responder.answer(SUBJECT, SiteBrandRequest, SiteBrandReply, brand, queue="site", responders=8)
