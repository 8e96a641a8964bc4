"""An account's points records, one page: the entries as the spec's record (transaction number, application time,
exchange type, item, quantity, points and amount required, status, change and balance, remark, betting unit,
ratio)."""

from __future__ import annotations

from points_service.ledger.models import PointEntry
from points_service.records import repository
from points_service.records.domain import status_of
from portal_events import PointRecord, PointRecordsPage, PointRecordsRequest
from portal_kit.dates import day_range
from portal_kit.db import Database
from portal_kit.paging import Page


def record_of(entry: PointEntry) -> PointRecord:
    # Item, quantity and the points and amount required are the mall's: an earning has none of them.
    return PointRecord(
        id=entry.id, time=entry.created_at, kind=entry.kind, pointType=entry.point_type,
        item=None, quantity=None, pointsRequired=None, amountRequired=None,
        status=status_of(entry.kind), points=entry.points, balanceAfter=entry.balance_after,
        baseAmount=entry.base_amount, remark=None, bettingUnit=entry.betting_unit, ratio=entry.ratio,
    )  # fmt: skip


async def records(db: Database, request: PointRecordsRequest) -> PointRecordsPage:
    """The page the request asks for, newest first; the days are UTC, both included (``date.invalid``,
    ``date_range.invalid`` refused before any read)."""
    start, end = day_range(request.startDate, request.endDate)
    page = Page(request.pageNo, request.pageSize)
    async with db.reader() as session:
        entries, total = await repository.entries_page(
            session, request.merchant, request.accountId, page.offset, page.size, start, end
        )
    return PointRecordsPage(
        pageNum=page.number, totalPages=page.total_pages(total), total=total, list=[record_of(e) for e in entries]
    )
