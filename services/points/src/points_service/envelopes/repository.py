"""Every query of the red envelopes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.envelopes.models import RedEnvelope, RedEnvelopeShare
from points_service.ops.domain import PrizeOrder, PrizePhase, Review
from points_service.ops.repository import prize_list
from portal_kit.paging import Page
from portal_kit.repository import Scoped

ENVELOPES = Scoped(RedEnvelope)
SHARE = RedEnvelopeShare


async def now(session: AsyncSession) -> datetime:
    found: datetime = (await session.execute(select(func.clock_timestamp()))).scalar_one()
    return found


async def add(session: AsyncSession, row: RedEnvelope, amounts: list[int]) -> RedEnvelope:
    """The envelope and its shares, numbered 1, 2, ... in the order given."""
    session.add(row)
    await session.flush()
    await session.refresh(row)
    rows = [{"envelope_id": row.id, "share_no": n, "merchant": row.merchant, "amount": amount}
            for n, amount in enumerate(amounts, start=1)]  # fmt: skip
    for start in range(0, len(rows), 1000):
        await session.execute(insert(SHARE).values(rows[start : start + 1000]))
    return row


async def made_alone_since(session: AsyncSession, merchant: str, maker: str, since: datetime) -> int:
    """The pools of the envelopes ``maker`` made live alone (no second person) since ``since``, minor units."""
    query = select(func.coalesce(func.sum(RedEnvelope.pool), 0)).where(
        RedEnvelope.merchant == merchant,
        RedEnvelope.created_by == maker,
        RedEnvelope.review == Review.NONE,
        RedEnvelope.created_at >= since,
    )
    return int(await session.scalar(query) or 0)


async def envelope(session: AsyncSession, merchant: str, envelope_id: int, *, lock: bool = False) -> RedEnvelope | None:
    query = ENVELOPES.query(merchant, id=envelope_id)
    return (await session.scalars(query.with_for_update() if lock else query)).one_or_none()


async def page(
    session: AsyncSession, merchant: str, page: Page, *, now: datetime | None = None, phase: PrizePhase | None = None,
    review: Review | None = None, order: PrizeOrder = PrizeOrder.NEWEST,
) -> tuple[Sequence[RedEnvelope], int]:  # fmt: skip
    """One page of the brand's envelopes (of a phase at ``now``, of a review state) in ``order``, and how many match."""
    conditions, ordering = prize_list(RedEnvelope, now or datetime.now(UTC), phase, order)
    review_value = None if review is None else str(review)
    return await ENVELOPES.page(session, merchant, page, ordering, *conditions, review=review_value)


async def listed(session: AsyncSession, merchant: str, since: datetime, limit: int) -> Sequence[RedEnvelope]:
    """The brand's envelopes not closed before ``since``, the soonest to close first."""
    query = ENVELOPES.query(
        merchant, RedEnvelope.closes_at >= since, RedEnvelope.review.in_((Review.NONE, Review.CONFIRMED))
    ).order_by(RedEnvelope.closes_at, RedEnvelope.id)
    return (await session.scalars(query.limit(limit))).all()


async def share_of(session: AsyncSession, envelope_id: int, account_id: str) -> RedEnvelopeShare | None:
    query = select(SHARE).where(SHARE.envelope_id == envelope_id, SHARE.account_id == account_id)
    return (await session.scalars(query)).one_or_none()


async def shares_of(session: AsyncSession, envelope_ids: Sequence[int], account_id: str) -> dict[int, RedEnvelopeShare]:
    if not envelope_ids:
        return {}
    query = select(SHARE).where(SHARE.envelope_id.in_(envelope_ids), SHARE.account_id == account_id)
    return {row.envelope_id: row for row in (await session.scalars(query)).all()}


async def share(session: AsyncSession, envelope_id: int, share_no: int) -> RedEnvelopeShare | None:
    return await session.get(SHARE, (envelope_id, share_no), populate_existing=True)


