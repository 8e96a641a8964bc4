"""Every ops change of the notifications (broadcasts, customer-service channels) in the kit's one ops-audit shape
(``portal_kit.audit``): who, what, to which object, the state before and after."""

from __future__ import annotations

from portal_kit.audit import OpsAuditRecord
from portal_kit.db import Base


class NotificationsAudit(OpsAuditRecord, Base):
    __tablename__ = "notifications_audit"
