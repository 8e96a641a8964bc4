"""Every query of promotions, joins, the deposits seen and bonuses."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import case, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.ops.domain import CatalogueOrder, QueueOrder
from points_service.promotions.domain import ASKING, GrantStatus, OpenGrant, PromotionKind
from points_service.promotions.models import BonusGrant, PlayDayNet, Promotion, PromotionDepositor, PromotionJoin
from portal_kit.paging import Page
from portal_kit.repository import Scoped

PROMOTIONS = Scoped(Promotion)
JOINS = Scoped(PromotionJoin)
GRANTS = Scoped(BonusGrant)


# --- promotions -------------------------------------------------------------------------------------------------
def add_promotion(session: AsyncSession, promotion: Promotion) -> None:
    session.add(promotion)


async def flush(session: AsyncSession) -> None:
    await session.flush()


async def promotion(session: AsyncSession, merchant: str, promotion_id: int, *, lock: bool = False) -> Promotion | None:
    if lock:
        return await PROMOTIONS.get_for_update(session, merchant, id=promotion_id)
    return await PROMOTIONS.get(session, merchant, id=promotion_id)


async def on_offer(session: AsyncSession, merchant: str) -> Sequence[Promotion]:
    """The brand's promotions a member can join now, in their order."""
    now = func.now()
    query = PROMOTIONS.query(
        merchant, Promotion.active.is_(True), Promotion.starts_at <= now,
        (Promotion.ends_at.is_(None)) | (Promotion.ends_at > now),
    ).order_by(Promotion.sort, Promotion.id)  # fmt: skip
    return (await session.scalars(query)).all()


async def promotions_page(
    session: AsyncSession, merchant: str, page: Page, *, active: bool | None = None, kind: str | None = None,
    order: CatalogueOrder = CatalogueOrder.DISPLAY,
) -> tuple[Sequence[Promotion], int]:  # fmt: skip
    """One page of the brand's promotions, on or off, of a kind, in ``order`` (the members' by default)."""
    ordering = {
        CatalogueOrder.DISPLAY: (Promotion.sort, Promotion.id),
        CatalogueOrder.NEWEST: (Promotion.id.desc(),),
        CatalogueOrder.OLDEST: (Promotion.id.asc(),),
    }[order]
    return await PROMOTIONS.page(session, merchant, page, ordering, active=active, kind=kind)


# --- joins and deposits -----------------------------------------------------------------------------------------
async def join_once(session: AsyncSession, merchant: str, promotion_id: int, account_id: str) -> PromotionJoin:
    values = {"merchant": merchant, "promotion_id": promotion_id, "account_id": account_id}
    row, _ = await JOINS.insert_once(session, values, key=("promotion_id", "account_id"))
    return row


async def joined(session: AsyncSession, merchant: str, account_id: str) -> set[int]:
    query = select(PromotionJoin.promotion_id).where(
        PromotionJoin.merchant == merchant, PromotionJoin.account_id == account_id
    )
    return set((await session.scalars(query)).all())


async def joined_before(session: AsyncSession, merchant: str, account_id: str, at: datetime) -> Sequence[Promotion]:
    """The promotions the member had joined by ``at`` (a deposit's credit) that were on offer then: only these may
    give that deposit a bonus, however late its event is consumed."""
    query = (
        select(Promotion)
        .join(PromotionJoin, PromotionJoin.promotion_id == Promotion.id)
        .where(
            PromotionJoin.merchant == merchant, PromotionJoin.account_id == account_id, PromotionJoin.joined_at <= at,
            Promotion.active.is_(True), Promotion.starts_at <= at,
            (Promotion.ends_at.is_(None)) | (Promotion.ends_at > at),
        )
        .order_by(Promotion.sort, Promotion.id)
    )  # fmt: skip
    return (await session.scalars(query)).all()


async def deposits_seen(session: AsyncSession, merchant: str, account_id: str) -> int:
    return int(await session.scalar(select(PromotionDepositor.deposits).where(
        PromotionDepositor.merchant == merchant, PromotionDepositor.account_id == account_id,
    )) or 0)  # fmt: skip


async def count_deposit(session: AsyncSession, merchant: str, account_id: str) -> int:
    """One more deposit seen of the member (under the row's lock); how many now."""
    statement = (
        insert(PromotionDepositor)
        .values(merchant=merchant, account_id=account_id, deposits=1)
        .on_conflict_do_update(
            index_elements=["merchant", "account_id"], set_={"deposits": PromotionDepositor.deposits + 1}
        )
        .returning(PromotionDepositor.deposits)
    )
    return int((await session.execute(statement)).scalar_one())


