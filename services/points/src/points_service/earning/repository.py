"""The earning's queries: what decides (the account's type and the brand's rule of the type, one read), and the
progress grown by an amount in one statement (its row lock orders concurrent amounts of one account and type)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import literal, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.earning.models import PointProgress
from points_service.members.models import PointMember
from points_service.rules.models import PointRule


@dataclass(frozen=True)
class Decision:
    known: bool  # the account's registration was consumed
    account_type: int | None
    betting_unit: int | None  # None: the type has no rule
    ratio: int
    enabled: bool


async def decision(session: AsyncSession, merchant: str, account_id: str, point_type: str) -> Decision:
    anchor = select(literal(1).label("one")).subquery()
    query = (
        select(PointMember.account_type, PointRule.betting_unit, PointRule.ratio, PointRule.enabled)
        .select_from(anchor)
        .outerjoin(PointMember, (PointMember.merchant == merchant) & (PointMember.account_id == account_id))
        .outerjoin(PointRule, (PointRule.merchant == merchant) & (PointRule.point_type == point_type))
    )
    account_type, unit, ratio, enabled = (await session.execute(query)).one()
    return Decision(account_type is not None, account_type, unit, ratio or 0, bool(enabled))


async def grow(
    session: AsyncSession, merchant: str, account_id: str, point_type: str, amount: int, unit: int, ratio: int
) -> int:
    """Add ``amount`` to the carried part; the points its whole units earn (``rules.domain.earn`` is the same rule)."""
    statement = insert(PointProgress).values(
        merchant=merchant, account_id=account_id, point_type=point_type, carried=amount % unit,
        last_points=(amount // unit) * ratio, counted=amount,
    )  # fmt: skip
    total = PointProgress.carried + amount
    upsert = statement.on_conflict_do_update(
        index_elements=["merchant", "account_id", "point_type"],
        set_={
            "carried": total % unit,
            "last_points": (total // unit) * ratio,
            "counted": PointProgress.counted + amount,
        },
    ).returning(PointProgress.last_points)
    return int((await session.execute(upsert)).scalar_one())
