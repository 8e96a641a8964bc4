"""The contract calls on the real servers: the lifecycle table (every allowed and forbidden step), the refusals (a
4xx envelope with a stable code, nothing written), the automatic cancellation and its warning, another tree's data
answering nothing, and two answers to one offer at once (one wins)."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass
from typing import Any

import pytest
from agent_contracts_helpers import MEMBER_TYPE, MERCHANT, OTHER_MERCHANT, TRIAL_TYPE, AgentContracts

from agent_contracts_service.contracts.models import Contract, ContractHistory, ContractRequest

DIVIDEND = "/wps/relay/MCS2_processDividendReq"
DAILY = "/wps/relay/MCS2_processDailySalContract"
HOURLY = "/wps/relay/MCS2_processContractHourSalary"
REALTIME = "/wps/relay/MCSFE_processRealTimeSalaryContract"
GRANT = "/wps/ops/agent-contracts/merchants/{merchant}/members/{account}/contracts/{kind}"


def wage(*ratios: int) -> dict[str, Any]:
    return {
        "tiers": [{"minValidBet": 100_000 * (n + 1), "minActiveMembers": n, "ratio": r} for n, r in enumerate(ratios)]
    }


def dividend(*ratios: int, period: str = "W") -> dict[str, Any]:
    tiers = [
        {"minProfitLoss": 1_000_000 * (n + 1), "minActiveMembers": 3 * n, "ratio": r} for n, r in enumerate(ratios)
    ]
    return {"period": period, "tiers": tiers}


def realtime(win: int, loss: int, bet: int = 50_000) -> dict[str, Any]:
    return {"winRate": win, "lossRate": loss, "betAmount": bet}


@dataclass
class Tree:
    top: str
    agent: str  # the top's direct downline
    downline: str  # the agent's direct downline
    deep: str  # the downline's direct downline


async def tree(ac: AgentContracts) -> Tree:
    top = await ac.place()
    agent = await ac.place(top)
    downline = await ac.place(agent)
    deep = await ac.place(downline)
    return Tree(top, agent, downline, deep)


async def grant(ac: AgentContracts, account: str, kind: str, terms: dict[str, Any]) -> None:
    path = GRANT.format(merchant=MERCHANT, account=account, kind=kind)
    answer = await ac.call("PUT", path, await ac.ops_token(), {"terms": terms, "reason": "top agent"})
    assert answer.status_code == 200, answer.text


async def act(ac: AgentContracts, path: str, caller: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = await ac.call("POST", path, await ac.token(caller), body)
    assert answer.status_code == 200, answer.text
    value: dict[str, Any] = answer.json()["value"]
    return value


async def offer(ac: AgentContracts, path: str, upline: str, downline: str, terms: dict[str, Any] | None,
                request_type: str = "NEW") -> dict[str, Any]:  # fmt: skip
    body = {"action": "offer", "downlineId": downline, "requestType": request_type}
    if terms is not None:
        body["terms"] = terms
    return await act(ac, path, upline, body)


async def refused(ac: AgentContracts, path: str, caller: str, body: dict[str, Any], status: int, code: str,
                  caller_type: int = 1, merchant: str = MERCHANT) -> None:  # fmt: skip
    """The call is refused with ``status`` and ``code``, and no table changed."""
    before = await ac.snapshot()
    answer = await ac.call("POST", path, await ac.token(caller, caller_type, merchant), body, merchant=merchant)
    assert (answer.status_code, answer.json()["errorCode"]) == (status, code), answer.text
    assert answer.json()["success"] is False
    assert await ac.snapshot() == before


async def test_an_offer_signed_becomes_the_downlines_contract_with_its_history(ac: AgentContracts) -> None:
    t = await tree(ac)
    await grant(ac, t.top, "daily-wage", wage(100, 200))
    offered = await offer(ac, DAILY, t.top, t.agent, wage(50, 150))
    pending = offered["pending"]
    assert (pending["status"], pending["requestType"], pending["ratio"]) == ("PENDING", "NEW", 150)
    assert offered["contract"] is None and offered["cancels"] == []
    # the downline reads the offer waiting for it, then signs it
    read = (await ac.call("GET", DAILY, await ac.token(t.agent))).json()["value"]
    assert read["pending"]["id"] == pending["id"]
    signed = await act(ac, DAILY, t.agent, {"action": "sign", "requestId": pending["id"]})
    assert signed["pending"] is None
    assert (signed["contract"]["ratio"], signed["contract"]["uplineId"], signed["contract"]["status"]) == (
        150, t.top, "ACTIVE",
    )  # fmt: skip
    # the upline reads its direct downline's contract
    by_upline = await ac.call("GET", DAILY, await ac.token(t.top), params={"downlineId": t.agent})
    assert by_upline.json()["value"]["contract"]["id"] == signed["contract"]["id"]
    history = (await ac.call("GET", "/wps/agent-contracts/history", await ac.token(t.agent))).json()["value"]
    assert [row["action"] for row in history["list"]] == ["SIGNED", "OFFERED"]
    listed = (await ac.call("GET", "/wps/agent-contracts/contracts", await ac.token(t.top))).json()["value"]
    assert [c["kind"] for c in listed["own"]] == ["DAILY_WAGE"]
    assert [c["accountId"] for c in listed["downlines"]] == [t.agent]


# (request type, decision, allowed): every decision on a pending request; a decided request allows none.
LIFECYCLE = [
    ("NEW", "sign", "SIGNED"),
    ("NEW", "refuse", "REFUSED"),
    ("NEW", "terminate", None),
    ("TERMINATION", "terminate", "TERMINATED"),
    ("TERMINATION", "refuse", "REFUSED"),
    ("TERMINATION", "sign", None),
]


@pytest.mark.parametrize(("request_type", "decision", "outcome"), LIFECYCLE)
async def test_the_lifecycle_of_a_request(
    ac: AgentContracts, request_type: str, decision: str, outcome: str | None
) -> None:
    t = await tree(ac)
    await grant(ac, t.top, "hourly-salary", wage(300))
    if request_type == "TERMINATION":
        first = await offer(ac, HOURLY, t.top, t.agent, wage(200))
        await act(ac, HOURLY, t.agent, {"action": "sign", "requestId": first["pending"]["id"]})
    request = await offer(ac, HOURLY, t.top, t.agent, wage(100) if request_type == "NEW" else None, request_type)
    request_id = request["pending"]["id"]
    body = {"action": decision, "requestId": request_id}
    if outcome is None:
        await refused(ac, HOURLY, t.agent, body, 409, "contract.transition_forbidden")
        return
    answer = await act(ac, HOURLY, t.agent, body)
    [row] = await ac.rows(ContractRequest, id=request_id)
    assert row.status == outcome and answer["pending"] is None
    contract = answer["contract"]
    if outcome == "SIGNED":
        assert contract["ratio"] == 100
    elif outcome == "TERMINATED":
        assert contract is None
        assert [c.end_reason for c in await ac.rows(Contract, account_id=t.agent)] == ["TERMINATED"]
    else:  # refused: what held before still holds
        assert contract is None if request_type == "NEW" else contract["ratio"] == 200
    # a decided request allows no decision at all
    for again in ("sign", "terminate", "refuse"):
        await refused(ac, HOURLY, t.agent, {"action": again, "requestId": request_id}, 409,
                      "contract.transition_forbidden")  # fmt: skip


async def test_only_the_addressee_decides_and_another_brand_or_tree_sees_nothing(ac: AgentContracts) -> None:
    t = await tree(ac)
    sibling = await ac.place(t.top)
    await grant(ac, t.top, "real-time-salary", realtime(80, 60))
    request_id = (await offer(ac, REALTIME, t.top, t.agent, realtime(50, 40)))["pending"]["id"]
    sign = {"action": "sign", "requestId": request_id}
    for caller in (t.top, sibling, t.downline):  # the offerer, a sibling, a downline: none of them may answer
        await refused(ac, REALTIME, caller, sign, 404, "contract.not_found")
    await refused(ac, REALTIME, t.agent, sign, 404, "contract.not_found", merchant=OTHER_MERCHANT)
    await refused(ac, DAILY, t.agent, sign, 404, "contract.not_found")  # another kind's call
    # a sibling reading the agent's contract, another brand reading it: nothing
    for caller, merchant in ((sibling, MERCHANT), (t.top, OTHER_MERCHANT)):
        answer = await ac.call("GET", REALTIME, await ac.token(caller, 1, merchant), params={"downlineId": t.agent},
                               merchant=merchant)  # fmt: skip
        assert (answer.status_code, answer.json()["errorCode"]) == (404, "team.member_not_found")
    sibling_list = (await ac.call("GET", "/wps/agent-contracts/contracts", await ac.token(sibling))).json()["value"]
    assert sibling_list == {"own": [], "downlines": [], "pending": []}
    sibling_history = (await ac.call("GET", "/wps/agent-contracts/history", await ac.token(sibling))).json()
    assert sibling_history["value"]["total"] == 0


async def test_every_refused_offer_writes_nothing(ac: AgentContracts) -> None:
    t = await tree(ac)
    outsider = await ac.place()
    member = await ac.place(t.top, account_type=MEMBER_TYPE)
    await grant(ac, t.top, "dividend", dividend(1000, 2000))
    new = {"action": "offer", "requestType": "NEW"}
    cases = [
        ({**new, "downlineId": t.agent, "terms": dividend(1000, 2500)}, 400, "contract.ratio_above_upline"),
        ({**new, "downlineId": t.agent, "terms": dividend(-5)}, 400, "contract.rate_out_of_range"),
        ({**new, "downlineId": t.agent, "terms": dividend(10_001)}, 400, "contract.rate_out_of_range"),
        ({**new, "downlineId": t.agent, "terms": {"period": "W", "tiers": [
            {"minProfitLoss": 5, "minActiveMembers": 0, "ratio": 10},
            {"minProfitLoss": 5, "minActiveMembers": 0, "ratio": 20}]}}, 400, "contract.terms_invalid"),
        ({**new, "downlineId": t.agent, "terms": dividend(500, 100)}, 400, "contract.terms_invalid"),
        ({**new, "downlineId": t.agent, "terms": {"period": "X", "tiers": []}}, 400, "validation.failed"),
        ({**new, "downlineId": t.agent}, 400, "validation.failed"),
        ({**new, "downlineId": t.downline, "terms": dividend(100)}, 403, "contract.not_direct_downline"),
        ({**new, "downlineId": t.top, "terms": dividend(100)}, 403, "contract.not_direct_downline"),  # itself
        ({**new, "downlineId": outsider, "terms": dividend(100)}, 404, "team.member_not_found"),
        ({**new, "downlineId": str(uuid.uuid4()), "terms": dividend(100)}, 404, "team.member_not_found"),
        ({**new, "downlineId": member, "terms": dividend(100)}, 400, "contract.downline_not_agent"),
        ({"action": "offer", "requestType": "TERMINATION", "downlineId": t.agent}, 409, "contract.none_to_terminate"),
        ({"action": "sign"}, 400, "validation.failed"),
    ]  # fmt: skip
    for body, status, code in cases:
        await refused(ac, DIVIDEND, t.top, body, status, code)
    # a contract to the caller's own upline: outside its tree, as if absent
    await refused(ac, DIVIDEND, t.agent, {**new, "downlineId": t.top, "terms": dividend(10)}, 404,
                  "team.member_not_found")  # fmt: skip
    # the agent holds no dividend contract of its own: it may offer none below it
    await refused(ac, DIVIDEND, t.agent, {**new, "downlineId": t.downline, "terms": dividend(10)}, 409,
                  "contract.upline_has_none")  # fmt: skip
    # a second offer while one waits
    await offer(ac, DIVIDEND, t.top, t.agent, dividend(100))
    await refused(ac, DIVIDEND, t.top, {**new, "downlineId": t.agent, "terms": dividend(50)}, 409,
                  "contract.offer_pending")  # fmt: skip


async def test_members_and_trial_accounts_may_not_call(ac: AgentContracts) -> None:
    t = await tree(ac)
    body = {"action": "offer", "requestType": "NEW", "downlineId": t.agent, "terms": wage(1)}
    await refused(ac, DAILY, t.top, body, 403, "access.denied", caller_type=MEMBER_TYPE)
    await refused(ac, DAILY, t.top, body, 403, "in_need_true_account", caller_type=TRIAL_TYPE)
    visitor = await ac.http.post(DAILY, json=body)
    assert visitor.status_code == 401


async def test_agreeing_to_a_lower_ratio_cancels_what_pays_more_below_and_warns_first(ac: AgentContracts) -> None:
    t = await tree(ac)
    deeper = await ac.place(t.deep)
    await grant(ac, t.top, "daily-wage", wage(500))
    for upline, downline, ratio in ((t.top, t.agent, 400), (t.agent, t.downline, 300), (t.downline, t.deep, 250),
                                    (t.deep, deeper, 100)):  # fmt: skip
        request_id = (await offer(ac, DAILY, upline, downline, wage(ratio)))["pending"]["id"]
        await act(ac, DAILY, downline, {"action": "sign", "requestId": request_id})
    # the agent is offered 200: signing would cancel the downline's 300 and the deep one's 250, not the 100
    offered = await offer(ac, DAILY, t.top, t.agent, wage(200))
    warned = {(w["accountId"], w["ratio"]) for w in offered["cancels"]}
    assert warned == {(t.downline, 300), (t.deep, 250)}
    read = (await ac.call("GET", DAILY, await ac.token(t.agent))).json()["value"]
    assert {(w["accountId"], w["ratio"]) for w in read["cancels"]} == warned
    signed = await act(ac, DAILY, t.agent, {"action": "sign", "requestId": offered["pending"]["id"]})
    assert {(w["accountId"], w["ratio"]) for w in signed["cancels"]} == warned
    active = {c.account_id: c.ratio for c in await ac.rows(Contract, status="ACTIVE")}
    assert active == {t.top: 500, t.agent: 200, deeper: 100}
    ended = {(c.account_id, c.ratio): c.end_reason for c in await ac.rows(Contract, status="ENDED")}
    assert ended == {(t.agent, 400): "SUPERSEDED", (t.downline, 300): "CANCELLED", (t.deep, 250): "CANCELLED"}
    cancelled = [(h.account_id, h.upline_id, h.actor) for h in await ac.rows(ContractHistory, action="CANCELLED")]
    assert sorted(cancelled) == sorted(  # each in the history of both its parties
        [(t.downline, t.agent, f"auto:{t.agent}"), (t.deep, t.downline, f"auto:{t.agent}")]
    )


async def test_a_pending_offer_above_the_new_ratio_is_cancelled_too(ac: AgentContracts) -> None:
    t = await tree(ac)
    await grant(ac, t.top, "real-time-salary", realtime(90, 90))
    first = await offer(ac, REALTIME, t.top, t.agent, realtime(80, 80))
    await act(ac, REALTIME, t.agent, {"action": "sign", "requestId": first["pending"]["id"]})
    waiting = (await offer(ac, REALTIME, t.agent, t.downline, realtime(30, 70)))["pending"]["id"]
    lower = await offer(ac, REALTIME, t.top, t.agent, realtime(60, 60))
    assert [w["requestId"] for w in lower["cancels"]] == [waiting]
    await act(ac, REALTIME, t.agent, {"action": "sign", "requestId": lower["pending"]["id"]})
    assert [r.status for r in await ac.rows(ContractRequest, id=waiting)] == ["CANCELLED"]
    # a termination waiting for a contract that the cancellation ended goes with it
    second = await offer(ac, REALTIME, t.agent, t.downline, realtime(10, 10))
    await act(ac, REALTIME, t.downline, {"action": "sign", "requestId": second["pending"]["id"]})
    ending = (await offer(ac, REALTIME, t.agent, t.downline, None, "TERMINATION"))["pending"]["id"]
    lowest = await offer(ac, REALTIME, t.top, t.agent, realtime(5, 5))
    await act(ac, REALTIME, t.agent, {"action": "sign", "requestId": lowest["pending"]["id"]})
    assert [r.status for r in await ac.rows(ContractRequest, id=ending)] == ["CANCELLED"]
    assert [(h.action, h.upline_id) for h in await ac.rows(ContractHistory, request_id=ending)] == [
        ("TERMINATION_OFFERED", t.agent),
        ("CANCELLED", t.agent),
    ]
    assert [c.end_reason for c in await ac.rows(Contract, account_id=t.downline)] == ["CANCELLED"]
    await refused(ac, REALTIME, t.downline, {"action": "sign", "requestId": waiting}, 409,
                  "contract.transition_forbidden")  # fmt: skip


async def test_ops_grant_only_top_agents_a_contract(ac: AgentContracts) -> None:
    t = await tree(ac)
    await grant(ac, t.top, "daily-wage", wage(100))
    before = await ac.snapshot()
    for account, terms in ((t.downline, wage(150)), (t.agent, wage(50))):  # above or below the upline's: its upline's
        path = GRANT.format(merchant=MERCHANT, account=account, kind="daily-wage")
        answer = await ac.call("PUT", path, await ac.ops_token(), {"terms": terms, "reason": "by ops"})
        assert (answer.status_code, answer.json()["errorCode"]) == (409, "contract.not_top_agent")
    assert await ac.snapshot() == before


async def test_a_member_holding_a_contract_or_awaiting_an_answer_is_not_moved(ac: AgentContracts) -> None:
    t = await tree(ac)
    other = await ac.place()
    await grant(ac, t.top, "daily-wage", wage(500))
    await grant(ac, other, "daily-wage", wage(300))
    move = f"/wps/ops/agent-contracts/merchants/{MERCHANT}/members/{t.agent}/upline"
    waiting = (await offer(ac, DAILY, t.top, t.agent, wage(400)))["pending"]["id"]
    for _ in ("awaiting", "holding"):
        before = await ac.snapshot()
        answer = await ac.call("POST", move, await ac.ops_token(), {"uplineId": other, "reason": "change teams"})
        assert (answer.status_code, answer.json()["errorCode"]) == (409, "team.move_has_contracts"), answer.text
        assert await ac.snapshot() == before
        if _ == "awaiting":  # signed, the 400 would sit under the new upline's 300
            await act(ac, DAILY, t.agent, {"action": "sign", "requestId": waiting})
    # the contract ended, the agent moves, and its own downlines' contracts go with it
    ending = (await offer(ac, DAILY, t.top, t.agent, None, "TERMINATION"))["pending"]["id"]
    await act(ac, DAILY, t.agent, {"action": "terminate", "requestId": ending})
    answer = await ac.call("POST", move, await ac.ops_token(), {"uplineId": other, "reason": "change teams"})
    assert answer.status_code == 200, answer.text


async def test_a_request_id_past_the_database_is_refused_not_failed(ac: AgentContracts) -> None:
    t = await tree(ac)
    await refused(ac, DAILY, t.agent, {"action": "sign", "requestId": 2**70}, 400, "validation.failed")


@pytest.mark.parametrize("rounds", [6])
async def test_two_answers_to_one_offer_at_once_only_one_wins(ac: AgentContracts, rounds: int) -> None:
    t = await tree(ac)
    await grant(ac, t.top, "daily-wage", wage(900))
    token = await ac.token(t.agent)
    for n in range(rounds):
        request_id = (await offer(ac, DAILY, t.top, t.agent, wage(800 - n)))["pending"]["id"]
        bodies = [{"action": "sign" if k % 2 == 0 else "refuse", "requestId": request_id} for k in range(6)]
        answers = await asyncio.gather(*(ac.call("POST", DAILY, token, body) for body in bodies))
        statuses = sorted(a.status_code for a in answers)
        assert statuses == [200, 409, 409, 409, 409, 409], [a.text for a in answers]
        [row] = await ac.rows(ContractRequest, id=request_id)
        winner = next(bodies[k]["action"] for k, a in enumerate(answers) if a.status_code == 200)
        assert row.status == ("SIGNED" if winner == "sign" else "REFUSED")
        decided = [h.action for h in await ac.rows(ContractHistory, request_id=request_id)]
        assert sorted(decided) == sorted(["OFFERED", "SIGNED" if winner == "sign" else "REFUSED"])
        assert len(await ac.rows(Contract, account_id=t.agent, status="ACTIVE")) <= 1


async def test_an_upline_withdraws_its_offer_while_it_waits_and_may_offer_again(ac: AgentContracts) -> None:
    t = await tree(ac)
    await grant(ac, t.top, "real-time-salary", realtime(500, 300))
    request_id = (await offer(ac, REALTIME, t.top, t.agent, realtime(400, 200)))["pending"]["id"]
    withdraw = {"action": "withdraw", "requestId": request_id}
    await refused(ac, REALTIME, t.agent, withdraw, 404, "contract.not_found")  # the addressee does not withdraw
    await refused(ac, REALTIME, t.downline, withdraw, 404, "contract.not_found")
    await refused(ac, DAILY, t.top, withdraw, 404, "contract.not_found")  # another kind's call
    state = await act(ac, REALTIME, t.top, withdraw)
    assert state["accountId"] == t.agent and state["pending"] is None and state["contract"] is None
    [row] = await ac.rows(ContractRequest, id=request_id)
    assert row.status == "WITHDRAWN"
    assert [h.action for h in await ac.rows(ContractHistory, request_id=request_id)] == ["OFFERED", "WITHDRAWN"]
    await refused(ac, REALTIME, t.agent, {"action": "sign", "requestId": request_id}, 409,
                  "contract.transition_forbidden")  # fmt: skip
    await refused(ac, REALTIME, t.top, withdraw, 409, "contract.transition_forbidden")
    again = await offer(ac, REALTIME, t.top, t.agent, realtime(450, 250))
    assert again["pending"]["id"] != request_id


async def test_a_withdrawal_and_a_signature_at_once_only_one_wins(ac: AgentContracts) -> None:
    t = await tree(ac)
    await grant(ac, t.top, "daily-wage", wage(900))
    for n in range(4):
        request_id = (await offer(ac, DAILY, t.top, t.agent, wage(800 - n)))["pending"]["id"]
        calls = [
            ac.call("POST", DAILY, await ac.token(t.top if k % 2 else t.agent),
                    {"action": "withdraw" if k % 2 else "sign", "requestId": request_id})
            for k in range(6)
        ]  # fmt: skip
        answers = await asyncio.gather(*calls)
        assert sorted(a.status_code for a in answers) == [200, 409, 409, 409, 409, 409], [a.text for a in answers]
        [row] = await ac.rows(ContractRequest, id=request_id)
        signed = await ac.rows(Contract, request_id=request_id)
        assert (row.status == "SIGNED") == (len(signed) == 1) and row.status in {"SIGNED", "WITHDRAWN"}
