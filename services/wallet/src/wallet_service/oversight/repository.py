"""The money audit's reads (rows are written by ``portal_kit.audit.record_ops_action``, in the action's own
transaction)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.paging import Page
from portal_kit.repository import Scoped
from wallet_service.oversight.models import OpsAudit

AUDIT_ROWS = Scoped(OpsAudit)


async def newest_page(session: AsyncSession, merchant: str, page: Page) -> Sequence[OpsAudit]:
    """One page of the brand's audit, newest first."""
    rows, _ = await AUDIT_ROWS.newest_page(session, merchant, page)
    return rows
