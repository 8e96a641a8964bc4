"""Every query of missions. Progress only ever grows by one upsert a pull (never read, then written): two pulls of one
account (a bet and a deposit consumer at once) meet on the row's lock, in one order; a play day is one row, so a day
counts once however many bets it had; a reward is claimed by one conditional update, so it is paid once however
many ask at the same time."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    String,
    and_,
    case,
    column,
    func,
    literal_column,
    or_,
    select,
    tuple_,
    update,
    values,
)
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from points_service.members.models import PointMember
from points_service.missions.models import Mission, MissionPlayDay, MissionProgress
from points_service.ops.domain import CatalogueOrder
from portal_kit.paging import Page
from portal_kit.repository import Scoped

MISSIONS = Scoped(Mission)
BOARD_ORDER = (MissionProgress.progress.desc(), MissionProgress.updated_at, MissionProgress.account_id)


async def account_types(session: AsyncSession, keys: Iterable[tuple[str, str]]) -> dict[tuple[str, str], int]:
    wanted = sorted(set(keys))
    if not wanted:
        return {}
    query = select(PointMember.merchant, PointMember.account_id, PointMember.account_type).where(
        tuple_(PointMember.merchant, PointMember.account_id).in_(wanted)
    )
    return {(m, a): int(t) for m, a, t in (await session.execute(query)).all()}


async def running(
    session: AsyncSession, merchants: Iterable[str], kinds: Iterable[str], earliest: datetime, latest: datetime
) -> Sequence[Mission]:
    """The active missions of ``kinds`` in these brands whose windows meet ``[earliest, latest]``."""
    query = select(Mission).where(
        Mission.merchant.in_(sorted(set(merchants))),
        Mission.kind.in_(sorted(set(kinds))),
        Mission.active.is_(True),
        Mission.starts_at <= latest,
        Mission.ends_at > earliest,
    )
    return (await session.scalars(query)).all()


async def add_days(session: AsyncSession, days: Iterable[tuple[int, str, date]]) -> list[tuple[int, str]]:
    """The play days not known yet, written; one ``(mission, account)`` for each new one."""
    rows = sorted(set(days))
    if not rows:
        return []
    statement = (
        insert(MissionPlayDay)
        .values([{"mission_id": m, "account_id": a, "day": d} for m, a, d in rows])
        .on_conflict_do_nothing()
        .returning(MissionPlayDay.mission_id, MissionPlayDay.account_id)
    )
    return [(int(m), str(a)) for m, a in (await session.execute(statement)).all()]


async def add_progress(session: AsyncSession, amounts: dict[tuple[int, str], int]) -> list[tuple[Mission, str]]:
    """Each ``(mission, account)``'s progress grown by its amount in one statement (the rows made when new, in one
    order); the moment it first reached the target kept. The missions and accounts that reached it now (their
    ``completed_at`` is this transaction's time)."""
    rows = sorted((m, a, amount) for (m, a), amount in amounts.items() if amount > 0)
    if not rows:
        return []
    given = values(
        column("mission_id", BigInteger), column("account_id", String), column("amount", BigInteger), name="given"
    ).data(rows)
    chosen = (
        select(
            given.c.mission_id, given.c.account_id, Mission.merchant, given.c.amount,
            case((given.c.amount >= Mission.target, func.now()), else_=None),
        )
        .join_from(given, Mission, Mission.id == given.c.mission_id)
        .order_by(given.c.mission_id, given.c.account_id)
    )  # fmt: skip
    statement = insert(MissionProgress).from_select(
        ["mission_id", "account_id", "merchant", "progress", "completed_at"], chosen
    )
    grown = MissionProgress.progress + statement.excluded.progress
    target: ColumnElement[int] = literal_column(
        "(SELECT mission.target FROM mission WHERE mission.id = excluded.mission_id)", BigInteger()
    )
    upserted = await session.execute(
        statement.on_conflict_do_update(
            index_elements=["mission_id", "account_id"],
            set_={
                "progress": grown,
                "completed_at": func.coalesce(MissionProgress.completed_at, case((grown >= target, func.now()))),
                "updated_at": func.now(),
            },
        ).returning(MissionProgress.mission_id, MissionProgress.account_id, MissionProgress.completed_at == func.now())
    )
    reached = sorted((int(m), str(a)) for m, a, now in upserted.all() if now)
    if not reached:
        return []
    found = {row.id: row for row in (await session.scalars(
        select(Mission).where(Mission.id.in_({m for m, _ in reached}))
    )).all()}  # fmt: skip
    return [(found[m], a) for m, a in reached]


async def current(
    session: AsyncSession, merchant: str, account_id: str, now: datetime
) -> Sequence[tuple[Mission, MissionProgress | None]]:
    """The brand's missions a member sees: the active ones not ended, and any the member completed and has not
    claimed yet; with the member's progress."""
    mine = and_(MissionProgress.mission_id == Mission.id, MissionProgress.account_id == account_id)
    query = (
        select(Mission, MissionProgress)
        .outerjoin(MissionProgress, mine)
        .where(
            Mission.merchant == merchant,
            or_(
                and_(Mission.active.is_(True), Mission.ends_at > now),
                and_(MissionProgress.claimed_at.is_(None), MissionProgress.progress >= Mission.target),
            ),
        )
        .order_by(Mission.sort, Mission.id)
    )
    return [(m, p) for m, p in (await session.execute(query)).all()]


async def mission(session: AsyncSession, merchant: str, mission_id: int, *, lock: bool = False) -> Mission | None:
    query = MISSIONS.query(merchant, id=mission_id)
    return (await session.scalars(query.with_for_update() if lock else query)).one_or_none()


async def missions(
    session: AsyncSession, merchant: str, page: Page, *, active: bool | None = None, kind: str | None = None,
    order: CatalogueOrder = CatalogueOrder.DISPLAY,
) -> tuple[Sequence[Mission], int]:  # fmt: skip
    """One page of the brand's missions, shown or not, of a kind, in ``order`` (the members' by default)."""
    ordering = {
        CatalogueOrder.DISPLAY: (Mission.sort, Mission.id),
        CatalogueOrder.NEWEST: (Mission.id.desc(),),
        CatalogueOrder.OLDEST: (Mission.id.asc(),),
    }[order]
    return await MISSIONS.page(session, merchant, page, ordering, active=active, kind=kind)


async def add_mission(session: AsyncSession, row: Mission) -> Mission:
    """The new mission, with what the database gave it (its id, its times)."""
    session.add(row)
    await session.flush()
    await session.refresh(row)
    return row


async def touch(session: AsyncSession, row: Mission) -> None:
    now: datetime | None = await session.scalar(select(func.now()))
    assert now is not None
    row.updated_at = now
    await session.flush()


async def progress_of(session: AsyncSession, merchant: str, mission_id: int, account_id: str) -> MissionProgress | None:
    query = select(MissionProgress).where(
        MissionProgress.merchant == merchant,
        MissionProgress.mission_id == mission_id,
        MissionProgress.account_id == account_id,
    )
    return (await session.scalars(query)).one_or_none()


async def claim(
    session: AsyncSession, merchant: str, mission_id: int, account_id: str, request_id: str
) -> tuple[int, int, datetime] | None:
    """The reward of a completed mission not claimed yet, claimed: ``(reward points, progress, when)``; ``None`` when
    it cannot be (none, not completed, claimed already). One conditional update: of two claims at once, the second
    waits for the first and then finds it claimed."""
    statement = (
        update(MissionProgress)
        .where(
            MissionProgress.merchant == merchant,
            MissionProgress.mission_id == mission_id,
            MissionProgress.account_id == account_id,
            MissionProgress.claimed_at.is_(None),
            Mission.id == MissionProgress.mission_id,
            MissionProgress.progress >= Mission.target,
        )
        .values(claimed_at=func.now(), claim_request_id=request_id)
        .returning(Mission.reward_points, MissionProgress.progress, MissionProgress.claimed_at)
    )
    found = (await session.execute(statement)).one_or_none()
    if found is None:
        return None
    reward, progress, when = found
    assert when is not None
    return int(reward), int(progress), when


async def board(
    session: AsyncSession, merchant: str, mission_id: int, page: Page
) -> tuple[list[tuple[int, str, str | None, int]], int]:
    """One page of the mission's leaderboard, ``(rank, account, username, progress)`` (most progress first; of equal
    progress, who got there first), and how many take part."""
    ranked = _ranked(merchant, mission_id)
    query = (
        select(ranked.c.rank, ranked.c.account_id, PointMember.username, ranked.c.progress)
        .outerjoin(PointMember, and_(PointMember.merchant == merchant, PointMember.account_id == ranked.c.account_id))
        .order_by(ranked.c.rank)
        .offset(page.offset)
        .limit(page.size)
    )
    rows = [(int(r), str(a), u, int(p)) for r, a, u, p in (await session.execute(query)).all()]
    total = await session.scalar(
        select(func.count()).where(MissionProgress.merchant == merchant, MissionProgress.mission_id == mission_id)
    )
    return rows, int(total or 0)


async def rank_of(session: AsyncSession, merchant: str, mission_id: int, account_id: str) -> int | None:
    ranked = _ranked(merchant, mission_id)
    return await session.scalar(select(ranked.c.rank).where(ranked.c.account_id == account_id))


def _ranked(merchant: str, mission_id: int) -> Any:
    return (
        select(
            MissionProgress.account_id,
            MissionProgress.progress,
            func.row_number().over(order_by=BOARD_ORDER).label("rank"),
        )
        .where(MissionProgress.merchant == merchant, MissionProgress.mission_id == mission_id)
        .subquery()
    )
