"""Every table of the notifications service, for Alembic."""

from __future__ import annotations

from notifications_service.inbox.models import (
    MemberMessage,
    MemberMessageAudience,
    MemberMessageReceipt,
    MemberMissionBadge,
)
from notifications_service.ops.models import NotificationsAudit
from notifications_service.support.models import SupportChannel
from portal_kit.db import Base
from portal_kit.messaging.inbox import InboxMessage

__all__ = [
    "Base",
    "InboxMessage",
    "MemberMessage",
    "MemberMessageAudience",
    "MemberMessageReceipt",
    "MemberMissionBadge",
    "NotificationsAudit",
    "SupportChannel",
]
