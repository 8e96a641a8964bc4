"""Ops people against real servers: the founding admins from the bootstrap (they enrol with their token like any
invitee), the login with a password and a TOTP code (each code used once, guesses counted before they are
compared), short sessions carrying roles and brands, admins who invite only within their brands, and the audit of
what they did."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from auth_helpers import AuthClient
from ops_helpers import OPS, Person, bearer, code_of, founder, invite, invited

from auth_service.ops.bootstrap import PeopleExist, create_first_admin
from auth_service.settings import AuthSettings
from portal_kit.db import Database


@pytest.fixture
async def root(auth: AuthClient, auth_db: Database, auth_settings: AuthSettings) -> Person:
    return await founder(auth, auth_db, auth_settings, "root.admin")


@pytest.fixture
async def second(auth: AuthClient, auth_db: Database, auth_settings: AuthSettings, root: Person) -> Person:
    return await founder(auth, auth_db, auth_settings, "second.admin")


async def test_two_founders_enrol_themselves_then_the_bootstrap_refuses_and_each_code_works_once(
    auth: AuthClient, auth_db: Database, auth_settings: AuthSettings, root: Person, second: Person
) -> None:
    with pytest.raises(PeopleExist):
        await create_first_admin(auth_db, auth_settings.public_url, "third.root", "third@ops.example")
    wrong_code = await auth.http.post(
        f"{OPS}/login", json={"username": root.username, "password": root.password, "totp": "000000"}
    )
    code = root.code()
    wrong_password = await auth.http.post(
        f"{OPS}/login", json={"username": root.username, "password": "not-it", "totp": code}
    )
    for refused in (wrong_code, wrong_password):
        assert code_of(refused) == (401, "ops.login.failed")
    body = {"username": "ROOT.ADMIN", "password": root.password, "totp": code}
    signed_in = await auth.http.post(f"{OPS}/login", json=body)
    assert signed_in.status_code == 200, signed_in.text
    session = signed_in.json()["value"]
    assert (session["roles"], session["merchants"], session["expiresIn"]) == (["admin"], ["*"], 1800)
    replayed = await auth.http.post(f"{OPS}/login", json=body)
    assert code_of(replayed) == (401, "ops.login.failed")
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
    auth: AuthClient, root: Person, second: Person
) -> None:
    """Past three tries of a name from one address each try waits its turn (twice as long as the last): of eight
    guesses at once, three free ones and the one that claims the turn are compared, the others told to wait. The
    name is not locked: its owner signs in from their own desk."""
    guesses = await asyncio.gather(*(guess(auth, root.username, n) for n in range(8)))
    assert sorted(g.json()["errorCode"] for g in guesses) == ["login.wait"] * 4 + ["ops.login.failed"] * 4
    waits = [g for g in guesses if g.json()["errorCode"] == "login.wait"]
    assert {w.status_code for w in waits} == {429} and all(w.json()["value"]["waitSeconds"] >= 1 for w in waits)
    from_desk = await root.login(auth, DESK)
    assert from_desk.status_code == 200, from_desk.text
    again = await guess(auth, root.username, 99)  # the guesser's address still waits
    assert code_of(again) == (429, "login.wait")
    # Any name can be tried without locking it for its owner, existing or not.
    for n in range(6):
        assert (await guess(auth, "nobody.yet", n)).status_code in (401, 429)
    newcomer = await invited(auth, await root.token(auth), await second.token(auth), "nobody.yet", ["viewer"],
                             ["turkeyf2"])  # fmt: skip
    signed_in = await newcomer.login(auth, DESK)
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
    audit = (await auth.http.get(f"{OPS}/merchants/*/audit", headers=bearer(token))).json()["value"]["list"]
    failed = [entry for entry in audit if entry["action"] == "ops.login.failed"]
    assert [(e["actor"], e["ip"]) for e in failed] == [("ghost.admin", GUESSER)] * 5 + [("root.admin", GUESSER)]
    assert [e["after"]["reason"] for e in failed] == ["wait"] + ["password"] * 4 + ["code"]  # newest first
    assert all(e["after"]["userAgent"] == "guesser/1.0" and e["at"] for e in failed)
    assert root.password not in str(audit) and "guess-" not in str(audit)  # no password, right or wrong
    signed_in = next(entry for entry in audit if entry["action"] == "ops.login")
    assert signed_in["actor"] == "root.admin"


async def test_admins_invite_only_within_their_brands_and_disabling_ends_the_persons_sessions(
    auth: AuthClient, root: Person, second: Person
) -> None:
    root_token, second_token = await root.token(auth), await second.token(auth)
    brand_admin = await invited(auth, root_token, second_token, "brand.admin", ["admin"], ["turkeyf2"])
    brand_token = await brand_admin.token(auth)

    for merchants in (["*"], ["otherbrand"], ["turkeyf2", "otherbrand"]):
        beyond = await invite(auth, brand_token, "someone", ["viewer"], merchants)
        assert beyond.status_code == 403, merchants
    unknown_role = await invite(auth, brand_token, "bad.role", ["superuser"], ["turkeyf2"])
    assert unknown_role.json()["errorCode"] == "validation.failed"
    bad_mail = await auth.http.post(f"{OPS}/people/invitations", headers=bearer(brand_token), json={
        "username": "bad.mail", "email": "not-an-address", "roles": ["viewer"], "merchants": ["turkeyf2"]})  # fmt: skip
    assert code_of(bad_mail) == (400, "validation.failed")
    # The founders brought brand.admin in, so neither approves its requests: a peer of the brand does.
    peer = await invited(auth, root_token, second_token, "peer.admin", ["admin"], ["turkeyf2"])
    viewer = await invited(auth, brand_token, await peer.token(auth), "weak.viewer", ["viewer"], ["turkeyf2"])
    viewer_token = await viewer.token(auth)

    people = (await auth.http.get(f"{OPS}/people", headers=bearer(brand_token))).json()["value"]
    assert (people["total"], people["totalPages"]) == (3, 1)
    # not the founders; the newest first
    assert [p["username"] for p in people["list"]] == ["weak.viewer", "peer.admin", "brand.admin"]

    async def names(token: str, **params: Any) -> tuple[int, int, list[str]]:
        answer = await auth.http.get(f"{OPS}/people", params=params, headers=bearer(token))
        assert answer.status_code == 200, answer.text
        found = answer.json()["value"]
        return found["total"], found["totalPages"], [p["username"] for p in found["list"]]

    assert await names(brand_token, pageSize=2) == (3, 2, ["weak.viewer", "peer.admin"])
    assert await names(brand_token, pageSize=2, pageNo=2) == (3, 2, ["brand.admin"])
    assert await names(brand_token, sort="oldest") == (3, 1, ["brand.admin", "peer.admin", "weak.viewer"])
    assert await names(brand_token, role="admin", sort="username") == (2, 1, ["brand.admin", "peer.admin"])
    assert await names(brand_token, search="PEER") == (1, 1, ["peer.admin"])
    assert (await names(root_token, sort="username"))[2][:2] == ["brand.admin", "peer.admin"]  # the founders' reach
    assert (await names(root_token))[0] == 5
    assert (
        await auth.http.patch(f"{OPS}/people/{root.id}", json={"status": "disabled"}, headers=bearer(brand_token))
    ).status_code == 403
    own = await auth.http.patch(f"{OPS}/people/{brand_admin.id}", json={"status": "disabled"},
                                headers=bearer(brand_token))  # fmt: skip
    assert code_of(own) == (403, "ops.self_change")
    roles_by_patch = await auth.http.patch(f"{OPS}/people/{viewer.id}", json={"status": "active", "roles": ["admin"]},
                                           headers=bearer(brand_token))  # fmt: skip
    assert code_of(roles_by_patch) == (400, "validation.failed")  # roles change only by a request (test_ops_requests)
    assert code_of(await auth.http.get(f"{OPS}/people", headers=bearer(viewer_token))) == (403, "ops.role_required")

    disabled = await auth.http.patch(
        f"{OPS}/people/{viewer.id}", json={"status": "disabled"}, headers=bearer(brand_token)
    )
    assert disabled.json()["value"]["status"] == "disabled"
    assert (await auth.http.get(f"{OPS}/me", headers=bearer(viewer_token))).status_code == 401
    assert code_of(await viewer.login(auth)) == (403, "account.disabled")
    assert await names(brand_token, status="disabled") == (1, 1, ["weak.viewer"])

    audit = (await auth.http.get(f"{OPS}/merchants/*/audit", headers=bearer(root_token))).json()["value"]["list"]
    change = next(a for a in audit if a["action"] == "ops.person.change")
    assert (change["actor"], change["before"]["status"], change["after"]["status"]) == (
        "brand.admin", "active", "disabled"
    )  # fmt: skip
    brand_audit = await auth.http.get(f"{OPS}/merchants/*/audit", headers=bearer(brand_token))
    assert brand_audit.status_code == 403  # the audit of every brand is for admins of every brand


async def test_members_and_visitors_cannot_reach_ops_people(auth: AuthClient, root: Person) -> None:
    assert (await auth.register()).status_code == 200
    member = (await auth.login("ayse1990", "gizli123")).json()["value"]["token"]
    as_member = await invite(auth, member, "x.person", ["admin"], ["*"])
    as_visitor = await auth.http.post(f"{OPS}/people/invitations", json={})
    assert (as_member.status_code, as_visitor.status_code) == (403, 401)
    assert (await auth.http.get(f"{OPS}/me", headers=bearer(member))).status_code == 403
    old_path = await auth.http.post(f"{OPS}/people", json={"username": "x", "password": "long-enough-pass"},
                                    headers=bearer(await root.token(auth)))  # fmt: skip
    assert old_path.status_code == 405  # an admin no longer makes a person with a password
