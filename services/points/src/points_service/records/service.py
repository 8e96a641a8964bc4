"""An account's points records, one page: the entries as the spec's record (transaction number, application time,
exchange type, item, quantity, points and amount required, status, change and balance, remark, betting unit,
ratio)."""

from __future__ import annotations

from points_service.ledger.models import PointEntry
from points_service.mall.domain import item_name
from points_service.mall.models import MallRedemption
from points_service.records import repository
from points_service.records.domain import exchange_of, status_of
from portal_events import PointRecord, PointRecordsPage, PointRecordsRequest
from portal_kit.dates import day_range
from portal_kit.db import Database
from portal_kit.paging import Page


def record_of(entry: PointEntry, redemption: MallRedemption | None, language: str) -> PointRecord:
    """Item, quantity, the points required and the remark are the mall's: an earning has none of them (nor does any
    record an amount of money required: the mall's items cost points alone)."""
    return PointRecord(
        id=entry.id, time=entry.created_at, kind=entry.kind, pointType=entry.point_type,
        item=item_name(redemption.item_name, language) if redemption else None,
        quantity=redemption.quantity if redemption else None,
        pointsRequired=redemption.points if redemption else None, amountRequired=None,
        status=status_of(entry.kind, redemption.status if redemption else None), points=entry.points,
        balanceAfter=entry.balance_after, baseAmount=entry.base_amount,
        remark=redemption.reason if redemption else None, bettingUnit=entry.betting_unit, ratio=entry.ratio,
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
        exchanges = {entry.id: exchange_of(entry.kind, entry.source) for entry in entries}
        found = await repository.redemptions(session, request.merchant, (i for i in exchanges.values() if i))
    language = request.language or "TR"
    listed = [record_of(e, found.get(exchanges[e.id] or 0), language) for e in entries]
    return PointRecordsPage(pageNum=page.number, totalPages=page.total_pages(total), total=total, list=listed)
