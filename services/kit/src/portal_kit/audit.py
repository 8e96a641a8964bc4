"""The ops audit, one shape for every service: who did what to which object of which brand, why, the state before
and after, from which address, and when. Each service keeps its own table (its own database) by declaring

    class WalletAudit(OpsAuditRecord, Base):
        __tablename__ = "money_audit"

and writes a row with ``record_ops_action`` in the action's own transaction, so an action without its audit row
cannot commit. Rows are only ever inserted; ``OpsAuditRead`` is how an ops call shows them."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import BigInteger, DateTime, Index, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, declared_attr, mapped_column

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
