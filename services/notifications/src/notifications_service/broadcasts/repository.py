"""Every query of the ops broadcasts: a brand's messages for all its members (``member_message`` rows without an
account, the inbox's table), in the caller's session."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from notifications_service.inbox.models import MemberMessage


async def newest(session: AsyncSession, merchant: str, limit: int) -> Sequence[MemberMessage]:
    query = (
        select(MemberMessage)
        .where(MemberMessage.merchant == merchant, MemberMessage.account_id.is_(None))
        .order_by(MemberMessage.id.desc())
        .limit(limit)
    )
    return (await session.scalars(query)).all()


async def add(session: AsyncSession, message: MemberMessage) -> None:
    """Write the broadcast; flushed, so its id is known (drawn at the brand's turn: migration 0002)."""
    session.add(message)
    await session.flush()


async def for_update(session: AsyncSession, merchant: str, message_id: int) -> MemberMessage | None:
    """The brand's broadcast ``message_id``, locked until the transaction ends."""
    return await session.scalar(
        select(MemberMessage)
        .where(MemberMessage.id == message_id, MemberMessage.merchant == merchant, MemberMessage.account_id.is_(None))
        .with_for_update()
    )


async def delete_message(session: AsyncSession, message_id: int) -> None:
    await session.execute(delete(MemberMessage).where(MemberMessage.id == message_id))
