"""Risk and support on a member (issue 46): the devices of the profile (from its sign-ins), the notes ops keep on a
member (viewer, finance and admin of the brand; each note audited) and an admin's reset of the member's
authenticator (audited with the reason; nothing else ends). Refused to everybody else."""

from __future__ import annotations

import time
from typing import Any

import pytest
from auth_helpers import HOME, AuthClient
from sqlalchemy import select

from auth_service import totp
from auth_service.accounts.models import Account
from portal_kit.db import Database
from portal_kit.sessions import OpsRole
from portal_kit.testing.sessions import ops_session

MEMBERS = "/wps/ops/auth/merchants/turkeyf2/members"
AUDIT = "/wps/ops/auth/merchants/turkeyf2/audit"
FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"
PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148"


@pytest.fixture
async def member(auth: AuthClient, auth_db: Database) -> str:
    assert (await auth.register()).status_code == 200
    async with auth_db.reader() as session:
        return str(await session.scalar(select(Account.id).where(Account.username == "ayse1990")))


async def sign_in(auth: AuthClient, password: str, agent: str, ip: str = HOME) -> Any:
    payload = {"username": "ayse1990", "password": password, "type": "username", **(await auth.bot_check())}
    headers = {"Language": "EN", "X-Real-Ip": ip, "User-Agent": agent}
    return await auth.encrypted("POST", "/wps/session/login", payload, **headers)


def headers(token: str) -> dict[str, str]:
    return {"Authorization": token, "Language": "EN"}


async def audit_rows(auth: AuthClient, action: str) -> list[dict[str, Any]]:
    answer = await auth.http.get(AUDIT, headers=headers(await auth.ops_token()))
    return [row for row in answer.json()["value"]["list"] if row["action"] == action]


async def test_the_profile_shows_each_browser_the_member_signed_in_from(auth: AuthClient, member: str) -> None:
    assert (await sign_in(auth, "gizli123", FIREFOX)).status_code == 200
    assert (await sign_in(auth, "wrong-one", PHONE, ip="203.0.113.9")).status_code != 200
    assert (await sign_in(auth, "gizli123", FIREFOX)).status_code == 200
    answer = await auth.http.get(f"{MEMBERS}/{member}", headers=headers(await auth.ops_token()))
    devices = answer.json()["value"]["devices"]
    # the latest seen first; the registration signed in with the test client's own browser name
    assert [(d["userAgent"], d["tries"], d["successes"], d["lastIp"]) for d in devices[:2]] == [
        (FIREFOX, 2, 2, HOME), (PHONE, 1, 0, "203.0.113.9")
    ]  # fmt: skip
    assert len(devices) == 3 and devices[2]["userAgent"].startswith("python-httpx")
    firefox = devices[0]
    assert firefox["firstSeen"] < firefox["lastSeen"]


async def test_ops_keep_notes_on_a_member_newest_first_each_audited(auth: AuthClient, member: str) -> None:
    maker = await ops_session(auth.redis_url, "maker1", roles=(OpsRole.FINANCE_MAKER,), merchants=("turkeyf2",))
    for text in ("  Called about a late deposit.  ", "Asked for the second factor to be reset."):
        added = await auth.http.post(f"{MEMBERS}/{member}/notes", json={"text": text}, headers=headers(maker))
        assert added.status_code == 201, added.text
    note = added.json()["value"]
    assert (note["author"], note["accountId"], note["text"]) == ("maker1", member, text)
    viewer = await ops_session(auth.redis_url, "viewer1", roles=(OpsRole.VIEWER,), merchants=("turkeyf2",))
    page = (await auth.http.get(f"{MEMBERS}/{member}/notes", headers=headers(viewer))).json()["value"]
    assert [n["text"] for n in page["list"]] == [
        "Asked for the second factor to be reset.", "Called about a late deposit."
    ]  # fmt: skip
    paged = await auth.http.get(
        f"{MEMBERS}/{member}/notes", params={"pageNo": 2, "pageSize": 1}, headers=headers(viewer)
    )
    assert (paged.json()["value"]["total"], [n["text"] for n in paged.json()["value"]["list"]]) == (
        2, ["Called about a late deposit."]
    )  # fmt: skip
    assert [(a["actor"], a["target"]) for a in await audit_rows(auth, "member.note.add")] == [
        ("maker1", member), ("maker1", member)
    ]  # fmt: skip
    for text in ("", "   ", "x" * 1001):
        refused = await auth.http.post(f"{MEMBERS}/{member}/notes", json={"text": text}, headers=headers(maker))
        assert (refused.status_code, refused.json()["errorCode"]) == (400, "validation.failed")
    unknown = await auth.http.post(f"{MEMBERS}/nobody/notes", json={"text": "x"}, headers=headers(maker))
    assert (unknown.status_code, unknown.json()["errorCode"]) == (404, "account.not_found")


