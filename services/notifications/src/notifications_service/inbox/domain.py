"""What the inbox holds: the kinds of message, and the member a reader is."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class MessageKind(StrEnum):
    DEPOSIT_CREDITED = "deposit.credited"
    DEPOSIT_FAILED = "deposit.failed"
    WITHDRAWAL_APPROVED = "withdrawal.approved"
    WITHDRAWAL_REJECTED = "withdrawal.rejected"
    WITHDRAWAL_PAID = "withdrawal.paid"
    BROADCAST = "broadcast"  # written by ops for every member of a brand


@dataclass(frozen=True)
class Reader:
    """A member reading their inbox: their own messages and their brand's broadcasts."""

    merchant: str
    account_id: str
