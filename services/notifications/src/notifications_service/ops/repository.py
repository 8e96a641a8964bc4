"""The ops audit's rows: written in the change's own transaction (the caller's session), read per brand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from notifications_service.ops.models import NotificationsAudit
from portal_kit.audit import AuditFilters, audit_page, record_ops_action
from portal_kit.paging import Page
from portal_kit.sessions import Principal


def record(
    session: AsyncSession, merchant: str, actor: Principal, action: str, target: str,
    before: dict[str, Any], after: dict[str, Any],
) -> None:  # fmt: skip
    record_ops_action(session, NotificationsAudit, merchant, actor, action, target, before=before, after=after)


async def audit_rows(
    session: AsyncSession, merchant: str, page: Page, filters: AuditFilters
) -> tuple[Sequence[NotificationsAudit], int]:
    """One page of the brand's audit rows narrowed by ``filters``, in their order, and how many pass them."""
    return await audit_page(session, NotificationsAudit, merchant, page, filters)
