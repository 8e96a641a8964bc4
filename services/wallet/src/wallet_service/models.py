"""Every table of the wallet service, for Alembic."""

from __future__ import annotations

from portal_kit.db import Base
from portal_kit.messaging.inbox import InboxMessage
from portal_kit.messaging.outbox import OutboxMessage
from wallet_service.accounts.models import MemberProfile
from wallet_service.deposits.models import Deposit
from wallet_service.ledger.models import JournalEntry, LedgerAccount, MoneyTransaction
from wallet_service.merchants.models import MerchantWallet
from wallet_service.money.models import SalaryCredit
from wallet_service.oversight.models import OpsAudit
from wallet_service.withdrawals.models import BankAccount, Withdrawal, WithdrawalProof

__all__ = [
    "BankAccount",
    "Base",
    "Deposit",
    "InboxMessage",
    "JournalEntry",
    "LedgerAccount",
    "MemberProfile",
    "MerchantWallet",
    "MoneyTransaction",
    "OpsAudit",
    "OutboxMessage",
    "SalaryCredit",
    "Withdrawal",
    "WithdrawalProof",
]
