"""Points converted to cash. The points are taken first, in one transaction with the conversion's row (``PENDING``);
then the wallet is asked to credit the cash under the conversion's own key (``rpc.wallet.reward``: once however often
it is asked). Its answer settles the row: paid, or refused (the points given back, ``FAILED``). With no answer the row
stays pending, and the worker's sweep asks again later — so a conversion is paid exactly once or given back, never
lost, whatever stops in between."""

from __future__ import annotations

import logging
from datetime import timedelta

from nats.aio.client import Client as NATS

from points_service import events
from points_service.conversion import repository
from points_service.conversion.domain import ConversionStatus, cash_for, transaction_id
from points_service.conversion.models import Conversion, ConversionRule
from points_service.conversion.schemas import ConversionRead, ConversionRequest, ConversionRuleRead, ConversionRuleWrite
from points_service.ledger import repository as ledger
from points_service.ledger.domain import EntryKind
from points_service.ops import repository as audit
from points_service.rules.domain import PointType
from portal_events import PointsConversionPaidV1Data
from portal_kit import money
from portal_kit.db import Database
from portal_kit.errors import DomainError
from portal_kit.payment_password import verify_payment_password
from portal_kit.sessions import Principal

log = logging.getLogger("points.conversion")
REASON = "points.conversion"
LEASE_SECONDS = 60.0  # above the wallet question's 5 s timeout: a lease never ends while its question is open


def _rule(found: ConversionRule | None) -> ConversionRuleRead:
    """A brand without a rate converts nothing: shown off, at zeros."""
    if found is None:
        return ConversionRuleRead(pointsPerUnit=0, amountPerUnit=0, minPoints=0, enabled=False)
    return ConversionRuleRead(
        pointsPerUnit=found.points_per_unit, amountPerUnit=found.amount_per_unit, minPoints=found.min_points,
        enabled=found.enabled,
    )  # fmt: skip


async def rule(db: Database, merchant: str) -> ConversionRuleRead:
    async with db.reader() as session:
        return _rule(await repository.rule(session, merchant))


async def change_rule(
    db: Database, merchant: str, actor: Principal, body: ConversionRuleWrite, ip: str | None
) -> ConversionRuleRead:
    values = {"points_per_unit": body.pointsPerUnit, "amount_per_unit": body.amountPerUnit,
              "min_points": body.minPoints, "enabled": body.enabled}  # fmt: skip
    after = ConversionRuleRead(pointsPerUnit=body.pointsPerUnit, amountPerUnit=body.amountPerUnit,
                               minPoints=body.minPoints, enabled=body.enabled)  # fmt: skip
    async with db.transaction() as session:
        before = await repository.rule(session, merchant)
        before_read = _rule(before).model_dump() if before else None
        await repository.put_rule(session, merchant, values)
        audit.record(session, merchant, actor, "points.conversion.change", "conversion", reason=body.reason,
                     before=before_read, after=after.model_dump(), ip=ip)  # fmt: skip
    return after


def _read(row: Conversion, balance: int) -> ConversionRead:
    return ConversionRead(
        transactionNo=row.id, points=row.points, amount=row.amount, status=ConversionStatus(row.status),
        balance=balance, createdAt=row.created_at.isoformat(),
    )  # fmt: skip


