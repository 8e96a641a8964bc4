"""Every ops change: an audit row and a ``site.config.changed.v1`` event, both in the change's transaction."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from portal_events import SiteConfigChangedV1
from portal_kit.messaging.events import new_event
from portal_kit.messaging.outbox import add_event
from portal_kit.sessions import Principal
from site_service.config.models import OpsAudit


def record_change(
    session: AsyncSession, merchant: str, actor: Principal, section: str, action: str, detail: dict[str, Any]
) -> None:
    who = actor.username or actor.account_id or "ops"
    session.add(OpsAudit(merchant=merchant, actor=who, action=f"{section}.{action}", detail=detail))
    data = {"merchant": merchant, "section": section, "action": action, "changedBy": who}
    add_event(session, new_event(SiteConfigChangedV1, merchant, data))
