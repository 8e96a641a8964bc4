"""Every query of the ops broadcasts: a brand's messages for its members (``member_message`` rows without an
account, the inbox's table) and the members of a targeted one (``member_message_audience``), in the caller's
session."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import ColumnElement, Row, delete, func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from notifications_service.broadcasts.domain import BroadcastFilters, BroadcastOrder
from notifications_service.inbox.models import MemberMessage, MemberMessageAudience
from portal_kit.paging import Page


def _narrowed(merchant: str, filters: BroadcastFilters) -> list[ColumnElement[bool]]:
    where = [MemberMessage.merchant == merchant, MemberMessage.account_id.is_(None)]
    if filters.audience is not None:
        where.append(MemberMessage.audience == filters.audience.value)
    if filters.written_by is not None:
        where.append(func.lower(MemberMessage.written_by) == filters.written_by.lower())
    if filters.search is not None:
        where.append(MemberMessage.title.icontains(filters.search, autoescape=True))
    if filters.since is not None:
        where.append(MemberMessage.occurred_at >= filters.since)
    if filters.until is not None:
        where.append(MemberMessage.occurred_at < filters.until)
    return where


async def page_of_broadcasts(
    session: AsyncSession, merchant: str, page: Page, filters: BroadcastFilters
) -> tuple[Sequence[Row[MemberMessage, int, str | None]], int]:
    """A page of the brand's broadcasts narrowed by ``filters``, in their order, each with how many members it is
    for and the first of them (by id); and how many pass the filters."""
    where = _narrowed(merchant, filters)
    of_it = MemberMessageAudience.message_id == MemberMessage.id
    count = select(func.count(MemberMessageAudience.account_id)).where(of_it).scalar_subquery()
    first = select(func.min(MemberMessageAudience.account_id)).where(of_it).scalar_subquery()
    if filters.order is BroadcastOrder.OLDEST:
        order = (MemberMessage.occurred_at.asc(), MemberMessage.id.asc())
    else:
        order = (MemberMessage.occurred_at.desc(), MemberMessage.id.desc())
    query = (
        select(MemberMessage, count.label("members"), first.label("first"))
        .where(*where)
        .order_by(*order)
        .offset(page.offset)
        .limit(page.size)
    )
    total = await session.scalar(select(func.count()).select_from(MemberMessage).where(*where))
    return (await session.execute(query)).all(), int(total or 0)


async def add(session: AsyncSession, message: MemberMessage, account_ids: list[str]) -> None:
    """Write the broadcast and its members (none: every member); flushed, so its id is known (drawn at the brand's
    turn: migration 0002)."""
    session.add(message)
    await session.flush()
    if account_ids:
        rows = [{"message_id": message.id, "account_id": account_id} for account_id in account_ids]
        await session.execute(insert(MemberMessageAudience), rows)


async def for_update(session: AsyncSession, merchant: str, message_id: int) -> MemberMessage | None:
    """The brand's broadcast ``message_id``, locked until the transaction ends."""
    return await session.scalar(
        select(MemberMessage)
        .where(MemberMessage.id == message_id, MemberMessage.merchant == merchant, MemberMessage.account_id.is_(None))
        .with_for_update()
    )


async def members(session: AsyncSession, message_id: int) -> list[str]:
    """The members a targeted broadcast is for, by account id."""
    query = select(MemberMessageAudience.account_id).where(MemberMessageAudience.message_id == message_id)
    return sorted((await session.scalars(query)).all())


async def delete_message(session: AsyncSession, message_id: int) -> None:
    """Gone, with its members and their receipts (cascades)."""
    await session.execute(delete(MemberMessage).where(MemberMessage.id == message_id))
