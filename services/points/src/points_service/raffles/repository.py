"""Every query of the raffles."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.ops.domain import PrizeOrder, PrizePhase, Review
from points_service.ops.repository import prize_list
from points_service.promotions.models import PlayDayNet
from points_service.raffles.models import Raffle, RafflePrize, RaffleTicket
from portal_kit.paging import Page
from portal_kit.repository import Scoped

LIVE = (Review.NONE, Review.CONFIRMED)  # what members see and the worker draws
RAFFLES = Scoped(Raffle)


async def now(session: AsyncSession) -> datetime:
    """The database's clock as it is now (not the transaction's start: a claim may have waited for its lock)."""
    found: datetime = (await session.execute(select(func.clock_timestamp()))).scalar_one()
    return found


async def add(session: AsyncSession, row: Raffle) -> Raffle:
    session.add(row)
    await session.flush()
    await session.refresh(row)
    return row


async def made_alone_since(session: AsyncSession, merchant: str, maker: str, since: datetime) -> int:
    """The prizes of the raffles ``maker`` made live alone (no second person) since ``since``, minor units."""
    query = select(Raffle.prizes).where(
        Raffle.merchant == merchant,
        Raffle.created_by == maker,
        Raffle.review == Review.NONE,
        Raffle.created_at >= since,
    )
    return sum(sum(prizes) for prizes in (await session.scalars(query)).all())


async def raffle(session: AsyncSession, merchant: str, raffle_id: int, *, lock: bool = False) -> Raffle | None:
    query = RAFFLES.query(merchant, id=raffle_id)
    return (await session.scalars(query.with_for_update() if lock else query)).one_or_none()


async def page(
    session: AsyncSession, merchant: str, page: Page, *, now: datetime | None = None, phase: PrizePhase | None = None,
    review: Review | None = None, order: PrizeOrder = PrizeOrder.NEWEST,
) -> tuple[Sequence[Raffle], int]:  # fmt: skip
    """One page of the brand's raffles (of a phase at ``now``, of a review state) in ``order``, and how many match."""
    conditions, ordering = prize_list(Raffle, now or datetime.now(UTC), phase, order)
    review_value = None if review is None else str(review)
    return await RAFFLES.page(session, merchant, page, ordering, *conditions, review=review_value)


async def listed(session: AsyncSession, merchant: str, since: datetime, limit: int) -> Sequence[Raffle]:
    """The brand's raffles not closed before ``since`` (open, to come, or recent), the soonest to close first."""
    query = RAFFLES.query(merchant, Raffle.closes_at >= since, Raffle.review.in_(LIVE))
    query = query.order_by(Raffle.closes_at, Raffle.id).limit(limit)
    return (await session.scalars(query)).all()


async def stakes_by_day(
    session: AsyncSession, merchant: str, account_id: str, first: date, last: date
) -> dict[date, int]:
    """A member's stakes of each UTC day from ``first`` to ``last`` (every game: ``play_day_net``, the promotions')."""
    query = select(PlayDayNet.day, PlayDayNet.staked).where(
        PlayDayNet.merchant == merchant, PlayDayNet.account_id == account_id, PlayDayNet.day.between(first, last)
    )
    return {row[0]: row[1] for row in (await session.execute(query)).all()}


async def ticket_of(session: AsyncSession, raffle_id: int, account_id: str) -> RaffleTicket | None:
    query = select(RaffleTicket).where(RaffleTicket.raffle_id == raffle_id, RaffleTicket.account_id == account_id)
    return (await session.scalars(query)).one_or_none()


async def tickets_of(session: AsyncSession, raffle_ids: Sequence[int], account_id: str) -> dict[int, RaffleTicket]:
    if not raffle_ids:
        return {}
    query = select(RaffleTicket).where(RaffleTicket.raffle_id.in_(raffle_ids), RaffleTicket.account_id == account_id)
    return {row.raffle_id: row for row in (await session.scalars(query)).all()}


async def add_ticket(session: AsyncSession, row: RaffleTicket) -> RaffleTicket:
    session.add(row)
    await session.flush()
    await session.refresh(row)  # its time, from the database
    return row


