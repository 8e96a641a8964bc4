"""The mall's use cases: members read the items, redeem (their payment password checked by auth first; the stock and
the points taken in one transaction, a repeated request answered by its first redemption) and read their
redemptions; ops keep the items and their stock and decide the redemptions (a rejection gives the points and the
stock back); every ops change audited with before and after.

An item's money is a saga with the wallet, as a conversion's cash is: the redemption is written first with its
payment ``PENDING``; the wallet is then asked to charge it under the redemption's key (``rpc.wallet.purchase``: once
however often it is asked) and its answer settles the payment: ``PAID``, or ``FAILED`` with the redemption rejected
and its points and stock given back. Unanswered, it stays pending and the worker's sweep asks again. A rejection of a
paid redemption asks the money back the same way (``REFUNDING`` until the wallet answers). Nothing is lost or paid
twice, whatever stops in between."""

from __future__ import annotations

import logging
from datetime import timedelta

from nats.aio.client import Client as NATS
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.i18n import MESSAGES
from points_service.ledger import repository as ledger
from points_service.ledger.domain import EntryKind
from points_service.mall import repository
from points_service.mall.domain import MONEY_SHORT, MallPayment, RedemptionStatus, item_name, transaction_id
from points_service.mall.models import MallItem, MallRedemption
from points_service.mall.schemas import ItemRead, ItemWrite, NewItem, RedemptionRead, RedemptionRequest, StockChange
from points_service.ops import repository as audit
from points_service.ops.domain import CatalogueOrder, QueueOrder
from points_service.rules.domain import PointType
from portal_kit import money
from portal_kit.audit import actor_name
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import DomainError, NotFound
from portal_kit.paging import Page, page_of
from portal_kit.payment_password import verify_payment_password
from portal_kit.sessions import Principal

log = logging.getLogger("points.mall")


def _item(row: MallItem, language: str) -> ItemRead:
    return ItemRead(
        itemId=row.id, name=item_name(row.names, language), names=row.names, picture=row.picture, points=row.points,
        money=row.money, stock=row.stock, active=row.active, sort=row.sort,
    )  # fmt: skip


def _reason(row: MallRedemption, language: str) -> str | None:
    """An ops reason as written; the wallet's refusal of the money in the reader's language."""
    if row.reason == MONEY_SHORT:
        texts = MESSAGES[MONEY_SHORT]
        return texts.get(language, texts["TR"])
    return row.reason


def _redemption(row: MallRedemption, language: str, *, for_ops: bool = True) -> RedemptionRead:
    """As ops read it, or as its member does (without the name of the ops person who decided it)."""
    return RedemptionRead(
        transactionNo=row.id, accountId=row.account_id, itemId=row.item_id, itemName=item_name(row.item_name, language), quantity=row.quantity,
        points=row.points, money=row.money, payment=MallPayment(row.payment), status=RedemptionStatus(row.status),
        deliveryAddress=row.delivery_address, mobileNum=row.mobile, reason=_reason(row, language),
        decidedBy=row.decided_by if for_ops else None, createdAt=row.created_at.isoformat(),
        decidedAt=row.decided_at.isoformat() if row.decided_at else None,
    )  # fmt: skip


def _audited(row: MallItem) -> dict[str, object]:
    return {"names": row.names, "picture": row.picture, "points": row.points, "money": row.money,
            "stock": row.stock, "active": row.active, "sort": row.sort}  # fmt: skip


async def items(db: Database, merchant: str, language: str, *, active_only: bool) -> list[ItemRead]:
    async with db.reader() as session:
        return [_item(row, language) for row in await repository.items(session, merchant, active_only=active_only)]


async def items_page(
    db: Database, merchant: str, page: Page, language: str, *, active: bool | None, text: str | None,
    order: CatalogueOrder,
) -> PageRead[ItemRead]:  # fmt: skip
    """A page of the brand's items as ops read them, on sale or off, filtered by name, in ``order``."""
    async with db.reader() as session:
        rows, total = await repository.items_page(session, merchant, page, active=active, text=text, order=order)
        return page_of(page, [_item(row, language) for row in rows], total)


