"""The notifications' ops audit (any ops role of the brand)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from notifications_service.deps import Db
from notifications_service.ops import service
from notifications_service.ops.schemas import NotificationsAuditRead
from portal_kit.audit import AuditQuery
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsViewer

OPS = "/wps/ops/notifications/merchants/{code}"
ops = APIRouter(prefix=OPS, tags=["notifications ops"])


@ops.get("/audit", operation_id="opsNotificationsAudit", response_model=Envelope[PageRead[NotificationsAuditRead]])
async def audit_log(
    code: str,
    db: Db,
    actor: OpsViewer,
    page: Annotated[Page, Depends(page_params(default_size=50, max_size=200))],
    filters: AuditQuery,
) -> Envelope[PageRead[NotificationsAuditRead]]:
    """The brand's ops changes of notifications, by actor, action and UTC days, newest (or oldest) first."""
    return ok(await service.audit_log(db, code, page, filters))
