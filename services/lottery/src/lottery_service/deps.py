"""Dependencies of the lottery's HTTP calls (the database and Valkey ones come from the kit)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Path, Request
from nats.aio.client import Client as NATS

from portal_kit.app import Db, Valkey, request_language
from portal_kit.errors import Unauthorized
from portal_kit.merchant import MerchantCode
from portal_kit.sessions import Principal, Role, require_roles
from portal_kit.site import Brand, BrandCache

__all__ = ["Cache", "Db", "GameCode", "Language", "MerchantCode", "Nats", "Player", "SignedIn", "TheBrand"]


async def nats_client(request: Request) -> NATS:
    nc: NATS = request.app.state.nats
    return nc


async def brand_of(request: Request, merchant: MerchantCode) -> Brand:
    brands: BrandCache = request.app.state.brands
    return await brands.brand(merchant)


Nats = Annotated[NATS, Depends(nats_client)]
TheBrand = Annotated[Brand, Depends(brand_of)]
Cache = Valkey
Language = Annotated[str, Depends(request_language)]
GameCode = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_]+$")]  # a game's code in a path
# A trial account is answered ``in_need_true_account``: the lottery is played with real money only.
Member = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT))]
SignedIn = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT, Role.TRIAL))]


@dataclass(frozen=True)
class Account:
    merchant: str
    account_id: str
    username: str


async def account_of(principal: Member) -> Account:
    if principal.account_id is None:
        raise Unauthorized()
    return Account(principal.merchant, principal.account_id, principal.username or "")


Player = Annotated[Account, Depends(account_of)]
