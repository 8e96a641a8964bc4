"""The contracts' tables. A contract is held by an agent (``account_id``) from its direct upline (``upline_id``; none
for a top agent's contract granted by ops); one ACTIVE contract of each kind per agent at most. A request is an
upline's offer of a new contract or of a termination; one PENDING request of each kind per agent at most. The history
keeps every step (offered, signed, refused, terminated, cancelled, granted, superseded) and is only ever inserted.

Rates are integer basis points (1/100 of a percent); thresholds and amounts integer minor units. ``ratio`` is a
contract's highest rate (what the chain compares and a list shows); ``rates`` every rate by name. Settlement
(``settlement/``) reads a contract's ``terms`` and the figures of its periods into its own tables."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, Index, Integer, String, func, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class Contract(Base):
    __tablename__ = "contract"
    __mapper_args__ = {"eager_defaults": True}  # noqa: RUF012 - the server's defaults come back with the insert

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(20))
    account_id: Mapped[str] = mapped_column(String(64))
    upline_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    terms: Mapped[dict[str, Any]] = mapped_column(JSONB)
    rates: Mapped[dict[str, int]] = mapped_column(JSONB)
    ratio: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(12))
    end_reason: Mapped[str | None] = mapped_column(String(12), nullable=True)
    request_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    __table_args__ = (
        Index(
            "uq_contract_active",
            "merchant",
            "kind",
            "account_id",
            unique=True,
            postgresql_where=text("status = 'ACTIVE'"),
        ),
        Index("ix_contract_account", "merchant", "account_id", "kind", "id"),
        Index("ix_contract_upline", "merchant", "upline_id", "kind"),
    )


class ContractRequest(Base):
    __tablename__ = "contract_request"
    __mapper_args__ = {"eager_defaults": True}  # noqa: RUF012 - the server's defaults come back with the insert

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(20))
    account_id: Mapped[str] = mapped_column(String(64))
    upline_id: Mapped[str] = mapped_column(String(64))
    request_type: Mapped[str] = mapped_column(String(12))
    terms: Mapped[dict[str, Any] | None] = mapped_column(JSONB(none_as_null=True), nullable=True)
    rates: Mapped[dict[str, int] | None] = mapped_column(JSONB(none_as_null=True), nullable=True)
    ratio: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # A termination: the contract it ends; a signed new contract: the contract it became.
    contract_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    status: Mapped[str] = mapped_column(String(12))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    __table_args__ = (
        Index(
            "uq_contract_request_pending",
            "merchant",
            "kind",
            "account_id",
            unique=True,
            postgresql_where=text("status = 'PENDING'"),
        ),
        Index("ix_contract_request_upline", "merchant", "upline_id", "kind"),
    )


class ContractHistory(Base):
    __tablename__ = "contract_history"
    __mapper_args__ = {"eager_defaults": True}  # noqa: RUF012 - the server's defaults come back with the insert

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(20))
    account_id: Mapped[str] = mapped_column(String(64))
    upline_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    action: Mapped[str] = mapped_column(String(24))
    actor: Mapped[str] = mapped_column(String(64))
    request_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    contract_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    ratio: Mapped[int | None] = mapped_column(Integer, nullable=True)
    terms: Mapped[dict[str, Any] | None] = mapped_column(JSONB(none_as_null=True), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())

    __table_args__ = (
        Index("ix_contract_history_account", "merchant", "account_id", "id"),
        Index("ix_contract_history_upline", "merchant", "upline_id", "id"),
    )
