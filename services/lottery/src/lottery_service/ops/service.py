"""Ops work on the lottery: voiding an issue before its close, proposed by a finance maker and approved by a
finance checker who is someone else (the worker then refunds every bet on it), and the audit of both steps.

Each step locks the issue's row first (``FOR UPDATE``, checked against the database's clock), then the proposal's:
one order for both, and against a slip being written, which holds the issue shared."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import ColumnElement, and_, func, select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.bets.models import Bet
from lottery_service.bets.service import ACCEPTED, CANCELLING, PENDING
from lottery_service.draws.models import Issue
from lottery_service.draws.service import OPEN, VOID_ISSUE
from lottery_service.ops import domain
from lottery_service.ops.models import LotteryAudit, VoidRequest
from lottery_service.ops.schemas import LotteryAuditRead, VoidRequestRead
from portal_kit.db import Database
from portal_kit.errors import Conflict, NotFound
from portal_kit.paging import Page
from portal_kit.sessions import Principal

CLOCK = text("SELECT clock_timestamp()")


async def _voidable_issue(session: AsyncSession, game_code: str, number: str) -> Issue:
    """The issue, locked, if it can still be voided (``lottery.issue_not_voidable`` once it has closed)."""
    issue = await session.scalar(
        select(Issue).where(Issue.game_code == game_code, Issue.issue == number).with_for_update()
    )
    if issue is None:
        raise NotFound("lottery.issue_unknown")
    now: datetime = (await session.execute(CLOCK)).scalar_one()
    if not domain.voidable(issue.status, issue.closes_at, now):
        raise Conflict("lottery.issue_not_voidable")
    return issue


def _audit(
    session: AsyncSession, actor: Principal, action: str, target: str, reason: str,
    before: dict[str, object], after: dict[str, object],
) -> None:  # fmt: skip
    session.add(LotteryAudit(actor=domain.actor_name(actor), action=action, target=target, reason=reason,
                             before=before, after=after))  # fmt: skip


def _read(request: VoidRequest, issue_voidable: bool, bets_to_refund: int | None = None) -> VoidRequestRead:
    return VoidRequestRead(
        requestId=str(request.id), gameCode=request.game_code, issue=request.issue, reason=request.reason,
        status=domain.shown_status(request.status, issue_voidable), requestedBy=request.requested_by,
        decidedBy=request.decided_by, decisionReason=request.decision_reason, createdAt=request.created_at,
        decidedAt=request.decided_at, betsToRefund=bets_to_refund,
    )  # fmt: skip


async def propose_void(db: Database, game_code: str, number: str, actor: Principal, reason: str) -> VoidRequestRead:
    """A finance maker proposes to void an issue that still takes bets; nothing changes until a second person
    approves. One pending proposal per issue (``lottery.void_already_requested``)."""
    async with db.transaction() as session:
        await _voidable_issue(session, game_code, number)
        request_id = await session.scalar(
            insert(VoidRequest)
            .values(id=uuid.uuid4(), game_code=game_code, issue=number, reason=reason, status=domain.PENDING,
                    requested_by=domain.actor_name(actor))
            .on_conflict_do_nothing(index_elements=["game_code", "issue"], index_where=text("status = 'pending'"))
            .returning(VoidRequest.id)
        )  # fmt: skip
        if request_id is None:
            raise Conflict("lottery.void_already_requested")
        request = await session.get(VoidRequest, request_id)
        assert request is not None
        _audit(session, actor, "issue.void.request", f"{game_code}:{number}", reason,
               before={"status": OPEN}, after={"status": OPEN, "voidRequest": str(request_id)})  # fmt: skip
        return _read(request, True)


async def _pending(session: AsyncSession, request_id: uuid.UUID) -> tuple[VoidRequest, Issue | None]:
    """The proposal, locked after its issue (the issue locked first), refused unless still pending."""
    found = await session.get(VoidRequest, request_id)
    if found is None:
        raise NotFound("lottery.void_request_not_found")
    issue = await session.scalar(
        select(Issue).where(Issue.game_code == found.game_code, Issue.issue == found.issue).with_for_update()
    )
    request = await session.scalar(
        select(VoidRequest)
        .where(VoidRequest.id == request_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    assert request is not None
    if request.status != domain.PENDING:
        raise Conflict("lottery.void_already_decided")
    return request, issue


async def approve_void(db: Database, request_id: uuid.UUID, actor: Principal) -> VoidRequestRead:
    """A finance checker other than the proposer voids the issue, if it still takes bets: it takes no more bets
    and is never drawn; the worker refunds every accepted bet on it (``lottery:cancel:<bet>``, once each), and a slip
    still waiting for its debit's answer is voided and its debit rolled back."""
    async with db.transaction() as session:
        request, _ = await _pending(session, request_id)
        domain.refuse_same_person(request.requested_by, actor)
        issue = await _voidable_issue(session, request.game_code, request.issue)
        issue.status = VOID_ISSUE
        counted = await session.execute(
            select(Bet.status, func.count())
            .where(Bet.game_code == issue.game_code, Bet.issue == issue.issue,
                   Bet.status.in_((PENDING, ACCEPTED, CANCELLING)))
            .group_by(Bet.status)
        )  # fmt: skip
        live = {status: int(count) for status, count in counted}
        request.status, request.decided_by = domain.APPROVED, domain.actor_name(actor)
        request.decided_at = (await session.execute(CLOCK)).scalar_one()
        _audit(session, actor, "issue.void", f"{issue.game_code}:{issue.issue}", request.reason,
               before={"status": OPEN}, after={"status": VOID_ISSUE, "liveBets": sum(live.values()),
                                               "requestedBy": request.requested_by})  # fmt: skip
        # The worker refunds the accepted bets (and those being cancelled); a pending slip's debit is rolled back.
        return _read(request, False, live.get(ACCEPTED, 0) + live.get(CANCELLING, 0))