async def test_notes_are_refused_to_other_brands_content_editors_members_and_visitors(
    auth: AuthClient, member: str
) -> None:
    notes = f"{MEMBERS}/{member}/notes"
    elsewhere = await ops_session(auth.redis_url, "other", merchants=("otherbrand",))
    editor = await ops_session(auth.redis_url, "ed", roles=(OpsRole.CONTENT,), merchants=("turkeyf2",))
    player = (await auth.login("ayse1990", "gizli123")).json()["value"]["token"]
    for token, status, code in (
        (elsewhere, 403, "access.denied"), (editor, 403, "ops.role_required"), (player, 403, None), (None, 401, None)
    ):  # fmt: skip
        sent = headers(token) if token else {"Language": "EN"}
        for answer in (
            await auth.http.get(notes, headers=sent),
            await auth.http.post(notes, json={"text": "hello"}, headers=sent),
        ):
            assert answer.status_code == status, answer.text
            if code:
                assert answer.json()["errorCode"] == code


async def bind_authenticator(auth: AuthClient) -> dict[str, str]:
    token = (await auth.login("ayse1990", "gizli123")).json()["value"]["token"]
    member_headers = headers(token)
    secret = (await auth.http.post("/wps/member/totp", headers=member_headers)).json()["value"]["secret"]
    bound = await auth.http.post(
        "/wps/member/totp/confirm",
        json={"code": totp.code_at(secret, time.time() - 30), "password": "gizli123"},
        headers=member_headers,
    )
    assert bound.json()["value"] == {"totpBound": True}, bound.text
    return member_headers


async def test_an_admin_resets_a_members_authenticator_and_nothing_else_ends(auth: AuthClient, member: str) -> None:
    member_headers = await bind_authenticator(auth)
    reset = f"{MEMBERS}/{member}/totp/reset"
    admin = await ops_session(auth.redis_url, "admin1", roles=(OpsRole.ADMIN,), merchants=("turkeyf2",))
    done = await auth.http.post(reset, json={"reason": "lost phone, identity checked"}, headers=headers(admin))
    assert done.json()["value"] == {"accountId": member, "totpBound": False}, done.text
    info = await auth.http.get("/wps/member/info", headers=member_headers)  # the member's session lives on
    assert (info.status_code, info.json()["value"]["totpBound"]) == (200, False)
    again = await auth.http.post("/wps/member/totp", headers=member_headers)  # and may bind a new one
    assert again.status_code == 200, again.text
    [row] = await audit_rows(auth, "account.totp.reset")
    assert (row["actor"], row["target"], row["before"], row["after"]) == (
        "admin1", member, {"totpBound": True}, {"totpBound": False, "reason": "lost phone, identity checked"}
    )  # fmt: skip
    twice = await auth.http.post(reset, json={"reason": "again"}, headers=headers(admin))
    assert (twice.status_code, twice.json()["errorCode"]) == (409, "totp.not_bound")
    assert twice.json()["message"] == "This account has no authenticator bound."
    turkish = await auth.http.post(reset, json={"reason": "again"}, headers={"Authorization": admin, "Language": "TR"})
    assert turkish.json()["message"] == "Bu hesapta bağlı bir doğrulayıcı uygulama yok."
    blank = await auth.http.post(reset, json={"reason": "  "}, headers=headers(admin))
    assert (blank.status_code, blank.json()["errorCode"]) == (400, "validation.failed")
    unknown = await auth.http.post(f"{MEMBERS}/nobody/totp/reset", json={"reason": "x"}, headers=headers(admin))
    assert (unknown.status_code, unknown.json()["errorCode"]) == (404, "account.not_found")


async def test_only_the_brands_admins_reset_an_authenticator(auth: AuthClient, member: str) -> None:
    await bind_authenticator(auth)
    reset = f"{MEMBERS}/{member}/totp/reset"
    maker = await ops_session(auth.redis_url, "maker1", roles=(OpsRole.FINANCE_MAKER,), merchants=("turkeyf2",))
    editor = await ops_session(auth.redis_url, "ed", roles=(OpsRole.CONTENT,), merchants=("turkeyf2",))
    elsewhere = await ops_session(auth.redis_url, "other", roles=(OpsRole.ADMIN,), merchants=("otherbrand",))
    for token, status, code in (
        (maker, 403, "ops.role_required"), (editor, 403, "ops.role_required"), (elsewhere, 403, "access.denied"),
        (None, 401, None),
    ):  # fmt: skip
        sent = headers(token) if token else {"Language": "EN"}
        refused = await auth.http.post(reset, json={"reason": "lost phone"}, headers=sent)
        assert refused.status_code == status, refused.text
        if code:
            assert refused.json()["errorCode"] == code
    profile = await auth.http.get(f"{MEMBERS}/{member}", headers=headers(await auth.ops_token()))
    assert profile.json()["value"]["totpBound"] is True
