"""Every query of feedback, in the caller's session (the use case owns the transaction)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.paging import Page
from portal_kit.repository import Scoped
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


async def newest_page(session: AsyncSession, code: str, page: Page) -> tuple[Sequence[Feedback], int]:
    return await _feedback.newest_page(session, code, page)
