"""The account record's lines and the consolidated funds."""

from __future__ import annotations

from pydantic import Field

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
    # The contract fields (spec §3), from agent-contracts, for a brand with AGENTPOLICY3 on; null when the brand has
    # it off or agent-contracts did not answer in time. Each: 0 no contract, 1 signed, 2 a new contract waiting for
    # the member's answer, 3 a termination waiting for it.
    dailysalreqtype: int | None = Field(
        None, description="Daily wage contract: 0 none, 1 signed, 2 offered, 3 termination offered"
    )
    divtypereq: int | None = Field(None, description="Dividend contract, as dailysalreqtype")
    contracthoursalreq: int | None = Field(None, description="Hourly salary contract, as dailysalreqtype")
    realtimesalreqtype: int | None = Field(None, description="Real-time salary contract, as dailysalreqtype")
