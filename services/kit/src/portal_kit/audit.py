"""The ops audit, one shape for every service: who did what to which object of which brand, why, the state before
and after, from which address, and when. Each service keeps its own table (its own database) by declaring

    class WalletAudit(OpsAuditRecord, Base):
        __tablename__ = "money_audit"

and writes a row with ``record_ops_action`` in the action's own transaction, so an action without its audit row
cannot commit. Rows are only ever inserted; ``OpsAuditRead`` is how an ops call shows them.

Every service's audit list is read the same way: ``AuditQuery`` (a dependency) reads the filters ``actor``,
``action``, ``from`` / ``to`` (UTC days, both included) and the ``sort`` of the call, and ``audit_page`` answers one
page of the table in that order with the total, from the service's repository."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Query
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import BigInteger, ColumnElement, DateTime, Index, String, func, select
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, declared_attr, mapped_column

from portal_kit.dates import utc_days
from portal_kit.paging import Page
from portal_kit.sessions import Principal

ALL_BRANDS = "*"  # the merchant of an action that is no one brand's (an ops person, a shared draw)


class OpsAuditRecord:
    """The columns of every service's ops audit table (a mixin: the service names the table)."""

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(String(32))
    actor: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(40))
    target: Mapped[str] = mapped_column(String(64))
    reason: Mapped[str | None] = mapped_column(String(500), nullable=True)
    # ``None`` is SQL NULL, not JSON ``null``, so "no state" reads the same in SQL (``IS NULL``) as in Python.
    before: Mapped[dict[str, Any] | None] = mapped_column(JSONB(none_as_null=True), nullable=True)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSONB(none_as_null=True), nullable=True)
    ip: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())

    @declared_attr.directive
    def __table_args__(cls) -> tuple[Index, ...]:
        return (Index(f"ix_{cls.__tablename__}_merchant_at", "merchant", "at"),)  # type: ignore[attr-defined]


def actor_name(actor: Principal | str) -> str:
    """The name an audit row keeps for ``actor``: the ops person's username, else the account."""
    if isinstance(actor, str):
        return actor
    return actor.username or actor.account_id or "ops"


def record_ops_action(
    session: AsyncSession,
    model: Callable[..., OpsAuditRecord],
    merchant: str,
    actor: Principal | str,
    action: str,
    target: str,
    *,
    reason: str | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    ip: str | None = None,
) -> None:
    """Stage the audit row in the caller's transaction (it commits with the action or not at all)."""
    row = model(merchant=merchant, actor=actor_name(actor), action=action, target=target, reason=reason)
    row.before, row.after, row.ip = before, after, ip
    session.add(row)


class OpsAuditRead(BaseModel):
    """One audit row as an ops call lists it."""

    model_config = ConfigDict(from_attributes=True)

    id: int
    merchant: str
    actor: str
    action: str
    target: str
    reason: str | None = None
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    ip: str | None = None
    at: datetime = Field(description="When the action committed")


class AuditSort(StrEnum):
    """The order of an audit list: the newest action first (the default) or the oldest first; actions of the same
    moment by the order they were written, so a page never shifts between two reads."""

    NEWEST = "newest"
    OLDEST = "oldest"


@dataclass(frozen=True)
class AuditFilters:
    """What an audit list is narrowed to (``None``: not narrowed): the actor's name (any case), the action or the
    start of it (``game.`` for every game action), the actions from ``since`` and before ``until`` (UTC)."""

    actor: str | None = None
    action: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    sort: AuditSort = AuditSort.NEWEST

    def conditions(self, model: type[OpsAuditRecord]) -> list[ColumnElement[bool]]:
        found: list[ColumnElement[bool]] = []
        if self.actor is not None:
            found.append(func.lower(model.actor) == self.actor.lower())
        if self.action is not None:
            found.append(model.action.startswith(self.action, autoescape=True))
        if self.since is not None:
            found.append(model.at >= self.since)
        if self.until is not None:
            found.append(model.at < self.until)
        return found

    def order(self, model: type[OpsAuditRecord]) -> tuple[Any, ...]:
        if self.sort is AuditSort.OLDEST:
            return model.at.asc(), model.id.asc()
        return model.at.desc(), model.id.desc()


async def audit_filters(
    actor: Annotated[
        str | None, Query(min_length=1, max_length=64, description="Only this actor's actions (any case)")
    ] = None,
    action: Annotated[
        str | None, Query(min_length=1, max_length=40, description="Only this action, or the actions it starts")
    ] = None,
    first: Annotated[date | None, Query(alias="from", description="yyyy-MM-dd: from this UTC day on")] = None,
    last: Annotated[date | None, Query(alias="to", description="yyyy-MM-dd: up to this UTC day, included")] = None,
    sort: Annotated[AuditSort, Query(description="newest (the default) or oldest first")] = AuditSort.NEWEST,
) -> AuditFilters:
    """The filters and order of an audit list call; ``validation.failed`` (400) for a ``to`` before ``from`` (a
    day that is not one is refused by its type, with the same code)."""
    since, until = utc_days(first, last)
    actor, action = (actor or "").strip() or None, (action or "").strip() or None
    return AuditFilters(actor=actor, action=action, since=since, until=until, sort=sort)


AuditQuery = Annotated[AuditFilters, Depends(audit_filters)]

Record = TypeVar("Record", bound=OpsAuditRecord)


async def audit_page(
    session: AsyncSession, model: type[Record], merchant: str | None, page: Page, filters: AuditFilters
) -> tuple[Sequence[Record], int]:
    """One page of the audit rows of ``merchant`` (``None``: every row, for a log every brand shares) that pass
    ``filters``, in their order, and how many pass in all."""
    conditions = filters.conditions(model)
    if merchant is not None:
        conditions.insert(0, model.merchant == merchant)
    total = await session.scalar(select(func.count()).select_from(model).where(*conditions))
    query = select(model).where(*conditions).order_by(*filters.order(model)).offset(page.offset).limit(page.size)
    return (await session.scalars(query)).all(), int(total or 0)
