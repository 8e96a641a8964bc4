"""What the wallet keeps of an account (``member_profile``): written once from its registration, read by the brand
and the account's id."""

from __future__ import annotations

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from wallet_service.accounts.models import MemberProfile


async def keep_profile(
    session: AsyncSession, merchant: str, account_id: str, account_type: int, username: str | None,
    upline_id: str | None,
) -> None:  # fmt: skip
    """Write the account's type and upline, unless a delivery before this one did."""
    await session.execute(
        insert(MemberProfile)
        .values(merchant=merchant, account_id=account_id, account_type=account_type,
                username=username, upline_id=upline_id)
        .on_conflict_do_nothing()
    )  # fmt: skip


async def profile(session: AsyncSession, merchant: str, account_id: str) -> MemberProfile | None:
    return await session.get(MemberProfile, (merchant, account_id))
