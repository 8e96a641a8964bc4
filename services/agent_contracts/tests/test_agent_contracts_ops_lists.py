"""An agent's settlement lines as ops read them (issue 46, item 3): of a kind and a state, newest or oldest first,
sorted and filtered on the server; a bad value is a 400 envelope."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from agent_contracts_helpers import AGENT_TYPE, MERCHANT, AgentContracts

from agent_contracts_service.settlement.models import SettlementLine
from agent_contracts_service.team import service as team
from agent_contracts_service.team.domain import Placement
from portal_kit.sessions import OpsRole
from portal_kit.testing.sessions import ops_session

OPS = f"/wps/ops/agent-contracts/merchants/{MERCHANT}"
START = datetime(2026, 1, 1, tzinfo=UTC)
WAGE = {"tiers": [{"minValidBet": 0, "minActiveMembers": 0, "ratio": 300}]}


async def admin(ac: AgentContracts) -> str:
    return await ops_session(ac.servers.redis_url, "ops.root", roles=[OpsRole.ADMIN], merchants=[MERCHANT])


async def test_an_agents_settlement_lines_are_filtered_and_sorted(ac: AgentContracts) -> None:
    top = str(uuid.uuid4())
    async with ac.db.transaction() as session:
        await team.place(session, MERCHANT, Placement(top, "topagent", AGENT_TYPE, None), START)
    token = await admin(ac)
    granted = await ac.call("PUT", f"{OPS}/members/{top}/contracts/daily-wage", token,
                            {"terms": WAGE, "reason": "top agent"})  # fmt: skip
    assert granted.status_code == 200, granted.text
    detail = await ac.call("GET", f"{OPS}/agents/{top}", token)
    contract_id = detail.json()["value"]["contracts"][0]["id"]
    async with ac.db.transaction() as session:
        for n, status in enumerate(("PAID", "REFUSED", "PAID")):
            session.add(SettlementLine(
                merchant=MERCHANT, contract_id=contract_id, kind="DAILY_WAGE", account_id=top,
                period_start=START + timedelta(days=n), period_end=START + timedelta(days=n + 1), line_type="SALARY",
                currency="TRY", amount=1_000 + n, detail={"net": 1_000 + n}, transaction_id=f"t-{uuid.uuid4()}",
                status=status, error_code="account.not_agent" if status == "REFUSED" else None,
            ))  # fmt: skip
            await session.flush()

    async def amounts(**params: Any) -> list[int]:
        answer = await ac.call("GET", f"{OPS}/agents/{top}/settlements", token, params=params)
        assert answer.status_code == 200, answer.text
        return [line["amount"] for line in answer.json()["value"]["list"]]

    assert await amounts() == [1_002, 1_001, 1_000]
    assert await amounts(sort="oldest") == [1_000, 1_001, 1_002]
    assert await amounts(status="PAID", sort="oldest") == [1_000, 1_002]
    assert await amounts(status="REFUSED") == [1_001]
    assert await amounts(status="PENDING") == []
    assert await amounts(kind="DAILY_WAGE", sort="newest", pageSize="2", pageNo="2") == [1_000]
    assert await amounts(kind="DIVIDEND") == []


@pytest.mark.parametrize("params", [{"sort": "largest"}, {"status": "LOST"}, {"kind": "BONUS"}])
async def test_a_bad_filter_or_order_is_a_400(ac: AgentContracts, params: dict[str, str]) -> None:
    answer = await ac.call("GET", f"{OPS}/agents/{uuid.uuid4()}/settlements", await admin(ac), params=params)
    assert (answer.status_code, answer.json()["errorCode"]) == (400, "validation.failed")
