"""Dependencies of the games service's HTTP calls (the database and Valkey ones come from the kit)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated

from fastapi import Depends, Request
from nats.aio.client import Client as NATS

from portal_kit.app import Db, Valkey, request_language
from portal_kit.errors import Unauthorized
from portal_kit.merchant import MerchantCode
from portal_kit.sessions import Principal, Role, require_roles
from portal_kit.site import BrandCache

__all__ = [
    "Account", "Brands", "Cache", "Db", "Gambler", "InHousePlayer", "Language", "Member", "MerchantCode", "Nats",
    "Player", "SignedIn",
]  # fmt: skip


async def nats_client(request: Request) -> NATS:
    nc: NATS = request.app.state.nats
    return nc


async def brand_cache(request: Request) -> BrandCache:
    brands: BrandCache = request.app.state.brands
    return brands


Nats = Annotated[NATS, Depends(nats_client)]
Brands = Annotated[BrandCache, Depends(brand_cache)]
Cache = Valkey
Language = Annotated[str, Depends(request_language)]
# Real accounts: a trial account is answered ``in_need_true_account`` (spec §4, game start).
Member = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT))]
# Any session: the game list needs a token (spec §6), a trial account may browse.
SignedIn = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT, Role.TRIAL))]


@dataclass(frozen=True)
class Account:
    """A real account's brand, id and name (a session of a real account always names its account)."""

    merchant: str
    account_id: str
    username: str


async def account_of(principal: Member) -> Account:
    if principal.account_id is None:
        raise Unauthorized()
    return Account(principal.merchant, principal.account_id, principal.username or "")


Player = Annotated[Account, Depends(account_of)]


class WalletName(StrEnum):
    """The wallet an in-house round is played with: a real account's main one, a trial account's play money."""

    MAIN = "main"
    FREE_PLAY = "freeplay"


MAIN_WALLET, FREE_PLAY_WALLET = WalletName


@dataclass(frozen=True)
class Gambler(Account):
    """Who plays an in-house round and with what: a real account its main wallet, a trial account the play money
    of its free-play wallet (only in the games that have a free demo)."""

    wallet: str = MAIN_WALLET

    @property
    def trial(self) -> bool:
        return self.wallet == FREE_PLAY_WALLET


async def gambler_of(principal: SignedIn) -> Gambler:
    if principal.account_id is None:
        raise Unauthorized()
    wallet = FREE_PLAY_WALLET if principal.role is Role.TRIAL else MAIN_WALLET
    return Gambler(principal.merchant, principal.account_id, principal.username or "", wallet)


InHousePlayer = Annotated[Gambler, Depends(gambler_of)]