# --- cashback ---------------------------------------------------------------------------------------------------
async def add_play(session: AsyncSession, merchant: str, account_id: str, day: date, staked: int, won: int) -> None:
    statement = insert(PlayDayNet).values(merchant=merchant, account_id=account_id, day=day, staked=staked, won=won)
    await session.execute(statement.on_conflict_do_update(
        index_elements=["merchant", "account_id", "day"],
        set_={"staked": PlayDayNet.staked + staked, "won": PlayDayNet.won + won},
    ))  # fmt: skip


async def cashback_due(session: AsyncSession, day: date) -> list[tuple[Promotion, str, int, int]]:
    """Every cashback promotion open on ``day`` (any brand), with each member who joined it before the day began and
    lost on it: the promotion, the member, the day's stakes and wins."""
    start = datetime.combine(day, datetime.min.time(), tzinfo=UTC)
    query = (
        select(Promotion, PlayDayNet.account_id, PlayDayNet.staked, PlayDayNet.won)
        .join(PromotionJoin, PromotionJoin.promotion_id == Promotion.id)
        .join(PlayDayNet, (PlayDayNet.merchant == Promotion.merchant)
              & (PlayDayNet.account_id == PromotionJoin.account_id) & (PlayDayNet.day == day))
        .where(Promotion.kind == PromotionKind.CASHBACK, Promotion.active.is_(True),
               Promotion.starts_at < start + timedelta(days=1),
               (Promotion.ends_at.is_(None)) | (Promotion.ends_at > start),
               PromotionJoin.joined_at < start, PlayDayNet.staked > PlayDayNet.won)
        .order_by(Promotion.id, PlayDayNet.account_id)
    )  # fmt: skip
    return [(row[0], row[1], int(row[2]), int(row[3])) for row in (await session.execute(query)).all()]


# --- bonuses ----------------------------------------------------------------------------------------------------
async def grant_once(session: AsyncSession, values: dict[str, Any]) -> bool:
    """Write a bonus unless the promotion already granted the member one for the same source; whether it did."""
    statement = insert(BonusGrant).values(**values).on_conflict_do_nothing().returning(BonusGrant.id)
    return await session.scalar(statement) is not None


async def active_of(session: AsyncSession, merchant: str, account_ids: Sequence[str]) -> dict[str, list[OpenGrant]]:
    """The members' active bonuses, oldest first, locked (their turnover moves in this transaction)."""
    query = (
        select(BonusGrant)
        .where(BonusGrant.merchant == merchant, BonusGrant.account_id.in_(account_ids),
               BonusGrant.status == GrantStatus.ACTIVE)
        .order_by(BonusGrant.account_id, BonusGrant.activated_at, BonusGrant.id)
        .with_for_update()
    )  # fmt: skip
    found: dict[str, list[OpenGrant]] = {}
    for row in (await session.scalars(query)).all():
        assert row.activated_at is not None
        found.setdefault(row.account_id, []).append(OpenGrant(
            row.id, tuple(row.game_types), row.max_bet, row.activated_at, row.turnover_done, row.turnover_required,
            row.expires_at,
        ))  # fmt: skip
    return found


async def accounts_with_active(session: AsyncSession, merchant: str, account_ids: Sequence[str]) -> set[str]:
    query = select(BonusGrant.account_id).distinct().where(
        BonusGrant.merchant == merchant, BonusGrant.account_id.in_(account_ids),
        BonusGrant.status == GrantStatus.ACTIVE,
    )  # fmt: skip
    return set((await session.scalars(query)).all())


async def add_turnover(session: AsyncSession, grant_id: str, amount: int, settled_at: datetime) -> None:
    """Count ``amount`` of stakes toward an active bonus (a bet settled before it expired); met, it is to be
    released."""
    done = BonusGrant.turnover_done + amount
    await session.execute(
        update(BonusGrant)
        .where(BonusGrant.id == grant_id, BonusGrant.status == GrantStatus.ACTIVE, BonusGrant.expires_at > settled_at)
        .values(turnover_done=done, status=case((done >= BonusGrant.turnover_required, GrantStatus.RELEASING),
                                                else_=BonusGrant.status))
    )  # fmt: skip


