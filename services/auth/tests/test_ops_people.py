"""Ops people against real servers: the first admin from the bootstrap, the login with a password and a TOTP code
(each code used once, guesses counted before they are compared), short sessions carrying roles and brands, admins
who grant only within their own brands, and the audit of what they did."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
import pytest
from auth_helpers import AuthClient

from auth_service import totp
from auth_service.ops.bootstrap import FirstAdmin, PeopleExist, create_first_admin
from auth_service.settings import AuthSettings
from portal_kit.db import Database

OPS = "/wps/ops/auth"


class Person:
    """An ops person with their authenticator: each login takes the next 30-second code (a code is used once)."""

    def __init__(self, username: str, password: str, secret: str) -> None:
        self.username, self.password, self.secret = username, password, secret
        self.step = -1  # codes of the previous, this and the next step are accepted: start one step back

    def code(self) -> str:
        code = totp.code_at(self.secret, time.time() + self.step * totp.STEP_SECONDS)
        self.step += 1
        return code

    async def login(self, auth: AuthClient, **changes: str) -> httpx.Response:
        body = {"username": self.username, "password": self.password, "totp": self.code(), **changes}
        return await auth.http.post(f"{OPS}/login", json=body)

    async def token(self, auth: AuthClient) -> str:
        response = await self.login(auth)
        assert response.status_code == 200, response.text
        return str(response.json()["value"]["token"])


@pytest.fixture
async def root(auth: AuthClient, auth_db: Database, auth_settings: AuthSettings) -> Person:
    admin: FirstAdmin = await create_first_admin(auth_db, auth_settings.secret_key, "Root.Admin")
    assert admin.totp_uri.startswith("otpauth://totp/") and admin.username == "root.admin"
    return Person(admin.username, admin.password, admin.totp_secret)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": token}


async def add(auth: AuthClient, token: str, username: str, roles: list[str], merchants: list[str]) -> httpx.Response:
    body = {"username": username, "password": "long-enough-pass", "roles": roles, "merchants": merchants}
    return await auth.http.post(f"{OPS}/people", json=body, headers=bearer(token))


def person_from(created: dict[str, Any]) -> Person:
    return Person(created["username"], "long-enough-pass", created["totpSecret"])


async def test_the_first_admin_signs_in_with_password_and_totp_and_each_code_works_once(
    auth: AuthClient, auth_db: Database, auth_settings: AuthSettings, root: Person
) -> None:
    with pytest.raises(PeopleExist):
        await create_first_admin(auth_db, auth_settings.secret_key, "second.root")
    wrong_code = await auth.http.post(
        f"{OPS}/login", json={"username": root.username, "password": root.password, "totp": "000000"}
    )
    code = root.code()
    wrong_password = await auth.http.post(
        f"{OPS}/login", json={"username": root.username, "password": "not-it", "totp": code}
    )
    for refused in (wrong_code, wrong_password):
        assert (refused.status_code, refused.json()["errorCode"]) == (401, "ops.login.failed")
    body = {"username": "ROOT.ADMIN", "password": root.password, "totp": code}
    signed_in = await auth.http.post(f"{OPS}/login", json=body)
    assert signed_in.status_code == 200, signed_in.text
    session = signed_in.json()["value"]
    assert (session["roles"], session["merchants"], session["expiresIn"]) == (["admin"], ["*"], 1800)
    replayed = await auth.http.post(f"{OPS}/login", json=body)
    assert (replayed.status_code, replayed.json()["errorCode"]) == (401, "ops.login.failed")
    assert 1700 < await auth.redis_ttl_of(session["token"]) <= 1800  # a short session

    me = await auth.http.get(f"{OPS}/me", headers=bearer(session["token"]))
    assert me.json()["value"] == me.json()["value"] | {"username": "root.admin", "roles": ["admin"], "merchants": ["*"]}
    assert (await auth.http.post(f"{OPS}/logout", headers=bearer(session["token"]))).status_code == 200
    assert (await auth.http.get(f"{OPS}/me", headers=bearer(session["token"]))).status_code == 401


GUESSER, DESK = "10.9.0.66", "10.9.0.10"  # two addresses inside the ops ranges


async def guess(auth: AuthClient, username: str, n: int, ip: str = GUESSER) -> httpx.Response:
    body = {"username": username, "password": f"guess-{n}", "totp": "123456"}
    return await auth.http.post(f"{OPS}/login", json=body, headers={"X-Real-Ip": ip, "User-Agent": "guesser/1.0"})


async def test_parallel_guesses_are_counted_before_they_are_compared_and_slow_only_their_address(
    auth: AuthClient, root: Person
) -> None:
    """Past three tries of a name from one address each try waits its turn (twice as long as the last): of eight
    guesses at once, three free ones and the one that claims the turn are compared, the others told to wait. The
    name is not locked: its owner signs in from their own desk."""
    guesses = await asyncio.gather(*(guess(auth, root.username, n) for n in range(8)))
    assert sorted(g.json()["errorCode"] for g in guesses) == ["login.wait"] * 4 + ["ops.login.failed"] * 4
    waits = [g for g in guesses if g.json()["errorCode"] == "login.wait"]
    assert {w.status_code for w in waits} == {429} and all(w.json()["value"]["waitSeconds"] >= 1 for w in waits)
    body = {"username": root.username, "password": root.password, "totp": root.code()}
    from_desk = await auth.http.post(f"{OPS}/login", json=body, headers={"X-Real-Ip": DESK})
    assert from_desk.status_code == 200, from_desk.text
    again = await guess(auth, root.username, 99)  # the guesser's address still waits
    assert (again.status_code, again.json()["errorCode"]) == (429, "login.wait")
    # Any name can be tried without locking it for its owner, existing or not.
    for n in range(6):
        assert (await guess(auth, "nobody.yet", n)).status_code in (401, 429)
    created = await add(auth, await root.token(auth), "nobody.yet", ["viewer"], ["turkeyf2"])
    assert created.status_code == 201, created.text
    newcomer = person_from(created.json()["value"])
    body = {"username": newcomer.username, "password": newcomer.password, "totp": newcomer.code()}
    signed_in = await auth.http.post(f"{OPS}/login", json=body, headers={"X-Real-Ip": DESK})
    assert signed_in.status_code == 200, signed_in.text


async def test_failed_ops_logins_are_audited_without_the_password(auth: AuthClient, root: Person) -> None:
    wrong_code = await auth.http.post(
        f"{OPS}/login",
        json={"username": root.username, "password": root.password, "totp": "000000"},
        headers={"X-Real-Ip": GUESSER, "User-Agent": "guesser/1.0"},
    )
    assert wrong_code.json()["errorCode"] == "ops.login.failed"
    for n in range(5):
        await guess(auth, "Ghost.Admin", n)
    token = await root.token(auth)
    audit = (await auth.http.get(f"{OPS}/merchants/*/audit", headers=bearer(token))).json()["value"]
    failed = [entry for entry in audit if entry["action"] == "ops.login.failed"]
    assert [(e["actor"], e["ip"]) for e in failed] == [("ghost.admin", GUESSER)] * 5 + [("root.admin", GUESSER)]
    assert [e["after"]["reason"] for e in failed] == ["wait"] + ["password"] * 4 + ["code"]  # newest first
    assert all(e["after"]["userAgent"] == "guesser/1.0" and e["at"] for e in failed)
    assert root.password not in str(audit) and "guess-" not in str(audit)  # no password, right or wrong
    signed_in = next(entry for entry in audit if entry["action"] == "ops.login")
    assert signed_in["actor"] == "root.admin"


async def test_admins_grant_only_within_their_brands_and_a_change_ends_the_persons_sessions(
    auth: AuthClient, root: Person
) -> None:
    root_token = await root.token(auth)
    created = await add(auth, root_token, "brand.admin", ["admin"], ["turkeyf2"])
    assert created.status_code == 201, created.text
    assert created.json()["value"]["totpUri"].startswith("otpauth://totp/")
    brand_admin = person_from(created.json()["value"])
    brand_token = await brand_admin.token(auth)

    for merchants in (["*"], ["otherbrand"], ["turkeyf2", "otherbrand"]):
        beyond = await add(auth, brand_token, "someone", ["viewer"], merchants)
        assert beyond.status_code == 403, merchants
    weak = await add(auth, brand_token, "weak.pass", ["viewer"], ["turkeyf2"])
    assert weak.status_code == 201
    unknown_role = await add(auth, brand_token, "bad.role", ["superuser"], ["turkeyf2"])
    assert unknown_role.json()["errorCode"] == "validation.failed"
    viewer = person_from(weak.json()["value"])
    viewer_token = await viewer.token(auth)

    people = (await auth.http.get(f"{OPS}/people", headers=bearer(brand_token))).json()["value"]
    assert sorted(p["username"] for p in people) == ["brand.admin", "weak.pass"]  # not root, beyond their brands
    root_id = next(
        p["id"]
        for p in (await auth.http.get(f"{OPS}/people", headers=bearer(root_token))).json()["value"]
        if p["username"] == "root.admin"
    )
    assert (
        await auth.http.patch(f"{OPS}/people/{root_id}", json={"status": "disabled"}, headers=bearer(brand_token))
    ).status_code == 403
    own = await auth.http.patch(
        f"{OPS}/people/{created.json()['value']['id']}", json={"roles": ["admin"]}, headers=bearer(brand_token)
    )
    assert (own.status_code, own.json()["errorCode"]) == (403, "ops.self_change")
    assert (await auth.http.get(f"{OPS}/people", headers=bearer(viewer_token))).json()[
        "errorCode"
    ] == "ops.role_required"

    disabled = await auth.http.patch(
        f"{OPS}/people/{weak.json()['value']['id']}", json={"status": "disabled"}, headers=bearer(brand_token)
    )
    assert disabled.json()["value"]["status"] == "disabled"
    assert (await auth.http.get(f"{OPS}/me", headers=bearer(viewer_token))).status_code == 401
    again = await viewer.login(auth)
    assert (again.status_code, again.json()["errorCode"]) == (403, "account.disabled")

    audit = (await auth.http.get(f"{OPS}/merchants/*/audit", headers=bearer(root_token))).json()["value"]
    change = next(a for a in audit if a["action"] == "ops.person.change")
    assert (change["actor"], change["before"]["status"], change["after"]["status"]) == (
        "brand.admin", "active", "disabled"
    )  # fmt: skip
    brand_audit = await auth.http.get(f"{OPS}/merchants/*/audit", headers=bearer(brand_token))
    assert brand_audit.status_code == 403  # the audit of every brand is for admins of every brand


async def test_members_and_visitors_cannot_reach_ops_people(auth: AuthClient, root: Person) -> None:
    assert (await auth.register()).status_code == 200
    member = (await auth.login("ayse1990", "gizli123")).json()["value"]["token"]
    body = {"username": "x.person", "password": "long-enough-pass", "roles": ["admin"], "merchants": ["*"]}
    as_member = await auth.http.post(f"{OPS}/people", json=body, headers=bearer(member))
    as_visitor = await auth.http.post(f"{OPS}/people", json=body)
    assert (as_member.status_code, as_visitor.status_code) == (403, 401)
    assert (await auth.http.get(f"{OPS}/me", headers=bearer(member))).status_code == 403
