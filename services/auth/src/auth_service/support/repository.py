"""The member search's queries, each scoped to the brand and served by an index of migration 0011."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import ColumnElement, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from auth_service.accounts.models import Account
from auth_service.accounts.repository import ACCOUNTS
from auth_service.support.domain import SearchBy, prefix_pattern
from portal_kit.paging import Page

# The username column is in byte order ("C"): the (merchant, username) index serves both the prefix and the order.
_USERNAME = Account.username


def _matching(by: SearchBy, search: str) -> ColumnElement[bool]:
    if by is SearchBy.USERNAME:
        return _USERNAME.like(prefix_pattern(search), escape="\\")
    if by is SearchBy.MOBILE:
        return Account.mobile_num == search
    if by is SearchBy.ID:
        return Account.id == search
    return or_(Account.last_login_ip == search, Account.register_ip == search)


async def search(
    session: AsyncSession, merchant: str, by: SearchBy, text: str, page: Page
) -> tuple[Sequence[Account], int]:
    """One page of the brand's accounts matching, by username (a search by name) or newest first, and how many
    match in all."""
    conditions = ACCOUNTS.where(merchant, _matching(by, text))
    order = _USERNAME if by is SearchBy.USERNAME else Account.created_at.desc()
    rows = await session.scalars(
        select(Account).where(*conditions).order_by(order, Account.id).offset(page.offset).limit(page.size)
    )
    total = await session.scalar(select(func.count()).select_from(Account).where(*conditions))
    return rows.all(), int(total or 0)
