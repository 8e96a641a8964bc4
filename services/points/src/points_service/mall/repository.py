"""Every query of the mall. Stock is taken and given back by one conditional update each (never read, then written),
so the last item is sold once however many ask at the same time."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import ColumnElement, String, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.mall.models import MallItem, MallRedemption
from points_service.ops.domain import CatalogueOrder, QueueOrder
from portal_kit.paging import Page
from portal_kit.repository import Scoped

ITEMS = Scoped(MallItem)
REDEMPTIONS = Scoped(MallRedemption)


async def items(session: AsyncSession, merchant: str, *, active_only: bool) -> Sequence[MallItem]:
    conditions = [MallItem.active.is_(True)] if active_only else []
    query = ITEMS.query(merchant, *conditions).order_by(MallItem.sort, MallItem.id)
    return (await session.scalars(query)).all()


async def items_page(
    session: AsyncSession, merchant: str, page: Page, *, active: bool | None, text: str | None, order: CatalogueOrder
) -> tuple[Sequence[MallItem], int]:
    """One page of the brand's items, on sale or off (``active``), named with ``text`` in any language, in ``order``
    (the members' order: ``ix_mall_item_merchant_sort``), and how many match."""
    conditions: list[ColumnElement[bool]] = []
    if text:
        names = [MallItem.names.op("->>", return_type=String())(code).icontains(text, autoescape=True)
                 for code in ("TR", "EN", "CN")]  # fmt: skip
        conditions.append(or_(*names))
    ordering = {
        CatalogueOrder.DISPLAY: (MallItem.sort, MallItem.id),
        CatalogueOrder.NEWEST: (MallItem.id.desc(),),
        CatalogueOrder.OLDEST: (MallItem.id.asc(),),
    }[order]
    return await ITEMS.page(session, merchant, page, ordering, *conditions, active=active)


async def item(session: AsyncSession, merchant: str, item_id: int, *, lock: bool = False) -> MallItem | None:
    query = ITEMS.query(merchant, id=item_id)
    return (await session.scalars(query.with_for_update() if lock else query)).one_or_none()


async def add_item(session: AsyncSession, row: MallItem) -> MallItem:
    session.add(row)
    await session.flush()
    return row


async def take_stock(session: AsyncSession, merchant: str, item_id: int, quantity: int) -> MallItem | None:
    """``quantity`` of an active item with that much left, taken; ``None`` when it cannot be."""
    statement = (
        ITEMS.update(merchant, MallItem.active.is_(True), MallItem.stock >= quantity, id=item_id)
        .values(stock=MallItem.stock - quantity)
        .returning(MallItem)
    )
    return (await session.scalars(select(MallItem).from_statement(statement))).one_or_none()


async def add_stock(session: AsyncSession, merchant: str, item_id: int, change: int) -> int | None:
    """The stock after adding ``change`` (negative: taking away); ``None`` when that would go below zero or no such
    item."""
    statement = (
        ITEMS.update(merchant, MallItem.stock + change >= 0, id=item_id)
        .values(stock=MallItem.stock + change)
        .returning(MallItem.stock)
    )
    return (await session.execute(statement)).scalar_one_or_none()


async def request(session: AsyncSession, values: dict[str, Any]) -> tuple[MallRedemption, bool]:
    """The redemption of the member's request id: made now (``True``), or the one made before (``False``)."""
    return await REDEMPTIONS.insert_once(session, values, key=("account_id", "request_id"))


async def requested(session: AsyncSession, merchant: str, account_id: str, request_id: str) -> MallRedemption | None:
    """The member's redemption of ``request_id``, when one was made."""
    return await REDEMPTIONS.get(session, merchant, account_id=account_id, request_id=request_id)


async def redemption(
    session: AsyncSession, merchant: str, redemption_id: int, *, lock: bool = False
) -> MallRedemption | None:
    query = REDEMPTIONS.query(merchant, id=redemption_id)
    return (await session.scalars(query.with_for_update() if lock else query)).one_or_none()


async def redemptions(
    session: AsyncSession, merchant: str, page: Page, *, account_id: str | None, status: str | None,
    order: QueueOrder = QueueOrder.NEWEST,
) -> tuple[Sequence[MallRedemption], int]:  # fmt: skip
    """One page of the brand's redemptions (a member's, of a state), newest or oldest first by id (the indexes by
    account and by state end in id), and how many match."""
    by_id = MallRedemption.id.asc() if order is QueueOrder.OLDEST else MallRedemption.id.desc()
    return await REDEMPTIONS.page(session, merchant, page, (by_id,), account_id=account_id, status=status)


async def decide(session: AsyncSession, row: MallRedemption, status: str, by: str, reason: str | None) -> None:
    row.status, row.decided_by, row.reason = status, by, reason
    row.decided_at = await session.scalar(select(func.now()))


async def payments_waiting(session: AsyncSession, older_than: timedelta, limit: int) -> list[tuple[str, int, str]]:
    """Redemptions (every brand's) whose charge or refund the wallet has not answered for ``older_than``: brand, id
    and payment, oldest first."""
    query = (
        select(MallRedemption.merchant, MallRedemption.id, MallRedemption.payment)
        .where(
            MallRedemption.payment.in_(("PENDING", "REFUNDING")),
            func.coalesce(MallRedemption.decided_at, MallRedemption.created_at) < func.now() - older_than,
        )
        .order_by(MallRedemption.id)
        .limit(limit)
    )
    return [(merchant, int(row_id), payment) for merchant, row_id, payment in (await session.execute(query)).all()]
