"""Every query of feedback, in the caller's session (the use case owns the transaction)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import ColumnElement
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.audit import record_ops_action
from portal_kit.paging import Page
from portal_kit.repository import Scoped
from portal_kit.sessions import Principal
from site_service.config.models import OpsAudit
from site_service.feedback.domain import FeedbackFilters, FeedbackOrder
from site_service.feedback.models import Feedback

_feedback = Scoped(Feedback)


async def add(
    session: AsyncSession, code: str, account_id: str | None, content: str, client_ip: str | None
) -> Feedback:
    """A new feedback row, flushed (its id is known)."""
    item = Feedback(merchant=code, account_id=account_id, content=content, client_ip=client_ip)
    session.add(item)
    await session.flush()
    return item


async def inbox_page(
    session: AsyncSession, code: str, page: Page, filters: FeedbackFilters, order: FeedbackOrder
) -> tuple[Sequence[Feedback], int]:
    """One page of the brand's notes narrowed by ``filters``, in ``order`` of arrival (then id), and how many match
    (``ix_feedback_merchant_status_created`` serves a status's queue in either order)."""
    conditions: list[ColumnElement[bool]] = []
    if filters.text:
        conditions.append(Feedback.content.icontains(filters.text, autoescape=True))
    if order is FeedbackOrder.OLDEST:
        ordering = (Feedback.created_at.asc(), Feedback.id.asc())
    else:
        ordering = (Feedback.created_at.desc(), Feedback.id.desc())
    status = None if filters.status is None else str(filters.status)
    return await _feedback.page(session, code, page, ordering, *conditions, status=status, account_id=filters.account)


async def note_for_update(session: AsyncSession, code: str, feedback_id: int) -> Feedback | None:
    """The brand's note ``feedback_id``, locked until the transaction ends."""
    return await _feedback.get_for_update(session, code, id=feedback_id)


async def write_status(session: AsyncSession, code: str, actor: Principal, item: Feedback, status: str) -> None:
    """Set the note's status and stage the audit row (``feedback.marked``, the state before and after) with it."""
    before = item.status
    item.status = status
    await session.flush()
    record_ops_action(
        session,
        OpsAudit,
        code,
        actor,
        "feedback.marked",
        str(item.id),
        before={"status": before},
        after={"status": status},
    )
