"""The mall as members and ops read it, and what they send."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from points_service.mall.domain import (
    MAX_ITEM_MONEY,
    MAX_ITEM_POINTS,
    MAX_QUANTITY,
    MAX_STOCK,
    MallPayment,
    RedemptionStatus,
)

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]
Reason = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class ItemRead(BaseModel):
    itemId: int
    name: str  # in the request's language (Turkish when it has none)
    names: dict[str, str]
    picture: str
    points: int
    money: int  # minor units, paid from the main wallet with the points (0: points only)
    stock: int
    active: bool
    sort: int


class RedemptionRead(BaseModel):
    transactionNo: int
    accountId: str  # the member's (ops find whose it is)
    itemId: int
    itemName: str
    quantity: int
    points: int
    money: int  # minor units, all of it: the item's money × quantity
    payment: MallPayment
    status: RedemptionStatus
    deliveryAddress: str
    mobileNum: str
    reason: str | None
    decidedBy: str | None  # ops only; members see None
    createdAt: str
    decidedAt: str | None


class RedemptionRequest(BaseModel):
    """(E) A member redeems ``quantity`` of an item, paying its points (and its money, from the main wallet); the
    payment password is checked first."""

    model_config = ConfigDict(extra="forbid")
    itemId: Annotated[int, Field(strict=True, ge=1, le=2**63 - 1)]
    quantity: Annotated[int, Field(strict=True, ge=1, le=MAX_QUANTITY)]
    paymentPassword: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    deliveryAddress: Annotated[str, StringConstraints(strip_whitespace=True, min_length=5, max_length=300)]
    mobileNum: Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^\+?[0-9]{6,20}$")]
    requestId: Annotated[str, StringConstraints(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]


class ItemWrite(BaseModel):
    """An item as ops write it: a Turkish name at least, a picture (an https address, or a path on the portal's own
    site such as ``/images/mall/mug.webp``), its points and its money (minor units, 0: points only); the stock moves
    apart."""

    model_config = ConfigDict(extra="forbid")
    names: dict[Annotated[str, StringConstraints(pattern=r"^(TR|EN|CN)$")], Text]
    picture: Annotated[str, StringConstraints(pattern=r"^(https://[^\s/]+/[^\s]{0,470}|/[^/\s][^\s]{0,480})$")]
    points: Annotated[int, Field(strict=True, ge=1, le=MAX_ITEM_POINTS)]
    money: Annotated[int, Field(strict=True, ge=0, le=MAX_ITEM_MONEY)] = 0
    active: bool
    sort: Annotated[int, Field(strict=True, ge=0, le=10_000)]
    reason: Reason

    @field_validator("names")
    @classmethod
    def _turkish(cls, names: dict[str, str]) -> dict[str, str]:
        if "TR" not in names:
            raise ValueError("a Turkish (TR) name is needed")
        return names


class NewItem(ItemWrite):
    stock: Annotated[int, Field(strict=True, ge=0, le=MAX_STOCK)]


class StockChange(BaseModel):
    """Stock added (or taken away, negative) in one step, so a change never overwrites redemptions made meanwhile."""

    model_config = ConfigDict(extra="forbid")
    change: Annotated[int, Field(strict=True, ge=-MAX_STOCK, le=MAX_STOCK)]
    reason: Reason


class RedemptionRejection(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reason: Reason


class RedemptionApproval(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reason: Annotated[str, StringConstraints(strip_whitespace=True, max_length=500)] = ""
