"""Ops work on the lottery: voiding an issue before its close, proposed by a finance maker and approved by a
finance checker who is someone else (the worker then refunds every bet on it), and the audit of both steps.

Each step locks the issue's row first (``FOR UPDATE``, checked against the database's clock), then the proposal's:
one order for both, and against a slip being written, which holds the issue shared. An issue is the same for every
brand, so each audit row is ``ALL_BRANDS``'s."""

from __future__ import annotations

import uuid

from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.audit.models import LotteryAudit
from lottery_service.bets.domain import ACCEPTED, CANCELLING
from lottery_service.draws.domain import OPEN, VOID_ISSUE
from lottery_service.draws.models import Issue
from lottery_service.ops import domain, repository
from lottery_service.ops.models import VoidRequest
from lottery_service.ops.schemas import LotteryAuditRead, VoidRequestRead
from portal_kit.audit import ALL_BRANDS, AuditFilters, OpsAuditRead, record_ops_action
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import Conflict, NotFound
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal


async def _voidable_issue(session: AsyncSession, game_code: str, number: str) -> Issue:
    """The issue, locked, if it can still be voided (``lottery.issue_not_voidable`` once it has closed)."""
    issue = await repository.lock_issue(session, game_code, number)
    if issue is None:
        raise NotFound("lottery.issue_unknown")
    if not domain.voidable(issue.status, issue.closes_at, await repository.clock(session)):
        raise Conflict("lottery.issue_not_voidable")
    return issue


def _audit(
    session: AsyncSession, actor: Principal, action: str, target: str, reason: str,
    before: dict[str, object], after: dict[str, object],
) -> None:  # fmt: skip
    record_ops_action(session, LotteryAudit, ALL_BRANDS, actor, action, target, reason=reason, before=before,
                      after=after)  # fmt: skip


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
        request = await repository.propose(session, game_code, number, reason, domain.actor_name(actor))
        if request is None:
            raise Conflict("lottery.void_already_requested")
        _audit(session, actor, "issue.void.request", f"{game_code}:{number}", reason,
               before={"status": OPEN}, after={"status": OPEN, "voidRequest": str(request.id)})  # fmt: skip
        return _read(request, True)


async def _pending(session: AsyncSession, request_id: uuid.UUID) -> tuple[VoidRequest, Issue | None]:
    """The proposal, locked after its issue (the issue locked first), refused unless still pending."""
    found = await repository.void_request(session, request_id)
    if found is None:
        raise NotFound("lottery.void_request_not_found")
    issue = await repository.lock_issue(session, found.game_code, found.issue)
    request = await repository.lock_void_request(session, request_id)
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
        live = await repository.live_bets(session, issue.game_code, issue.issue)
        request.status, request.decided_by = domain.APPROVED, domain.actor_name(actor)
        request.decided_at = await repository.clock(session)
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
        request.decided_at = await repository.clock(session)
        _audit(session, actor, "issue.void.reject", f"{request.game_code}:{request.issue}", reason,
               before={"voidRequest": domain.PENDING}, after={"voidRequest": domain.REJECTED})  # fmt: skip
        return _read(request, True)


async def void_requests(
    db: Database, page: Page, *, status: str | None, game_code: str | None, requested_by: str | None,
    order: domain.VoidRequestOrder,
) -> PageRead[VoidRequestRead]:  # fmt: skip
    """A page of the proposals, filtered and in ``order`` (``lapsed``: pending, but its issue has closed)."""
    async with db.reader() as session:
        rows, total = await repository.void_requests(
            session, page, status=status, game_code=game_code, requested_by=requested_by, order=order
        )
    return page_of(page, [_read(request, voidable) for request, voidable in rows], total)


async def audit_log(db: Database, page: Page, filters: AuditFilters) -> PageRead[LotteryAuditRead]:
    """A page of the ops audit, filtered and in order, in the shape the ops call has always answered."""
    async with db.reader() as session:
        rows, total = await repository.audit_rows(session, page, filters)
    return page_of(page, [LotteryAuditRead.of(OpsAuditRead.model_validate(row)) for row in rows], total)