async def convert(db: Database, nc: NATS, member: Principal, body: ConversionRequest) -> ConversionRead:
    merchant, account_id = member.merchant, str(member.account_id)
    await verify_payment_password(nc, merchant, account_id, body.paymentPassword)
    async with db.transaction() as session:
        earlier = await repository.by_request(session, merchant, account_id, body.requestId)
        if earlier is None:
            found = await repository.rule(session, merchant)
            if found is None or not found.enabled:
                raise DomainError("points.conversion_off", status=409)
            cash = cash_for(body.points, found.points_per_unit, found.amount_per_unit, found.min_points)
            if cash is None:
                raise DomainError("points.conversion_units", unit=found.points_per_unit,
                                  least=max(found.min_points, found.points_per_unit))  # fmt: skip
            if cash > money.MAX_AMOUNT:
                raise DomainError("points.conversion_too_large")
            values = {"merchant": merchant, "account_id": account_id, "request_id": body.requestId,
                      "points": body.points, "amount": cash, "status": ConversionStatus.PENDING}  # fmt: skip
            row, new = await repository.request(session, values)
        else:
            row, new = earlier, False
        balance = await ledger.locked_balance(session, merchant, account_id)
        if not new:  # the same request again (its rule may have changed since): its conversion
            if row.points != body.points:
                raise DomainError("idempotency.mismatch", status=409)
            return _read(row, balance)
        if balance < body.points:
            raise DomainError("points.not_enough", status=409, needed=body.points, balance=balance)
        await ledger.apply_all(session, [ledger.Change(
            merchant, account_id, EntryKind.CONVERT, PointType.REDEEM, -body.points, row.amount, 0, 0,
            f"conversion:{row.id}",
        )])  # fmt: skip
        conversion_id = row.id
    try:
        await pay(db, nc, conversion_id)
    except Exception:  # the points are taken and the row pending: the sweep settles it
        log.exception("conversion %s: asking the wallet failed; the sweep asks again", conversion_id)
    async with db.reader() as session:
        settled = await repository.conversion(session, conversion_id)
        account = await ledger.account(session, merchant, account_id)
    assert settled is not None
    return _read(settled, account.balance if account else 0)


async def pay(db: Database, nc: NATS, conversion_id: int) -> None:
    """Ask the wallet for a pending conversion's cash and settle the row by its answer. The row is leased for the
    question (no transaction is held open across it, and no other process asks meanwhile); a refusal that moved
    nothing (``money.NOTHING_MOVED``) fails it and gives the points back; any other answer, or none, leaves it pending
    for the sweep, which asks again under the same key (the wallet answers its stored original)."""
    async with db.transaction() as session:
        row = await repository.lease(session, conversion_id, LEASE_SECONDS)
    if row is None:
        return
    try:
        paid = await money.reward_paid(nc, row.merchant, row.account_id, row.amount,
                                       transaction_id(row.id, row.account_id), REASON)  # fmt: skip
    except money.Refused as refused:
        if refused.code in money.NOTHING_MOVED:
            await _settle(db, conversion_id, ConversionStatus.FAILED, refused.code)
            return
        log.warning("conversion %s: the wallet answered %s; asked again later", conversion_id, refused.code)
    except DomainError as unanswered:  # service_unavailable
        log.warning("conversion %s not paid yet: %s", conversion_id, unanswered.code)
    else:
        await _settle(db, conversion_id, ConversionStatus.PAID, None, paid.currency)
        return
    async with db.transaction() as session:  # the question is over: the next round may ask
        await repository.release(session, conversion_id)


async def _settle(
    db: Database, conversion_id: int, status: ConversionStatus, error: str | None, currency: str = ""
) -> None:
    """Settle a still-pending conversion once: paid (and told: ``points.conversion.paid.v1``), or failed with its
    points given back."""
    async with db.transaction() as session:
        row = await repository.locked(session, conversion_id)
        if row is None or row.status != ConversionStatus.PENDING:
            return
        row.status, row.asking_until = status, None
        if status is ConversionStatus.PAID:
            row.paid_at = await repository.now(session)
            events.conversion_paid(session, row.merchant, PointsConversionPaidV1Data(
                conversionId=row.id, accountId=row.account_id, points=row.points, amount=row.amount,
                currency=currency, paidAt=row.paid_at,
            ))  # fmt: skip
            return
        row.error = (error or "")[:64]
        await ledger.apply_all(session, [ledger.Change(
            row.merchant, row.account_id, EntryKind.REFUND, PointType.REDEEM, row.points, row.amount, 0, 0,
            f"refund:conversion:{row.id}",
        )])  # fmt: skip


async def sweep(db: Database, nc: NATS, older_than: timedelta, limit: int = 100) -> int:
    """Ask again for every conversion left pending longer than ``older_than``; how many were asked. One that cannot
    be asked now is logged and left for the next round, never in the way of the others."""
    async with db.reader() as session:
        ids = await repository.pending(session, await repository.now(session) - older_than, limit)
    for conversion_id in ids:
        try:
            await pay(db, nc, conversion_id)
        except Exception:
            log.exception("conversion %s: asking the wallet failed; next round", conversion_id)
    return len(ids)
