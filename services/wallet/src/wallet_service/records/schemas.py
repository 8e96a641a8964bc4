"""The account record's lines, the consolidated funds, and a member's balances as ops read them."""

from __future__ import annotations

from typing import Literal

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


class PointRecordRead(Read):
    """One line of the points record (``type=points``, spec §3), as points keeps it: an earning has no item, quantity
    or amounts required and is approved; the mall's exchanges will fill them."""

    id: int = Field(description="The transaction number")
    time: str = Field(description="The application time")
    kind: str = Field(description="The exchange type: EARN (from play or a deposit), later the mall's")
    pointType: str = Field(description="LIVE, LOTTERY, CARD, SLOT, SPORTS, DEPOSIT or REDEEM")
    item: str | None
    quantity: int | None
    pointsRequired: int | None
    amountRequired: int | None = Field(description="Minor units")
    status: Literal["in_process", "rejected", "approved"]
    points: int = Field(description="The points change, signed")
    balanceAfter: int = Field(description="The points after it")
    baseAmount: int = Field(description="The valid bet or deposit (minor units) it was earned on")
    remark: str | None
    bettingUnit: int
    ratio: int


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


class MemberWalletRead(Read):
    """One wallet of a member: ``balance`` = ``available`` + ``held`` (held: funds of pending withdrawals)."""

    wallet: str = Field(description="main, freeplay (a trial account) or vendor:<CODE>")
    balance: int
    available: int
    held: int


class MemberBalancesRead(Read):
    """A member's money as ops see it (minor units, ``scale`` decimals in the UI): every wallet the ledger keeps for
    the account, the totals over them, and what is waiting."""

    accountId: str
    currency: str
    scale: int
    balance: int
    available: int
    held: int = Field(description="Frozen: held for withdrawals not yet paid or rejected")
    wallets: list[MemberWalletRead]
    pendingDeposits: int = Field(description="The sum of the member's deposits waiting for a decision")
    pendingWithdrawals: int = Field(description="The sum of the member's withdrawals pending or approved, not paid")
    totalDeposited: int
    totalWithdrawn: int
