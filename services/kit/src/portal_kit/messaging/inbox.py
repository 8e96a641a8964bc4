"""The inbox: a consumer records each event id in the same transaction as its effect, so a duplicate
delivery (a redelivery, a relay republish, an operator's replay) has no second effect."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, String, func
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class InboxMessage(Base):
    __tablename__ = "inbox"

    consumer: Mapped[str] = mapped_column(String(200), primary_key=True)
    event_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    subject: Mapped[str] = mapped_column(String(200))
    processed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


async def claim(session: AsyncSession, consumer: str, event_id: str, subject: str) -> bool:
    """Record the event for ``consumer``; ``False`` when it was already processed (the caller skips it)."""
    result = await session.execute(
        insert(InboxMessage)
        .values(consumer=consumer, event_id=event_id, subject=subject)
        .on_conflict_do_nothing()
        .returning(InboxMessage.event_id)
    )
    return result.scalar_one_or_none() is not None
