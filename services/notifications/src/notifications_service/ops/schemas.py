from __future__ import annotations

from pydantic import BaseModel


class NotificationsAuditRead(BaseModel):
    actor: str
    action: str
    target: str
    before: dict[str, object]
    after: dict[str, object]
    at: str
