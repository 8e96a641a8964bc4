"""Hub88's Operator Wallet API as Hub88 documents it: the bodies it sends and the answers it expects. Fields
Hub88 may add are ignored; amounts are integers in 1/100,000 of the currency unit."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from games_service.aggregator.domain import MAX_HUB88_AMOUNT

Id = Annotated[StrictStr, Field(min_length=1, max_length=64)]
User = Annotated[StrictStr, Field(min_length=4, max_length=100)]
# Any text: a token this operator never gave (however short) is RS_ERROR_INVALID_TOKEN.
Token = Annotated[StrictStr, Field(max_length=255)]


class Hub88Request(BaseModel):
    model_config = ConfigDict(extra="ignore")

    request_uuid: Id


class UserInfoRequest(Hub88Request):
    user: User


class UserBalanceRequest(Hub88Request):
    user: User
    token: Token
    game_code: StrictStr | None = None


class TransactionRequest(Hub88Request):
    user: User
    token: Token
    transaction_uuid: Id
    supplier_transaction_id: StrictStr | None = None
    round: Annotated[StrictStr, Field(min_length=1, max_length=100)]
    round_closed: StrictBool | None = None
    game_code: Annotated[StrictStr, Field(min_length=1, max_length=60)]
    is_supplier_promo: StrictBool | None = None  # a supplier's promotion payout (Hub88's changelog, May 2025)


class BetRequest(TransactionRequest):
    # Any text: one that is not the wallet's currency is RS_ERROR_WRONG_CURRENCY.
    currency: Annotated[StrictStr, Field(min_length=1, max_length=16)]
    # At most what the money API moves at once (above: RS_ERROR_WRONG_SYNTAX, before anything is claimed).
    amount: Annotated[StrictInt, Field(ge=0, le=MAX_HUB88_AMOUNT)]
    bet: StrictStr | None = None
    is_free: StrictBool | None = None  # a free bet of a reward: the member stakes nothing
    reward_uuid: Annotated[StrictStr, Field(max_length=64)] | None = None


class WinRequest(BetRequest):
    reference_transaction_uuid: Id


class RollbackRequest(TransactionRequest):
    reference_transaction_uuid: Id


class Hub88Answer(BaseModel):
    """Every answer: ``status`` RS_OK or RS_ERROR_*; the balance (when known) in Hub88's unit."""

    user: str | None = None
    status: str
    request_uuid: str | None = None
    currency: str | None = None
    balance: int | None = None


class UserInfoAnswer(Hub88Answer):
    country: str | None = None
    sub_partner_id: str | None = None


class GameUrlRequest(BaseModel):
    """Hub88's Games API ``/operator/generic/v2/game/url``: the operator asks for a game's address."""

    model_config = ConfigDict(extra="ignore")

    user: User
    token: Annotated[StrictStr, Field(min_length=10, max_length=255)]
    sub_partner_id: StrictStr
    platform: StrictStr = "GPL_DESKTOP"
    operator_id: StrictInt = 1
    lobby_url: StrictStr
    lang: StrictStr
    ip: StrictStr = ""
    game_code: Annotated[StrictStr, Field(min_length=1, max_length=60)]
    currency: Annotated[StrictStr, Field(pattern=r"^[A-Z]{3}$")]
    country: StrictStr = "XX"


class GameUrlAnswer(BaseModel):
    url: str
