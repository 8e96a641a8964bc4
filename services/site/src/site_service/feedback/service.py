"""Feedback (spec §5: up to 140 characters), throttled per account, or per client address for a visitor. The
throttle's key names the writer only by a keyed hash (``portal_kit.key_names``): no address in a key name."""

from __future__ import annotations

from redis.asyncio import Redis

from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import DomainError, NotFound
from portal_kit.key_names import hidden
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal
from portal_kit.throttle import throttle
from site_service.config.service import get_merchant
from site_service.feedback import repository
from site_service.feedback.domain import FeedbackFilters, FeedbackOrder, FeedbackStatus
from site_service.feedback.models import Feedback
from site_service.feedback.schemas import FeedbackRead, FeedbackReceipt

MAX_LENGTH = 140


def checked_content(raw: str) -> str:
    content = raw.strip()
    if not content:
        raise DomainError("feedback.empty")
    if len(content) > MAX_LENGTH:
        raise DomainError("feedback.too_long", max=MAX_LENGTH)
    return content


def throttle_key(secret: str, code: str, principal: Principal, client_ip: str | None) -> str:
    """The counter of one writer's feedback: their account's, or a visitor's address's."""
    writer = f"account\n{principal.account_id}" if principal.account_id else f"address\n{client_ip}"
    return f"site:feedback:{code}:{hidden(secret, writer)}"


async def submit(
    db: Database,
    valkey: Redis,
    secret: str,
    code: str,
    principal: Principal,
    client_ip: str | None,
    raw: str,
    limit: int,
) -> FeedbackReceipt:
    content = checked_content(raw)
    async with db.transaction() as session:
        await get_merchant(session, code)
        await throttle(valkey, throttle_key(secret, code, principal, client_ip), limit, 3600)
        item = await repository.add(session, code, principal.account_id, content, client_ip)
        return FeedbackReceipt(id=item.id)


def feedback_view(row: Feedback) -> FeedbackRead:
    return FeedbackRead(
        id=row.id,
        accountId=None if row.account_id is None else str(row.account_id),
        content=row.content,
        clientIp=row.client_ip,
        createdAt=row.created_at.isoformat(),
        status=FeedbackStatus(row.status),
    )


async def list_feedback(
    db: Database, code: str, page: Page, filters: FeedbackFilters, order: FeedbackOrder
) -> PageRead[FeedbackRead]:
    """A page of the brand's inbox narrowed by ``filters``, in ``order`` of arrival."""
    async with db.reader() as session:
        await get_merchant(session, code)
        rows, total = await repository.inbox_page(session, code, page, filters, order)
        items = [feedback_view(row) for row in rows]
    return page_of(page, items, total)


async def mark(db: Database, actor: Principal, code: str, feedback_id: int, status: FeedbackStatus) -> FeedbackRead:
    """Mark a note handled (or new again); audited with the state before and after. Marking it as it is changes
    nothing and writes no audit row."""
    async with db.transaction() as session:
        row = await repository.note_for_update(session, code, feedback_id)
        if row is None:
            raise NotFound("feedback.not_found")
        if row.status != status:
            await repository.write_status(session, code, actor, row, str(status))
        return feedback_view(row)
