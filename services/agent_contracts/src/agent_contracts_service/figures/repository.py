"""The figures' queries: an hour's row grows by each fact (one upsert); a period's and a team's figures are one
aggregate over the hours, joined to the tree's closure rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Row, String, any_, bindparam, cast, func, literal, null, select, union_all, update
from sqlalchemy.dialects.postgresql import ARRAY, insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from agent_contracts_service.figures.domain import Fact, TeamWindowRow, WindowFact
from agent_contracts_service.figures.models import LateBet, MemberHour, MemberWindow, WindowClose
from agent_contracts_service.team.models import TeamLink, TeamMember
from portal_kit.repository import Scoped

hours = Scoped(MemberHour)
KEY = ("merchant", "account_id", "hour", "currency")
_links = Scoped(TeamLink)


async def add(session: AsyncSession, merchant: str, account_id: str, hour: datetime, currency: str, fact: Fact) -> None:
    values = asdict(fact)
    statement = insert(MemberHour).values(
        merchant=merchant, account_id=account_id, hour=hour, currency=currency, **values
    )
    grown = {name: getattr(MemberHour, name) + statement.excluded[name] for name in values}
    await session.execute(statement.on_conflict_do_update(index_elements=list(KEY), set_=grown))


def _sums() -> list[Any]:
    return [
        func.count(func.distinct(MemberHour.account_id)).filter(MemberHour.bet_count > 0).label("active"),
        func.coalesce(func.sum(MemberHour.bet_count), 0).label("bet_count"),
        func.coalesce(func.sum(MemberHour.stake), 0).label("stake"),
        func.coalesce(func.sum(MemberHour.win), 0).label("win"),
        func.coalesce(func.sum(MemberHour.valid_bet), 0).label("valid_bet"),
        func.coalesce(func.sum(MemberHour.deposit), 0).label("deposit"),
        func.coalesce(func.sum(MemberHour.withdrawal), 0).label("withdrawal"),
    ]


def _team_hours(merchant: str, agent_id: str, start: datetime, end: datetime, min_depth: int) -> list[Any]:
    return [
        *_links.where(merchant, TeamLink.depth >= min_depth, ancestor_id=agent_id),
        MemberHour.merchant == merchant,
        MemberHour.account_id == TeamLink.descendant_id,
        MemberHour.hour >= start,
        MemberHour.hour < end,
    ]


async def team_totals(
    session: AsyncSession, merchant: str, agent_id: str, start: datetime, end: datetime, *, min_depth: int
) -> Sequence[Row[Any]]:
    """Per currency: active members (who bet), bets, stake, win, valid bet, deposits, withdrawals of the team of
    ``agent_id`` (its downlines at ``min_depth`` and deeper) over [start, end)."""
    query = (
        select(MemberHour.currency, *_sums())
        .select_from(TeamLink)
        .join(MemberHour, MemberHour.account_id == TeamLink.descendant_id)
        .where(*_team_hours(merchant, agent_id, start, end, min_depth))
        .group_by(MemberHour.currency)
        .order_by(MemberHour.currency)
    )
    return (await session.execute(query)).all()


async def team_members(
    session: AsyncSession, merchant: str, agent_id: str, start: datetime, end: datetime, *, min_depth: int,
    limit: int, offset: int,
) -> Sequence[Row[Any]]:  # fmt: skip
    """The same figures per member and currency, the largest valid bet first."""
    query = (
        select(MemberHour.account_id, MemberHour.currency, *_sums())
        .select_from(TeamLink)
        .join(MemberHour, MemberHour.account_id == TeamLink.descendant_id)
        .where(*_team_hours(merchant, agent_id, start, end, min_depth))
        .group_by(MemberHour.account_id, MemberHour.currency)
        .order_by(func.sum(MemberHour.valid_bet).desc(), MemberHour.account_id)
        .limit(limit)
        .offset(offset)
    )
    return (await session.execute(query)).all()


async def team_hours(
    session: AsyncSession, merchant: str, agent_id: str, start: datetime, end: datetime, *, min_depth: int
) -> Sequence[Row[Any]]:
    """The same figures per hour and currency over [start, end), the earliest hour first."""
    query = (
        select(MemberHour.hour, MemberHour.currency, *_sums())
        .select_from(TeamLink)
        .join(MemberHour, MemberHour.account_id == TeamLink.descendant_id)
        .where(*_team_hours(merchant, agent_id, start, end, min_depth))
        .group_by(MemberHour.hour, MemberHour.currency)
        .order_by(MemberHour.hour, MemberHour.currency)
    )
    return (await session.execute(query)).all()


async def teams_totals(
    session: AsyncSession, merchant: str, agent_ids: Sequence[str], start: datetime, end: datetime, *, by_hour: bool
) -> Sequence[Row[Any]]:
    """Per agent of ``agent_ids`` (``ancestor_id``), currency (and hour, ``by_hour``): the figures of its downlines
    (every depth) over [start, end); one aggregate over the hours joined to the closure table, grouped by agent (an
    agent whose team did not bet has no row)."""
    hour: list[Any] = [MemberHour.hour] if by_hour else []
    columns: list[Any] = [TeamLink.ancestor_id, *hour, MemberHour.currency, *_sums()]
    query = (
        select(*columns)
        .select_from(TeamLink)
        .join(MemberHour, MemberHour.account_id == TeamLink.descendant_id)
        .where(
            TeamLink.merchant == merchant,
            TeamLink.ancestor_id == any_(bindparam("agents", list(agent_ids), type_=ARRAY(String))),
            TeamLink.depth >= 1,
            MemberHour.merchant == merchant,
            MemberHour.hour >= start,
            MemberHour.hour < end,
        )
        .group_by(TeamLink.ancestor_id, *hour, MemberHour.currency)
    )
    return (await session.execute(query)).all()


async def member_hours(session: AsyncSession, merchant: str, account_id: str) -> Sequence[MemberHour]:
    query = hours.query(merchant, account_id=account_id).order_by(MemberHour.hour)
    return (await session.scalars(query)).all()


# Real-time windows. A brand's windows close in order under its advisory lock: exclusive to move ``closed_through``
# (and hand the late bets waiting to the last window closed), shared to count a bet; so a bet is either in its window
# before the window closed or a late bet after, never both and never neither.

_late = Scoped(LateBet)
_closes = Scoped(WindowClose)
WINDOW_FIELDS = ("won_count", "won_valid_bet", "lost_count", "lost_valid_bet")


def _window_lock_key(merchant: str) -> Any:
    return func.hashtextextended(literal(f"realtime-windows:{merchant}"), 0)


async def closed_through_shared(session: AsyncSession, merchant: str) -> datetime | None:
    """Where the brand's closed windows end, read under the shared lock (held to the end of the transaction)."""
    await session.execute(select(func.pg_advisory_xact_lock_shared(_window_lock_key(merchant))))
    return await session.scalar(select(WindowClose.closed_through).where(*_closes.where(merchant)))