async def redeem(db: Database, nc: NATS, member: Principal, body: RedemptionRequest, language: str) -> RedemptionRead:
    """Redeem once per ``requestId``: the points and the stock taken in one transaction, then the item's money
    charged (``wallet.insufficient_funds`` 409 when the balance cannot pay it: asked before anything is written, and
    if it was spent meanwhile the redemption ends rejected with everything given back)."""
    merchant, account_id = member.merchant, str(member.account_id)
    await verify_payment_password(nc, merchant, account_id, body.paymentPassword)
    async with db.reader() as session:
        earlier = await repository.requested(session, merchant, account_id, body.requestId)
    if earlier is None:  # asked again: the first redemption answers, whatever the balance is now
        await _can_pay(db, nc, merchant, account_id, body)
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
            return _paid_or_refused(row, language, for_ops=False)
        item = await repository.take_stock(session, merchant, body.itemId, body.quantity)
        if item is None:
            known = await repository.item(session, merchant, body.itemId)
            if known is None or not known.active:
                raise NotFound("mall.item_not_found")
            raise DomainError("mall.out_of_stock", status=409, left=known.stock)
        cost, price = item.points * body.quantity, item.money * body.quantity
        balance = await ledger.locked_balance(session, merchant, account_id)
        if balance < cost:
            raise DomainError("points.not_enough", status=409, needed=cost, balance=balance)
        row.item_name, row.points, row.money = item.names, cost, price
        row.payment = MallPayment.PENDING if price else MallPayment.NONE
        await ledger.apply_all(session, [ledger.Change(
            merchant, account_id, EntryKind.REDEEM, PointType.REDEEM, -cost, price, 0, 0, f"redemption:{row.id}"
        )])  # fmt: skip
        redemption_id = row.id
    if price:
        try:
            await charge(db, nc, merchant, redemption_id)
        except Exception:  # written and pending: the sweep asks the wallet again, as for a conversion
            log.exception("redemption %s: asking the wallet failed; the sweep asks again", redemption_id)
    async with db.reader() as session:
        settled = await repository.redemption(session, merchant, redemption_id)
    assert settled is not None
    return _paid_or_refused(settled, language, for_ops=False)


async def _can_pay(db: Database, nc: NATS, merchant: str, account_id: str, body: RedemptionRequest) -> None:
    """Refuse at once a redemption whose money the balance cannot pay now (the charge itself stays the real check)."""
    async with db.reader() as session:
        item = await repository.item(session, merchant, body.itemId)
    if item is None or item.money == 0:
        return
    spendable, _ = await money.balance(nc, merchant, account_id)
    if spendable < item.money * body.quantity:
        raise DomainError("wallet.insufficient_funds", status=409)


def _paid_or_refused(row: MallRedemption, language: str, *, for_ops: bool) -> RedemptionRead:
    if row.payment == MallPayment.FAILED:
        raise DomainError("wallet.insufficient_funds", status=409)
    return _redemption(row, language, for_ops=for_ops)


async def charge(db: Database, nc: NATS, merchant: str, redemption_id: int) -> None:
    """Ask the wallet for a pending redemption's money and settle its payment by the answer: paid; refused with
    nothing moved (``money.NOTHING_MOVED``), the redemption rejected and its points and stock given back; any other
    answer, or none, left pending for the sweep (asked again under the same key, the wallet answers its original)."""
    async with db.reader() as session:
        row = await repository.redemption(session, merchant, redemption_id)
    if row is None or row.payment != MallPayment.PENDING:
        return
    try:
        await money.purchase(nc, merchant, row.account_id, row.money, transaction_id(row.id), "CHARGE")
    except money.Refused as refused:
        if refused.code in money.NOTHING_MOVED:
            await _charge_refused(db, merchant, redemption_id)
        else:
            log.warning("redemption %s: the wallet answered %s; asked again later", redemption_id, refused.code)
        return
    except DomainError as unanswered:  # service_unavailable
        log.warning("redemption %s not charged yet: %s", redemption_id, unanswered.code)
        return
    await _payment_moved(db, merchant, redemption_id, MallPayment.PENDING, MallPayment.PAID)


async def _charge_refused(db: Database, merchant: str, redemption_id: int) -> None:
    async with db.transaction() as session:
        row = await repository.redemption(session, merchant, redemption_id, lock=True)
        if row is None or row.payment != MallPayment.PENDING:
            return
        row.payment = MallPayment.FAILED
        await repository.decide(session, row, RedemptionStatus.REJECTED, "wallet", MONEY_SHORT)
        await _give_back(session, row)


async def _give_back(session: AsyncSession, row: MallRedemption) -> None:
    """A rejected redemption's stock back to the item and its points back to the member."""
    await repository.add_stock(session, row.merchant, row.item_id, row.quantity)
    await ledger.apply_all(session, [ledger.Change(
        row.merchant, row.account_id, EntryKind.REFUND, PointType.REDEEM, row.points, row.money, 0, 0,
        f"refund:{row.id}",
    )])  # fmt: skip


