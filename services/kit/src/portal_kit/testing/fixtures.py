"""Fixture factories the services' test set-ups share, each made in one line of a conftest::

    games_database_url = migrated_database("games_test", "games")
    games_db = opened_database("games_database_url", pool_size=20, max_overflow=10)
    site_worker = running_service(running_site, "site_database_url")
    wallet_responder = responder("wallet-for-games-test", money_answers, "wallet_db", after=("clean",))
    app = started_app(build_app, "games_settings", after=("wallet_responder",))

The fixtures they make ask for the fixtures they are given by name, as pytest fixtures ask for theirs.
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from fastapi import FastAPI

from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder
from portal_kit.migrations import upgrade
from portal_kit.testing.clients import answering
from portal_kit.testing.plugin import PortalServers

SERVICES = Path(__file__).resolve().parents[4]  # services/, where each service keeps its migrations

F = TypeVar("F", bound=Callable[..., Any])


def _asking(names: Sequence[str], function: F) -> F:
    """``function``, which takes the fixtures it needs as keyword arguments, as asking for the fixtures ``names``
    (pytest reads a fixture's needs from its signature)."""
    parameters = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY) for name in dict.fromkeys(names)]
    function.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    return function


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

    async def database(**needs: Any) -> AsyncIterator[Database]:
        db = Database(needs[url_fixture], pool_size=pool_size, max_overflow=max_overflow)
        yield db
        await db.dispose()

    return pytest.fixture(scope="session")(_asking([url_fixture], database))


def running_service(
    run: Callable[[str, str, str, Path], AbstractContextManager[Any]], database_url_fixture: str
) -> Callable[..., Any]:
    """A session fixture: a service's real processes for the whole run, ``run(database_url, redis_url, nats_url,
    log_dir)`` over the database that ``database_url_fixture`` gives and the run's servers; gives what ``run``
    yields (the site's ``running_site``: the site's API address)."""

    def running(**needs: Any) -> Iterator[Any]:
        servers: PortalServers = needs["portal_servers"]
        arguments = (needs[database_url_fixture], servers.redis_url, servers.nats_url, servers.root / "logs")
        with run(*arguments) as value:
            yield value

    return pytest.fixture(scope="session")(_asking(["portal_servers", database_url_fixture], running))


def responder(
    name: str, answers: Callable[[Responder, Database], None], database_fixture: str, *, after: Sequence[str] = ()
) -> Callable[..., Any]:
    """A fixture: another service's NATS answers, ``answers(responder, db)`` as its worker registers them over
    the ``Database`` that ``database_fixture`` gives, on a ``Responder`` named ``name``; once the fixtures
    ``after`` are set up (a clean state), for the test."""

    async def answering_for_the_test(**needs: Any) -> AsyncIterator[Responder]:
        servers: PortalServers = needs["portal_servers"]
        async with answering(servers.nats_url, name, answers, needs[database_fixture]) as running:
            yield running

    needs = ["portal_servers", database_fixture, *after]
    return pytest.fixture(_asking(needs, answering_for_the_test))


def started_app(
    build: Callable[[Any], FastAPI], settings_fixture: str, *, after: Sequence[str] = ()
) -> Callable[..., Any]:
    """A fixture: the app ``build(settings)`` makes from the settings that ``settings_fixture`` gives, started with
    its real lifespan (its state as in production: database, Valkey, NATS) once the fixtures ``after`` are set
    up, stopped after the test."""

    async def app(**needs: Any) -> AsyncIterator[FastAPI]:
        application = build(needs[settings_fixture])
        async with application.router.lifespan_context(application):
            yield application

    return pytest.fixture(_asking([settings_fixture, *after], app))
