"""The ops reads of a brand's agents on the real servers: the paged list with its filters and orders, one agent's
uplines, contracts (who granted them) and waiting requests, its settlement lines; and who may read them (finance
readers of the brand: viewer, finance, admin; never a content editor, another brand's operator or no session)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from agent_contracts_helpers import AGENT_TYPE, MEMBER_TYPE, MERCHANT, OTHER_MERCHANT, AgentContracts

from agent_contracts_service.ops.domain import AgentType
from agent_contracts_service.settlement.models import SettlementLine
from agent_contracts_service.team import service as team
from agent_contracts_service.team.domain import Placement
from portal_kit.sessions import AGENT_TYPES, OpsRole
from portal_kit.testing.sessions import ops_session

OPS = f"/wps/ops/agent-contracts/merchants/{MERCHANT}"
DAILY = "/wps/relay/MCS2_processDailySalContract"
WAGE = {"tiers": [{"minValidBet": 0, "minActiveMembers": 0, "ratio": 300}]}
LOWER_WAGE = {"tiers": [{"minValidBet": 0, "minActiveMembers": 0, "ratio": 200}]}
REALTIME = {"winRate": 50, "lossRate": 80, "betAmount": 10_000}
START = datetime(2026, 1, 1, tzinfo=UTC)


async def put(ac: AgentContracts, name: str, upline: str | None = None, *, account_type: int = AGENT_TYPE,
              minutes: int = 0) -> str:  # fmt: skip
    """An account named ``name``, registered ``minutes`` after START."""
    account_id = str(uuid.uuid4())
    async with ac.db.transaction() as session:
        await team.place(session, MERCHANT, Placement(account_id, name, account_type, upline),
                         START + timedelta(minutes=minutes))  # fmt: skip
    return account_id


async def admin(ac: AgentContracts) -> str:
    return await ops_session(ac.servers.redis_url, "ops.root", roles=[OpsRole.ADMIN], merchants=[MERCHANT])


async def read(ac: AgentContracts, path: str, token: str, **params: Any) -> Any:
    answer = await ac.call("GET", OPS + path, token, params={k: str(v) for k, v in params.items()})
    assert answer.status_code == 200, answer.text
    return answer.json()["value"]


async def names(ac: AgentContracts, token: str, **params: Any) -> list[str]:
    return [row["username"] for row in (await read(ac, "/agents", token, **params))["list"]]


async def grant(ac: AgentContracts, account: str, kind: str, terms: dict[str, Any]) -> None:
    path = f"{OPS}/members/{account}/contracts/{kind}"
    answer = await ac.call("PUT", path, await admin(ac), {"terms": terms, "reason": "top agent"})
    assert answer.status_code == 200, answer.text


def test_the_agent_type_filter_takes_the_kits_agent_types() -> None:
    assert {int(value) for value in AgentType} == AGENT_TYPES


async def test_the_agents_list_is_paged_filtered_and_sorted_on_the_server(ac: AgentContracts) -> None:
    alpha = await put(ac, "Alpha", minutes=1)
    beta = await put(ac, "beta_1", alpha, minutes=2)
    await put(ac, "betamax", beta, account_type=2, minutes=3)
    await put(ac, "player", beta, account_type=MEMBER_TYPE, minutes=4)  # a member: never listed
    await put(ac, "gamma", minutes=5)
    await grant(ac, alpha, "daily-wage", WAGE)
    await grant(ac, alpha, "real-time-salary", REALTIME)
    token = await admin(ac)

    assert await names(ac, token) == ["gamma", "betamax", "beta_1", "Alpha"]  # the newest first
    assert await names(ac, token, sort="username") == ["Alpha", "beta_1", "betamax", "gamma"]
    assert (await names(ac, token, sort="downlines"))[:2] == ["beta_1", "Alpha"]  # 2 direct downlines, then 1
    assert await names(ac, token, search="BETA") == ["betamax", "beta_1"]  # the start, any case
    assert await names(ac, token, search="beta_", sort="username") == ["beta_1"]  # `_` taken literally
    assert await names(ac, token, search="eta") == []  # the start only
    assert await names(ac, token, search=alpha) == ["Alpha"]  # or an id
    assert await names(ac, token, agentType=2) == ["betamax"]
    assert await names(ac, token, contract="DAILY_WAGE") == ["Alpha"]
    assert await names(ac, token, contract="ANY") == ["Alpha"]
    assert await names(ac, token, contract="NONE") == ["gamma", "betamax", "beta_1"]
    assert await names(ac, token, contract="DIVIDEND") == []
    assert await names(ac, token, top="true", sort="username") == ["Alpha", "gamma"]

    first = await read(ac, "/agents", token, sort="username", pageNo=2, pageSize=3)
    assert (first["pageNum"], first["totalPages"], first["total"]) == (2, 2, 4)
    assert [row["username"] for row in first["list"]] == ["gamma"]
    row = (await read(ac, "/agents", token, search="Alpha"))["list"][0]
    assert row["topAgent"] is True and row["downlines"] == 1 and row["depth"] == 0
    assert sorted((c["kind"], c["ratio"]) for c in row["contracts"]) == [("DAILY_WAGE", 300), ("REALTIME_SALARY", 80)]
    below = (await read(ac, "/agents", token, search="beta_1"))["list"][0]
    assert (below["uplineId"], below["uplineUsername"], below["topAgent"], below["depth"]) == (alpha, "Alpha", False, 1)


async def test_an_agents_detail_has_its_uplines_contracts_requests_and_settlements(ac: AgentContracts) -> None:
    top = await put(ac, "topagent")
    agent = await put(ac, "middle", top)
    downline = await put(ac, "lower", agent)
    await put(ac, "player", downline, account_type=MEMBER_TYPE)
    await grant(ac, top, "daily-wage", WAGE)
    offered = await ac.call("POST", DAILY, await ac.token(top),
                            {"action": "offer", "downlineId": agent, "requestType": "NEW", "terms": LOWER_WAGE})  # fmt: skip
    assert offered.status_code == 200, offered.text
    token = await admin(ac)

    waiting = await read(ac, f"/agents/{agent}", token)
    assert [(p["kind"], p["requestType"], p["uplineId"]) for p in waiting["pending"]] == [("DAILY_WAGE", "NEW", top)]
    assert waiting["contracts"] == []
    signed = await ac.call("POST", DAILY, await ac.token(agent),
                           {"action": "sign", "requestId": waiting["pending"][0]["id"]})  # fmt: skip
    assert signed.status_code == 200, signed.text

    detail = await read(ac, f"/agents/{agent}", token)
    assert detail["agent"]["username"] == "middle" and detail["agent"]["downlines"] == 1
    assert detail["teamSize"] == 2
    assert [(u["accountId"], u["username"], u["levelsUp"]) for u in detail["uplines"]] == [(top, "topagent", 1)]
    [held] = detail["contracts"]
    assert (held["kind"], held["status"], held["ratio"], held["origin"], held["grantedBy"]) == (
        "DAILY_WAGE", "ACTIVE", 200, "UPLINE", "topagent",
    )  # fmt: skip
    assert held["terms"] == LOWER_WAGE and held["grantedAt"] == held["startedAt"]
    assert detail["pending"] == [] and detail["agent"]["contracts"] == [{"kind": "DAILY_WAGE", "ratio": 200}]

    await grant(ac, top, "daily-wage", {"tiers": [{"minValidBet": 0, "minActiveMembers": 0, "ratio": 400}]})
    granted = await read(ac, f"/agents/{top}", token)
    assert [(c["status"], c["ratio"], c["origin"], c["grantedBy"], c["endReason"]) for c in granted["contracts"]] == [
        ("ACTIVE", 400, "OPS", "ops.root", None), ("ENDED", 300, "OPS", "ops.root", "SUPERSEDED"),
    ]  # fmt: skip
    assert granted["uplines"] == [] and granted["teamSize"] == 3
    audit = (await read(ac, "/audit", token, action="agent.read", pageSize=50))["list"]
    assert [(row["action"], row["target"]) for row in audit] == [
        ("agent.read", top),
        ("agent.read", agent),
        ("agent.read", agent),
    ]  # each reading of a detail, newest first

    contract_id = held["id"]
    async with ac.db.transaction() as session:
        for n, status in enumerate(("PAID", "REFUSED")):
            session.add(SettlementLine(
                merchant=MERCHANT, contract_id=contract_id, kind="DAILY_WAGE", account_id=agent,
                period_start=START + timedelta(days=n), period_end=START + timedelta(days=n + 1), line_type="SALARY",
                currency="TRY", amount=1_500 + n, detail={"net": 1_500 + n}, transaction_id=f"t-{uuid.uuid4()}",
                status=status, error_code="account.not_agent" if status == "REFUSED" else None,
            ))  # fmt: skip
    lines = await read(ac, f"/agents/{agent}/settlements", token, pageSize=1)
    assert (lines["total"], lines["totalPages"]) == (2, 2)
    assert [(x["amount"], x["status"], x["errorCode"]) for x in lines["list"]] == [
        (1_501, "REFUSED", "account.not_agent")
    ]
    assert (await read(ac, f"/agents/{top}/settlements", token))["total"] == 0
    assert (await read(ac, f"/agents/{agent}/settlements", token, kind="DIVIDEND"))["total"] == 0


@pytest.mark.parametrize("role", [OpsRole.VIEWER, OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER, OpsRole.ADMIN])
async def test_finance_readers_read_the_agents(ac: AgentContracts, role: OpsRole) -> None:
    agent = await put(ac, "reader")
    token = await ops_session(ac.servers.redis_url, "ops.someone", roles=[role], merchants=[MERCHANT])
    assert await names(ac, token) == ["reader"]
    assert (await read(ac, f"/agents/{agent}", token))["agent"]["accountId"] == agent
    assert (await read(ac, f"/agents/{agent}/settlements", token))["total"] == 0


async def test_the_agents_reads_refuse_others(ac: AgentContracts) -> None:
    agent = await put(ac, "private")
    editor = await ops_session(ac.servers.redis_url, "ops.editor", roles=[OpsRole.CONTENT], merchants=[MERCHANT])
    elsewhere = await ops_session(ac.servers.redis_url, "ops.other", roles=[OpsRole.ADMIN], merchants=[OTHER_MERCHANT])
    member = await ac.token(agent)
    for path in ("/agents", f"/agents/{agent}", f"/agents/{agent}/settlements"):
        for token, status, code in (
            (editor, 403, "ops.role_required"), (elsewhere, 403, None), (member, 403, None), ("", 401, None),
        ):  # fmt: skip
            answer = await ac.call("GET", OPS + path, token)
            assert answer.status_code == status, (path, answer.text)
            assert answer.json()["success"] is False and answer.json()["value"] is None
            if code:
                assert answer.json()["errorCode"] == code
    # a viewer may read but not grant, nor move
    viewer = await ops_session(ac.servers.redis_url, "ops.viewer", roles=[OpsRole.VIEWER], merchants=[MERCHANT])
    before = await ac.snapshot()
    granted = await ac.call(
        "PUT", f"{OPS}/members/{agent}/contracts/daily-wage", viewer, {"terms": WAGE, "reason": "x"}
    )
    assert (granted.status_code, granted.json()["errorCode"]) == (403, "ops.role_required")
    assert await ac.snapshot() == before


async def test_unknown_or_another_brands_agent_is_not_found(ac: AgentContracts) -> None:
    token = await admin(ac)
    other_brand = await ac.place(merchant=OTHER_MERCHANT)
    for account in (other_brand, "no-such-account"):
        for path in (f"/agents/{account}", f"/agents/{account}/settlements"):
            answer = await ac.call("GET", OPS + path, token)
            assert (answer.status_code, answer.json()["errorCode"]) == (404, "team.member_not_found"), answer.text
    assert (await read(ac, "/agents", token))["total"] == 0  # another brand's agents are not this brand's
    for params in ({"agentType": "0"}, {"contract": "SALARY"}, {"sort": "age"}, {"pageSize": "101"}, {"search": ""}):
        answer = await ac.call("GET", OPS + "/agents", token, params=params)
        assert (answer.status_code, answer.json()["errorCode"]) == (400, "validation.failed"), params
