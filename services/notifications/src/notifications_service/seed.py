"""The demo brand's customer-service channel and welcome message: ``python -m notifications_service.seed``.

Idempotent (``./portal up`` runs it on every start): a channel that exists keeps what ops set; the welcome
broadcast is written once."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from sqlalchemy import exists, select
from sqlalchemy.dialects.postgresql import insert

from notifications_service.inbox.domain import MessageKind
from notifications_service.inbox.models import MemberMessage
from notifications_service.settings import NotificationsSettings
from notifications_service.support.models import SupportChannel
from portal_kit.db import Database

MERCHANT = "turkeyf2"
CHANNEL = {"model_id": "LIVE_CHAT", "name": "Canlı Destek / Live chat", "url": "https://t.me/portal_demo_support"}
WELCOME = ("Hoş geldiniz / Welcome", "Para yatırma ve çekme bildirimleriniz burada görünür. / Your deposit and "
           "withdrawal notices appear here.")  # fmt: skip


async def seed(db: Database, merchant: str = MERCHANT) -> None:
    async with db.transaction() as session:
        await session.execute(
            insert(SupportChannel).values(merchant=merchant, sort=0, **CHANNEL).on_conflict_do_nothing()
        )
        welcomed = await session.scalar(
            select(exists().where(MemberMessage.merchant == merchant, MemberMessage.account_id.is_(None)))
        )
        if not welcomed:
            session.add(MemberMessage(merchant=merchant, account_id=None, kind=MessageKind.BROADCAST.value,
                                      title=WELCOME[0], body=WELCOME[1], occurred_at=datetime.now(UTC),
                                      written_by="seed"))  # fmt: skip


async def main() -> None:
    db = Database(NotificationsSettings().database_url, pool_size=1)
    try:
        await seed(db)
    finally:
        await db.dispose()


if __name__ == "__main__":
    asyncio.run(main())
