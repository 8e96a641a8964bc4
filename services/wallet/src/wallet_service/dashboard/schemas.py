"""What the money dashboard answers: a row a day of the range for each currency the brand moved money in
during it, zeros included (no money moved: no rows); and the brand's reconciliation report."""

from __future__ import annotations

from pydantic import BaseModel


class MoneyDayRead(BaseModel):
    day: str  # yyyy-MM-dd, UTC
    currency: str
    deposits: int
    depositAmount: int  # minor units
    withdrawals: int
    withdrawalAmount: int  # minor units


class LedgerTotalRead(BaseModel):
    """The accounts of one kind in one currency: the house's (``house``) or members', trial (play money) or not."""

    currency: str
    kind: str
    house: bool
    trial: bool
    accounts: int
    balance: int  # minor units
    held: int  # minor units


class CurrencyCheckRead(BaseModel):
    currency: str
    total: int  # every account's balance in the currency: 0 when it adds up (double entry)
    balanced: bool


class BalanceDifferenceRead(BaseModel):
    """An account whose balance is not the sum of its journal."""

    accountId: str  # the member's account, or "house"
    kind: str
    currency: str
    balance: int
    journal: int


class UnbalancedTransactionRead(BaseModel):
    """A transaction whose entries do not sum to zero."""

    transactionId: int
    idempotencyKey: str
    total: int


class ReconciliationRead(BaseModel):
    """The brand's ledger checked now: it adds up (``balanced``) when every currency sums to zero, every balance is
    its journal and every transaction's entries sum to zero. Each problem lists its first 100 rows and counts all."""

    checkedAt: str  # ISO 8601, UTC
    balanced: bool
    currencies: list[CurrencyCheckRead]
    totals: list[LedgerTotalRead]
    differences: list[BalanceDifferenceRead]
    differenceCount: int
    unbalanced: list[UnbalancedTransactionRead]
    unbalancedCount: int