async def closed_through(session: AsyncSession, merchant: str) -> datetime | None:
    return await session.scalar(select(WindowClose.closed_through).where(*_closes.where(merchant)))


async def add_window(
    session: AsyncSession, merchant: str, account_id: str, window: datetime, currency: str, fact: WindowFact
) -> None:
    values = asdict(fact)
    statement = insert(MemberWindow).values(
        merchant=merchant, account_id=account_id, window_start=window, currency=currency, **values
    )
    grown = {name: getattr(MemberWindow, name) + statement.excluded[name] for name in values}
    key = ["merchant", "account_id", "window_start", "currency"]
    await session.execute(statement.on_conflict_do_update(index_elements=key, set_=grown))


def add_late(
    session: AsyncSession, merchant: str, account_id: str, window: datetime, currency: str, fact: WindowFact
) -> None:
    session.add(LateBet(merchant=merchant, account_id=account_id, window_start=window, currency=currency,
                        **asdict(fact)))  # fmt: skip


async def close_windows(session: AsyncSession, merchant: str, through: datetime, last_window: datetime) -> bool:
    """Close the brand's windows ending at or before ``through`` (under the exclusive lock) and hand every late bet
    waiting to ``last_window``; whether anything moved."""
    await session.execute(select(func.pg_advisory_xact_lock(_window_lock_key(merchant))))
    current = await closed_through(session, merchant)
    if current is not None and current >= through:
        return False
    statement = insert(WindowClose).values(merchant=merchant, closed_through=through)
    await session.execute(
        statement.on_conflict_do_update(index_elements=["merchant"], set_={"closed_through": through})
    )
    await session.execute(
        update(LateBet).where(*_late.where(merchant, LateBet.into_window.is_(None))).values(into_window=last_window)
    )
    return True


