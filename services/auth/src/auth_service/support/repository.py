"""Risk and support's queries, each scoped to the brand: the member search (served by an index of migration 0011),
an account's devices (from its login records) and the notes on it (migration 0013)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, func, or_, select
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.ext.asyncio import AsyncSession

from auth_service.accounts.models import Account, LoginRecord
from auth_service.accounts.repository import ACCOUNTS
from auth_service.support.domain import AccountStatus, MemberOrder, NoteOrder, SearchBy, prefix_pattern
from auth_service.support.models import MemberNote
from portal_kit.paging import Page
from portal_kit.repository import Scoped

NOTES = Scoped(MemberNote)

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
    session: AsyncSession, merchant: str, by: SearchBy, text: str, page: Page, *,
    status: AccountStatus | None = None, order: MemberOrder = MemberOrder.MATCH,
) -> tuple[Sequence[Account], int]:  # fmt: skip
    """One page of the brand's accounts matching (of a status), in ``order`` (``match``: by username for a search by
    name, newest first otherwise), and how many match in all."""
    conditions = ACCOUNTS.where(merchant, _matching(by, text), status=None if status is None else str(status))
    if order is MemberOrder.MATCH:
        order = MemberOrder.USERNAME if by is SearchBy.USERNAME else MemberOrder.NEWEST
    ordering = {
        MemberOrder.USERNAME: (_USERNAME, Account.id),
        MemberOrder.NEWEST: (Account.created_at.desc(), Account.id.desc()),
        MemberOrder.OLDEST: (Account.created_at.asc(), Account.id.asc()),
    }[order]
    rows = await session.scalars(
        select(Account).where(*conditions).order_by(*ordering).offset(page.offset).limit(page.size)
    )
    total = await session.scalar(select(func.count()).select_from(Account).where(*conditions))
    return rows.all(), int(total or 0)


# Devices: the browsers of an account's sign-ins, from its login records (served by their account index).
_DEVICES = (
    select(
        LoginRecord.user_agent,
        func.min(LoginRecord.at).label("first_seen"),
        func.max(LoginRecord.at).label("last_seen"),
        func.count().label("tries"),
        func.count().filter(LoginRecord.success).label("successes"),
        func.array_agg(aggregate_order_by(LoginRecord.ip, LoginRecord.id.desc()))[1].label("last_ip"),
    )
    .group_by(LoginRecord.user_agent)
    .order_by(func.max(LoginRecord.id).desc())
)


@dataclass(frozen=True)
class Device:
    user_agent: str | None
    first_seen: datetime
    last_seen: datetime
    tries: int
    successes: int
    last_ip: str | None


async def devices(session: AsyncSession, account_id: str, limit: int) -> list[Device]:
    """The account's browsers (distinct user agents), the latest seen first, with first and last seen and tries."""
    rows = await session.execute(_DEVICES.where(LoginRecord.account_id == account_id).limit(limit))
    return [
        Device(row.user_agent, row.first_seen, row.last_seen, int(row.tries), int(row.successes), row.last_ip)
        for row in rows.all()
    ]


async def notes_page(
    session: AsyncSession, merchant: str, account_id: str, page: Page, *, author: str | None = None,
    text: str | None = None, order: NoteOrder = NoteOrder.NEWEST,
) -> tuple[Sequence[MemberNote], int]:  # fmt: skip
    """One page of the notes on an account (by an author, with words of the text), newest or oldest first, and how
    many match."""
    found = [MemberNote.text.icontains(text, autoescape=True)] if text else []
    conditions = NOTES.where(merchant, *found, account_id=account_id, author=author)
    by_id = MemberNote.id.asc() if order is NoteOrder.OLDEST else MemberNote.id.desc()
    rows = await session.scalars(
        select(MemberNote).where(*conditions).order_by(by_id).offset(page.offset).limit(page.size)
    )
    total = await session.scalar(select(func.count()).select_from(MemberNote).where(*conditions))
    return rows.all(), int(total or 0)


async def add_note(session: AsyncSession, merchant: str, account_id: str, author: str, text: str) -> MemberNote:
    note = MemberNote(merchant=merchant, account_id=account_id, author=author, text=text)
    session.add(note)
    await session.flush()
    await session.refresh(note, ["at"])
    return note