async def take(session: AsyncSession, envelope_id: int, account_id: str, request_id: str) -> RedEnvelopeShare | None:
    """The next unclaimed share (the lowest number nobody else is taking now: ``SKIP LOCKED``), claimed for the
    account; ``None`` when every share is claimed or being claimed. A second share for the same account breaks the
    unique index (``IntegrityError``)."""
    nxt = (
        select(SHARE.share_no)
        .where(SHARE.envelope_id == envelope_id, SHARE.account_id.is_(None))
        .order_by(SHARE.share_no)
        .limit(1)
        .with_for_update(skip_locked=True)
        .scalar_subquery()
    )
    statement = (
        update(SHARE)
        .where(SHARE.envelope_id == envelope_id, SHARE.share_no == nxt, SHARE.account_id.is_(None))
        .values(account_id=account_id, request_id=request_id, status="PENDING", claimed_at=func.clock_timestamp())
        .returning(SHARE)
    )
    return (await session.scalars(select(SHARE).from_statement(statement))).one_or_none()


async def unclaimed(session: AsyncSession, envelope_id: int) -> int:
    query = select(func.count()).where(SHARE.envelope_id == envelope_id, SHARE.account_id.is_(None))
    return int((await session.execute(query)).scalar_one())


async def tallies(session: AsyncSession, envelope_ids: Sequence[int]) -> dict[int, dict[str, int]]:
    """Per envelope: shares claimed, the cash claimed, the shares and cash paid."""
    found = {i: {"claimed": 0, "claimedAmount": 0, "paid": 0, "paidAmount": 0} for i in envelope_ids}
    if not envelope_ids:
        return found
    claimed = SHARE.account_id.is_not(None)
    paid = SHARE.status == "PAID"
    query = (
        select(
            SHARE.envelope_id, func.count().filter(claimed), func.coalesce(func.sum(SHARE.amount).filter(claimed), 0),
            func.count().filter(paid), func.coalesce(func.sum(SHARE.amount).filter(paid), 0),
        )
        .where(SHARE.envelope_id.in_(envelope_ids))
        .group_by(SHARE.envelope_id)
    )  # fmt: skip
    for envelope_id, n, amount, n_paid, paid_amount in (await session.execute(query)).all():
        found[envelope_id] = {
            "claimed": n,
            "claimedAmount": int(amount),
            "paid": n_paid,
            "paidAmount": int(paid_amount),
        }
    return found


async def lease(session: AsyncSession, envelope_id: int, share_no: int, seconds: float) -> RedEnvelopeShare | None:
    at = func.now()
    statement = (
        update(SHARE)
        .where(
            SHARE.envelope_id == envelope_id, SHARE.share_no == share_no, SHARE.status == "PENDING",
            or_(SHARE.asking_until.is_(None), SHARE.asking_until < at),
        )
        .values(asking_until=at + timedelta(seconds=seconds))
        .returning(SHARE)
    )  # fmt: skip
    return (await session.scalars(select(SHARE).from_statement(statement))).one_or_none()


async def settle(session: AsyncSession, envelope_id: int, share_no: int, status: str, error: str | None) -> None:
    values: dict[str, Any] = {"status": status, "error": error, "asking_until": None}
    if status == "PAID":
        values["paid_at"] = func.clock_timestamp()
    await session.execute(
        update(SHARE)
        .where(SHARE.envelope_id == envelope_id, SHARE.share_no == share_no, SHARE.status == "PENDING")
        .values(**values)
    )


async def release(session: AsyncSession, envelope_id: int, share_no: int) -> None:
    await session.execute(
        update(SHARE).where(SHARE.envelope_id == envelope_id, SHARE.share_no == share_no).values(asking_until=None)
    )


async def pending(session: AsyncSession, older_than: datetime, limit: int) -> list[tuple[int, int]]:
    query = (
        select(SHARE.envelope_id, SHARE.share_no)
        .where(SHARE.status == "PENDING", SHARE.claimed_at < older_than)
        .order_by(SHARE.envelope_id, SHARE.share_no)
        .limit(limit)
    )
    return [(row[0], row[1]) for row in (await session.execute(query)).all()]
