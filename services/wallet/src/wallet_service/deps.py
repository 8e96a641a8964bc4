"""Dependencies of the wallet's HTTP calls."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from nats.aio.client import Client as NATS
from redis.asyncio import Redis

from portal_kit.db import Database
from portal_kit.sessions import Principal, Role, require_roles
from wallet_service.settings import WalletSettings


async def database(request: Request) -> Database:
    db: Database = request.app.state.db
    return db


async def nats_client(request: Request) -> NATS:
    nc: NATS = request.app.state.nats
    return nc


async def redis_client(request: Request) -> Redis:
    redis: Redis = request.app.state.redis
    return redis


async def wallet_settings(request: Request) -> WalletSettings:
    settings: WalletSettings = request.app.state.settings
    return settings


Db = Annotated[Database, Depends(database)]
Nats = Annotated[NATS, Depends(nats_client)]
Cache = Annotated[Redis, Depends(redis_client)]
Settings = Annotated[WalletSettings, Depends(wallet_settings)]
# Real accounts only: a trial account is answered ``in_need_true_account``.
Member = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT))]
AnyWalletOwner = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT, Role.TRIAL))]