def _window_sums(model: Any) -> list[Any]:
    return [cast(func.coalesce(func.sum(getattr(model, name)), 0), BigInteger).label(name) for name in WINDOW_FIELDS]


async def team_window(session: AsyncSession, merchant: str, agent_id: str, window: datetime) -> Sequence[Row[Any]]:
    """Per currency: the won and lost bets of ``agent_id``'s downlines (every depth) in one closed window."""
    query = (
        select(MemberWindow.currency, *_window_sums(MemberWindow))
        .select_from(TeamLink)
        .join(MemberWindow, MemberWindow.account_id == TeamLink.descendant_id)
        .where(
            *_links.where(merchant, TeamLink.depth >= 1, ancestor_id=agent_id),
            MemberWindow.merchant == merchant,
            MemberWindow.window_start == window,
        )
        .group_by(MemberWindow.currency)
        .order_by(MemberWindow.currency)
    )
    return (await session.execute(query)).all()


async def window_and_tree(
    session: AsyncSession, merchant: str, window: datetime
) -> tuple[list[TeamWindowRow], dict[str, str | None]]:
    """In one statement (one snapshot, whatever moves commit meanwhile): per upline and currency, the won and lost
    bets in one closed window of the accounts right below it; and every account of the brand with downlines, with its
    own upline (``None`` at the top)."""
    below = aliased(TeamMember)
    has_downlines = (
        select(below.account_id)
        .where(below.merchant == TeamMember.merchant, below.upline_id == TeamMember.account_id)
        .exists()
    )
    none = cast(null(), BigInteger)
    direct = (
        select(
            literal("d").label("part"),
            TeamMember.upline_id.label("account"),
            MemberWindow.currency.label("other"),
            *_window_sums(MemberWindow),
        )
        .select_from(MemberWindow)
        .join(
            TeamMember,
            (TeamMember.merchant == MemberWindow.merchant) & (TeamMember.account_id == MemberWindow.account_id),
        )
        .where(
            MemberWindow.merchant == merchant, MemberWindow.window_start == window, TeamMember.upline_id.is_not(None)
        )
        .group_by(TeamMember.upline_id, MemberWindow.currency)
    )
    tree = select(literal("t"), TeamMember.account_id, TeamMember.upline_id, none, none, none, none).where(
        TeamMember.merchant == merchant, has_downlines
    )
    rows: list[TeamWindowRow] = []
    uplines: dict[str, str | None] = {}
    for part, account, other, *sums in await (await session.connection()).execute(union_all(direct, tree)):
        if part == "d":
            rows.append(TeamWindowRow(account, other, *(int(value) for value in sums)))
        else:
            uplines[account] = other
    return rows, uplines


