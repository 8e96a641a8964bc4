"""Points to cash. Members and agents (a trial account: ``in_need_true_account``): the brand's rate
(``MCS2_getPointConvertRule``) and a conversion (``passwordCheck/MCS2_convertPoint``, (E), payment password first).
Ops of the brand: the rate for any role, changed by its admin (audited). Everyone else 401 or 403."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request

from points_service.conversion import service
from points_service.conversion.schemas import ConversionRead, ConversionRequest, ConversionRuleRead, ConversionRuleWrite
from points_service.deps import Db, Nats, RealAccount
from points_service.ops.router import OPS
from portal_kit.client import address_of
from portal_kit.encryption import encrypted_body
from portal_kit.envelope import Envelope, ok
from portal_kit.sessions import OpsAdmin, OpsViewer

router = APIRouter(tags=["points conversion"])
ops = APIRouter(prefix=f"{OPS}/conversion", tags=["points ops"])


@router.get(
    "/wps/relay/MCS2_getPointConvertRule", operation_id="pointConvertRule", response_model=Envelope[ConversionRuleRead]
)
async def convert_rule(db: Db, member: RealAccount) -> Envelope[ConversionRuleRead]:
    """How many points make how much cash (minor units) in the member's brand, the least converted at once; off: no
    conversion."""
    return ok(await service.rule(db, member.merchant))


@router.post(
    "/wps/relay/passwordCheck/MCS2_convertPoint", operation_id="convertPoints", response_model=Envelope[ConversionRead]
)
async def convert(
    db: Db, nc: Nats, member: RealAccount,
    body: Annotated[ConversionRequest, Depends(encrypted_body(ConversionRequest))],
) -> Envelope[ConversionRead]:  # fmt: skip
    """(E) Convert whole units of the brand's rate to cash in the main wallet, once per ``requestId``: the points
    taken at once; ``PAID`` when the wallet has credited it, ``PENDING`` while it has not answered (paid later, by
    the worker), ``FAILED`` when it refused (the points given back). ``points.conversion_off`` (409),
    ``points.conversion_units`` (400), ``points.not_enough`` (409)."""
    return ok(await service.convert(db, nc, member, body))


@ops.get("", operation_id="opsPointConvertRule", response_model=Envelope[ConversionRuleRead])
async def rule(code: str, actor: OpsViewer, db: Db) -> Envelope[ConversionRuleRead]:
    return ok(await service.rule(db, code))


@ops.put("", operation_id="opsChangePointConvertRule", response_model=Envelope[ConversionRuleRead])
async def change_rule(
    code: str, actor: OpsAdmin, body: ConversionRuleWrite, db: Db, request: Request
) -> Envelope[ConversionRuleRead]:
    return ok(await service.change_rule(db, code, actor, body, address_of(request)))
