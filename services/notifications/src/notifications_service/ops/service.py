"""The audit of ops changes: written in the change's own transaction, read per brand."""

from __future__ import annotations

from notifications_service.ops import repository
from notifications_service.ops.schemas import NotificationsAuditRead
from portal_kit.audit import AuditFilters, OpsAuditRead
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of

# An ops change's audit row, staged in the change's transaction (the broadcasts and the support channels call it).
record = repository.record


async def audit_log(db: Database, merchant: str, page: Page, filters: AuditFilters) -> PageRead[NotificationsAuditRead]:
    async with db.reader() as session:
        rows, total = await repository.audit_rows(session, merchant, page, filters)
        items = [NotificationsAuditRead.of(OpsAuditRead.model_validate(row)) for row in rows]
    return page_of(page, items, total)
