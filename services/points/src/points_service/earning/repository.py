"""The earning's queries, each one statement for a whole pull of amounts: the accounts' types and the brands' rules
that decide, and the progress rows, made where missing and then locked in one order (so two pulls of one account
wait for each other instead of deadlocking), then written back."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import select, tuple_
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.earning.models import PointProgress
from points_service.members.models import PointMember
from points_service.rules.models import PointRule

Account = tuple[str, str]  # merchant, account id
Kind = tuple[str, str]  # merchant, point type
Key = tuple[str, str, str]  # merchant, account id, point type


@dataclass(frozen=True)
class Rule:
    betting_unit: int
    ratio: int
    enabled: bool


@dataclass
class Progress:
    carried: int
    counted: int


async def account_types(session: AsyncSession, accounts: Iterable[Account]) -> dict[Account, int]:
    wanted = sorted(set(accounts))
    query = select(PointMember.merchant, PointMember.account_id, PointMember.account_type).where(
        tuple_(PointMember.merchant, PointMember.account_id).in_(wanted)
    )
    return {(merchant, account): kind for merchant, account, kind in (await session.execute(query)).all()}


async def rules(session: AsyncSession, kinds: Iterable[Kind]) -> dict[Kind, Rule]:
    wanted = sorted(set(kinds))
    query = select(PointRule).where(tuple_(PointRule.merchant, PointRule.point_type).in_(wanted))
    return {
        (rule.merchant, rule.point_type): Rule(rule.betting_unit, rule.ratio, rule.enabled)
        for rule in (await session.scalars(query)).all()
    }


async def locked_progress(session: AsyncSession, keys: Iterable[Key]) -> dict[Key, Progress]:
    """The progress of ``keys``, each row made (at zero) where missing, all locked until the commit."""
    wanted = sorted(set(keys))
    rows = [{"merchant": m, "account_id": a, "point_type": t, "carried": 0, "counted": 0} for m, a, t in wanted]
    await session.execute(insert(PointProgress).values(rows).on_conflict_do_nothing())
    query = (
        select(PointProgress.merchant, PointProgress.account_id, PointProgress.point_type, PointProgress.carried,
               PointProgress.counted)
        .where(tuple_(PointProgress.merchant, PointProgress.account_id, PointProgress.point_type).in_(wanted))
        .order_by(PointProgress.merchant, PointProgress.account_id, PointProgress.point_type)
        .with_for_update()
    )  # fmt: skip
    return {(m, a, t): Progress(carried, counted) for m, a, t, carried, counted in (await session.execute(query)).all()}


async def save_progress(session: AsyncSession, progress: dict[Key, Progress]) -> None:
    rows = [
        {"merchant": m, "account_id": a, "point_type": t, "carried": p.carried, "counted": p.counted}
        for (m, a, t), p in sorted(progress.items())
    ]  # fmt: skip
    statement = insert(PointProgress).values(rows)
    excluded = statement.excluded
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=["merchant", "account_id", "point_type"],
            set_={"carried": excluded.carried, "counted": excluded.counted},
        )
    )
