"""The money audit's reads (rows are written by ``portal_kit.audit.record_ops_action``, in the action's own
transaction), and each ops person's running total per member and UTC day."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.audit import AuditFilters, audit_page
from portal_kit.paging import Page
from wallet_service.oversight.models import OpsAudit, OpsGrantDecision, OpsMemberDay


async def audit_rows(
    session: AsyncSession, merchant: str, page: Page, filters: AuditFilters
) -> tuple[Sequence[OpsAudit], int]:
    """One page of the brand's audit narrowed by ``filters``, in their order, and how many rows pass them."""
    return await audit_page(session, OpsAudit, merchant, page, filters)


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


async def grant_decision(session: AsyncSession, merchant: str, key: str, maker: str, account_id: str) -> bool | None:
    """The decision kept for a grant's key asked by ``maker`` for ``account_id`` (whether it needed a second person),
    ``None`` for a new one."""
    return await session.scalar(
        select(OpsGrantDecision.second_person).where(
            OpsGrantDecision.merchant == merchant,
            OpsGrantDecision.grant_key == key,
            OpsGrantDecision.maker == maker,
            OpsGrantDecision.account_id == account_id,
        )
    )


def keep_grant_decision(
    session: AsyncSession, merchant: str, key: str, maker: str, account_id: str, second_person: bool
) -> None:
    session.add(
        OpsGrantDecision(
            merchant=merchant, grant_key=key, maker=maker, account_id=account_id, second_person=second_person
        )
    )
