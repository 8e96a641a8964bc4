"""What the wallet keeps of an agent's pay beside its money transaction: the contract type and the period a
settlement line of agent-contracts paid (``rpc.wallet.salary``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class SalaryCredit(Base):
    """One agent's pay: written with its money transaction (kind ``salary``), never changed."""

    __tablename__ = "salary_credit"
    __table_args__ = (Index("ix_salary_credit_account", "merchant", "account_id", "period_start"),)

    transaction_id: Mapped[int] = mapped_column(ForeignKey("money_transaction.id"), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    account_id: Mapped[str] = mapped_column(String(64))
    contract_kind: Mapped[str] = mapped_column(String(20))
    period_start: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    period_end: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(3))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
