from __future__ import annotations

from pydantic import BaseModel

from notifications_service.inbox.domain import stamp
from portal_kit.audit import OpsAuditRead


class NotificationsAuditRead(BaseModel):
    """An audit row as the ops API answers it (the kit's row, ``portal_kit.audit.OpsAuditRead``, in the fields this
    call has always had)."""

    actor: str
    action: str
    target: str
    before: dict[str, object]
    after: dict[str, object]
    at: str

    @classmethod
    def of(cls, entry: OpsAuditRead) -> NotificationsAuditRead:
        return cls(
            actor=entry.actor, action=entry.action, target=entry.target, before=entry.before or {},
            after=entry.after or {}, at=stamp(entry.at),
        )  # fmt: skip
