from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request

from portal_kit.client import ClientIp
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.merchant import MerchantCode
from portal_kit.paging import Page, page_params
from portal_kit.sessions import CurrentPrincipal, OpsMaker, OpsViewer
from site_service.deps import Db
from site_service.feedback import service
from site_service.feedback.domain import FeedbackFilters, FeedbackOrder, FeedbackStatus
from site_service.feedback.schemas import FeedbackBody, FeedbackMark, FeedbackRead, FeedbackReceipt

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
    code: str,
    actor: OpsViewer,
    db: Db,
    page: Annotated[Page, Depends(page_params())],
    status: Annotated[FeedbackStatus | None, Query(description="new or handled")] = None,
    accountId: Annotated[str | None, Query(min_length=1, max_length=64, description="The writer's account")] = None,
    text: Annotated[str | None, Query(min_length=1, max_length=140, description="Looked for in the note")] = None,
    sort: Annotated[FeedbackOrder, Query()] = FeedbackOrder.NEWEST,
) -> Envelope[PageRead[FeedbackRead]]:
    """The brand's feedback inbox, paged, filtered (status, writer, text) and in order (the newest first)."""
    filters = FeedbackFilters(status=status, account=accountId, text=text)
    return ok(await service.list_feedback(db, code, page, filters, sort))


@ops.put("/feedback/{feedback_id}/status", operation_id="opsMarkFeedback", response_model=Envelope[FeedbackRead])
async def mark_feedback(
    code: str, feedback_id: Annotated[int, Path(ge=1, le=2**63 - 1)], body: FeedbackMark, actor: OpsMaker, db: Db
) -> Envelope[FeedbackRead]:
    """Mark a note handled, or new again (audited): the brand's finance makers (and admins), who handle members'
    matters, work the inbox; a viewer only reads it."""
    return ok(await service.mark(db, actor, code, feedback_id, body.status))
