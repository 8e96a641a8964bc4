"""The test harness the services' conftests share (``portal_kit.testing``), against the run's real servers."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from kit_test_models import Note
from nats.errors import NoRespondersError
from pydantic import BaseModel
from sqlalchemy import func, select

from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder
from portal_kit.servers import ManagedProcess, free_port, port_open
from portal_kit.sessions import OpsRole, Principal, Role, SessionStore
from portal_kit.settings import ServiceSettings
from portal_kit.testing.clients import asgi_client, loop_back, nats_client, valkey_client
from portal_kit.testing.fixtures import responder, running_service, started_app
from portal_kit.testing.plugin import PortalServers, reset_servers, running_processes, running_worker, seeded
from portal_kit.testing.sessions import member_session, ops_session
from portal_kit.valkey_link import ValkeyLink
from portal_kit.worker import Worker


async def session_of(redis_url: str, token: str) -> Principal | None:
    link = ValkeyLink(redis_url)
    try:
        return await SessionStore(link).load(token)
    finally:
        await link.aclose()


async def test_a_member_session_takes_its_role_from_the_account_type(portal_servers: PortalServers) -> None:
    url = portal_servers.redis_url
    member = await session_of(url, await member_session(url, "turkeyf2", "m-1", username="ayse"))
    trial = await session_of(url, await member_session(url, "turkeyf2", "t-1", account_type=4))
    agent = await session_of(url, await member_session(url, "turkeyf2", "a-1", account_type=1))
    named = await session_of(url, await member_session(url, "turkeyf2", "x-1", account_type=None, role=Role.AGENT))
    assert member is not None and trial is not None and agent is not None and named is not None
    assert (member.role, member.merchant, member.account_id, member.account_type, member.username) == (
        Role.MEMBER, "turkeyf2", "m-1", 0, "ayse",
    )  # fmt: skip
    assert (trial.role, trial.account_type, agent.role, agent.account_type) == (Role.TRIAL, 4, Role.AGENT, 1)
    assert (named.role, named.account_type) == (Role.AGENT, None)


async def test_an_ops_session_is_an_admins_for_every_brand_unless_told(portal_servers: PortalServers) -> None:
    url = portal_servers.redis_url
    admin = await session_of(url, await ops_session(url, "ayse.ops"))
    viewer = await session_of(
        url, await ops_session(url, "deniz", roles=(OpsRole.VIEWER,), merchants=("turkeyf2",), account_id="ops-1")
    )
    assert admin is not None and viewer is not None
    assert (admin.role, admin.merchant, admin.username, admin.ops_roles, admin.ops_merchants) == (
        Role.OPS, "*", "ayse.ops", frozenset({OpsRole.ADMIN}), frozenset(),
    )  # fmt: skip
    assert admin.may_act_for("otherbrand")
    assert (viewer.account_id, viewer.ops_roles, viewer.ops_merchants) == (
        "ops-1", frozenset({OpsRole.VIEWER}), frozenset({"turkeyf2"}),
    )  # fmt: skip
    assert not viewer.may_act_for("otherbrand")


async def test_the_clean_state_empties_the_databases_the_streams_and_valkey(
    portal_servers: PortalServers, kit_db: Database, kit_database_url: str
) -> None:
    async with kit_db.transaction() as session:
        session.add(Note(text="left over"))
    async with nats_client(portal_servers.nats_url) as nc:
        await nc.jetstream().add_stream(name="LEFTOVER", subjects=["leftover.>"])
    async with valkey_client(portal_servers.redis_url) as valkey:
        await valkey.set("left", "over")
    await reset_servers(portal_servers, kit_database_url)
    async with kit_db.reader() as reader:
        assert await reader.scalar(select(func.count()).select_from(Note)) == 0
    async with nats_client(portal_servers.nats_url) as nc:
        assert await nc.jetstream().streams_info() == []
    async with valkey_client(portal_servers.redis_url) as valkey:
        assert await valkey.get("left") is None


async def test_a_seed_runs_on_a_connection_of_its_own_and_gives_its_answer(
    kit_db: Database, kit_database_url: str
) -> None:
    async def seed(db: Database) -> bool:
        async with db.transaction() as session:
            session.add(Note(text="the demo brand"))
        return True

    assert await seeded(kit_database_url, seed) is True
    async with kit_db.reader() as reader:
        assert await reader.scalar(select(Note.text)) == "the demo brand"


def test_a_service_takes_its_database_and_the_runs_valkey_and_nats(portal_servers: PortalServers) -> None:
    assert portal_servers.service_urls("postgresql://db") == {
        "database_url": "postgresql://db",
        "redis_url": portal_servers.redis_url,
        "nats_url": portal_servers.nats_url,
    }


def test_processes_run_for_the_block_and_are_stopped_after(portal_servers: PortalServers) -> None:
    port = free_port()
    process = ManagedProcess(
        "http-server",
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)],
        portal_servers.root / "logs" / f"http-server-{port}.log",
        lambda: port_open(port),
        port=port,
    )
    with running_processes(process, ready_within=30):
        assert process.alive and port_open(port)
    assert not process.alive


# A service's processes for the run, as running_site runs the site's: what they are given, what they yield.
RUNS: list[tuple[str, str, str, Path]] = []


@contextmanager
def fake_service(database_url: str, redis_url: str, nats_url: str, log_dir: Path) -> Iterator[str]:
    RUNS.append((database_url, redis_url, nats_url, log_dir))
    yield "http://fake-service"


@pytest.fixture(scope="session")
def fake_service_database_url() -> str:
    return "postgresql://fake-service-db"


fake_service_address = running_service(fake_service, "fake_service_database_url")


def test_a_service_runs_over_its_database_and_the_runs_servers(
    fake_service_address: str, portal_servers: PortalServers
) -> None:
    assert fake_service_address == "http://fake-service"
    (run,) = RUNS
    assert run == (
        "postgresql://fake-service-db",
        portal_servers.redis_url,
        portal_servers.nats_url,
        portal_servers.root / "logs",
    )


# Another service's NATS answers, once a clean state of the test's own is set up.
class EchoRequest(BaseModel):
    text: str


class Echoed(BaseModel):
    text: str
    notes: int


class EchoReply(BaseModel):
    success: bool
    value: Echoed | None = None
    errorCode: str | None = None
    message: str | None = None


SET_UP: list[str] = []


def echo_answers(responder: Responder, db: Database) -> None:
    async def echo(request: EchoRequest) -> EchoReply:
        async with db.reader() as reader:
            notes = await reader.scalar(select(func.count()).select_from(Note)) or 0
        return EchoReply(success=True, value=Echoed(text=request.text, notes=notes))

    responder.answer("rpc.kit-test.echo", EchoRequest, EchoReply, echo, queue="kit-test")
    SET_UP.append("answers")


@pytest.fixture
def set_up_first() -> None:
    SET_UP.append("set_up_first")


echo_responder = responder("kit-test-echo", echo_answers, "kit_db", after=("set_up_first",))


async def test_a_responder_answers_over_its_database_after_the_fixtures_named(
    echo_responder: Responder, portal_servers: PortalServers
) -> None:
    assert SET_UP[-2:] == ["set_up_first", "answers"]
    async with nats_client(portal_servers.nats_url) as nc:
        reply = await nc.request("rpc.kit-test.echo", b'{"text": "hello"}', timeout=5)
    assert EchoReply.model_validate_json(reply.data).value == Echoed(text="hello", notes=0)


async def test_a_worker_runs_for_the_block_and_is_stopped_after(
    portal_servers: PortalServers, kit_database_url: str
) -> None:
    settings = ServiceSettings(service_name="kit-harness", **portal_servers.service_urls(kit_database_url))
    worker = Worker(settings, produces=False, answers=[echo_answers])
    async with running_worker(worker) as running:
        assert running is worker
        async with nats_client(portal_servers.nats_url) as nc:
            for _ in range(100):  # its responder subscribes as it starts
                try:
                    reply = await nc.request("rpc.kit-test.echo", b'{"text": "worker"}', timeout=1)
                    break
                except NoRespondersError:
                    await asyncio.sleep(0.05)
        assert EchoReply.model_validate_json(reply.data).value == Echoed(text="worker", notes=0)
    assert worker.stop_requested.is_set()
    async with nats_client(portal_servers.nats_url) as nc:
        with pytest.raises(NoRespondersError):
            await nc.request("rpc.kit-test.echo", b'{"text": "stopped"}', timeout=1)


# An app started with its lifespan, calling itself where the gateway would route its outgoing calls back.
class Settings(BaseModel):
    greeting: str


def build_app(settings: Settings) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.settings = settings
        app.state.outgoing = httpx.AsyncClient(base_url="http://nowhere.invalid")
        yield
        await app.state.outgoing.aclose()

    app = FastAPI(lifespan=lifespan)

    @app.get("/greeting")
    async def greeting() -> dict[str, Any]:
        return {"greeting": app.state.settings.greeting}

    @app.get("/relayed")
    async def relayed() -> dict[str, Any]:
        answer: dict[str, Any] = (await app.state.outgoing.get("/greeting")).json()
        return answer

    return app


@pytest.fixture
def greeting_settings() -> Settings:
    return Settings(greeting="merhaba")


app = started_app(build_app, "greeting_settings", after=("set_up_first",))


async def test_an_app_starts_with_its_state_and_calls_itself_through_the_loop_back(app: FastAPI) -> None:
    assert app.state.settings == Settings(greeting="merhaba")
    outgoing = app.state.outgoing
    await loop_back(app, "outgoing", "http://portal")
    assert outgoing.is_closed
    async with asgi_client(app, Language="EN") as http:
        assert http.headers["Language"] == "EN"
        assert (await http.get("/relayed")).json() == {"greeting": "merhaba"}
