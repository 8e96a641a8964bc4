"""The balance read's answer: the caller's wallets in integer minor units (two decimals in the UI)."""

from __future__ import annotations

from wallet_service.schemas import Read


class WalletRead(Read):
    wallet: str
    available: int
    held: int


class BalanceRead(Read):
    """The caller's wallets; ``sum`` of what is available, ``scale`` decimals in the UI."""

    currency: str
    scale: int
    sum: int
    wallets: list[WalletRead]
