"""Schemathesis against the service's own OpenAPI document, served by a real API process, as an agent holding a
contract with a direct downline: no generated call answers a 5xx, and every answer matches the schema its operation
declares (the success envelope's model, or the error envelope). Deterministic, so every run sees the same cases."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator

import httpx
import pytest
import schemathesis
from agent_contracts_helpers import MERCHANT, AgentContracts
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error, response_schema_conformance

from agent_contracts_service.main import build_app
from portal_kit.db import Database
from portal_kit.servers import ManagedProcess, free_port, port_open
from portal_kit.testing.plugin import PortalServers, reset_database

SCHEMA = schemathesis.openapi.from_dict(build_app().openapi())
Target = tuple[str, dict[str, str]]


async def _seed(servers: PortalServers, url: str, base_url: str) -> str:
    """A top agent with a granted daily wage, its downline offered one: the downline's session."""
    await reset_database(url)
    db = Database(url, pool_size=2)
    try:
        async with httpx.AsyncClient(base_url=base_url, headers={"Merchant": MERCHANT}) as http:
            ac = AgentContracts(http, db, servers)
            top = await ac.place()
            agent = await ac.place(top)
            await ac.place(agent)
            terms = {"tiers": [{"minValidBet": 0, "minActiveMembers": 0, "ratio": 300}]}
            path = f"/wps/ops/agent-contracts/merchants/{MERCHANT}/members/{top}/contracts/daily-wage"
            granted = await ac.call("PUT", path, await ac.ops_token(), {"terms": terms, "reason": "fuzz"})
            assert granted.status_code == 200, granted.text
            offered = await ac.call("POST", "/wps/relay/MCS2_processDailySalContract", await ac.token(top),
                                    {"action": "offer", "downlineId": agent, "requestType": "NEW", "terms": terms})  # fmt: skip
            assert offered.status_code == 200, offered.text
            return await ac.token(agent)
    finally:
        await db.dispose()


@pytest.fixture(scope="module")
def fuzz_target(portal_servers: PortalServers, agent_contracts_database_url: str) -> Iterator[Target]:
    port = free_port()
    process = ManagedProcess(
        "agent-contracts-fuzz",
        [
            sys.executable,
            "-m",
            "uvicorn",
            "agent_contracts_service.main:app",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        portal_servers.root / "logs" / f"agent-contracts-fuzz-{port}.log",
        lambda: port_open(port),
        env={
            "AGENT_CONTRACTS_DATABASE_URL": agent_contracts_database_url,
            "REDIS_URL": portal_servers.redis_url,
            "NATS_URL": portal_servers.nats_url,
        },
        port=port,
    )
    process.start()
    try:
        process.wait_ready(60)
        base_url = f"http://127.0.0.1:{port}"
        token = asyncio.run(_seed(portal_servers, agent_contracts_database_url, base_url))
        yield base_url, {"Authorization": token, "Merchant": MERCHANT, "Language": "EN"}
    finally:
        process.stop()


@SCHEMA.parametrize()
@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_every_call_answers_as_its_openapi_declares(case: schemathesis.Case, fuzz_target: Target) -> None:
    base_url, headers = fuzz_target
    case.call_and_validate(
        base_url=base_url, headers={**headers, **(case.headers or {})},
        checks=[not_a_server_error, response_schema_conformance], timeout=30,
    )  # fmt: skip
