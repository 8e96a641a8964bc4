"""Dependencies of the wallet's HTTP calls (the database and Valkey ones come from the kit)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from nats.aio.client import Client as NATS

from portal_kit.app import Db, Valkey
from portal_kit.sessions import Principal, Role, require_roles
from portal_kit.site import BrandCache
from wallet_service.settings import WalletSettings

__all__ = ["Agent", "Brands", "Db", "Member", "Nats", "Settings", "Valkey"]


async def nats_client(request: Request) -> NATS:
    nc: NATS = request.app.state.nats
    return nc


async def wallet_settings(request: Request) -> WalletSettings:
    settings: WalletSettings = request.app.state.settings
    return settings


async def brand_cache(request: Request) -> BrandCache:
    brands: BrandCache = request.app.state.brands
    return brands


Nats = Annotated[NATS, Depends(nats_client)]
Brands = Annotated[BrandCache, Depends(brand_cache)]
Settings = Annotated[WalletSettings, Depends(wallet_settings)]
# Real accounts only: a trial account is answered ``in_need_true_account``.
Member = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT))]
# Agents only: a member is answered ``access.denied``, a trial account ``in_need_true_account``, a visitor 401.
Agent = Annotated[Principal, Depends(require_roles(Role.AGENT))]
