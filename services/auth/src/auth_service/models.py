"""Every table of the auth service, for Alembic."""

from __future__ import annotations

from auth_service.accounts.models import Account, LoginRecord
from auth_service.dashboard.models import RegistrationDay
from auth_service.ops.models import AuthAudit, OpsAddressRange, OpsPerson, OpsRequest
from auth_service.support.models import MemberNote
from portal_kit.db import Base
from portal_kit.messaging.inbox import InboxMessage
from portal_kit.messaging.outbox import OutboxMessage

__all__ = [
    "Account",
    "AuthAudit",
    "Base",
    "InboxMessage",
    "LoginRecord",
    "MemberNote",
    "OpsAddressRange",
    "OpsPerson",
    "OpsRequest",
    "OutboxMessage",
    "RegistrationDay",
]
