"""The money audit's reads (rows are written by ``portal_kit.audit.record_ops_action``, in the action's own
transaction), and each ops person's running total per member and UTC day."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from sqlalchemy import update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.paging import Page
from portal_kit.repository import Scoped
from wallet_service.oversight.models import OpsAudit, OpsMemberDay

AUDIT_ROWS = Scoped(OpsAudit)


async def newest_page(session: AsyncSession, merchant: str, page: Page) -> Sequence[OpsAudit]:
    """One page of the brand's audit, newest first."""
    rows, _ = await AUDIT_ROWS.newest_page(session, merchant, page)
    return rows


async def locked_day(session: AsyncSession, merchant: str, actor: str, account_id: str, day: date) -> tuple[int, int]:
    """``(alone, credited)`` of the person's day with the member, its row written when missing and locked either
    way until the transaction ends (an upsert that sets nothing new still takes the row's lock, and waits for a
    concurrent holder, then returns what it committed)."""
    table = OpsMemberDay.__table__
    row = (
        await session.execute(
            insert(OpsMemberDay)
            .values(merchant=merchant, actor=actor, account_id=account_id, day=day, alone=0, credited=0)
            .on_conflict_do_update(
                index_elements=["merchant", "actor", "account_id", "day"], set_={"alone": table.c.alone}
            )
            .returning(OpsMemberDay.alone, OpsMemberDay.credited)
        )
    ).one()
    return int(row.alone), int(row.credited)


async def count(
    session: AsyncSession, merchant: str, actor: str, account_id: str, day: date, alone: int, credited: int
) -> None:
    """Add to the person's day with the member (its row already locked by ``locked_day``)."""
    await session.execute(
        update(OpsMemberDay)
        .where(
            OpsMemberDay.merchant == merchant,
            OpsMemberDay.actor == actor,
            OpsMemberDay.account_id == account_id,
            OpsMemberDay.day == day,
        )
        .values(alone=OpsMemberDay.alone + alone, credited=OpsMemberDay.credited + credited)
    )
