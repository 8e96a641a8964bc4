"""The agent centre's reports: the team overview, team betting and user loss, each over the caller's own tree."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from agent_contracts_service.figures import service as figures
from agent_contracts_service.figures.domain import Period
from agent_contracts_service.figures.schemas import FiguresRead
from agent_contracts_service.reports import repository
from agent_contracts_service.reports.schemas import MemberReportRead, TeamOverviewRead, TeamReportRead
from agent_contracts_service.team import service as team
from portal_kit.db import Database
from portal_kit.paging import Page, page_of


async def overview(db: Database, merchant: str, agent_id: str, now: datetime) -> TeamOverviewRead:
    counts = await team.counts_of(db, merchant, agent_id, now)
    today = await figures.team_figures(db, merchant, agent_id, Period.DAY, now, limit=0)
    month = await figures.team_figures(db, merchant, agent_id, Period.MONTH, now, limit=0)
    return TeamOverviewRead(counts=counts, today=today.totals, month=month.totals)


def _member(row: Any) -> MemberReportRead:
    return MemberReportRead(
        accountId=row.account_id, username=row.username, currency=row.currency, betCount=int(row.bet_count),
        stake=int(row.stake), win=int(row.win), validBet=int(row.valid_bet), profitLoss=int(row.win) - int(row.stake),
        deposit=int(row.deposit), withdrawal=int(row.withdrawal),
    )  # fmt: skip


def _totals(row: Any) -> FiguresRead:
    return FiguresRead(
        currency=row.currency, activeMembers=int(row.active), betCount=int(row.bet_count), stake=int(row.stake),
        win=int(row.win), validBet=int(row.valid_bet), profitLoss=int(row.win) - int(row.stake),
        deposit=int(row.deposit), withdrawal=int(row.withdrawal),
    )  # fmt: skip


async def member_report(
    db: Database, merchant: str, agent_id: str, start: datetime, end: datetime, page: Page, *, search: str | None,
    losses_only: bool,
) -> TeamReportRead:  # fmt: skip
    """Team betting (``losses_only`` false) or user loss over [start, end)."""
    async with db.reader() as session:
        rows, total, totals = await repository.member_report(
            session, merchant, agent_id, start, end, search=search, losses_only=losses_only, limit=page.size,
            offset=page.offset,
        )  # fmt: skip
    return TeamReportRead(
        start=start, end=end, totals=[_totals(row) for row in totals],
        members=page_of(page, [_member(row) for row in rows], total),
    )  # fmt: skip
