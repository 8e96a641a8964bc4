"""The worker under the NATS user the portal gives agent-contracts (``portal_stack.access``, from the registry), as
in the local stack and in deploy/: it makes its durable consumers on the producers' streams, consumes what they
publish, and answers the contract-info request to the wallet alone."""

from __future__ import annotations

import asyncio
import secrets
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass

import nats
import pytest
from agent_contracts_helpers import AgentContracts, eventually, registered

from agent_contracts_service.contracts.handlers import CONTRACT_INFO
from agent_contracts_service.settings import AgentContractsSettings
from agent_contracts_service.team.models import TeamMember
from agent_contracts_service.worker import build_worker
from portal_events import ContractInfoReply, ContractInfoRequest
from portal_kit.messaging.relay import connect_nats
from portal_kit.messaging.rpc import ask
from portal_kit.servers import free_port, nats_authorization, nats_process
from portal_kit.testing.plugin import PortalServers
from portal_stack.access import ADMIN, nats_users

USERS = ("agent-contracts", "wallet", "site")


@dataclass
class Nats:
    port: int
    passwords: dict[str, str]

    def url(self, user: str) -> str:
        return f"nats://{user}:{self.passwords[user]}@127.0.0.1:{self.port}"


@pytest.fixture(scope="module")
def private_nats(portal_servers: PortalServers) -> Iterator[Nats]:
    passwords = {name: secrets.token_urlsafe(16) for name in (ADMIN, *USERS)}
    port = free_port()
    root = portal_servers.root / f"nats-rights-{port}"
    process = nats_process(
        port, root, root / "nats.log", sync_always=False, authorization=nats_authorization(nats_users(passwords, USERS))
    )
    process.start()
    try:
        process.wait_ready(30)
        yield Nats(port, passwords)
    finally:
        process.stop()


@pytest.fixture
async def restricted_worker(
    ac: AgentContracts, private_nats: Nats, settings: AgentContractsSettings
) -> AsyncIterator[None]:
    running = build_worker(settings.model_copy(update={"nats_url": private_nats.url("agent-contracts")}))
    task = asyncio.create_task(running.run())
    try:
        nc = await nats.connect(private_nats.url(ADMIN))
        try:
            js = nc.jetstream()
            async with asyncio.timeout(30):
                while True:
                    try:
                        await js.consumer_info("AUTH", "agent-contracts__member_registered")
                        break
                    except Exception:  # noqa: BLE001 - not there yet
                        await asyncio.sleep(0.1)
        finally:
            await nc.close()
        yield
    finally:
        running.stop_requested.set()
        await task


async def test_the_worker_consumes_and_answers_under_its_own_user(
    ac: AgentContracts, private_nats: Nats, restricted_worker: None
) -> None:
    account = str(uuid.uuid4())
    event = registered(account, None)
    nc = await nats.connect(private_nats.url(ADMIN))
    try:
        await nc.jetstream().publish(event.SUBJECT, event.model_dump_json().encode(), headers={"Nats-Msg-Id": event.id})
    finally:
        await nc.close()

    async def placed() -> bool:
        return bool(await ac.rows(TeamMember, account_id=account))

    await eventually(placed)
    request = ContractInfoRequest(merchant="turkeyf2", accountId=account)
    wallet = await connect_nats(private_nats.url("wallet"), "wallet-test")
    try:
        reply = await ask(wallet, CONTRACT_INFO, request, ContractInfoReply)
        assert reply.success and reply.value is not None and reply.value.divtypereq == 0
    finally:
        await wallet.close()
    site = await connect_nats(private_nats.url("site"), "site-test")
    try:  # the site is no caller of this request: its publish is refused, so nothing answers it
        with pytest.raises(Exception, match="service_unavailable"):
            await ask(site, CONTRACT_INFO, request, ContractInfoReply, timeout=0.5)
    finally:
        await site.close()