async def _payment_moved(
    db: Database, merchant: str, redemption_id: int, before: MallPayment, after: MallPayment
) -> None:
    async with db.transaction() as session:
        row = await repository.redemption(session, merchant, redemption_id, lock=True)
        if row is not None and row.payment == before:
            row.payment = after


async def refund(db: Database, nc: NATS, merchant: str, redemption_id: int) -> None:
    """Ask the wallet to give a rejected redemption's money back; ``REFUNDED`` once it has, else left for the sweep."""
    async with db.reader() as session:
        row = await repository.redemption(session, merchant, redemption_id)
    if row is None or row.payment != MallPayment.REFUNDING:
        return
    try:
        await money.purchase(nc, merchant, row.account_id, row.money, transaction_id(row.id), "REFUND")
    except DomainError as unanswered:  # a refusal here (none is expected) or no answer: the sweep asks again
        log.warning("redemption %s not refunded yet: %s", redemption_id, unanswered.code)
        return
    await _payment_moved(db, merchant, redemption_id, MallPayment.REFUNDING, MallPayment.REFUNDED)


async def sweep(db: Database, nc: NATS, older_than: timedelta, limit: int = 100) -> int:
    """Ask again for every redemption whose money the wallet has not answered for ``older_than``: a charge, or a
    refund; how many were asked. One that fails is logged and left for the next round."""
    async with db.reader() as session:
        waiting = await repository.payments_waiting(session, older_than, limit)
    for merchant, redemption_id, payment in waiting:
        try:
            if payment == MallPayment.PENDING:
                await charge(db, nc, merchant, redemption_id)
            else:
                await refund(db, nc, merchant, redemption_id)
        except Exception:
            log.exception("redemption %s: asking the wallet failed; next round", redemption_id)
    return len(waiting)


async def redemptions(
    db: Database, merchant: str, page: Page, language: str, *, account_id: str | None, status: str | None,
    for_ops: bool = True, order: QueueOrder = QueueOrder.NEWEST,
) -> PageRead[RedemptionRead]:  # fmt: skip
    async with db.reader() as session:
        rows, total = await repository.redemptions(
            session, merchant, page, account_id=account_id, status=status, order=order
        )
        return page_of(page, [_redemption(row, language, for_ops=for_ops) for row in rows], total)


async def create_item(db: Database, merchant: str, actor: Principal, body: NewItem, ip: str | None) -> ItemRead:
    async with db.transaction() as session:
        row = await repository.add_item(session, MallItem(
            merchant=merchant, names=body.names, picture=body.picture, points=body.points, money=body.money,
            stock=body.stock, active=body.active, sort=body.sort,
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
        row.names, row.picture, row.points, row.money = body.names, body.picture, body.points, body.money
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
    db: Database, nc: NATS, merchant: str, actor: Principal, redemption_id: int, approve: bool, reason: str,
    ip: str | None,
) -> RedemptionRead:  # fmt: skip
    """Approve (the item goes out) or reject (its points back to the member, its stock back to the item, its money
    asked back of the wallet) a redemption in process, once; not while the wallet has not answered its charge
    (``mall.payment_pending``)."""
    async with db.transaction() as session:
        row = await repository.redemption(session, merchant, redemption_id, lock=True)
        if row is None:
            raise NotFound("mall.redemption_not_found")
        if row.status != RedemptionStatus.IN_PROCESS:
            raise DomainError("mall.already_decided", status=409, current=row.status)
        if row.payment == MallPayment.PENDING:
            raise DomainError("mall.payment_pending", status=409)
        before = {"status": row.status, "payment": row.payment}
        status = RedemptionStatus.APPROVED if approve else RedemptionStatus.REJECTED
        await repository.decide(session, row, status, actor_name(actor), None if approve else reason)
        if not approve:
            await _give_back(session, row)
            if row.payment == MallPayment.PAID:
                row.payment = MallPayment.REFUNDING
        audit.record(session, merchant, actor, f"mall.redemption.{status.lower()}", f"redemption:{row.id}",
                     reason=reason or None, before=before,
                     after={"status": status, "points": row.points, "money": row.money, "payment": row.payment},
                     ip=ip)  # fmt: skip
        refunding = row.payment == MallPayment.REFUNDING
    if refunding:
        await refund(db, nc, merchant, redemption_id)
    async with db.reader() as session:
        decided = await repository.redemption(session, merchant, redemption_id)
    assert decided is not None
    return _redemption(decided, "TR")
