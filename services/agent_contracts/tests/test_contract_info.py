"""The wallet's request for the consolidated info's contract fields, answered by the worker over NATS."""

from __future__ import annotations

import uuid

from agent_contracts_helpers import MERCHANT, AgentContracts
from nats.aio.client import Client as NATS
from test_agent_contract_calls import DAILY, GRANT, offer, wage

from agent_contracts_service.contracts.handlers import CONTRACT_INFO
from portal_events import ContractInfoReply, ContractInfoRequest
from portal_kit.messaging.relay import connect_nats
from portal_kit.messaging.rpc import ask


async def info(nc: NATS, account: str, merchant: str = MERCHANT) -> ContractInfoReply:
    return await ask(nc, CONTRACT_INFO, ContractInfoRequest(merchant=merchant, accountId=account), ContractInfoReply)


async def test_each_field_says_where_the_account_stands(ac: AgentContracts, worker: None) -> None:
    top = await ac.place()
    agent = await ac.place(top)
    path = GRANT.format(merchant=MERCHANT, account=top, kind="dividend")
    terms = {"period": "M", "tiers": [{"minProfitLoss": 0, "minActiveMembers": 0, "ratio": 100}]}
    granted = await ac.call("PUT", path, await ac.ops_token(), {"terms": terms, "reason": "top"})
    assert granted.status_code == 200
    path = GRANT.format(merchant=MERCHANT, account=top, kind="daily-wage")
    assert (await ac.call("PUT", path, await ac.ops_token(), {"terms": wage(50), "reason": "top"})).status_code == 200
    await offer(ac, DAILY, top, agent, wage(40))
    nc = await connect_nats(ac.servers.nats_url, "wallet-test")
    try:
        top_info = await info(nc, top)
        assert top_info.success and top_info.value is not None
        assert top_info.value.model_dump() == {
            "dailysalreqtype": 1, "divtypereq": 1, "contracthoursalreq": 0, "realtimesalreqtype": 0,
        }  # fmt: skip
        agent_info = await info(nc, agent)
        assert agent_info.value is not None and agent_info.value.dailysalreqtype == 2
        stranger = await info(nc, str(uuid.uuid4()), "otherbrand")
        assert stranger.value is not None and set(stranger.value.model_dump().values()) == {0}
        raw = await nc.request(CONTRACT_INFO, b'{"merchant": "turkeyf2"}', timeout=5)
        refused = ContractInfoReply.model_validate_json(raw.data)
        assert (refused.success, refused.errorCode) == (False, "request.invalid")
    finally:
        await nc.close()
