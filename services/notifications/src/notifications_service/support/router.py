"""Customer service: the brand's chat channels for everyone (visitors too: help comes before an account), and
their replacement by ops (content)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from notifications_service.deps import Db, MerchantCode
from notifications_service.ops.router import OPS
from notifications_service.support import service
from notifications_service.support.schemas import (
    ModelId,
    SupportChannelsWrite,
    SupportChannelWrite,
    SupportLaunchRead,
    SupportModelRead,
)
from portal_kit.envelope import Envelope, ok
from portal_kit.sessions import OpsContent, OpsViewer

router = APIRouter(tags=["notifications"])
ops = APIRouter(prefix=f"{OPS}/support", tags=["notifications ops"])


@router.get("/wps/relay/CBS_modelList", operation_id="supportModels", response_model=Envelope[list[SupportModelRead]])
async def models(db: Db, merchant: MerchantCode) -> Envelope[list[SupportModelRead]]:
    return ok([SupportModelRead(modelId=c.modelId, name=c.name) for c in await service.channels(db, merchant)])


@router.get("/wps/relay/CBS_launchChat", operation_id="supportLaunch", response_model=Envelope[SupportLaunchRead])
async def launch(db: Db, merchant: MerchantCode, modelId: Annotated[ModelId, Query()]) -> Envelope[SupportLaunchRead]:
    return ok(await service.launch(db, merchant, modelId))


@ops.get("", operation_id="opsSupportChannels", response_model=Envelope[list[SupportChannelWrite]])
async def channels(code: str, db: Db, actor: OpsViewer) -> Envelope[list[SupportChannelWrite]]:
    return ok(await service.channels(db, code))


@ops.put("", operation_id="opsReplaceSupportChannels", response_model=Envelope[list[SupportChannelWrite]])
async def replace(
    code: str, body: SupportChannelsWrite, db: Db, actor: OpsContent
) -> Envelope[list[SupportChannelWrite]]:
    return ok(await service.replace(db, code, actor, body))
