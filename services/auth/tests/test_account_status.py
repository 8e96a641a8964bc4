"""Ops disable an account: every session it has ends at once and no way in admits it; enabling it lets it back."""

from __future__ import annotations

import pytest
from auth_helpers import AuthClient
from sqlalchemy import select

from auth_service.accounts.models import Account
from portal_kit.db import Database
from portal_kit.sessions import OpsRole, Principal, Role
from portal_kit.testing.plugin import issue_session


@pytest.fixture
async def member(auth: AuthClient, auth_db: Database) -> str:
    assert (await auth.register()).status_code == 200
    async with auth_db.reader() as session:
        account = await session.scalar(select(Account).where(Account.username == "ayse1990"))
    assert account is not None
    return account.id


def status_path(account_id: str, merchant: str = "turkeyf2") -> str:
    return f"/wps/ops/auth/merchants/{merchant}/accounts/{account_id}/status"


async def set_status(
    auth: AuthClient, account_id: str, status: str, token: str | None = None, merchant: str = "turkeyf2"
) -> int:
    headers = {"Authorization": token or await auth.ops_token()}
    return (
        await auth.http.put(status_path(account_id, merchant), json={"status": status}, headers=headers)
    ).status_code


async def test_disabling_an_account_ends_its_sessions_and_refuses_every_way_in(auth: AuthClient, member: str) -> None:
    tokens = [(await auth.login("ayse1990", "gizli123")).json()["value"]["token"] for _ in range(2)]
    for token in tokens:
        assert (await auth.http.get("/wps/member/info", headers={"Authorization": token})).status_code == 200

    assert await set_status(auth, member, "disabled") == 200
    for token in tokens:
        ended = await auth.http.get("/wps/member/info", headers={"Authorization": token})
        assert ended.status_code == 401, "a disabled account keeps no session"
    refused = await auth.login("ayse1990", "gizli123")
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "account.disabled")

    assert await set_status(auth, member, "active") == 200
    assert (await auth.login("ayse1990", "gizli123")).status_code == 200
    audit = await auth.http.get(
        "/wps/ops/auth/merchants/turkeyf2/audit", headers={"Authorization": await auth.ops_token()}
    )
    changes = [(a["actor"], a["action"], a["before"], a["after"]) for a in audit.json()["value"]["list"]]
    assert changes == [
        ("ops.test", "account.status", {"status": "disabled"}, {"status": "active"}),
        ("ops.test", "account.status", {"status": "active"}, {"status": "disabled"}),
    ]


async def test_only_ops_of_the_brand_may_change_an_accounts_status(auth: AuthClient, member: str) -> None:
    own = (await auth.login("ayse1990", "gizli123")).json()["value"]["token"]
    other_brand = await issue_session(
        auth.redis_url,
        Principal(role=Role.OPS, merchant="otherbrand", username="x", ops_roles=frozenset({OpsRole.ADMIN})),
    )
    this_brand = await issue_session(
        auth.redis_url,
        Principal(role=Role.OPS, merchant="turkeyf2", username="y", ops_roles=frozenset({OpsRole.ADMIN})),
    )
    assert await set_status(auth, member, "disabled", own) == 403
    assert await set_status(auth, member, "disabled", other_brand) == 401  # its session is not valid here
    assert await set_status(auth, member, "disabled", this_brand, merchant="otherbrand") == 403
    unsigned = await auth.http.put(status_path(member), json={"status": "disabled"})
    assert unsigned.status_code == 401
    assert (await auth.http.get("/wps/member/info", headers={"Authorization": own})).status_code == 200


async def test_an_unknown_account_or_status_is_refused_with_an_envelope(auth: AuthClient, member: str) -> None:
    headers = {"Authorization": await auth.ops_token(), "Language": "EN"}
    unknown = await auth.http.put(status_path("no-such-account"), json={"status": "disabled"}, headers=headers)
    assert (unknown.status_code, unknown.json()["errorCode"]) == (404, "account.not_found")
    banned = await auth.http.put(status_path(member), json={"status": "banned"}, headers=headers)
    assert (banned.status_code, banned.json()["errorCode"]) == (400, "validation.failed")
    assert (await auth.login("ayse1990", "gizli123")).status_code == 200


async def test_ops_lock_an_account_for_hours_its_sessions_end_and_unlocking_lifts_it(
    auth: AuthClient, member: str
) -> None:
    token = (await auth.login("ayse1990", "gizli123")).json()["value"]["token"]
    path = f"/wps/ops/auth/merchants/turkeyf2/accounts/{member}/lock"
    admin = {"Authorization": await auth.ops_token()}
    for body in ({"hours": 0, "reason": "x"}, {"hours": 721, "reason": "x"}, {"hours": "24", "reason": "x"},
                 {"hours": 24, "reason": " "}, {"hours": 24}):  # fmt: skip
        refused = await auth.http.post(path, json=body, headers=admin)
        assert (refused.status_code, refused.json()["errorCode"]) == (400, "validation.failed"), body
    viewer = await issue_session(
        auth.redis_url,
        Principal(
            role=Role.OPS,
            merchant="*",
            username="v",
            ops_roles=frozenset({OpsRole.VIEWER}),
            ops_merchants=frozenset({"turkeyf2"}),
        ),
    )
    assert (
        await auth.http.post(path, json={"hours": 24, "reason": "x"}, headers={"Authorization": viewer})
    ).status_code == 403
    locked = await auth.http.post(path, json={"hours": 24, "reason": "chargeback dispute"}, headers=admin)
    assert locked.status_code == 200, locked.text
    assert (await auth.http.get("/wps/member/info", headers={"Authorization": token})).status_code == 401
    refused = await auth.login("ayse1990", "gizli123")
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "account.locked")
    audit = (await auth.http.get("/wps/ops/auth/merchants/turkeyf2/audit", headers=admin)).json()["value"]["list"]
    assert (audit[0]["action"], audit[0]["after"]["reason"]) == ("account.lock", "chargeback dispute")
    unlock = f"/wps/ops/auth/merchants/turkeyf2/accounts/{member}/unlock"
    assert (await auth.http.post(unlock, headers=admin)).status_code == 200
    assert (await auth.login("ayse1990", "gizli123")).status_code == 200
