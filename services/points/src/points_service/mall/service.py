"""The mall's use cases: members read the items, redeem (their payment password checked by auth first; the stock and
the points taken in one transaction, a repeated request answered by its first redemption) and read their
redemptions; ops keep the items and their stock and decide the redemptions (a rejection gives the points and the
stock back); every ops change audited with before and after."""

from __future__ import annotations

from nats.aio.client import Client as NATS

from points_service.ledger import repository as ledger
from points_service.ledger.domain import EntryKind
from points_service.mall import repository
from points_service.mall.domain import RedemptionStatus, item_name
from points_service.mall.models import MallItem, MallRedemption
from points_service.mall.schemas import ItemRead, ItemWrite, NewItem, RedemptionRead, RedemptionRequest, StockChange
from points_service.ops import repository as audit
from points_service.rules.domain import PointType
from portal_kit.audit import actor_name
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import DomainError, NotFound
from portal_kit.paging import Page, page_of
from portal_kit.payment_password import verify_payment_password
from portal_kit.sessions import Principal


def _item(row: MallItem, language: str) -> ItemRead:
    return ItemRead(
        itemId=row.id, name=item_name(row.names, language), names=row.names, picture=row.picture, points=row.points,
        stock=row.stock, active=row.active, sort=row.sort,
    )  # fmt: skip


def _redemption(row: MallRedemption, language: str) -> RedemptionRead:
    return RedemptionRead(
        transactionNo=row.id, accountId=row.account_id, itemId=row.item_id, itemName=item_name(row.item_name, language), quantity=row.quantity,
        points=row.points, status=RedemptionStatus(row.status), deliveryAddress=row.delivery_address,
        mobileNum=row.mobile, reason=row.reason, decidedBy=row.decided_by, createdAt=row.created_at.isoformat(),
        decidedAt=row.decided_at.isoformat() if row.decided_at else None,
    )  # fmt: skip


def _audited(row: MallItem) -> dict[str, object]:
    return {"names": row.names, "picture": row.picture, "points": row.points, "stock": row.stock,
            "active": row.active, "sort": row.sort}  # fmt: skip


async def items(db: Database, merchant: str, language: str, *, active_only: bool) -> list[ItemRead]:
    async with db.reader() as session:
        return [_item(row, language) for row in await repository.items(session, merchant, active_only=active_only)]


async def redeem(db: Database, nc: NATS, member: Principal, body: RedemptionRequest, language: str) -> RedemptionRead:
    merchant, account_id = member.merchant, str(member.account_id)
    await verify_payment_password(nc, merchant, account_id, body.paymentPassword)
    async with db.transaction() as session:
        values = {
            "merchant": merchant, "account_id": account_id, "request_id": body.requestId, "item_id": body.itemId,
            "item_name": {}, "quantity": body.quantity, "points": 0, "status": RedemptionStatus.IN_PROCESS,
            "delivery_address": body.deliveryAddress, "mobile": body.mobileNum,
        }  # fmt: skip
        row, new = await repository.request(session, values)
        if not new:
            if (row.item_id, row.quantity) != (body.itemId, body.quantity):
                raise DomainError("idempotency.mismatch", status=409)
            return _redemption(row, language)
        item = await repository.take_stock(session, merchant, body.itemId, body.quantity)
        if item is None:
            known = await repository.item(session, merchant, body.itemId)
            if known is None or not known.active:
                raise NotFound("mall.item_not_found")
            raise DomainError("mall.out_of_stock", status=409, left=known.stock)
        cost = item.points * body.quantity
        balance = await ledger.locked_balance(session, merchant, account_id)
        if balance < cost:
            raise DomainError("points.not_enough", status=409, needed=cost, balance=balance)
        row.item_name, row.points = item.names, cost
        await ledger.apply_all(session, [ledger.Change(
            merchant, account_id, EntryKind.REDEEM, PointType.REDEEM, -cost, 0, 0, 0, f"redemption:{row.id}"
        )])  # fmt: skip
        return _redemption(row, language)


async def redemptions(
    db: Database, merchant: str, page: Page, language: str, *, account_id: str | None, status: str | None
) -> PageRead[RedemptionRead]:
    async with db.reader() as session:
        rows, total = await repository.redemptions(session, merchant, page, account_id=account_id, status=status)
        return page_of(page, [_redemption(row, language) for row in rows], total)


async def create_item(db: Database, merchant: str, actor: Principal, body: NewItem, ip: str | None) -> ItemRead:
    async with db.transaction() as session:
        row = await repository.add_item(session, MallItem(
            merchant=merchant, names=body.names, picture=body.picture, points=body.points, stock=body.stock,
            active=body.active, sort=body.sort,
        ))  # fmt: skip
        audit.record(session, merchant, actor, "mall.item.create", f"item:{row.id}", reason=body.reason,
                     before=None, after=_audited(row), ip=ip)  # fmt: skip
        return _item(row, "TR")


async def update_item(
    db: Database, merchant: str, actor: Principal, item_id: int, body: ItemWrite, ip: str | None
) -> ItemRead:
    async with db.transaction() as session:
        row = await repository.item(session, merchant, item_id, lock=True)
        if row is None:
            raise NotFound("mall.item_not_found")
        before = _audited(row)
        row.names, row.picture, row.points = body.names, body.picture, body.points
        row.active, row.sort = body.active, body.sort
        audit.record(session, merchant, actor, "mall.item.change", f"item:{item_id}", reason=body.reason,
                     before=before, after=_audited(row), ip=ip)  # fmt: skip
        return _item(row, "TR")


async def change_stock(
    db: Database, merchant: str, actor: Principal, item_id: int, body: StockChange, ip: str | None
) -> ItemRead:
    async with db.transaction() as session:
        stock = await repository.add_stock(session, merchant, item_id, body.change)
        if stock is None:
            if await repository.item(session, merchant, item_id) is None:
                raise NotFound("mall.item_not_found")
            raise DomainError("mall.stock_negative", status=409)
        row = await repository.item(session, merchant, item_id)
        assert row is not None
        audit.record(session, merchant, actor, "mall.stock.change", f"item:{item_id}", reason=body.reason,
                     before={"stock": stock - body.change}, after={"stock": stock}, ip=ip)  # fmt: skip
        return _item(row, "TR")


async def decide(
    db: Database, merchant: str, actor: Principal, redemption_id: int, approve: bool, reason: str, ip: str | None
) -> RedemptionRead:
    """Approve (the item goes out) or reject (its points back to the member, its stock back to the item) a
    redemption in process, once."""
    async with db.transaction() as session:
        row = await repository.redemption(session, merchant, redemption_id, lock=True)
        if row is None:
            raise NotFound("mall.redemption_not_found")
        if row.status != RedemptionStatus.IN_PROCESS:
            raise DomainError("mall.already_decided", status=409, current=row.status)
        before = {"status": row.status}
        status = RedemptionStatus.APPROVED if approve else RedemptionStatus.REJECTED
        await repository.decide(session, row, status, actor_name(actor), None if approve else reason)
        if not approve:
            await repository.add_stock(session, merchant, row.item_id, row.quantity)
            await ledger.apply_all(session, [ledger.Change(
                merchant, row.account_id, EntryKind.REFUND, PointType.REDEEM, row.points, 0, 0, 0, f"refund:{row.id}"
            )])  # fmt: skip
        audit.record(session, merchant, actor, f"mall.redemption.{status.lower()}", f"redemption:{row.id}",
                     reason=reason or None, before=before, after={"status": status, "points": row.points}, ip=ip)  # fmt: skip
        return _redemption(row, "TR")
