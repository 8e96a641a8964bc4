"""The points service against real servers: PostgreSQL, NATS and Valkey from the kit's plugin; the API in process over
HTTP (ASGI); the worker consuming from JetStream the events the tests publish there as their producers would."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from fastapi import FastAPI
from points_helpers import MERCHANT, Points

from auth_service.accounts.payment_password import payment_password_answers
from points_service.main import build_app
from points_service.settings import PointsSettings
from points_service.worker import build_worker
from portal_kit.db import Database
from portal_kit.testing.clients import answering, asgi_client
from portal_kit.testing.events import consumed, eventually
from portal_kit.testing.fixtures import migrated_database, opened_database, responder, started_app
from portal_kit.testing.plugin import PortalServers, reset_database, reset_redis, reset_streams, running_worker
from wallet_service.money.rpc import money_answers

points_database_url = migrated_database("points_test", "points")
points_db = opened_database("points_database_url", pool_size=10, max_overflow=10)
# The real auth database: the payment password lives there and auth answers the mall's checks.
auth_database_url = migrated_database("auth_for_points", "auth")
# The real wallet database and money answers, for the conversions to cash (asked for by the tests that convert).
wallet_database_url = migrated_database("wallet_for_points", "wallet")
wallet_db = opened_database("wallet_database_url", pool_size=8, max_overflow=8)


@pytest.fixture
async def wallet_clean(wallet_database_url: str) -> None:
    await reset_database(wallet_database_url)


wallet_money = responder("wallet-for-points-test", money_answers, "wallet_db", after=("wallet_clean",))

CONSUMERS = (
    ("AUTH", "points__registered"),
    ("GAMES", "points__game_bet"),
    ("LOTTERY", "points__lottery_bet"),
    ("WALLET", "points__deposit"),
    ("WALLET", "points__bonus_forfeited"),
)


# The raffles' seed key of the tests (not the development one, which an unnamed environment refuses).
TEST_SEED_KEY, TEST_SEED_KEY_ID = "7e" * 32, "t1"


@pytest.fixture
def settings(portal_servers: PortalServers, points_database_url: str) -> PointsSettings:
    return PointsSettings(
        **portal_servers.service_urls(points_database_url), seed_key=TEST_SEED_KEY, seed_key_id=TEST_SEED_KEY_ID
    )


@pytest.fixture
async def points_clean(portal_servers: PortalServers, points_database_url: str) -> None:
    await reset_database(points_database_url)
    await reset_redis(portal_servers.redis_url)


@pytest.fixture
async def auth_responder(portal_servers: PortalServers, auth_database_url: str) -> AsyncIterator[Database]:
    """Auth's payment-password responder on NATS, as the auth worker runs it."""
    await reset_database(auth_database_url)
    db = Database(auth_database_url, pool_size=4)
    answers = payment_password_answers(portal_servers.redis_url, 24 * 3600)
    async with answering(portal_servers.nats_url, "auth-for-points-test", answers, db):
        yield db
    await db.dispose()


app = started_app(build_app, "settings", after=("points_clean", "auth_responder"))


@pytest.fixture
async def points(
    portal_servers: PortalServers, points_db: Database, app: FastAPI, auth_responder: Database
) -> AsyncIterator[Points]:
    """A clean state and the API (no worker: a test that needs events asks for ``worker`` too)."""
    async with asgi_client(app, Language="EN", Merchant=MERCHANT) as http:
        yield Points(http, points_db, portal_servers, auth_responder)


@pytest.fixture
async def worker(points: Points, settings: PointsSettings) -> AsyncIterator[None]:
    """The worker consuming from clean streams."""
    await reset_streams(settings.nats_url)
    async with running_worker(build_worker(settings)):
        for stream, durable in CONSUMERS:
            await eventually(lambda s=stream, d=durable: consumed(settings.nats_url, s, d, 0), timeout=30)
        yield
