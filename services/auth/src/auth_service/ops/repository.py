"""Every query of ops people and of auth's audit, in the caller's session (its use case owns the transaction). Audit
rows are written with the kit's ``record_ops_action`` in the action's own transaction and only ever inserted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, delete, func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from auth_service.ops.domain import OpsPersonOrder, OpsRequestOrder
from auth_service.ops.models import AuthAudit, OpsAddressRange, OpsPerson, OpsRequest
from portal_kit.audit import AuditFilters, audit_page, record_ops_action
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


async def audit_rows(
    session: AsyncSession, merchant: str, page: Page, filters: AuditFilters
) -> tuple[Sequence[AuthAudit], int]:
    """One page of the brand's audit (``*``: of actions on ops people) narrowed by ``filters``, in their order, and
    how many rows pass them."""
    return await audit_page(session, AuthAudit, merchant, page, filters)


async def person_by_username(session: AsyncSession, username: str) -> OpsPerson | None:
    return await session.scalar(select(OpsPerson).where(OpsPerson.username == username))


async def person(session: AsyncSession, person_id: str) -> OpsPerson | None:
    return await session.get(OpsPerson, person_id)


async def lock_person(session: AsyncSession, person_id: str) -> OpsPerson | None:
    """The person, locked until the transaction ends."""
    return await session.scalar(select(OpsPerson).where(OpsPerson.id == person_id).with_for_update())


async def people_page(
    session: AsyncSession, page: Page, *, brands: list[str] | None, status: str | None, role: str | None,
    search: str | None, order: OpsPersonOrder,
) -> tuple[Sequence[OpsPerson], int]:  # fmt: skip
    """A page of the people whose brands are all among ``brands`` (``None``: anyone's), filtered, in ``order``; and
    how many match. ``search`` is the start of a username (stored lower-case; ``%`` and ``_`` taken literally)."""
    where: list[ColumnElement[bool]] = []
    if brands is not None:
        where.append(OpsPerson.merchants.contained_by(brands))
    if status is not None:
        where.append(OpsPerson.status == status)
    if role is not None:
        where.append(OpsPerson.roles.contains([role]))
    if search:
        where.append(OpsPerson.username.startswith(search.lower(), autoescape=True))
    orders: dict[OpsPersonOrder, ColumnElement[Any]] = {
        OpsPersonOrder.NEWEST: OpsPerson.created_at.desc(),
        OpsPersonOrder.OLDEST: OpsPerson.created_at.asc(),
        OpsPersonOrder.USERNAME: OpsPerson.username.asc(),
    }
    ordering = orders[order]
    query = select(OpsPerson).where(*where).order_by(ordering, OpsPerson.id).offset(page.offset).limit(page.size)
    rows = (await session.scalars(query)).all()
    total = await session.scalar(select(func.count()).select_from(OpsPerson).where(*where))
    return rows, int(total or 0)


async def email_taken(session: AsyncSession, email: str) -> bool:
    """Whether a person who is not disabled has this e-mail (one mailbox, one ops person)."""
    query = select(OpsPerson.id).where(OpsPerson.email == email, OpsPerson.status != "disabled").limit(1)
    return bool(await session.scalar(query))


async def username_taken(session: AsyncSession, username: str) -> bool:
    return bool(await session.scalar(select(OpsPerson.id).where(OpsPerson.username == username)))


async def how_many(session: AsyncSession) -> int:
    """How many ops people exist (any status), asked under ``lock_people`` by the founders' bootstrap."""
    return int(await session.scalar(select(func.count()).select_from(OpsPerson)) or 0)


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


async def lock_person_by_token(session: AsyncSession, digest: str) -> OpsPerson | None:
    """The invited person whose enrolment token has this digest, locked until the transaction ends."""
    query = select(OpsPerson).where(OpsPerson.enrol_token_hash == digest).with_for_update()
    return await session.scalar(query)


async def drop_person(session: AsyncSession, person: OpsPerson) -> None:
    """An invitation refused before anyone enrolled: the name is free again (the audit keeps the request)."""
    await session.delete(person)


# Maker–checker requests ------------------------------------------------------------------------------------------


def stage_request(session: AsyncSession, request: OpsRequest) -> None:
    session.add(request)


async def add_request(session: AsyncSession, request: OpsRequest) -> None:
    """The new request, written and read back (its ``created_at`` from the database)."""
    session.add(request)
    await session.flush()
    await session.refresh(request)


async def lock_request(session: AsyncSession, request_id: str) -> OpsRequest | None:
    """The request, locked until the transaction ends: of two decisions at once the second sees the first."""
    return await session.scalar(select(OpsRequest).where(OpsRequest.id == request_id).with_for_update())


async def requests_page(
    session: AsyncSession, page: Page, *, brands: list[str] | None, status: str | None, kind: str | None,
    maker: str | None, order: OpsRequestOrder,
) -> tuple[Sequence[OpsRequest], int]:  # fmt: skip
    """A page of the requests whose brands are all among ``brands`` (``None``: anyone's), filtered by state, kind
    and maker's username, in ``order``; and how many match."""
    where: list[ColumnElement[bool]] = []
    if brands is not None:
        where.append(OpsRequest.merchants.contained_by(brands))
    if status is not None:
        where.append(OpsRequest.status == status)
    if kind is not None:
        where.append(OpsRequest.kind == kind)
    if maker:
        where.append(OpsRequest.maker == maker.lower())
    ordering = {
        OpsRequestOrder.NEWEST: OpsRequest.created_at.desc(),
        OpsRequestOrder.OLDEST: OpsRequest.created_at.asc(),
    }[order]
    query = select(OpsRequest).where(*where).order_by(ordering, OpsRequest.id).offset(page.offset).limit(page.size)
    rows = (await session.scalars(query)).all()
    total = await session.scalar(select(func.count()).select_from(OpsRequest).where(*where))
    return rows, int(total or 0)


async def decide(session: AsyncSession, request: OpsRequest, status: str, checker: OpsPerson | None) -> None:
    """Close a locked request: approved, rejected or stale, by whom and when."""
    request.status = status
    request.checker_id = checker.id if checker is not None else None
    request.checker = checker.username if checker is not None else None
    request.decided_at = await session.scalar(select(func.now()))


# Address ranges the ops login admits ---------------------------------------------------------------------------


async def ranges(session: AsyncSession) -> list[str]:
    return list((await session.scalars(select(OpsAddressRange.cidr).order_by(OpsAddressRange.cidr))).all())


async def range_rows(session: AsyncSession) -> Sequence[OpsAddressRange]:
    return (await session.scalars(select(OpsAddressRange).order_by(OpsAddressRange.cidr))).all()


async def lock_ranges(session: AsyncSession) -> None:
    """Two range changes at once: one looks and writes before the other looks (never zero ranges by two removals)."""
    await session.execute(text("LOCK TABLE ops_address_range IN SHARE ROW EXCLUSIVE MODE"))


def stage_range(session: AsyncSession, cidr: str, added_by: str, approved_by: str) -> None:
    session.add(OpsAddressRange(cidr=cidr, added_by=added_by, approved_by=approved_by))


async def remove_range(session: AsyncSession, cidr: str) -> None:
    await session.execute(delete(OpsAddressRange).where(OpsAddressRange.cidr == cidr))
