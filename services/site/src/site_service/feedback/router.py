from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request

from portal_kit.client import ClientIp
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.merchant import MerchantCode
from portal_kit.paging import Page, page_params
from portal_kit.sessions import CurrentPrincipal, OpsViewer
from site_service.deps import Db
from site_service.feedback import service
from site_service.feedback.schemas import FeedbackBody, FeedbackRead, FeedbackReceipt

public = APIRouter(tags=["site"])
ops = APIRouter(prefix="/wps/ops/site/merchants/{code}", tags=["site ops"])


@public.put("/wps/feedback", operation_id="feedback", response_model=Envelope[FeedbackReceipt])
async def feedback(
    body: FeedbackBody, merchant: MerchantCode, principal: CurrentPrincipal, db: Db, ip: ClientIp, request: Request
) -> Envelope[FeedbackReceipt]:
    settings = request.app.state.settings
    valkey = request.app.state.valkey
    receipt = await service.submit(
        db, valkey, settings.secret_key, merchant, principal, ip, body.content, settings.feedback_limit_per_hour
    )
    return ok(receipt)


@ops.get("/feedback", operation_id="opsListFeedback", response_model=Envelope[PageRead[FeedbackRead]])
async def list_feedback(
    code: str, actor: OpsViewer, db: Db, page: Annotated[Page, Depends(page_params())]
) -> Envelope[PageRead[FeedbackRead]]:
    return ok(await service.list_feedback(db, code, page))
