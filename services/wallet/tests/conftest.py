from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from wallet_http import WalletClient

from auth_service.accounts.payment_password import payment_password_answers
from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder
from portal_kit.testing.fixtures import migrated_database, opened_database
from portal_kit.testing.plugin import PortalServers, reset_database, reset_redis, reset_streams
from wallet_service.main import build_app
from wallet_service.settings import WalletSettings

COOLING_OFF_SECONDS = 24 * 3600


wallet_database_url = migrated_database("wallet_test", "wallet")


wallet_db = opened_database("wallet_database_url", pool_size=30, max_overflow=20)


@pytest.fixture(autouse=True)
async def clean(portal_servers: PortalServers, wallet_database_url: str, wallet_db: Database) -> None:
    await reset_database(wallet_database_url)
    await reset_streams(portal_servers.nats_url)
    await reset_redis(portal_servers.redis_url)


# The real auth database: the payment password lives there and auth answers the wallet's checks.
auth_database_url = migrated_database("auth_for_wallet", "auth")


@pytest.fixture
async def auth_responder(portal_servers: PortalServers, auth_database_url: str) -> AsyncIterator[Database]:
    """Auth's payment-password responder on NATS, as the auth worker runs it."""
    await reset_database(auth_database_url)
    db = Database(auth_database_url, pool_size=4)
    responder = Responder(portal_servers.nats_url, name="auth-for-wallet-test")
    payment_password_answers(portal_servers.redis_url, COOLING_OFF_SECONDS)(responder, db)
    await responder.start()
    yield db
    await responder.stop()
    await db.dispose()


@pytest.fixture
async def wallet(
    portal_servers: PortalServers, wallet_database_url: str, wallet_db: Database, auth_responder: Database
) -> AsyncIterator[WalletClient]:
    """The wallet's HTTP app with its real lifespan (NATS, Redis, database); the sandbox gateway's callbacks
    come back into the same app, as they come back through the gateway in production."""
    app = build_app(WalletSettings(database_url=wallet_database_url, redis_url=portal_servers.redis_url))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        await app.state.gateway_http.aclose()
        app.state.gateway_http = httpx.AsyncClient(transport=transport, base_url="http://portal")
        async with httpx.AsyncClient(transport=transport, base_url="http://portal", headers={"Language": "EN"}) as http:
            yield WalletClient(http, wallet_db, auth_responder, portal_servers.redis_url)
