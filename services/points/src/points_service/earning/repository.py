"""The earning's queries, each one statement for a whole pull of amounts: the accounts' types and the brands' rules
that decide, the VIP standing of the members who played (their brands' ladders, then the members: two statements
a pull, whatever its size), and the progress rows, made where missing and then locked in one order (so two pulls of
one account wait for each other instead of deadlocking), then written back.

The VIP tables are read by name (``sqlalchemy.table``), not through the vip slice's models: that slice imports
earning's ``NotKnownYet``, and a service's folders import one another without loops."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import BigInteger, Integer, String, column, select, table, tuple_
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.earning.domain import HUNDREDTHS, Rung
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
    carried: int  # hundredths of a minor unit of weighted play below one betting unit
    counted: int


# The vip slice's tables, read only (vip/models.py owns them).
VIP_LEVEL = table(
    "vip_level", column("merchant", String), column("level", Integer), column("turnover", BigInteger),
    column("points_multiplier_pct", Integer),
)  # fmt: skip
VIP_MEMBER = table(
    "vip_member", column("merchant", String), column("account_id", String), column("turnover", BigInteger),
    column("level", Integer),
)  # fmt: skip


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


async def vip_standing(
    session: AsyncSession, accounts: Iterable[Account]
) -> tuple[dict[str, list[Rung]], dict[Account, tuple[int, int]]]:
    """The ladders of the brands of ``accounts`` (brands without one left out) and each account's ``(turnover,
    level)`` as committed (an account without a row: none, that is ``(0, 0)``); nothing read for brands without a
    ladder."""
    wanted = sorted(set(accounts))
    if not wanted:
        return {}, {}
    query = (
        select(VIP_LEVEL.c.merchant, VIP_LEVEL.c.level, VIP_LEVEL.c.turnover, VIP_LEVEL.c.points_multiplier_pct)
        .where(VIP_LEVEL.c.merchant.in_(sorted({merchant for merchant, _ in wanted})))
        .order_by(VIP_LEVEL.c.merchant, VIP_LEVEL.c.level)
    )
    ladders: dict[str, list[Rung]] = {}
    for merchant, level, turnover, pct in (await session.execute(query)).all():
        ladders.setdefault(merchant, []).append(Rung(level, turnover, pct))
    laddered = [account for account in wanted if account[0] in ladders]
    if not laddered:
        return ladders, {}
    members = select(VIP_MEMBER.c.merchant, VIP_MEMBER.c.account_id, VIP_MEMBER.c.turnover, VIP_MEMBER.c.level).where(
        tuple_(VIP_MEMBER.c.merchant, VIP_MEMBER.c.account_id).in_(laddered)
    )
    standing = {(m, a): (turnover, level) for m, a, turnover, level in (await session.execute(members)).all()}
    return ladders, standing


async def locked_progress(session: AsyncSession, keys: Iterable[Key]) -> dict[Key, Progress]:
    """The progress of ``keys``, each row made (at zero) where missing, all locked until the commit."""
    wanted = sorted(set(keys))
    rows = [
        {"merchant": m, "account_id": a, "point_type": t, "carried": 0, "carried_fraction": 0, "counted": 0}
        for m, a, t in wanted
    ]
    await session.execute(insert(PointProgress).values(rows).on_conflict_do_nothing())
    query = (
        select(PointProgress.merchant, PointProgress.account_id, PointProgress.point_type, PointProgress.carried,
               PointProgress.carried_fraction, PointProgress.counted)
        .where(tuple_(PointProgress.merchant, PointProgress.account_id, PointProgress.point_type).in_(wanted))
        .order_by(PointProgress.merchant, PointProgress.account_id, PointProgress.point_type)
        .with_for_update()
    )  # fmt: skip
    return {
        (m, a, t): Progress(carried * HUNDREDTHS + fraction, counted)
        for m, a, t, carried, fraction, counted in (await session.execute(query)).all()
    }


async def save_progress(session: AsyncSession, progress: dict[Key, Progress]) -> None:
    rows = [
        {"merchant": m, "account_id": a, "point_type": t, "carried": p.carried // HUNDREDTHS,
         "carried_fraction": p.carried % HUNDREDTHS, "counted": p.counted}
        for (m, a, t), p in sorted(progress.items())
    ]  # fmt: skip
    statement = insert(PointProgress).values(rows)
    excluded = statement.excluded
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=["merchant", "account_id", "point_type"],
            set_={
                "carried": excluded.carried,
                "carried_fraction": excluded.carried_fraction,
                "counted": excluded.counted,
            },
        )
    )
