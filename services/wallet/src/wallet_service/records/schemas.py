"""The account record's lines and the consolidated funds."""

from __future__ import annotations

from wallet_service.ledger.schemas import WalletRead
from wallet_service.schemas import Read


class RecordRead(Read):
    """One line of the account record: ``amount`` signed, ``balanceAfter`` the wallet's balance after it."""

    id: int
    time: str
    type: str
    wallet: str
    amount: int
    balanceAfter: int
    currency: str
    reference: str


class ConsolidatedRead(Read):
    currency: str
    balance: int
    held: int
    wallets: list[WalletRead]
    pendingDeposits: int
    pendingWithdrawals: int
    totalDeposited: int
    totalWithdrawn: int
