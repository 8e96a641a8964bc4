"""The points audit read per brand."""

from __future__ import annotations

from points_service.ops import repository
from points_service.ops.schemas import PointsAuditRead
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of


async def audit_log(db: Database, merchant: str, page: Page) -> PageRead[PointsAuditRead]:
    async with db.reader() as session:
        rows, total = await repository.newest_page(session, merchant, page)
        items = [PointsAuditRead.model_validate(row) for row in rows]
    return page_of(page, items, total)
