"""The rules: ``MCS2_getPointConfig`` for a signed-in member or agent (how each type earns points); the brand's rules
for any ops role, changed by its admins (``PUT …/rules/{pointType}``, audited); everyone else 401 or 403."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request

from points_service.deps import Db, RealAccount
from points_service.ops.router import OPS
from points_service.rules import service
from points_service.rules.schemas import PointRuleRead, PointRuleWrite
from portal_kit.client import address_of
from portal_kit.envelope import Envelope, ok
from portal_kit.sessions import OpsAdmin, OpsViewer

router = APIRouter(tags=["points"])
ops = APIRouter(prefix=f"{OPS}/rules", tags=["points ops"])


@router.get("/wps/relay/MCS2_getPointConfig", operation_id="pointConfig", response_model=Envelope[list[PointRuleRead]])
async def point_config(db: Db, member: RealAccount) -> Envelope[list[PointRuleRead]]:
    """Each earning type of the member's brand: its betting unit (minor units of valid bet, or of deposit) and the
    points each whole unit earns; a type that is off earns nothing. Points never expire."""
    return ok(await service.rules(db, member.merchant))


@ops.get("", operation_id="opsPointRules", response_model=Envelope[list[PointRuleRead]])
async def rules(code: str, actor: OpsViewer, db: Db) -> Envelope[list[PointRuleRead]]:
    return ok(await service.rules(db, code))


@ops.put("/{pointType}", operation_id="opsChangePointRule", response_model=Envelope[PointRuleRead])
async def change(
    code: str, pointType: Annotated[str, Path(max_length=16)], body: PointRuleWrite, actor: OpsAdmin, db: Db,
    request: Request,
) -> Envelope[PointRuleRead]:  # fmt: skip
    return ok(await service.change(db, code, actor, pointType, body, address_of(request)))
