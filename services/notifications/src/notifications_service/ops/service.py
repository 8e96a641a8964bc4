"""The audit of ops changes: written in the change's own transaction, read per brand."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from notifications_service.inbox.repository import stamp
from notifications_service.ops.models import NotificationsAudit
from notifications_service.ops.schemas import NotificationsAuditRead
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal


def actor_name(actor: Principal) -> str:
    return actor.username or actor.account_id or "ops"


def record(
    session: AsyncSession, merchant: str, actor: Principal, action: str, target: str,
    before: dict[str, Any], after: dict[str, Any],
) -> None:  # fmt: skip
    session.add(NotificationsAudit(merchant=merchant, actor=actor_name(actor), action=action, target=target,
                                   before=before, after=after))  # fmt: skip


def _view(row: NotificationsAudit) -> NotificationsAuditRead:
    return NotificationsAuditRead(
        actor=row.actor, action=row.action, target=row.target, before=row.before, after=row.after, at=stamp(row.at)
    )


async def audit_log(db: Database, merchant: str, page: Page) -> PageRead[NotificationsAuditRead]:
    async with db.reader() as session:
        total = await session.scalar(select(func.count()).where(NotificationsAudit.merchant == merchant))
        rows = await session.scalars(
            select(NotificationsAudit).where(NotificationsAudit.merchant == merchant)
            .order_by(NotificationsAudit.id.desc()).offset(page.offset).limit(page.size)
        )  # fmt: skip
        items = [_view(row) for row in rows]
    return page_of(page, items, int(total or 0))
