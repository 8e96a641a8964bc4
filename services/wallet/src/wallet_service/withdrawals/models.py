"""Bound bank accounts, withdrawal requests (the funds held until paid or rejected) and proof images."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    LargeBinary,
    String,
    false,
    func,
)
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class BankAccount(Base):
    __tablename__ = "bank_account"
    __table_args__ = (Index("uq_bank_account_number", "merchant", "account_id", "account_number", unique=True),)

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64), index=True)
    bank_name: Mapped[str] = mapped_column(String(100))
    holder_name: Mapped[str] = mapped_column(String(100))
    account_number: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class Withdrawal(Base):
    __tablename__ = "withdrawal"
    __table_args__ = (
        Index("uq_withdrawal_request", "merchant", "account_id", "request_id", unique=True),
        Index("ix_withdrawal_status", "merchant", "status", "created_at"),
        Index("ix_withdrawal_account", "merchant", "account_id", "created_at"),
        CheckConstraint("amount > 0", name="amount_positive"),
        CheckConstraint("remainder IS NULL OR (remainder > 0 AND remainder <= amount)", name="remainder_within_amount"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    request_id: Mapped[str] = mapped_column(String(64))
    bank_account_id: Mapped[str] = mapped_column(ForeignKey("bank_account.id"))
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(3))
    # pending → approved → paid → received | received_auto | partly_received | not_received → refunded | closed;
    # pending | approved → rejected
    status: Mapped[str] = mapped_column(String(16))
    remainder: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # not received, when partly
    confirm_deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    decided_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    approved_by: Mapped[str | None] = mapped_column(String(64), nullable=True)  # who may not also pay it
    # Whether its approval needed a second person (its amount, or the approver's running total for the member that
    # day with it, above the dual-control amount): then someone else pays it.
    second_person: Mapped[bool] = mapped_column(Boolean, server_default=false())
    # A refund above the dual-control amount (by itself or with its maker's running total) waits for a second person.
    refund_first_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    reason: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class WithdrawalProof(Base):
    __tablename__ = "withdrawal_proof"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    withdrawal_id: Mapped[str] = mapped_column(ForeignKey("withdrawal.id"), index=True)
    content_type: Mapped[str] = mapped_column(String(20))
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
