"""Every table of the wallet service, for Alembic."""

from __future__ import annotations

from portal_kit.db import Base
from portal_kit.messaging.inbox import InboxMessage
from portal_kit.messaging.outbox import OutboxMessage
from wallet_service.ledger.models import JournalEntry, LedgerAccount, MoneyTransaction

__all__ = ["Base", "InboxMessage", "JournalEntry", "LedgerAccount", "MoneyTransaction", "OutboxMessage"]
