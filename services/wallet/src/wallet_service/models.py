"""Every table of the wallet service, for Alembic."""

from __future__ import annotations

from portal_kit.db import Base
from portal_kit.messaging.inbox import InboxMessage
from portal_kit.messaging.outbox import OutboxMessage
from wallet_service.accounts.models import MemberProfile
from wallet_service.bonuses.models import BonusHold
from wallet_service.dashboard.models import MoneyDay
from wallet_service.deposits.models import Deposit
from wallet_service.ledger.models import JournalEntry, LedgerAccount, MoneyTransaction
from wallet_service.merchants.models import DualControlRequest, MerchantWallet
from wallet_service.money.models import SalaryCredit
from wallet_service.ops.models import AdjustmentRequest
from wallet_service.oversight.models import OpsAudit, OpsMemberDay
from wallet_service.withdrawals.models import BankAccount, Withdrawal, WithdrawalProof

__all__ = [
    "AdjustmentRequest",
    "BankAccount",
    "Base",
    "BonusHold",
    "Deposit",
    "DualControlRequest",
    "InboxMessage",
    "JournalEntry",
    "LedgerAccount",
    "MemberProfile",
    "MerchantWallet",
    "MoneyDay",
    "MoneyTransaction",
    "OpsAudit",
    "OpsMemberDay",
    "OutboxMessage",
    "SalaryCredit",
    "Withdrawal",
    "WithdrawalProof",
]
