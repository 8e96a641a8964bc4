"""An account's points records, one page: the entries as the spec's record (transaction number, application time,
exchange type, item, quantity, points and amount required, status, change and balance, remark, betting unit,
ratio)."""

from __future__ import annotations

from points_service.conversion.models import Conversion
from points_service.ledger.models import PointEntry
from points_service.mall.domain import item_name
from points_service.mall.models import MallRedemption
from points_service.records import repository
from points_service.records.domain import exchange_of, status_of
from portal_events import PointRecord, PointRecordsPage, PointRecordsRequest
from portal_kit.dates import day_range
from portal_kit.db import Database
from portal_kit.paging import Page


def record_of(
    entry: PointEntry, redemption: MallRedemption | None, conversion: Conversion | None, language: str
) -> PointRecord:
    """Item, quantity, the points and the amount required and the remark are a mall redemption's; the amount
    required is a conversion's cash; an earning has none of them."""
    if redemption is not None:
        return PointRecord(
            id=entry.id, time=entry.created_at, kind=entry.kind, pointType=entry.point_type,
            item=item_name(redemption.item_name, language), quantity=redemption.quantity,
            pointsRequired=redemption.points, amountRequired=redemption.money or None, status=status_of(entry.kind, redemption.status),
            points=entry.points, balanceAfter=entry.balance_after, baseAmount=entry.base_amount,
            remark=redemption.reason, bettingUnit=entry.betting_unit, ratio=entry.ratio,
        )  # fmt: skip
    return PointRecord(
        id=entry.id, time=entry.created_at, kind=entry.kind, pointType=entry.point_type, item=None, quantity=None,
        pointsRequired=conversion.points if conversion else None,
        amountRequired=conversion.amount if conversion else None,
        status=status_of(entry.kind, conversion.status if conversion else None), points=entry.points,
        balanceAfter=entry.balance_after, baseAmount=entry.base_amount,
        remark=conversion.error if conversion else None, bettingUnit=entry.betting_unit, ratio=entry.ratio,
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
        exchanges = {entry.id: exchange_of(entry.source) for entry in entries}
        named = [exchange for exchange in exchanges.values() if exchange]
        redemptions = await repository.redemptions(
            session, request.merchant, (i for k, i in named if k == "redemption")
        )
        conversions = await repository.conversions(
            session, request.merchant, [i for k, i in named if k == "conversion"]
        )
    language = request.language or "TR"
    listed = []
    for entry in entries:
        kind, number = exchanges[entry.id] or ("", 0)
        redemption = redemptions.get(number) if kind == "redemption" else None
        conversion = conversions.get(number) if kind == "conversion" else None
        listed.append(record_of(entry, redemption, conversion, language))
    return PointRecordsPage(pageNum=page.number, totalPages=page.total_pages(total), total=total, list=listed)
