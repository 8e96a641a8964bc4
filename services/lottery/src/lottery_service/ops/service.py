"""Ops work on the lottery: voiding an issue before its draw (every bet on it refunded by the worker)."""

from __future__ import annotations

from sqlalchemy import func, select

from lottery_service.bets.models import Bet
from lottery_service.bets.service import ACCEPTED, CANCELLING, PENDING
from lottery_service.draws.models import Issue
from lottery_service.draws.service import OPEN, VOID_ISSUE
from lottery_service.ops.models import LotteryAudit
from lottery_service.ops.schemas import LotteryAuditRead, VoidedIssueRead
from portal_kit.db import Database
from portal_kit.errors import Conflict, NotFound
from portal_kit.paging import Page
from portal_kit.sessions import Principal


async def void_issue(db: Database, game_code: str, number: str, actor: Principal, reason: str) -> VoidedIssueRead:
    """An issue that has not been drawn takes no more bets and is never drawn; the worker refunds every bet on
    it. The issue's row lock orders this against a slip being written (which holds it shared)."""
    async with db.transaction() as session:
        issue = await session.scalar(
            select(Issue).where(Issue.game_code == game_code, Issue.issue == number).with_for_update()
        )
        if issue is None:
            raise NotFound("lottery.issue_unknown")
        if issue.status != OPEN:
            raise Conflict("lottery.issue_not_voidable")
        issue.status = VOID_ISSUE
        live = await session.scalar(
            select(func.count()).where(
                Bet.game_code == game_code, Bet.issue == number, Bet.status.in_((PENDING, ACCEPTED, CANCELLING))
            )
        )
        session.add(
            LotteryAudit(
                actor=actor.username or actor.account_id or "ops",
                action="issue.void",
                target=f"{game_code}:{number}",
                reason=reason,
                before={"status": OPEN},
                after={"status": VOID_ISSUE, "liveBets": int(live or 0)},
            )
        )
    return VoidedIssueRead(gameCode=game_code, issue=number, status=VOID_ISSUE, betsToRefund=int(live or 0))


async def audit_log(db: Database, page: Page) -> list[LotteryAuditRead]:
    query = select(LotteryAudit).order_by(LotteryAudit.id.desc()).offset(page.offset).limit(page.size)
    async with db.reader() as session:
        rows = (await session.scalars(query)).all()
    return [
        LotteryAuditRead(
            actor=r.actor,
            action=r.action,
            target=r.target,
            reason=r.reason,
            before=r.before,
            after=r.after,
            at=r.at.isoformat(),
        )
        for r in rows
    ]
