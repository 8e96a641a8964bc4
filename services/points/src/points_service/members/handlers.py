"""``auth.member.registered.v1``: the account becomes known (its type decides whether it earns), a pull's
registrations at once (``consumers.py``)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.members import repository
from portal_events import AuthMemberRegisteredV1


async def know_members(session: AsyncSession, events: list[AuthMemberRegisteredV1]) -> None:
    await repository.know(
        session, [(e.merchant, e.data.accountId, e.data.accountType, e.data.username[:64]) for e in events]
    )
