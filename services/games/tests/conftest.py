"""The games service against real servers: PostgreSQL, NATS and Valkey from the kit's plugin; the real site
worker (``rpc.site.brand``, the brand's currency) and the wallet's real money API (its responders on NATS over
its own database), as the games service reaches them in production."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from fastapi import FastAPI
from games_helpers import MERCHANT, Games

from games_service.main import build_app
from games_service.seed import seed as seed_catalogue
from games_service.settings import GamesSettings
from portal_kit.db import Database
from portal_kit.testing.clients import asgi_client, loop_back
from portal_kit.testing.fixtures import migrated_database, opened_database, responder, running_service, started_app
from portal_kit.testing.plugin import PortalServers, reset_servers, seeded
from portal_stack.harness import running_site
from site_service.seed import seed as seed_site
from wallet_service.money.rpc import money_answers

games_database_url = migrated_database("games_test", "games")


wallet_database_url = migrated_database("wallet_for_games", "wallet")


site_database_url = migrated_database("site_for_games", "site")


site_worker = running_service(running_site, "site_database_url")


games_db = opened_database("games_database_url", pool_size=20, max_overflow=10)


wallet_db = opened_database("wallet_database_url", pool_size=20, max_overflow=10)


@pytest.fixture
async def clean(
    portal_servers: PortalServers, games_database_url: str, wallet_database_url: str, site_database_url: str,
    games_db: Database, site_worker: str,
) -> None:  # fmt: skip
    await reset_servers(portal_servers, games_database_url, wallet_database_url, site_database_url)
    await seeded(site_database_url, seed_site)
    await seed_catalogue(games_db)


# The wallet worker's money API on NATS, as games reach it in production.
wallet_responder = responder("wallet-for-games-test", money_answers, "wallet_db", after=("clean",))


@pytest.fixture(scope="session")
def hub88_key() -> rsa.RSAPrivateKey:
    """The aggregator's key pair, made for the test run as ``./portal up`` makes its development pair."""
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@pytest.fixture(scope="session")
def operator_key() -> rsa.RSAPrivateKey:
    """The operator's own key pair for its Games API calls, made as ``./portal up`` makes its development pair."""
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def _pem(key: rsa.RSAPrivateKey) -> tuple[str, str]:
    """(private, public) PEM of ``key``."""
    public = key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    return private.decode(), public.decode()


@pytest.fixture
def games_settings(
    portal_servers: PortalServers, games_database_url: str, hub88_key: rsa.RSAPrivateKey,
    operator_key: rsa.RSAPrivateKey,
) -> GamesSettings:  # fmt: skip
    (aggregator_private, aggregator_public), (operator_private, operator_public) = _pem(hub88_key), _pem(operator_key)
    return GamesSettings(
        **portal_servers.service_urls(games_database_url),
        hub88_public_key=aggregator_public, hub88_simulator_private_key=aggregator_private,
        hub88_operator_private_key=operator_private, hub88_simulator_operator_public_key=operator_public,
    )  # fmt: skip


app = started_app(build_app, "games_settings", after=("wallet_responder",))


@pytest.fixture
async def games(
    portal_servers: PortalServers, app: FastAPI, games_db: Database, wallet_db: Database
) -> AsyncIterator[Games]:
    # Hub88's Games API (the simulator) and the portal's public address are this app, as the gateway would route
    # them.
    await loop_back(app, "hub88_http", "http://portal/wps/games/hub88-sim")
    await loop_back(app, "hub88_sim_http", "http://portal")
    async with asgi_client(app, Language="EN", Merchant=MERCHANT) as http:
        yield Games(http, games_db, wallet_db, portal_servers.redis_url, app)
