"""The points mall. Members and agents (a trial account: ``in_need_true_account``): the items
(``MCS2_getPointReward``), a redemption (``passwordCheck/MCS2_redeemPointReward``, (E), payment password first) and
their redemptions (``MCS2_getRedeemPointList``). Ops of the brand: the items for any role, written by the content
role; the redemptions (delivery addresses, mobiles) for finance readers, decided by a finance maker (or admin).
Everyone else 401 or 403."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request

from points_service.deps import Db, Language, Nats, RealAccount
from points_service.mall import service
from points_service.mall.domain import RedemptionStatus
from points_service.mall.schemas import (
    ItemRead,
    ItemWrite,
    NewItem,
    RedemptionApproval,
    RedemptionRead,
    RedemptionRejection,
    RedemptionRequest,
    StockChange,
)
from points_service.ops.domain import CatalogueOrder, QueueOrder
from points_service.ops.router import OPS
from portal_kit.client import address_of
from portal_kit.encryption import encrypted_body
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsContent, OpsFinanceReader, OpsMaker, OpsViewer

router = APIRouter(tags=["points mall"])
ops = APIRouter(prefix=f"{OPS}/mall", tags=["points ops"])
Paging = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]
ItemId = Annotated[int, Path(ge=1, le=2**63 - 1)]
RedemptionId = Annotated[int, Path(ge=1, le=2**63 - 1)]


@router.get("/wps/relay/MCS2_getPointReward", operation_id="pointRewards", response_model=Envelope[list[ItemRead]])
async def rewards(db: Db, member: RealAccount, language: Language) -> Envelope[list[ItemRead]]:
    """The brand's items on offer, in their order, with the points each costs and the stock left (0: sold out)."""
    return ok(await service.items(db, member.merchant, language, active_only=True))


@router.post(
    "/wps/relay/passwordCheck/MCS2_redeemPointReward", operation_id="redeemPointReward",
    response_model=Envelope[RedemptionRead],
)  # fmt: skip
async def redeem(
    db: Db, nc: Nats, member: RealAccount, language: Language,
    body: Annotated[RedemptionRequest, Depends(encrypted_body(RedemptionRequest))],
) -> Envelope[RedemptionRead]:  # fmt: skip
    """(E) Redeem ``quantity`` of an item: the payment password checked by auth, then its stock and points taken
    together (``mall.out_of_stock``, ``points.not_enough``: nothing taken); in process until ops decide. The same
    ``requestId`` again answers the first redemption (with another item or quantity: ``idempotency.mismatch``)."""
    return ok(await service.redeem(db, nc, member, body, language))


@router.get(
    "/wps/relay/MCS2_getRedeemPointList", operation_id="pointRedemptions",
    response_model=Envelope[PageRead[RedemptionRead]],
)  # fmt: skip
async def my_redemptions(
    db: Db,
    member: RealAccount,
    language: Language,
    page: Paging,
    status: Annotated[RedemptionStatus | None, Query()] = None,
) -> Envelope[PageRead[RedemptionRead]]:
    """The member's redemptions, newest first: in process, rejected (with the reason) or approved."""
    account = str(member.account_id)
    return ok(await service.redemptions(db, member.merchant, page, language, account_id=account, status=status,
                                        for_ops=False))  # fmt: skip


@ops.get("/items", operation_id="opsMallItems", response_model=Envelope[PageRead[ItemRead]])
async def items(
    code: str, actor: OpsViewer, db: Db, language: Language, page: Paging,
    active: Annotated[bool | None, Query(description="On sale (true) or switched off (false)")] = None,
    text: Annotated[str | None, Query(min_length=1, max_length=100, description="Looked for in the names")] = None,
    sort: Annotated[CatalogueOrder, Query()] = CatalogueOrder.DISPLAY,
) -> Envelope[PageRead[ItemRead]]:  # fmt: skip
    """The brand's items, on sale or off, paged, filtered (on sale, name) and in order (the members' by default)."""
    return ok(await service.items_page(db, code, page, language, active=active, text=text, order=sort))


@ops.post("/items", operation_id="opsCreateMallItem", response_model=Envelope[ItemRead])
async def create_item(code: str, actor: OpsContent, body: NewItem, db: Db, request: Request) -> Envelope[ItemRead]:
    return ok(await service.create_item(db, code, actor, body, address_of(request)))


@ops.put("/items/{itemId}", operation_id="opsChangeMallItem", response_model=Envelope[ItemRead])
async def change_item(
    code: str, itemId: ItemId, actor: OpsContent, body: ItemWrite, db: Db, request: Request
) -> Envelope[ItemRead]:
    return ok(await service.update_item(db, code, actor, itemId, body, address_of(request)))


@ops.post("/items/{itemId}/stock", operation_id="opsChangeMallStock", response_model=Envelope[ItemRead])
async def change_stock(
    code: str, itemId: ItemId, actor: OpsContent, body: StockChange, db: Db, request: Request
) -> Envelope[ItemRead]:
    """Add to the stock (or take away, negative) in one step: ``mall.stock_negative`` below zero."""
    return ok(await service.change_stock(db, code, actor, itemId, body, address_of(request)))


@ops.get("/redemptions", operation_id="opsMallRedemptions", response_model=Envelope[PageRead[RedemptionRead]])
async def redemptions(
    code: str, actor: OpsFinanceReader, db: Db, page: Paging, language: Language,
    status: Annotated[RedemptionStatus | None, Query()] = None,
    accountId: Annotated[str | None, Query(max_length=64)] = None,
    sort: Annotated[QueueOrder, Query()] = QueueOrder.NEWEST,
) -> Envelope[PageRead[RedemptionRead]]:  # fmt: skip
    """The brand's redemptions, paged, filtered (state, member) and newest or oldest first."""
    found = await service.redemptions(db, code, page, language, account_id=accountId, status=status, order=sort)
    return ok(found)


@ops.post(
    "/redemptions/{redemptionId}/approve", operation_id="opsApproveRedemption", response_model=Envelope[RedemptionRead]
)
async def approve(
    code: str, redemptionId: RedemptionId, actor: OpsMaker, body: RedemptionApproval, db: Db, nc: Nats,
    request: Request,
) -> Envelope[RedemptionRead]:  # fmt: skip
    """The item goes out (``mall.payment_pending`` 409 while the wallet has not answered its money)."""
    return ok(await service.decide(db, nc, code, actor, redemptionId, True, body.reason, address_of(request)))


@ops.post(
    "/redemptions/{redemptionId}/reject", operation_id="opsRejectRedemption", response_model=Envelope[RedemptionRead]
)
async def reject(
    code: str, redemptionId: RedemptionId, actor: OpsMaker, body: RedemptionRejection, db: Db, nc: Nats,
    request: Request,
) -> Envelope[RedemptionRead]:  # fmt: skip
    """The points back to the member, the stock back to the item, and its money asked back of the wallet
    (``payment`` ``REFUNDING`` until the wallet answers, then ``REFUNDED``)."""
    return ok(await service.decide(db, nc, code, actor, redemptionId, False, body.reason, address_of(request)))
