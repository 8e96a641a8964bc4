"""Every table of the site service, for Alembic."""

from __future__ import annotations

from portal_kit.db import Base
from portal_kit.messaging.outbox import OutboxMessage
from site_service.config.models import DomainRoute, Merchant, OpsAudit, RegisterRule, Resource
from site_service.content.models import Announcement, Banner, HelpTopic
from site_service.feedback.models import Feedback

__all__ = [
    "Announcement",
    "Banner",
    "Base",
    "DomainRoute",
    "Feedback",
    "HelpTopic",
    "Merchant",
    "OpsAudit",
    "OutboxMessage",
    "RegisterRule",
    "Resource",
]
