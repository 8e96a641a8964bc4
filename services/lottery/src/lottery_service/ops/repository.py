"""The queries of voiding an issue and of the ops audit, each in the caller's session (the use case in ``service.py``
owns the transaction and the lock order: the issue's row first, then the proposal's)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import ColumnElement, and_, func, select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.audit.models import LotteryAudit
from lottery_service.bets.domain import ACCEPTED, CANCELLING, PENDING
from lottery_service.bets.models import Bet
from lottery_service.draws.domain import OPEN
from lottery_service.draws.models import Issue
from lottery_service.ops import domain
from lottery_service.ops.models import VoidRequest
from portal_kit.audit import AuditFilters, audit_page
from portal_kit.paging import Page

CLOCK = text("SELECT clock_timestamp()")


async def clock(session: AsyncSession) -> datetime:
    """The database's clock at this instant (not the transaction's start)."""
    now: datetime = (await session.execute(CLOCK)).scalar_one()
    return now


async def lock_issue(session: AsyncSession, game_code: str, number: str) -> Issue | None:
    """The issue, locked until the transaction ends (a slip being written holds it shared: this waits for it)."""
    return await session.scalar(
        select(Issue).where(Issue.game_code == game_code, Issue.issue == number).with_for_update()
    )


async def propose(
    session: AsyncSession, game_code: str, number: str, reason: str, requested_by: str
) -> VoidRequest | None:
    """A pending proposal to void the issue; None when one is pending already (one per issue)."""
    request_id = await session.scalar(
        insert(VoidRequest)
        .values(id=uuid.uuid4(), game_code=game_code, issue=number, reason=reason, status=domain.PENDING,
                requested_by=requested_by)
        .on_conflict_do_nothing(index_elements=["game_code", "issue"], index_where=text("status = 'pending'"))
        .returning(VoidRequest.id)
    )  # fmt: skip
    if request_id is None:
        return None
    return await session.get(VoidRequest, request_id)


async def void_request(session: AsyncSession, request_id: uuid.UUID) -> VoidRequest | None:
    return await session.get(VoidRequest, request_id)


async def lock_void_request(session: AsyncSession, request_id: uuid.UUID) -> VoidRequest | None:
    """The proposal, locked until the transaction ends and read again as it is now."""
    return await session.scalar(
        select(VoidRequest)
        .where(VoidRequest.id == request_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )


async def live_bets(session: AsyncSession, game_code: str, number: str) -> dict[str, int]:
    """How many of the issue's bets are pending, accepted or being cancelled, by status."""
    counted = await session.execute(
        select(Bet.status, func.count())
        .where(Bet.game_code == game_code, Bet.issue == number, Bet.status.in_((PENDING, ACCEPTED, CANCELLING)))
        .group_by(Bet.status)
    )
    return {status: int(count) for status, count in counted}


def _issue_voidable() -> ColumnElement[bool]:
    return and_(Issue.status == OPEN, Issue.closes_at > func.clock_timestamp())


async def void_requests(
    session: AsyncSession, page: Page, *, status: str | None, game_code: str | None, requested_by: str | None,
    order: domain.VoidRequestOrder,
) -> tuple[list[tuple[VoidRequest, bool]], int]:  # fmt: skip
    """A page of the proposals, filtered by state, game and proposer, in ``order``, each with whether its issue can
    still be voided (``lapsed``: pending, but its issue has closed); and how many match."""
    of_issue = (Issue.game_code == VoidRequest.game_code) & (Issue.issue == VoidRequest.issue)
    where: list[ColumnElement[bool]] = []
    if status == domain.LAPSED:
        where += [VoidRequest.status == domain.PENDING, ~_issue_voidable()]
    elif status == domain.PENDING:
        where += [VoidRequest.status == domain.PENDING, _issue_voidable()]
    elif status is not None:
        where.append(VoidRequest.status == status)
    if game_code is not None:
        where.append(VoidRequest.game_code == game_code)
    if requested_by is not None:
        where.append(VoidRequest.requested_by == requested_by)
    when = VoidRequest.created_at.asc() if order is domain.VoidRequestOrder.OLDEST else VoidRequest.created_at.desc()
    query = select(VoidRequest, _issue_voidable()).join(Issue, of_issue).where(*where)
    rows = (await session.execute(query.order_by(when, VoidRequest.id).offset(page.offset).limit(page.size))).all()
    total = await session.scalar(select(func.count()).select_from(VoidRequest).join(Issue, of_issue).where(*where))
    return [(request, bool(voidable)) for request, voidable in rows], int(total or 0)


async def audit_rows(session: AsyncSession, page: Page, filters: AuditFilters) -> tuple[Sequence[LotteryAudit], int]:
    """A page of the ops audit (every brand's: it is one log) narrowed by ``filters``, in their order, and how many
    rows pass them."""
    return await audit_page(session, LotteryAudit, None, page, filters)
