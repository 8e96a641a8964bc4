"""An agent registers accounts under itself (``PUT /wps/agent/downlines``): by the brand's rules, as a member or an
agent, announced with the agent as upline; refused to anyone but an agent; nothing written on bad input; counted
per agent."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from auth_helpers import GOOD_REGISTRATION, AuthClient
from sqlalchemy import func, select

from auth_service.accounts.models import Account
from portal_kit.db import Database
from portal_kit.messaging.outbox import OutboxMessage

PATH = "/wps/agent/downlines"
DOWNLINE = {
    "username": "Downline01",
    "password": "gizli123",
    "confirmPassword": "gizli123",
    "mobileNum": "5329876543",
    "countryDialingCode": "90",
    "birthday": "1991-02-03",
    "nickname": "Deniz",
    "email": "deniz@example.com",
    "paymentPassword": "123987",
}


async def agent_token(auth: AuthClient, account_type: int = 1) -> tuple[dict[str, Any], str]:
    agent = await auth.create_agent(account_type=account_type)
    response = await auth.login("agentone", "Agent-pass-1", path="/wps/session/login/agent")
    assert response.status_code == 200, response.text
    return agent, response.json()["value"]["token"]


async def register_downline(auth: AuthClient, token: str, language: str = "EN", **changes: Any) -> httpx.Response:
    payload = {key: value for key, value in {**DOWNLINE, **changes}.items() if value is not None}
    return await auth.encrypted("PUT", PATH, payload, Authorization=token, Language=language)


async def rows(db: Database) -> tuple[int, int]:
    async with db.reader() as session:
        accounts = await session.scalar(select(func.count()).select_from(Account))
        events = await session.scalar(select(func.count()).select_from(OutboxMessage))
    return int(accounts or 0), int(events or 0)


async def test_a_member_registered_by_its_agent_is_announced_under_it(auth: AuthClient, auth_db: Database) -> None:
    agent, token = await agent_token(auth)
    response = await register_downline(auth, token)
    assert response.status_code == 200, response.text
    value = response.json()["value"]
    assert (value["username"], value["accountType"], value["affiliateCode"]) == ("downline01", 0, None)
    async with auth_db.reader() as session:
        account = await session.get(Account, value["accountId"])
        events = (await session.scalars(select(OutboxMessage))).all()
    [event] = [e for e in events if e.body["data"]["accountId"] == value["accountId"]]
    assert account is not None and account.upline_id == agent["id"] and account.register_method == "USERNAME"
    assert account.password_hash is not None and account.password_hash.startswith("$argon2id$")
    assert event.body["data"]["uplineId"] == agent["id"] and event.body["data"]["accountType"] == 0
    login = await auth.login("downline01", "gizli123")  # the member site admits it with the password the agent set
    assert login.status_code == 200, login.text
    refused = await auth.login("downline01", "gizli123", path="/wps/session/login/agent")
    assert refused.json()["errorCode"] == "login.not_agent"


async def test_a_downline_agent_takes_its_uplines_type_and_a_code_of_its_own(auth: AuthClient) -> None:
    _, token = await agent_token(auth, account_type=41)
    response = await register_downline(auth, token, accountType="AGENT")
    assert response.status_code == 200, response.text
    value = response.json()["value"]
    assert value["accountType"] == 41 and len(value["affiliateCode"]) == 10
    checked = await auth.http.get("/wps/agent/affiliate", params={"code": value["affiliateCode"]})
    assert checked.json()["value"] == {"valid": True}
    login = await auth.login("downline01", "gizli123", path="/wps/session/login/agent")
    assert login.status_code == 200, login.text


async def test_bad_input_is_refused_by_the_brands_rules_and_writes_nothing(auth: AuthClient, auth_db: Database) -> None:
    _, token = await agent_token(auth)
    before = await rows(auth_db)
    cases = [
        ({"username": None}, "register.field.required"),
        ({"username": "1abc"}, "register.field.invalid"),
        ({"password": None, "confirmPassword": None}, "register.field.required"),
        ({"confirmPassword": "gizli124"}, "register.password.mismatch"),
        ({"birthday": "2015-01-01"}, "register.age"),
        ({"paymentPassword": "12"}, "register.field.invalid"),
        ({"accountType": "OPS"}, "validation.failed"),
    ]
    for changes, code in cases:
        response = await register_downline(auth, token, **changes)
        assert response.status_code == 400, (changes, response.text)
        assert response.json()["errorCode"] == code, (changes, response.text)
    turkish = await register_downline(auth, token, "TR", confirmPassword="x")
    assert turkish.json()["message"] != (await register_downline(auth, token, confirmPassword="x")).json()["message"]
    assert await rows(auth_db) == before


async def test_a_name_taken_twice_at_once_is_registered_once(auth: AuthClient, auth_db: Database) -> None:
    _, token = await agent_token(auth)
    taken = await auth.register()  # ayse1990, a stranger's
    assert taken.status_code == 200
    clash = await register_downline(auth, token, username=GOOD_REGISTRATION["username"], mobileNum="5320000001")
    assert (clash.status_code, clash.json()["errorCode"]) == (409, "username.exists")
    before = await rows(auth_db)
    answers = await asyncio.gather(*(
        register_downline(auth, token, mobileNum=f"53200001{n:02d}") for n in range(8)
    ))  # fmt: skip
    assert sorted(a.status_code for a in answers) == [200] + [409] * 7
    assert await rows(auth_db) == (before[0] + 1, before[1] + 1)


async def test_only_an_agent_may_register_downlines(auth: AuthClient, auth_db: Database) -> None:
    registered = await auth.register()
    member_token = registered.json()["value"]["token"]
    before = await rows(auth_db)
    member = await register_downline(auth, member_token)
    assert (member.status_code, member.json()["errorCode"]) == (403, "access.denied")
    visitor = await auth.encrypted("PUT", PATH, DOWNLINE)
    assert visitor.status_code == 401
    assert await rows(auth_db) == before


async def test_an_agent_is_counted_before_its_registration_is_checked(auth: AuthClient) -> None:
    _, token = await agent_token(auth)
    limit = 60
    answers = await asyncio.gather(*(register_downline(auth, token, username="1bad") for _ in range(limit + 5)))
    codes = [answer.json()["errorCode"] for answer in answers]
    assert codes.count("register.field.invalid") == limit
    assert all(
        answer.status_code == 429 for answer in answers if answer.json()["errorCode"] != "register.field.invalid"
    )
