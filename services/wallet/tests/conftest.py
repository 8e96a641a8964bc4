from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from fastapi import FastAPI
from wallet_http import WalletClient

from auth_service.accounts.payment_password import payment_password_answers
from portal_kit.db import Database
from portal_kit.testing.clients import answering, asgi_client, loop_back
from portal_kit.testing.fixtures import migrated_database, opened_database, started_app
from portal_kit.testing.plugin import PortalServers, reset_database, reset_servers
from wallet_service.main import build_app
from wallet_service.settings import WalletSettings

COOLING_OFF_SECONDS = 24 * 3600


wallet_database_url = migrated_database("wallet_test", "wallet")


wallet_db = opened_database("wallet_database_url", pool_size=30, max_overflow=20)


@pytest.fixture(autouse=True)
async def clean(portal_servers: PortalServers, wallet_database_url: str, wallet_db: Database) -> None:
    await reset_servers(portal_servers, wallet_database_url)


# The real auth database: the payment password lives there and auth answers the wallet's checks.
auth_database_url = migrated_database("auth_for_wallet", "auth")


@pytest.fixture
async def auth_responder(portal_servers: PortalServers, auth_database_url: str) -> AsyncIterator[Database]:
    """Auth's payment-password responder on NATS, as the auth worker runs it."""
    await reset_database(auth_database_url)
    db = Database(auth_database_url, pool_size=4)
    answers = payment_password_answers(portal_servers.redis_url, COOLING_OFF_SECONDS)
    async with answering(portal_servers.nats_url, "auth-for-wallet-test", answers, db):
        yield db
    await db.dispose()


@pytest.fixture
def wallet_settings(portal_servers: PortalServers, wallet_database_url: str) -> WalletSettings:
    return WalletSettings(**portal_servers.service_urls(wallet_database_url))


app = started_app(build_app, "wallet_settings", after=("auth_responder",))


@pytest.fixture
async def wallet(
    portal_servers: PortalServers, app: FastAPI, wallet_db: Database, auth_responder: Database
) -> AsyncIterator[WalletClient]:
    """The wallet's HTTP app with its real lifespan (NATS, Redis, database); the sandbox gateway's callbacks
    come back into the same app, as they come back through the gateway in production."""
    await loop_back(app, "gateway_http", "http://portal")
    async with asgi_client(app, Language="EN") as http:
        yield WalletClient(http, wallet_db, auth_responder, portal_servers.redis_url)