async def forfeited_by_withdrawal(session: AsyncSession, merchant: str, account_id: str, ids: Sequence[str]) -> int:
    """Close the bonuses a withdrawal forfeited in the wallet (whatever was still open of them); how many."""
    result = await session.execute(
        GRANTS.update(merchant, BonusGrant.id.in_(ids), BonusGrant.status.in_((*ASKING, GrantStatus.ACTIVE)),
                      account_id=account_id)
        .values(status=GrantStatus.FORFEITED, settled_at=func.now(), asking_until=None)
    )  # fmt: skip
    return int(getattr(result, "rowcount", 0) or 0)


async def expire_due(session: AsyncSession) -> int:
    """Active bonuses past their expiry are to be forfeited; how many."""
    result = await session.execute(
        update(BonusGrant)
        .where(BonusGrant.status == GrantStatus.ACTIVE, BonusGrant.expires_at <= func.now())
        .values(status=GrantStatus.EXPIRING)
    )
    return int(getattr(result, "rowcount", 0) or 0)


async def due(session: AsyncSession, limit: int) -> Sequence[str]:
    """Bonuses the wallet is to be asked about, whose lease (if any) ran out, oldest first."""
    query = (
        select(BonusGrant.id)
        .where(BonusGrant.status.in_(tuple(ASKING)),
               (BonusGrant.asking_until.is_(None)) | (BonusGrant.asking_until < func.now()))
        .order_by(BonusGrant.created_at)
        .limit(limit)
    )  # fmt: skip
    return (await session.scalars(query)).all()


async def lease(session: AsyncSession, grant_id: str, seconds: float) -> BonusGrant | None:
    """The bonus, leased to the caller to ask the wallet; ``None`` when nothing is to be asked or another holds it."""
    now = func.now()
    statement = (
        update(BonusGrant)
        .where(BonusGrant.id == grant_id, BonusGrant.status.in_(tuple(ASKING)),
               (BonusGrant.asking_until.is_(None)) | (BonusGrant.asking_until < now))
        .values(asking_until=now + timedelta(seconds=seconds))
        .returning(BonusGrant)
    )  # fmt: skip
    return (await session.scalars(select(BonusGrant).from_statement(statement))).one_or_none()


async def settle(
    session: AsyncSession, grant_id: str, asked: GrantStatus, to: GrantStatus, error: str | None, expiry_days: int
) -> bool:
    """Move a bonus from the status it was asked in to where the wallet's answer puts it; whether it was still
    there (a withdrawal may have closed it meanwhile). Held, it starts its wagering and its expiry now."""
    now = func.now()
    values: dict[str, Any] = {"status": to, "asking_until": None, "error": error}
    if to is GrantStatus.ACTIVE:
        values |= {"activated_at": now, "expires_at": now + timedelta(days=expiry_days)}
    else:
        values["settled_at"] = now
    result = await session.execute(
        update(BonusGrant).where(BonusGrant.id == grant_id, BonusGrant.status == asked).values(**values)
    )
    return bool(getattr(result, "rowcount", 0))


async def unlease(session: AsyncSession, grant_id: str, after: float) -> None:
    """The question is over: the bonus is asked again after ``after`` seconds (one that keeps failing waits its turn
    behind the others instead of heading every round)."""
    await session.execute(
        update(BonusGrant).where(BonusGrant.id == grant_id).values(asking_until=func.now() + timedelta(seconds=after))
    )


async def grant(session: AsyncSession, grant_id: str) -> BonusGrant | None:
    return await session.get(BonusGrant, grant_id)


async def grants_page(
    session: AsyncSession, merchant: str, page: Page, *, account_id: str | None, status: str | None,
    order: QueueOrder = QueueOrder.NEWEST,
) -> tuple[Sequence[BonusGrant], int]:  # fmt: skip
    """One page of the brand's bonuses (a member's, of a status), newest or oldest first by when they were granted
    (their ids are random UUIDs: the id only breaks ties; ``ix_bonus_grant_merchant_status`` and
    ``ix_bonus_grant_merchant`` serve either), and how many."""
    if order is QueueOrder.OLDEST:
        keys = (BonusGrant.created_at.asc(), BonusGrant.id.asc())
    else:
        keys = (BonusGrant.created_at.desc(), BonusGrant.id.desc())
    return await GRANTS.page(session, merchant, page, keys, account_id=account_id, status=status)


async def now(session: AsyncSession) -> datetime:
    return (await session.execute(select(func.now()))).scalar_one()