async def tickets(session: AsyncSession, raffle_id: int) -> Sequence[RaffleTicket]:
    query = select(RaffleTicket).where(RaffleTicket.raffle_id == raffle_id).order_by(RaffleTicket.ticket_no)
    return (await session.scalars(query)).all()


async def due(session: AsyncSession, limit: int) -> Sequence[int]:
    """Raffles past their close and not drawn yet, the earliest first."""
    query = (
        select(Raffle.id)
        .where(Raffle.drawn_at.is_(None), Raffle.closes_at <= func.now(), Raffle.review.in_(LIVE))
        .order_by(Raffle.closes_at, Raffle.id)
        .limit(limit)
    )
    return (await session.scalars(query)).all()


async def mark_drawn(session: AsyncSession, raffle_id: int) -> Raffle | None:
    """The raffle, marked drawn now by one conditional update: ``None`` when it is not due or was drawn already (by
    another worker, whose transaction this waits for), so a raffle is drawn once."""
    statement = (
        update(Raffle)
        .where(Raffle.id == raffle_id, Raffle.drawn_at.is_(None), Raffle.closes_at <= func.clock_timestamp())
        .values(drawn_at=func.clock_timestamp())
        .returning(Raffle)
    )
    return (await session.scalars(select(Raffle).from_statement(statement))).one_or_none()


async def add_prizes(session: AsyncSession, rows: list[dict[str, Any]]) -> None:
    if rows:
        await session.execute(insert(RafflePrize).values(rows).on_conflict_do_nothing())


async def prizes(session: AsyncSession, raffle_ids: Sequence[int]) -> dict[int, list[RafflePrize]]:
    found: dict[int, list[RafflePrize]] = {raffle_id: [] for raffle_id in raffle_ids}
    if raffle_ids:
        query = select(RafflePrize).where(RafflePrize.raffle_id.in_(raffle_ids)).order_by(RafflePrize.place)
        for row in (await session.scalars(query)).all():
            found[row.raffle_id].append(row)
    return found


async def lease(session: AsyncSession, raffle_id: int, place: int, seconds: float) -> RafflePrize | None:
    """The pending prize, leased to the caller for ``seconds`` to ask the wallet; ``None`` when it is settled or
    another process holds its lease."""
    at = func.now()
    statement = (
        update(RafflePrize)
        .where(
            RafflePrize.raffle_id == raffle_id, RafflePrize.place == place, RafflePrize.status == "PENDING",
            or_(RafflePrize.asking_until.is_(None), RafflePrize.asking_until < at),
        )
        .values(asking_until=at + timedelta(seconds=seconds))
        .returning(RafflePrize)
    )  # fmt: skip
    return (await session.scalars(select(RafflePrize).from_statement(statement))).one_or_none()


async def settle(session: AsyncSession, raffle_id: int, place: int, status: str, error: str | None) -> None:
    """A pending prize settled once: paid (with when) or failed (with the wallet's refusal)."""
    paid_at = func.clock_timestamp() if status == "PAID" else None
    await session.execute(
        update(RafflePrize)
        .where(RafflePrize.raffle_id == raffle_id, RafflePrize.place == place, RafflePrize.status == "PENDING")
        .values(status=status, error=error, asking_until=None, paid_at=paid_at)
    )


async def release(session: AsyncSession, raffle_id: int, place: int) -> None:
    await session.execute(
        update(RafflePrize)
        .where(RafflePrize.raffle_id == raffle_id, RafflePrize.place == place)
        .values(asking_until=None)
    )


async def pending(session: AsyncSession, older_than: datetime, limit: int) -> Sequence[tuple[int, int]]:
    query = (
        select(RafflePrize.raffle_id, RafflePrize.place)
        .where(RafflePrize.status == "PENDING", RafflePrize.created_at < older_than)
        .order_by(RafflePrize.raffle_id, RafflePrize.place)
        .limit(limit)
    )
    return [(row[0], row[1]) for row in (await session.execute(query)).all()]


async def pending_of(session: AsyncSession, raffle_id: int) -> Sequence[tuple[int, int]]:
    query = select(RafflePrize.raffle_id, RafflePrize.place).where(
        RafflePrize.raffle_id == raffle_id, RafflePrize.status == "PENDING"
    )
    return [(row[0], row[1]) for row in (await session.execute(query)).all()]
