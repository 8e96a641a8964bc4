"""Fixture factories the services' test set-ups share: a database of a service migrated on the run's PostgreSQL,
and a ``Database`` on it, each made once per run. A conftest names them in one line each::

    games_database_url = migrated_database("games_test", "games")
    games_db = opened_database("games_database_url", pool_size=20, max_overflow=10)
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from portal_kit.db import Database
from portal_kit.migrations import upgrade
from portal_kit.testing.plugin import PortalServers

SERVICES = Path(__file__).resolve().parents[4]  # services/, where each service keeps its migrations


def migrated_database(name: str, service: str) -> Callable[..., str]:
    """A session fixture: the URL of the database ``name``, migrated to ``service``'s latest schema."""

    @pytest.fixture(scope="session")
    def url(portal_servers: PortalServers) -> str:
        found = portal_servers.database(name)
        upgrade(SERVICES / service / "migrations", found)
        return found

    return url


def opened_database(url_fixture: str, *, pool_size: int = 10, max_overflow: int = 10) -> Callable[..., Any]:
    """A session fixture: a ``Database`` on the URL that the fixture ``url_fixture`` gives, disposed at the end."""

    @pytest.fixture(scope="session")
    async def database(request: pytest.FixtureRequest) -> AsyncIterator[Database]:
        db = Database(request.getfixturevalue(url_fixture), pool_size=pool_size, max_overflow=max_overflow)
        yield db
        await db.dispose()

    return database
