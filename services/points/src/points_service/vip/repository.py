"""Every query of the VIP levels."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, func, or_, select, tuple_, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.members.models import PointMember
from points_service.vip.models import VipLevel, VipLevelUp, VipMember

Account = tuple[str, str]  # merchant, account id


async def levels(session: AsyncSession, merchant: str) -> Sequence[VipLevel]:
    query = select(VipLevel).where(VipLevel.merchant == merchant).order_by(VipLevel.level)
    return (await session.scalars(query)).all()


async def ladders(session: AsyncSession, merchants: Iterable[str]) -> dict[str, list[VipLevel]]:
    wanted = sorted(set(merchants))
    query = select(VipLevel).where(VipLevel.merchant.in_(wanted)).order_by(VipLevel.merchant, VipLevel.level)
    found: dict[str, list[VipLevel]] = {merchant: [] for merchant in wanted}
    for row in (await session.scalars(query)).all():
        found[row.merchant].append(row)
    return found


async def replace_levels(session: AsyncSession, merchant: str, rows: list[dict[str, Any]]) -> None:
    """The brand's ladder becomes ``rows`` (the brand's rows locked by the delete, so two changes queue)."""
    await session.execute(delete(VipLevel).where(VipLevel.merchant == merchant))
    if rows:
        await session.execute(insert(VipLevel).values([{"merchant": merchant, **row} for row in rows]))


async def lock_brand(session: AsyncSession, merchant: str) -> None:
    """One change of a brand's ladder at a time (a transaction-scoped advisory lock)."""
    await session.execute(select(func.pg_advisory_xact_lock(func.hashtext(f"vip-ladder:{merchant}"))))


async def account_types(session: AsyncSession, accounts: Iterable[Account]) -> dict[Account, int]:
    wanted = sorted(set(accounts))
    query = select(PointMember.merchant, PointMember.account_id, PointMember.account_type).where(
        tuple_(PointMember.merchant, PointMember.account_id).in_(wanted)
    )
    return {(merchant, account): kind for merchant, account, kind in (await session.execute(query)).all()}


async def add_turnover(session: AsyncSession, amounts: dict[Account, int]) -> dict[Account, tuple[int, int]]:
    """Each account's turnover raised by its amount (its row made where missing), in one order; each account's
    ``(turnover, level)`` after it, the rows locked until the commit."""
    rows = [
        {"merchant": m, "account_id": a, "turnover": amount, "level": 0} for (m, a), amount in sorted(amounts.items())
    ]
    statement = insert(VipMember).values(rows)
    upsert = statement.on_conflict_do_update(
        index_elements=["merchant", "account_id"],
        set_={"turnover": VipMember.turnover + statement.excluded.turnover, "updated_at": func.now()},
    ).returning(VipMember.merchant, VipMember.account_id, VipMember.turnover, VipMember.level)
    return {(m, a): (turnover, level) for m, a, turnover, level in (await session.execute(upsert)).all()}


async def set_levels(session: AsyncSession, levels_now: dict[Account, int]) -> None:
    for (merchant, account_id), level in sorted(levels_now.items()):
        await session.execute(
            update(VipMember)
            .where(VipMember.merchant == merchant, VipMember.account_id == account_id, VipMember.level < level)
            .values(level=level)
        )


async def add_level_ups(session: AsyncSession, rows: list[dict[str, Any]]) -> None:
    """The levels reached, once per member and level (a second one is ignored)."""
    if rows:
        await session.execute(insert(VipLevelUp).values(rows).on_conflict_do_nothing())


async def member(session: AsyncSession, merchant: str, account_id: str) -> VipMember | None:
    return await session.get(VipMember, (merchant, account_id))


async def level_ups(session: AsyncSession, merchant: str, account_id: str) -> Sequence[VipLevelUp]:
    query = (
        select(VipLevelUp)
        .where(VipLevelUp.merchant == merchant, VipLevelUp.account_id == account_id)
        .order_by(VipLevelUp.level.desc())
    )
    return (await session.scalars(query)).all()


async def lease(session: AsyncSession, level_up_id: int, seconds: float) -> VipLevelUp | None:
    """The pending level-up, leased to the caller for ``seconds`` to ask the wallet; ``None`` when it is settled or
    another process holds its lease."""
    now = func.now()
    statement = (
        update(VipLevelUp)
        .where(VipLevelUp.id == level_up_id, VipLevelUp.status == "PENDING",
               or_(VipLevelUp.asking_until.is_(None), VipLevelUp.asking_until < now))
        .values(asking_until=now + timedelta(seconds=seconds))
        .returning(VipLevelUp)
    )  # fmt: skip
    return (await session.scalars(select(VipLevelUp).from_statement(statement))).one_or_none()


async def settle(session: AsyncSession, level_up_id: int, status: str, error: str | None) -> None:
    """A still-pending level-up settled once: paid, or failed (nothing moved)."""
    values: dict[str, Any] = {"status": status, "asking_until": None, "error": error}
    if status == "PAID":
        values["paid_at"] = func.now()
    await session.execute(
        update(VipLevelUp).where(VipLevelUp.id == level_up_id, VipLevelUp.status == "PENDING").values(**values)
    )


async def ask_again_after(session: AsyncSession, level_up_id: int, seconds: float) -> None:
    """No answer: the lease becomes the time before which nobody asks again."""
    await session.execute(
        update(VipLevelUp)
        .where(VipLevelUp.id == level_up_id)
        .values(asking_until=func.now() + timedelta(seconds=seconds))
    )


async def due(session: AsyncSession, limit: int) -> Sequence[int]:
    now = func.now()
    query = (
        select(VipLevelUp.id)
        .where(VipLevelUp.status == "PENDING", or_(VipLevelUp.asking_until.is_(None), VipLevelUp.asking_until < now))
        .order_by(VipLevelUp.id)
        .limit(limit)
    )
    return (await session.scalars(query)).all()
