"""Activity applications. Members and agents (a trial account: ``in_need_true_account``) apply
(``MCSFE_signUpRequestReward``) and read theirs (``MCSFE_getPromotionApplications``); ops of the brand: finance readers
read them with their images, a finance maker (or admin) approves with a bonus or rejects, and a finance checker other
than the maker confirms a bonus above the brand's dual-control amount. Everyone else 401 or 403."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request

from points_service.applications import service
from points_service.applications.schemas import (
    ApplicationRead,
    ApplicationRequest,
    Approval,
    Rejection,
)
from points_service.deps import Db, Language, Nats, RealAccount
from points_service.ops.domain import QueueOrder
from points_service.ops.router import OPS
from points_service.ops.schemas import CheckerDecision
from points_service.promotions.domain import ApplicationStatus
from portal_kit.app import body_limit
from portal_kit.client import address_of
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.images import body_bytes
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsChecker, OpsFinanceReader, OpsMaker

router = APIRouter(tags=["promotions"])
ops = APIRouter(prefix=f"{OPS}/applications", tags=["points ops"])
Paging = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]
ApplicationId = Annotated[int, Path(ge=1, le=2**63 - 1)]


@router.post(
    "/wps/relay/MCSFE_signUpRequestReward", operation_id="applyForPromotion", response_model=Envelope[ApplicationRead],
    openapi_extra=body_limit(body_bytes()),
)  # fmt: skip
async def apply(db: Db, member: RealAccount, language: Language, body: ApplicationRequest) -> Envelope[ApplicationRead]:
    """Apply to an activity promotion with a remark (at most 140 characters) and up to three png or jpg images under
    5 MB each: waits for ops. ``promotion.not_applicable`` (409: not an activity promotion), ``promotion.closed``,
    ``application.pending`` (409: one is waiting), ``image.too_many``, ``image.too_large``, ``image.type_invalid``
    (400); nothing written on a refusal."""
    return ok(await service.apply(db, member, body, language))


@router.get(
    "/wps/relay/MCSFE_getPromotionApplications", operation_id="promotionApplications",
    response_model=Envelope[PageRead[ApplicationRead]],
)  # fmt: skip
async def mine(
    db: Db, member: RealAccount, language: Language, page: Paging,
    status: Annotated[ApplicationStatus | None, Query()] = None,
) -> Envelope[PageRead[ApplicationRead]]:  # fmt: skip
    account = str(member.account_id)
    return ok(await service.applications(db, member.merchant, page, language, account_id=account, status=status,
                                         for_ops=False))  # fmt: skip


@ops.get("", operation_id="opsPromotionApplications", response_model=Envelope[PageRead[ApplicationRead]])
async def waiting(
    code: str, actor: OpsFinanceReader, db: Db, language: Language, page: Paging,
    status: Annotated[ApplicationStatus | None, Query()] = None,
    accountId: Annotated[str | None, Query(max_length=64)] = None,
    sort: Annotated[QueueOrder, Query()] = QueueOrder.NEWEST,
) -> Envelope[PageRead[ApplicationRead]]:  # fmt: skip
    """The brand's activity applications, paged, filtered (state, member) and newest or oldest first."""
    found = await service.applications(db, code, page, language, account_id=accountId, status=status, order=sort)
    return ok(found)


@ops.get("/{applicationId}/images", operation_id="opsApplicationImages", response_model=Envelope[list[str]])
async def images(code: str, applicationId: ApplicationId, actor: OpsFinanceReader, db: Db) -> Envelope[list[str]]:
    """The application's images as data URLs (png or jpg), in the order sent."""
    return ok(await service.images(db, code, applicationId))


@ops.post("/{applicationId}/approve", operation_id="opsApproveApplication", response_model=Envelope[ApplicationRead])
async def approve(
    code: str, applicationId: ApplicationId, actor: OpsMaker, body: Approval, db: Db, nc: Nats, language: Language,
    request: Request,
) -> Envelope[ApplicationRead]:  # fmt: skip
    """Grant the bonus (at most the promotion's maximum: ``application.amount_too_large``), with the promotion's
    wagering; once (``application.already_decided`` 409). Above the brand's dual-control amount it waits for a second
    person (``awaitingChecker``; approving it again: ``application.awaiting_checker`` 409)."""
    return ok(await service.approve(db, nc, code, actor, applicationId, body, language, address_of(request)))


@ops.post("/{applicationId}/confirm", operation_id="opsConfirmApplication", response_model=Envelope[ApplicationRead])
async def confirm(
    code: str, applicationId: ApplicationId, actor: OpsChecker, body: CheckerDecision, db: Db, language: Language,
    request: Request,
) -> Envelope[ApplicationRead]:  # fmt: skip
    """A finance checker other than the maker (``ops.same_person`` 403) grants the amount approved above the
    dual-control amount, or rejects the application with a reason; ``application.no_checker_needed`` (409) when none
    awaits."""
    return ok(await service.confirm(db, code, actor, applicationId, body, language, address_of(request)))


@ops.post("/{applicationId}/reject", operation_id="opsRejectApplication", response_model=Envelope[ApplicationRead])
async def reject(
    code: str, applicationId: ApplicationId, actor: OpsMaker, body: Rejection, db: Db, language: Language,
    request: Request,
) -> Envelope[ApplicationRead]:  # fmt: skip
    return ok(await service.reject(db, code, actor, applicationId, body, language, address_of(request)))