async def reject_void(db: Database, request_id: uuid.UUID, actor: Principal, reason: str) -> VoidRequestRead:
    """A finance checker other than the proposer rejects the proposal (the issue is untouched)."""
    async with db.transaction() as session:
        request, _ = await _pending(session, request_id)
        domain.refuse_same_person(request.requested_by, actor)
        request.status, request.decided_by, request.decision_reason = domain.REJECTED, domain.actor_name(actor), reason
        request.decided_at = (await session.execute(CLOCK)).scalar_one()
        _audit(session, actor, "issue.void.reject", f"{request.game_code}:{request.issue}", reason,
               before={"voidRequest": domain.PENDING}, after={"voidRequest": domain.REJECTED})  # fmt: skip
        return _read(request, True)


def _issue_voidable() -> ColumnElement[bool]:
    return and_(Issue.status == OPEN, Issue.closes_at > func.clock_timestamp())


async def void_requests(db: Database, status: str | None, page: Page) -> list[VoidRequestRead]:
    """The proposals, newest first (``lapsed``: pending, but its issue has closed)."""
    query = select(VoidRequest, _issue_voidable()).join(
        Issue, (Issue.game_code == VoidRequest.game_code) & (Issue.issue == VoidRequest.issue)
    )
    if status == domain.LAPSED:
        query = query.where(VoidRequest.status == domain.PENDING, ~_issue_voidable())
    elif status == domain.PENDING:
        query = query.where(VoidRequest.status == domain.PENDING, _issue_voidable())
    elif status is not None:
        query = query.where(VoidRequest.status == status)
    query = query.order_by(VoidRequest.created_at.desc(), VoidRequest.id).offset(page.offset).limit(page.size)
    async with db.reader() as session:
        rows = (await session.execute(query)).all()
    return [_read(request, bool(voidable)) for request, voidable in rows]


async def audit_log(db: Database, page: Page) -> list[LotteryAuditRead]:
    query = select(LotteryAudit).order_by(LotteryAudit.id.desc()).offset(page.offset).limit(page.size)
    async with db.reader() as session:
        rows = (await session.scalars(query)).all()
    return [
        LotteryAuditRead(
            actor=r.actor, action=r.action, target=r.target, reason=r.reason, before=r.before, after=r.after,
            at=r.at.isoformat(),
        )
        for r in rows
    ]  # fmt: skip
