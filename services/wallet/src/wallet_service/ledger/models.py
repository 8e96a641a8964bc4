"""The ledger: accounts with a derived balance, immutable journal entries, idempotent money transactions."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Boolean, CheckConstraint, DateTime, ForeignKey, Index, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class LedgerAccount(Base):
    """One balance: a member's wallet (``main``, ``freeplay``, ``vendor:<code>``) or a house account
    (``house:games``, ``house:deposits``, ...). ``balance`` includes ``held`` funds (a pending withdrawal, an
    open bet); only ``balance - held`` can be spent. Member accounts never go below zero (checked by the
    database too); house accounts are the other side of every movement and may."""

    __tablename__ = "ledger_account"
    __table_args__ = (
        Index("uq_ledger_account_owner", "merchant", "currency", "owner_id", "kind", unique=True),
        Index("ix_ledger_account_member", "merchant", "owner_id", "kind"),  # the money API's lookup
        CheckConstraint("allow_negative OR balance - held >= 0", name="spendable_not_negative"),
        CheckConstraint("held >= 0", name="held_not_negative"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(String(32))
    currency: Mapped[str] = mapped_column(String(3))
    owner_id: Mapped[str] = mapped_column(String(64))  # an account id, or "house"
    kind: Mapped[str] = mapped_column(String(40))
    trial: Mapped[bool] = mapped_column(Boolean, default=False)
    allow_negative: Mapped[bool] = mapped_column(Boolean, default=False)
    balance: Mapped[int] = mapped_column(BigInteger, default=0)
    held: Mapped[int] = mapped_column(BigInteger, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class MoneyTransaction(Base):
    """One money command, unique by its idempotency key. A replay answers ``result``; the same key with other
    content is refused. ``status``: done, refused (its refusal is the stored answer) or tombstone (a rollback
    that came before its debit: the late debit is refused)."""

    __tablename__ = "money_transaction"
    __table_args__ = (Index("uq_money_transaction_key", "merchant", "idempotency_key", unique=True),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    merchant: Mapped[str] = mapped_column(String(32))
    idempotency_key: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(20))
    fingerprint: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16))
    result: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class JournalEntry(Base):
    """An immutable line of the journal; the entries of one transaction sum to zero."""

    __tablename__ = "journal_entry"
    # The database also refuses an UPDATE or DELETE of a line (trigger journal_entry_append_only, migration 0003).
    __table_args__ = (CheckConstraint("amount <> 0", name="amount_not_zero"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    transaction_id: Mapped[int] = mapped_column(ForeignKey("money_transaction.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("ledger_account.id"), index=True)
    amount: Mapped[int] = mapped_column(BigInteger)
    balance_after: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
