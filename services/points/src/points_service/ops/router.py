"""The points audit, ``GET /wps/ops/points/merchants/{code}/audit``: any ops role of the brand; everyone else 401 or
403."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from points_service.deps import Db
from points_service.ops import service
from points_service.ops.schemas import PointsAuditRead
from portal_kit.audit import AuditQuery
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsViewer

OPS = "/wps/ops/points/merchants/{code}"
ops = APIRouter(prefix=OPS, tags=["points ops"])


@ops.get("/audit", operation_id="opsPointsAudit", response_model=Envelope[PageRead[PointsAuditRead]])
async def audit_log(
    code: str,
    actor: OpsViewer,
    db: Db,
    page: Annotated[Page, Depends(page_params(default_size=50, max_size=200))],
    filters: AuditQuery,
) -> Envelope[PageRead[PointsAuditRead]]:
    """The brand's ops changes of points, by actor, action and UTC days, newest (or oldest) first."""
    return ok(await service.audit_log(db, code, page, filters))
