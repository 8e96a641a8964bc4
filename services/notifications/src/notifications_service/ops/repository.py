"""The ops audit's rows: written in the change's own transaction (the caller's session), read per brand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from notifications_service.ops.models import NotificationsAudit
from portal_kit.audit import record_ops_action
from portal_kit.paging import Page
from portal_kit.repository import Scoped
from portal_kit.sessions import Principal

_audit = Scoped(NotificationsAudit)


def record(
    session: AsyncSession, merchant: str, actor: Principal, action: str, target: str,
    before: dict[str, Any], after: dict[str, Any],
) -> None:  # fmt: skip
    record_ops_action(session, NotificationsAudit, merchant, actor, action, target, before=before, after=after)


async def newest_page(session: AsyncSession, merchant: str, page: Page) -> tuple[Sequence[NotificationsAudit], int]:
    """One page of the brand's audit rows, newest first, and how many there are."""
    return await _audit.newest_page(session, merchant, page)