async def teams_window(
    session: AsyncSession, merchant: str, agent_ids: Sequence[str] | None, window: datetime
) -> Sequence[Row[Any]]:
    """Per agent of ``agent_ids`` (``None``: every account with a team) and currency: the won and lost bets of its
    downlines (every depth) in one closed window; one aggregate over the window's rows joined to the closure table
    (an agent whose team did not bet in it has no row)."""
    conditions = [MemberWindow.merchant == merchant, MemberWindow.window_start == window, TeamLink.depth >= 1]
    if agent_ids is not None:
        conditions.append(TeamLink.ancestor_id == any_(bindparam("agents", list(agent_ids), type_=ARRAY(String))))
    query = (
        select(TeamLink.ancestor_id, MemberWindow.currency, *_window_sums(MemberWindow))
        .select_from(MemberWindow)
        .join(
            TeamLink, (TeamLink.merchant == MemberWindow.merchant) & (TeamLink.descendant_id == MemberWindow.account_id)
        )
        .where(*conditions)
        .group_by(TeamLink.ancestor_id, MemberWindow.currency)
    )
    return (await (await session.connection()).execute(query)).all()


async def late_ancestors(session: AsyncSession, merchant: str, into_window: datetime) -> set[str]:
    """The accounts (at any depth above) whose teams have late bets handed to ``into_window``: those whose windows
    it adjusts."""
    query = (
        select(TeamLink.ancestor_id)
        .distinct()
        .select_from(LateBet)
        .join(TeamLink, (TeamLink.merchant == LateBet.merchant) & (TeamLink.descendant_id == LateBet.account_id))
        .where(*_late.where(merchant, into_window=into_window), TeamLink.depth >= 1)
    )
    return {str(found) for found in (await session.scalars(query)).all()}


async def team_late(
    session: AsyncSession, merchant: str, agent_id: str, into_window: datetime, since: datetime
) -> Sequence[Row[Any]]:
    """The late bets of ``agent_id``'s downlines handed to ``into_window`` and those handed earlier for the same
    windows (from ``since``), per window of origin and currency, ``handed_now`` telling which."""
    team = select(TeamLink.descendant_id).where(*_links.where(merchant, TeamLink.depth >= 1, ancestor_id=agent_id))
    origins = select(LateBet.window_start).where(
        *_late.where(merchant, LateBet.account_id.in_(team), into_window=into_window)
    )
    handed_now = (LateBet.into_window == into_window).label("handed_now")
    query = (
        select(LateBet.window_start, LateBet.currency, handed_now, *_window_sums(LateBet))
        .where(
            *_late.where(merchant, LateBet.account_id.in_(team), LateBet.window_start.in_(origins)),
            LateBet.window_start >= since,
            LateBet.into_window <= into_window,
        )
        .group_by(LateBet.window_start, LateBet.currency, handed_now)
        .order_by(LateBet.window_start, LateBet.currency)
    )
    return (await session.execute(query)).all()


async def teams_late_of(
    session: AsyncSession, merchant: str, agent_ids: Sequence[str], window: datetime, into_window: datetime
) -> Sequence[Row[Any]]:
    """The late bets of one window handed to ``into_window`` or earlier, per agent of ``agent_ids``
    (``ancestor_id``: of its downlines at every depth) and currency, ``handed_now`` telling which; one aggregate over
    the window's late bets joined to the closure table."""
    handed_now = (LateBet.into_window == into_window).label("handed_now")
    query = (
        select(TeamLink.ancestor_id, LateBet.currency, handed_now, *_window_sums(LateBet))
        .select_from(LateBet)
        .join(TeamLink, (TeamLink.merchant == LateBet.merchant) & (TeamLink.descendant_id == LateBet.account_id))
        .where(
            *_late.where(merchant, window_start=window),
            LateBet.into_window <= into_window,
            TeamLink.depth >= 1,
            TeamLink.ancestor_id == any_(bindparam("agents", list(agent_ids), type_=ARRAY(String))),
        )
        .group_by(TeamLink.ancestor_id, LateBet.currency, handed_now)
    )
    return (await session.execute(query)).all()
