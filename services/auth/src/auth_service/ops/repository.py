"""Every query of ops people and of auth's audit, in the caller's session (its use case owns the transaction). Audit
rows are written with the kit's ``record_ops_action`` in the action's own transaction and only ever inserted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from auth_service.ops.models import AuthAudit, OpsPerson
from portal_kit.audit import record_ops_action
from portal_kit.paging import Page
from portal_kit.sessions import Principal


def audit(
    session: AsyncSession,
    merchant: str,
    actor: Principal | str,
    action: str,
    target: str,
    *,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    ip: str | None = None,
) -> None:
    """Stage an audit row in the caller's transaction (it commits with the action or not at all)."""
    record_ops_action(session, AuthAudit, merchant, actor, action, target, before=before, after=after, ip=ip)


async def audit_page(session: AsyncSession, merchant: str, page: Page) -> Sequence[AuthAudit]:
    """One page of the brand's audit (``*``: of actions on ops people), newest first."""
    query = (
        select(AuthAudit)
        .where(AuthAudit.merchant == merchant)
        .order_by(AuthAudit.id.desc())
        .offset(page.offset)
        .limit(page.size)
    )
    return (await session.scalars(query)).all()


async def person_by_username(session: AsyncSession, username: str) -> OpsPerson | None:
    return await session.scalar(select(OpsPerson).where(OpsPerson.username == username))


async def person(session: AsyncSession, person_id: str) -> OpsPerson | None:
    return await session.get(OpsPerson, person_id)


async def lock_person(session: AsyncSession, person_id: str) -> OpsPerson | None:
    """The person, locked until the transaction ends."""
    return await session.scalar(select(OpsPerson).where(OpsPerson.id == person_id).with_for_update())


async def everyone(session: AsyncSession) -> Sequence[OpsPerson]:
    return (await session.scalars(select(OpsPerson).order_by(OpsPerson.username))).all()


async def username_taken(session: AsyncSession, username: str) -> bool:
    return bool(await session.scalar(select(OpsPerson.id).where(OpsPerson.username == username)))


async def anyone(session: AsyncSession) -> bool:
    """Whether any ops person exists, asked under ``lock_people`` by the first admin's bootstrap."""
    return await session.scalar(select(OpsPerson.id).limit(1)) is not None


async def lock_people(session: AsyncSession) -> None:
    """Two bootstraps at once: the lock lets one look and write before the other looks."""
    await session.execute(text("LOCK TABLE ops_person IN SHARE ROW EXCLUSIVE MODE"))


async def add_person(session: AsyncSession, person: OpsPerson) -> None:
    """The new person, written and read back (its ``created_at`` from the database)."""
    session.add(person)
    await session.flush()
    await session.refresh(person)


def stage_person(session: AsyncSession, person: OpsPerson) -> None:
    """The new person, written at the commit."""
    session.add(person)


async def stamp_login(session: AsyncSession, person_id: str) -> None:
    await session.execute(update(OpsPerson).where(OpsPerson.id == person_id).values(last_login_at=func.now()))
