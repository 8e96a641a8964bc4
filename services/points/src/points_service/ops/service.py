"""The points audit read per brand."""

from __future__ import annotations

from points_service.ops import repository
from points_service.ops.schemas import PointsAuditRead
from portal_kit.audit import AuditFilters
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of


async def audit_log(db: Database, merchant: str, page: Page, filters: AuditFilters) -> PageRead[PointsAuditRead]:
    async with db.reader() as session:
        rows, total = await repository.audit_page(session, merchant, page, filters)
        items = [PointsAuditRead.model_validate(row) for row in rows]
    return page_of(page, items, total)
