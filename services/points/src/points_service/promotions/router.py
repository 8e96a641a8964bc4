"""Promotions and bonuses. Anyone (a visitor too) reads the brand's promotions open now
(``MCSFE_getPromotions``); members and agents join one (``MCSFE_signUpPromotionJoin``; a trial account:
``in_need_true_account``) and read their bonuses with their wagering (``MCSFE_getBonusDetails``). Ops of the brand:
the promotions for any role, written by the content role (or admin); the bonuses of every member for finance readers.
Everyone else 401 or 403."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request

from points_service.deps import Db, Language, RealAccount
from points_service.ops.domain import CatalogueOrder, QueueOrder
from points_service.ops.router import OPS
from points_service.promotions import service
from points_service.promotions.domain import GrantStatus, PromotionKind
from points_service.promotions.schemas import BonusRead, JoinRead, JoinRequest, PromotionRead, PromotionWrite
from portal_kit.client import address_of
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import CurrentPrincipal, OpsContent, OpsFinanceReader, OpsViewer

router = APIRouter(tags=["promotions"])
ops = APIRouter(prefix=OPS, tags=["points ops"])
Paging = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]
PromotionId = Annotated[int, Path(ge=1, le=2**63 - 1)]


@router.get("/wps/relay/MCSFE_getPromotions", operation_id="promotions", response_model=Envelope[list[PromotionRead]])
async def on_offer(db: Db, caller: CurrentPrincipal, language: Language) -> Envelope[list[PromotionRead]]:
    """The brand's promotions open now, in their order, with their terms; ``joined`` for a member or agent."""
    return ok(await service.on_offer(db, caller, language))


@router.post("/wps/relay/MCSFE_signUpPromotionJoin", operation_id="joinPromotion", response_model=Envelope[JoinRead])
async def join(db: Db, member: RealAccount, body: JoinRequest) -> Envelope[JoinRead]:
    """Join a promotion open now, once: the member's next qualifying deposit earns its bonus. ``promotion.not_found``
    (404), ``promotion.closed`` (409: off, not started or ended), ``promotion.not_eligible`` (409: a first-deposit
    promotion after a deposit)."""
    return ok(await service.join(db, member, body.promotionId))


@router.get(
    "/wps/relay/MCSFE_getBonusDetails", operation_id="bonusDetails", response_model=Envelope[PageRead[BonusRead]]
)
async def my_bonuses(
    db: Db, member: RealAccount, language: Language, page: Paging,
    status: Annotated[GrantStatus | None, Query()] = None,
) -> Envelope[PageRead[BonusRead]]:  # fmt: skip
    """The member's bonuses, newest first: the amount, the wagering asked and done, where each is."""
    account = str(member.account_id)
    return ok(await service.bonuses(db, member.merchant, page, language, account_id=account, status=status))


@ops.get("/promotions", operation_id="opsPromotions", response_model=Envelope[PageRead[PromotionRead]])
async def promotions(
    code: str, actor: OpsViewer, db: Db, language: Language, page: Paging,
    active: Annotated[bool | None, Query(description="Shown to members (true) or switched off (false)")] = None,
    kind: Annotated[PromotionKind | None, Query()] = None,
    sort: Annotated[CatalogueOrder, Query()] = CatalogueOrder.DISPLAY,
) -> Envelope[PageRead[PromotionRead]]:  # fmt: skip
    """The brand's promotions, paged, filtered (on or off, kind) and in order (the members' by default)."""
    return ok(await service.promotions(db, code, page, language, active=active, kind=kind, order=sort))


@ops.post("/promotions", operation_id="opsCreatePromotion", response_model=Envelope[PromotionRead])
async def create(
    code: str, actor: OpsContent, body: PromotionWrite, db: Db, language: Language, request: Request
) -> Envelope[PromotionRead]:
    return ok(await service.create(db, code, actor, body, language, address_of(request)))


@ops.put("/promotions/{promotionId}", operation_id="opsChangePromotion", response_model=Envelope[PromotionRead])
async def change(
    code: str, promotionId: PromotionId, actor: OpsContent, body: PromotionWrite, db: Db, language: Language,
    request: Request,
) -> Envelope[PromotionRead]:  # fmt: skip
    """Bonuses granted before keep the terms they were granted with."""
    return ok(await service.change(db, code, actor, promotionId, body, language, address_of(request)))


@ops.get("/bonuses", operation_id="opsBonuses", response_model=Envelope[PageRead[BonusRead]])
async def all_bonuses(
    code: str, actor: OpsFinanceReader, db: Db, language: Language, page: Paging,
    status: Annotated[GrantStatus | None, Query()] = None,
    accountId: Annotated[str | None, Query(max_length=64)] = None,
    sort: Annotated[QueueOrder, Query()] = QueueOrder.NEWEST,
) -> Envelope[PageRead[BonusRead]]:  # fmt: skip
    """The brand's bonuses, paged, filtered (status, member) and newest or oldest first."""
    return ok(await service.bonuses(db, code, page, language, account_id=accountId, status=status, order=sort))
