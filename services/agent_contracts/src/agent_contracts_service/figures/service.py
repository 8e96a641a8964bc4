"""Facts counted into their member's hour; a team's figures for a period read from the hours."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from agent_contracts_service.figures import repository
from agent_contracts_service.figures.domain import (
    WINDOW,
    Fact,
    Period,
    hour_of,
    period_bounds,
    roll_up,
    settled_bet,
    window_fact,
    window_of,
)
from agent_contracts_service.figures.schemas import (
    FiguresRead,
    HourFiguresRead,
    MemberFiguresRead,
    TeamFiguresRead,
    TeamHoursRead,
)
from portal_kit.db import Database

log = logging.getLogger("agent_contracts.figures")


async def count(session: AsyncSession, merchant: str, account_id: str, at: datetime, currency: str, fact: Fact) -> None:
    """Add ``fact`` to the hour of ``at`` (in the caller's transaction: the event's inbox claim)."""
    await repository.add(session, merchant, account_id, hour_of(at), currency, fact)


async def count_bet(
    session: AsyncSession, merchant: str, account_id: str, at: datetime, currency: str, stake: int, win: int,
    valid_bet: int,
) -> None:  # fmt: skip
    """A settled bet: its hour, and its 5-minute window while that is open (a late bet once it is closed)."""
    await count(session, merchant, account_id, at, currency, settled_bet(stake, win, valid_bet))
    window, fact = window_of(at), window_fact(stake, win, valid_bet)
    closed = await repository.closed_through_shared(session, merchant)
    if closed is not None and window + WINDOW <= closed:
        repository.add_late(session, merchant, account_id, window, currency, fact)
    else:
        await repository.add_window(session, merchant, account_id, window, currency, fact)


async def close_windows(session: AsyncSession, merchant: str, through: datetime) -> bool:
    """Close the brand's windows ending at or before ``through`` (a window boundary); the late bets waiting go to
    the last of them."""
    return await repository.close_windows(session, merchant, through, through - WINDOW)


async def closed_through(session: AsyncSession, merchant: str) -> datetime | None:
    return await repository.closed_through(session, merchant)


async def team_window(session: AsyncSession, merchant: str, agent_id: str, window: datetime) -> list[Any]:
    return list(await repository.team_window(session, merchant, agent_id, window))


async def teams_window(
    session: AsyncSession, merchant: str, agent_ids: list[str] | None, window: datetime
) -> list[Any]:
    """Per agent of ``agent_ids`` (``None``: every agent with a team) and currency, its team's figures of one closed
    window: for a few agents one aggregate over their closure rows; for every agent, the window's rows summed per
    direct upline and rolled up the tree of the accounts with downlines (``roll_up``), a third of the aggregate's
    time over a brand's whole closure table."""
    if agent_ids is not None:
        return list(await repository.teams_window(session, merchant, agent_ids, window))
    direct, uplines = await repository.window_and_tree(session, merchant, window)
    try:
        return roll_up(direct, uplines)
    except ValueError:  # uplines in a loop: the tree is broken; the closure table still answers for its links
        log.exception("the team tree of %s has a loop: its window figures summed over the closure table", merchant)
        return list(await repository.teams_window(session, merchant, None, window))


async def late_ancestors(session: AsyncSession, merchant: str, into_window: datetime) -> set[str]:
    return await repository.late_ancestors(session, merchant, into_window)


async def team_late(
    session: AsyncSession, merchant: str, agent_id: str, into_window: datetime, since: datetime
) -> list[Any]:
    return list(await repository.team_late(session, merchant, agent_id, into_window, since))


async def teams_totals(
    session: AsyncSession, merchant: str, agent_ids: list[str], start: datetime, end: datetime, *, by_hour: bool
) -> list[Any]:
    """Per agent of ``agent_ids``, currency (and hour, ``by_hour``), its team's figures over [start, end) (one
    aggregate)."""
    return list(await repository.teams_totals(session, merchant, agent_ids, start, end, by_hour=by_hour))


async def teams_late_of(
    session: AsyncSession, merchant: str, agent_ids: list[str], window: datetime, into_window: datetime
) -> list[Any]:
    """Per agent of ``agent_ids`` and currency, its team's late bets of one window handed to ``into_window`` and
    before (one aggregate)."""
    return list(await repository.teams_late_of(session, merchant, agent_ids, window, into_window))


def _figures(row: Any) -> dict[str, Any]:
    return {
        "currency": row.currency, "activeMembers": int(row.active), "betCount": int(row.bet_count),
        "stake": int(row.stake), "win": int(row.win), "validBet": int(row.valid_bet),
        "profitLoss": int(row.win) - int(row.stake), "deposit": int(row.deposit), "withdrawal": int(row.withdrawal),
    }  # fmt: skip


async def team_figures(
    db: Database, merchant: str, agent_id: str, period: Period, at: datetime, *, limit: int = 100, offset: int = 0
) -> TeamFiguresRead:
    """The figures of ``agent_id``'s downlines (every depth, not the agent itself) over the period holding ``at``."""
    start, end = period_bounds(period, at)
    async with db.reader() as session:
        totals = await repository.team_totals(session, merchant, agent_id, start, end, min_depth=1)
        members = await repository.team_members(
            session, merchant, agent_id, start, end, min_depth=1, limit=limit, offset=offset
        )
    return TeamFiguresRead(
        period=period.value, start=start, end=end,
        totals=[FiguresRead(**_figures(row)) for row in totals],
        members=[MemberFiguresRead(accountId=row.account_id, **_figures(row)) for row in members],
    )  # fmt: skip


async def team_hours(db: Database, merchant: str, agent_id: str, day: datetime) -> TeamHoursRead:
    """The figures of ``agent_id``'s downlines hour by hour over the day (UTC) holding ``day``."""
    start, end = period_bounds(Period.DAY, day)
    async with db.reader() as session:
        rows = await repository.team_hours(session, merchant, agent_id, start, end, min_depth=1)
    return TeamHoursRead(start=start, end=end, hours=[HourFiguresRead(hour=row.hour, **_figures(row)) for row in rows])


async def team_valid_bet(session: AsyncSession, merchant: str, agent_id: str, start: datetime, end: datetime) -> int:
    rows = await repository.team_totals(session, merchant, agent_id, start, end, min_depth=1)
    return sum(int(row.valid_bet) for row in rows)
