"""Ops find a member (risk and support): by the start of a username, a mobile number, an id or an address, paged,
and read their profile with recent sign-ins; any ops role of the brand may, nobody else."""

from __future__ import annotations

from typing import Any

import pytest
from auth_helpers import HOME, AuthClient
from sqlalchemy import select

from auth_service.accounts.models import Account
from portal_kit.db import Database
from portal_kit.sessions import OpsRole
from portal_kit.testing.sessions import ops_session

FIND = "/wps/ops/auth/merchants/turkeyf2/members"
SEARCH = f"{FIND}/search"


@pytest.fixture
async def members(auth: AuthClient, auth_db: Database) -> dict[str, str]:
    assert (await auth.register()).status_code == 200
    second = await auth.register(username="Aysel77", mobileNum="5329876543", email=None)
    assert second.status_code == 200, second.text
    async with auth_db.reader() as session:
        rows = (await session.execute(select(Account.username, Account.id))).all()
    return {username: account_id for username, account_id in rows}


async def find(auth: AuthClient, token: str | None = None, **query: Any) -> Any:
    """The search: what to find in the body, the page in the query."""
    headers = {"Authorization": token or await auth.ops_token(), "Language": "EN"}
    paging = {name: query.pop(name) for name in ("pageNo", "pageSize") if name in query}
    return await auth.http.post(SEARCH, params=paging, json=query, headers=headers)


async def usernames(auth: AuthClient, **query: Any) -> list[str]:
    answer = await find(auth, **query)
    assert answer.status_code == 200, answer.text
    return [row["username"] for row in answer.json()["value"]["list"]]


async def test_a_member_is_found_by_the_start_of_a_name_a_mobile_an_id_or_an_address(
    auth: AuthClient, members: dict[str, str]
) -> None:
    assert await usernames(auth, search="AYS") == ["ayse1990", "aysel77"]  # any case, by name
    assert await usernames(auth, search="ayse1") == ["ayse1990"]
    assert await usernames(auth, search="yse") == []  # the start of a name, not any part
    # % and _ are taken literally: unescaped, "ayse_" would match ayse1990
    assert await usernames(auth, search="ays%") == [] and await usernames(auth, search="ayse_") == []
    assert await usernames(auth, search="5329876543", by="mobile") == ["aysel77"]
    assert await usernames(auth, search="532", by="mobile") == []  # a number exactly
    assert await usernames(auth, search=members["ayse1990"], by="id") == ["ayse1990"]
    assert sorted(await usernames(auth, search=HOME, by="address")) == ["ayse1990", "aysel77"]
    paged = (await find(auth, search="ays", pageSize=1, pageNo=2)).json()["value"]
    assert (paged["total"], paged["totalPages"], [r["username"] for r in paged["list"]]) == (2, 2, ["aysel77"])
    row = (await find(auth, search="ayse1990")).json()["value"]["list"][0]
    assert (row["id"], row["status"], row["mobileNum"], row["registerIp"]) == (
        members["ayse1990"],
        "active",
        "5321234567",
        HOME,
    )


async def test_a_profile_shows_the_members_recent_sign_ins(auth: AuthClient, members: dict[str, str]) -> None:
    assert (await auth.login("ayse1990", "wrong-one", ip="203.0.113.9")).status_code != 200
    assert (await auth.login("ayse1990", "gizli123")).status_code == 200
    token = await auth.ops_token()
    answer = await auth.http.get(f"{FIND}/{members['ayse1990']}", headers={"Authorization": token})
    profile = answer.json()["value"]
    assert (profile["username"], profile["nickname"], profile["lastLoginIp"]) == ("ayse1990", "Ayşe", HOME)
    assert [(login["ip"], login["success"]) for login in profile["logins"][:2]] == [
        (HOME, True), ("203.0.113.9", False)
    ]  # fmt: skip
    unknown = await auth.http.get(f"{FIND}/no-such-account", headers={"Authorization": token, "Language": "EN"})
    assert (unknown.status_code, unknown.json()["errorCode"]) == (404, "account.not_found")
    audit = (await auth.http.get("/wps/ops/auth/merchants/turkeyf2/audit", headers={"Authorization": token})).json()
    reads = [(a["actor"], a["target"]) for a in audit["value"]["list"] if a["action"] == "member.profile.read"]
    assert reads == [("ops.test", members["ayse1990"])]  # who opened whose personal data


async def test_any_ops_role_of_the_brand_may_search_and_nobody_else(auth: AuthClient, members: dict[str, str]) -> None:
    finance = await ops_session(auth.redis_url, "fin", roles=(OpsRole.FINANCE_MAKER,), merchants=("turkeyf2",))
    allowed = await find(auth, finance, search="ays")
    assert allowed.status_code == 200, allowed.text
    elsewhere = await ops_session(auth.redis_url, "other", merchants=("otherbrand",))
    refused = await find(auth, elsewhere, search="ays")
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "access.denied")
    member = (await auth.login("ayse1990", "gizli123")).json()["value"]["token"]
    assert (await find(auth, member, search="ays")).status_code == 403
    profile = await auth.http.get(f"{FIND}/{members['ayse1990']}", headers={"Authorization": member})
    assert profile.status_code == 403
    assert (await auth.http.post(SEARCH, json={"search": "ays"})).status_code == 401
    editor = await ops_session(auth.redis_url, "ed", roles=(OpsRole.CONTENT,), merchants=("turkeyf2",))
    content = await find(auth, editor, search="ays")  # a content editor reads no member's personal data
    assert (content.status_code, content.json()["errorCode"]) == (403, "ops.role_required")
    assert (await auth.http.get(f"{FIND}/{members['ayse1990']}", headers={"Authorization": editor})).status_code == 403


async def test_a_search_without_text_or_by_an_unknown_field_is_refused_with_an_envelope(
    auth: AuthClient, members: dict[str, str]
) -> None:
    for query in ({"search": ""}, {"search": "   "}, {}, {"search": "ays", "by": "email"}, {"search": "x" * 65}):
        refused = await find(auth, **query)
        assert (refused.status_code, refused.json()["errorCode"]) == (400, "validation.failed"), query
