"""Transfer bodies (between a member's wallets, to upline) and their answers."""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, StrictInt, StringConstraints

from wallet_service.schemas import Body, Read, RequestId


class WalletTransfer(Body):
    fromWallet: str
    toWallet: str
    amount: StrictInt  # minor units; the money rules then refuse 0, negatives and the too large
    requestId: RequestId


class UplineTransfer(Body):
    """(E) — carries the payment password."""

    model_config = ConfigDict(extra="ignore")
    amount: StrictInt  # minor units; the money rules then refuse 0, negatives and the too large
    paymentPassword: Annotated[str, StringConstraints(max_length=255)]
    requestId: RequestId


class DownlineTransfer(Body):
    """(E) — carries the payment password."""

    model_config = ConfigDict(extra="ignore")
    downlineId: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    amount: StrictInt  # minor units; the money rules then refuse 0, negatives and the too large
    paymentPassword: Annotated[str, StringConstraints(max_length=255)]
    requestId: RequestId


class DownlineTransferRead(Read):
    downlineId: str
    username: str | None
    amount: int
    balance: int


class UplineRead(Read):
    uplineId: str
    username: str


class UplineTransferRead(Read):
    uplineId: str
    amount: int
    balance: int
