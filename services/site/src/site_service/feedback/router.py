from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field

from portal_kit.client import ClientIp
from portal_kit.envelope import ok
from portal_kit.merchant import MerchantCode
from portal_kit.paging import Page, page_params
from portal_kit.sessions import BrandOps, CurrentPrincipal
from site_service.deps import Db
from site_service.feedback import service

public = APIRouter(tags=["site"])
ops = APIRouter(prefix="/wps/ops/site/merchants/{code}", tags=["site ops"])


class FeedbackBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # The 140-character rule answers its own code (feedback.too_long); this bound only stops abuse.
    content: str = Field(max_length=4000)


@public.put("/wps/feedback", operation_id="feedback")
async def feedback(
    body: FeedbackBody, merchant: MerchantCode, principal: CurrentPrincipal, db: Db, ip: ClientIp, request: Request
) -> Any:
    limit = request.app.state.settings.feedback_limit_per_hour
    return ok(await service.submit(db, request.app.state.redis, merchant, principal, ip, body.content, limit))


@ops.get("/feedback", operation_id="opsListFeedback")
async def list_feedback(code: str, actor: BrandOps, db: Db, page: Annotated[Page, Depends(page_params())]) -> Any:
    return ok(await service.list_feedback(db, code, page))
