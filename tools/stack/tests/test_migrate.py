"""The migration step seeds demo data only in development: a production migration Job migrates and nothing more
(a real PostgreSQL from the kit's plugin, the site's real migrations and seed)."""

from __future__ import annotations

import psycopg
import pytest

from portal_kit.testing.plugin import PortalServers
from portal_stack.config import StackConfig
from portal_stack.migrate import migrate_service, seeds_demo_data
from portal_stack.services import SERVICES

SITE = next(service for service in SERVICES if service.name == "site")


def _brands(url: str) -> list[str]:
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as connection:
        return [row[0] for row in connection.execute("SELECT code FROM merchant ORDER BY code")]


@pytest.mark.parametrize(
    ("variables", "seeded"),
    [
        ({"ENVIRONMENT": "production"}, False),
        ({"ENVIRONMENT": "development", "SITE_ENVIRONMENT": "production"}, False),  # deploy/base sets the prefixed one
        ({"SITE_ENVIRONMENT": "Prod"}, False),  # any other name is production, as for the settings' guards
        ({"ENVIRONMENT": "development"}, True),  # ./portal up
        ({"ENVIRONMENT": "test"}, True),
        ({}, True),
    ],
)
def test_only_development_and_test_seed_demo_data(
    variables: dict[str, str], seeded: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("ENVIRONMENT", "SITE_ENVIRONMENT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert seeds_demo_data(SITE) is seeded
    others = [service for service in SERVICES if service.seed and service is not SITE]
    shared = variables.get("ENVIRONMENT", "development") in ("development", "test")
    assert all(seeds_demo_data(service) is shared for service in others), "each reads its own environment"


def test_a_production_migration_creates_the_schema_and_no_demo_brand(
    portal_servers: PortalServers, monkeypatch: pytest.MonkeyPatch
) -> None:
    production = portal_servers.database("migrate_production")
    monkeypatch.setenv("SITE_DATABASE_URL", production)
    monkeypatch.setenv("SITE_ENVIRONMENT", "production")
    config = StackConfig(external_database=portal_servers.pg_admin_url)
    assert migrate_service(config, SITE) == "site: migrated; no demo data outside development"
    assert _brands(production) == [], "a production install starts with no brand but the operator's"

    development = portal_servers.database("migrate_development")
    monkeypatch.setenv("SITE_DATABASE_URL", development)
    monkeypatch.setenv("SITE_ENVIRONMENT", "development")
    assert migrate_service(config, SITE).startswith("site: migrated; ")
    assert _brands(development) == ["turkeyf2"], "./portal up keeps its demo brand"
