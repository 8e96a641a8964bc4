"""``rpc.agent-contracts.team_member`` (issue 45): whether an account is in an agent's team tree, answered by the
worker to the wallet over NATS before an agent's transfer to a downline. Any depth below the agent is in; the agent
itself, its uplines, another team's, another brand's and unknown accounts are not; an ops move counts at once. Only
the wallet may ask (the NATS users the portal runs with, from proto/registry.yaml)."""

from __future__ import annotations

import asyncio
import secrets
import uuid
from collections.abc import Iterator
from pathlib import Path

import nats
import pytest
from agent_contracts_helpers import MEMBER_TYPE, MERCHANT, OTHER_MERCHANT, AgentContracts
from nats.aio.client import Client as NATS

from agent_contracts_service.team.rpc import TEAM_MEMBER, team_member_answers
from portal_events import TeamMemberReply, TeamMemberRequest
from portal_kit.db import Database
from portal_kit.messaging.relay import connect_nats, inbox_prefix
from portal_kit.messaging.rpc import Responder, ask
from portal_kit.servers import ManagedProcess, free_ports, nats_authorization, nats_process
from portal_stack.access import nats_users


async def asked(nc: NATS, agent: str, account: str, merchant: str = MERCHANT) -> tuple[bool, str | None, int | None]:
    request = TeamMemberRequest(merchant=merchant, agentId=agent, accountId=account)
    reply = await ask(nc, TEAM_MEMBER, request, TeamMemberReply)
    assert reply.success and reply.value is not None
    return reply.value.inTeam, reply.value.username, reply.value.accountType


async def test_any_depth_below_the_agent_is_in_its_team_and_nothing_else(ac: AgentContracts, worker: None) -> None:
    top = await ac.place()
    sub = await ac.place(top)
    deep = await ac.place(sub, account_type=MEMBER_TYPE)
    sibling = await ac.place()
    stranger = await ac.place(sibling, account_type=MEMBER_TYPE)
    elsewhere = await ac.place(merchant=OTHER_MERCHANT)
    nc = await connect_nats(ac.servers.nats_url, "wallet-test")
    try:
        assert await asked(nc, top, sub) == (True, f"u{sub[:8]}", 1)
        assert await asked(nc, top, deep) == (True, f"u{deep[:8]}", MEMBER_TYPE)
        assert await asked(nc, sub, deep) == (True, f"u{deep[:8]}", MEMBER_TYPE)
        nobody = (False, None, None)
        for agent, account, merchant in (
            (top, top, MERCHANT), (sub, top, MERCHANT), (deep, sub, MERCHANT), (top, stranger, MERCHANT),
            (top, sibling, MERCHANT), (top, str(uuid.uuid4()), MERCHANT), (top, sub, OTHER_MERCHANT),
            (elsewhere, sub, OTHER_MERCHANT), (top, elsewhere, MERCHANT),
        ):  # fmt: skip
            assert await asked(nc, agent, account, merchant) == nobody, (agent, account)

        # An ops move counts at once: the sub-agent and its downline are now the sibling's.
        moved = await ac.call(
            "POST", f"/wps/ops/agent-contracts/merchants/{MERCHANT}/members/{sub}/upline", await ac.ops_token(),
            {"uplineId": sibling, "reason": "changed teams"},
        )  # fmt: skip
        assert moved.status_code == 200, moved.text
        assert (await asked(nc, top, deep))[0] is False
        assert (await asked(nc, sibling, deep))[0] is True

        raw = await nc.request(TEAM_MEMBER, b'{"merchant": "turkeyf2", "agentId": "a"}', timeout=5)
        refused = TeamMemberReply.model_validate_json(raw.data)
        assert (refused.success, refused.errorCode) == (False, "request.invalid")
    finally:
        await nc.close()


USERS = ("wallet", "games", "lottery", "site", "auth", "agent-contracts")


@pytest.fixture(scope="module")
def team_nats(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, dict[str, str]]]:
    root: Path = tmp_path_factory.mktemp("team-member-access")
    passwords = {name: secrets.token_urlsafe(16) for name in ("admin", *USERS)}
    (port,) = free_ports(1)
    process: ManagedProcess = nats_process(
        port, root / "nats", root / "nats.log", sync_always=False,
        authorization=nats_authorization(nats_users(passwords, USERS)),
    )  # fmt: skip
    process.start()
    try:
        process.wait_ready(30)
        yield port, passwords
    finally:
        process.stop()


def url_of(port: int, passwords: dict[str, str], user: str) -> str:
    return f"nats://{user}:{passwords[user]}@127.0.0.1:{port}"


async def test_only_the_wallet_may_ask_whether_an_account_is_in_a_team(
    team_nats: tuple[int, dict[str, str]], ac: AgentContracts, agent_contracts_db: Database
) -> None:
    port, passwords = team_nats
    top = await ac.place()
    sub = await ac.place(top)
    responder = Responder(url_of(port, passwords, "agent-contracts"), name="agent-contracts-team-access-test")
    team_member_answers(2)(responder, agent_contracts_db)
    await responder.start()
    request = TeamMemberRequest(merchant=MERCHANT, agentId=top, accountId=sub)
    try:
        for intruder in ("games", "lottery", "site", "auth", "agent-contracts"):
            errors: list[str] = []

            async def on_error(error: Exception, errors: list[str] = errors) -> None:
                errors.append(str(error))

            url = url_of(port, passwords, intruder)
            nc = await nats.connect(url, error_cb=on_error, allow_reconnect=False, inbox_prefix=inbox_prefix(url))
            try:
                with pytest.raises(nats.errors.TimeoutError):
                    await nc.request(TEAM_MEMBER, request.model_dump_json().encode(), timeout=0.5)
                await asyncio.sleep(0.1)
                assert any(f'permissions violation for publish to "{TEAM_MEMBER}"' in e for e in errors), errors
            finally:
                await nc.close()

        url = url_of(port, passwords, "wallet")
        wallet = await nats.connect(url, allow_reconnect=False, inbox_prefix=inbox_prefix(url))
        try:
            assert await asked(wallet, top, sub) == (True, f"u{sub[:8]}", 1)
        finally:
            await wallet.close()
    finally:
        await responder.stop()
