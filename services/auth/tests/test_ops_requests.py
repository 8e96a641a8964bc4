"""A second person that is a person, through the auth API against real servers: a new ops person is an invitation
one admin makes and another approves; the link goes to the invitee's mail alone (never in an answer, never in a
query string), and on it they set their own password and enrol their own TOTP. Grants of roles and brands and the
address ranges the ops login admits are requests a second admin approves: never the maker, never someone the maker
brought in, never one who could not grant it. Races: two approvals at once carry a request out once, a token used
twice at once enrols once."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from auth_helpers import AuthClient
from ops_helpers import (
    OPS,
    PASSWORD,
    Person,
    bearer,
    code_of,
    decide,
    enrol,
    founder,
    invite,
    invited,
    mailed_token,
    mails_to,
)
from sqlalchemy import text

from auth_service.settings import AuthSettings
from portal_kit.db import Database


@pytest.fixture
async def root(auth: AuthClient, auth_db: Database, auth_settings: AuthSettings) -> Person:
    return await founder(auth, auth_db, auth_settings, "root.admin")


@pytest.fixture
async def second(auth: AuthClient, auth_db: Database, auth_settings: AuthSettings, root: Person) -> Person:
    return await founder(auth, auth_db, auth_settings, "second.admin")


async def test_an_invitation_waits_for_a_second_admin_and_its_link_reaches_only_the_invitee(
    auth: AuthClient, root: Person, second: Person
) -> None:
    root_token, second_token = await root.token(auth), await second.token(auth)
    asked = await invite(auth, root_token, "Desk.Maker", ["finance-maker"], ["turkeyf2"])
    assert asked.status_code == 201, asked.text
    request = asked.json()["value"]
    assert (request["kind"], request["status"], request["maker"], request["merchants"]) == (
        "person.invite", "pending", "root.admin", ["turkeyf2"]
    )  # fmt: skip
    assert "token" not in str(request).lower() and mails_to(auth, "desk.maker@ops.example") == []
    taken = await invite(auth, second_token, "desk.maker", ["viewer"], ["turkeyf2"])
    assert code_of(taken) == (409, "username.exists")  # the name is held while the invitation waits
    same_mailbox = await auth.http.post(f"{OPS}/people/invitations", headers=bearer(root_token), json={
        "username": "desk.maker2", "email": "Desk.Maker@ops.example", "roles": ["viewer"], "merchants": ["turkeyf2"]})  # fmt: skip
    assert code_of(same_mailbox) == (409, "ops.email.exists")  # one mailbox, one person

    own = await decide(auth, root_token, request["id"], Language="TR")
    assert code_of(own) == (403, "ops.self_approval")
    assert own.json()["message"] == "Kendi isteğinizi onaylayamazsınız; başka bir yönetici onaylamalı."
    cn = await decide(auth, root_token, request["id"], Language="CN")
    assert cn.json()["message"] == "不能审批自己提交的申请，须由其他管理员审批。"
    pending = await auth.http.get(f"{OPS}/requests", params={"status": "pending"}, headers=bearer(second_token))
    assert [r["id"] for r in pending.json()["value"]["list"]] == [request["id"]]

    approved = await decide(auth, second_token, request["id"])
    assert approved.status_code == 200, approved.text
    assert (approved.json()["value"]["status"], approved.json()["value"]["checker"]) == ("approved", "second.admin")
    assert "enrolToken" not in approved.text and "token" not in str(approved.json()["value"]).lower()
    token = await mailed_token(auth, "desk.maker@ops.example")
    assert len(token) >= 43  # 256 random bits
    assert code_of(await decide(auth, second_token, request["id"])) == (409, "ops.request.decided")

    # Before enrolling there is no password to guess: the name cannot sign in.
    body = {"username": "desk.maker", "password": PASSWORD, "totp": "123456"}
    assert code_of(await auth.http.post(f"{OPS}/login", json=body)) == (401, "ops.login.failed")
    short = await auth.http.post(f"{OPS}/enrolment", json={"token": token})
    secret = short.json()["value"]["totpSecret"]
    weak = await auth.http.post(f"{OPS}/enrolment/confirm", json={"token": token, "password": "short", "totp": "1" * 6})
    assert code_of(weak) == (400, "validation.failed")
    wrong_code = await auth.http.post(f"{OPS}/enrolment/confirm",
                                      json={"token": token, "password": PASSWORD, "totp": "000000"})  # fmt: skip
    assert code_of(wrong_code) == (400, "totp.invalid")
    maker = Person("desk.maker", PASSWORD, secret)
    confirmed = await auth.http.post(f"{OPS}/enrolment/confirm",
                                     json={"token": token, "password": PASSWORD, "totp": maker.code()})  # fmt: skip
    assert confirmed.status_code == 200, confirmed.text
    session = (await maker.login(auth)).json()["value"]
    assert (session["roles"], session["merchants"]) == (["finance-maker"], ["turkeyf2"])
    listed = (await auth.http.get(f"{OPS}/people", headers=bearer(second_token))).json()["value"]["list"]
    shown = next(p for p in listed if p["username"] == "desk.maker")
    assert (shown["email"], shown["invitedBy"], shown["approvedBy"]) == ("desk.maker@ops.example", root.id, second.id)
    spent = await auth.http.post(f"{OPS}/enrolment", json={"token": token})
    assert code_of(spent) == (400, "ops.invitation.invalid")  # used once

    audit = (await auth.http.get(f"{OPS}/merchants/*/audit", headers=bearer(root_token))).json()["value"]["list"]
    actions = [(a["actor"], a["action"]) for a in audit]
    for step in [("root.admin", "ops.person.invite"), ("second.admin", "ops.person.invite.approve"),
                 ("desk.maker", "ops.person.enrol")]:  # fmt: skip
        assert step in actions
    assert PASSWORD not in str(audit) and secret not in str(audit) and token not in str(audit)


async def test_one_admin_cannot_become_two_by_inviting_a_second_account(
    auth: AuthClient, root: Person, second: Person
) -> None:
    """root invites ``alter.ego`` (an admin), second approves it. Neither alter.ego nor anyone whose invitation
    root approved ever checks root's requests; a brand admin checks nothing beyond its brands; a development
    session (no person) checks nothing."""
    root_token, second_token = await root.token(auth), await second.token(auth)
    alter = await invited(auth, root_token, second_token, "alter.ego", ["admin"], ["*"])
    alter_token = await alter.token(auth)
    asked = (await invite(auth, root_token, "confederate", ["finance-checker"], ["turkeyf2"])).json()["value"]
    related = await decide(auth, alter_token, asked["id"])
    assert code_of(related) == (403, "ops.related_approval")
    # second invites someone; root approves it: that person never checks root's requests either.
    protege = await invited(auth, second_token, root_token, "protege", ["admin"], ["*"])
    assert code_of(await decide(auth, await protege.token(auth), asked["id"])) == (403, "ops.related_approval")
    # A brand admin does not see nor approve an invitation to brands beyond its own.
    brand = await invited(auth, root_token, second_token, "brand.admin", ["admin"], ["turkeyf2"])
    brand_token = await brand.token(auth)
    wide = (await invite(auth, root_token, "wide.viewer", ["viewer"], ["turkeyf2", "otherbrand"])).json()["value"]
    assert code_of(await decide(auth, brand_token, wide["id"])) == (404, "ops.request.not_found")
    listed = (await auth.http.get(f"{OPS}/requests", headers=bearer(brand_token))).json()["value"]["list"]
    assert wide["id"] not in [r["id"] for r in listed]
    development = await auth.ops_token()
    assert code_of(await decide(auth, development, asked["id"])) == (403, "ops.person_required")
    # The other direction: the puppet makes a request and the admin who brought it in may not approve it.
    puppet_asked = (await invite(auth, alter_token, "puppet.pick", ["finance-checker"], ["turkeyf2"])).json()["value"]
    assert code_of(await decide(auth, root_token, puppet_asked["id"])) == (403, "ops.related_approval")
    assert code_of(await decide(auth, second_token, puppet_asked["id"])) == (403, "ops.related_approval")  # approved it
    assert code_of(await invite(auth, development, "nobody.real", ["viewer"], ["turkeyf2"])) == (
        403, "ops.person_required"
    )  # fmt: skip
    # The maker may withdraw it; a refused invitation frees its name.
    withdrawn = await decide(auth, root_token, asked["id"], "reject")
    assert withdrawn.json()["value"]["status"] == "rejected"
    assert (await invite(auth, second_token, "confederate", ["viewer"], ["turkeyf2"])).status_code == 201
    assert mails_to(auth, "confederate@ops.example") == []


async def test_the_requests_are_paged_filtered_and_ordered_on_the_server_within_the_admins_brands(
    auth: AuthClient, root: Person, second: Person
) -> None:
    root_token, second_token = await root.token(auth), await second.token(auth)
    brand = await invited(auth, root_token, second_token, "brand.lead", ["admin"], ["turkeyf2"])
    brand_token = await brand.token(auth)
    asked = []
    for name, token in (("page.one", root_token), ("page.two", second_token), ("page.three", root_token)):
        answer = await invite(auth, token, name, ["viewer"], ["turkeyf2"])
        assert answer.status_code == 201, answer.text
        asked.append(answer.json()["value"]["id"])
    wide = (await invite(auth, root_token, "page.wide", ["viewer"], ["turkeyf2", "otherbrand"])).json()["value"]

    async def listed(token: str, **params: Any) -> dict[str, Any]:
        answer = await auth.http.get(f"{OPS}/requests", params=params, headers=bearer(token))
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()["value"]
        return found

    pending = {"status": "pending", "kind": "person.invite"}
    first = await listed(root_token, pageSize=2, **pending)
    assert (first["pageNum"], first["total"], first["totalPages"]) == (1, 4, 2)
    assert [r["id"] for r in first["list"]] == [wide["id"], asked[2]]  # newest first
    rest = await listed(root_token, pageSize=2, pageNo=2, **pending)
    assert [r["id"] for r in rest["list"]] == [asked[1], asked[0]]
    oldest = await listed(root_token, sort="oldest", **pending)
    assert [r["id"] for r in oldest["list"]] == [*asked, wide["id"]]
    by_maker = await listed(root_token, maker="SECOND.ADMIN", **pending)
    assert [r["id"] for r in by_maker["list"]] == [asked[1]]
    approved = await listed(root_token, status="approved", sort="oldest")
    assert [r["after"]["username"] for r in approved["list"]] == ["brand.lead"]
    # the brand's admin: its own brand's requests alone, counted so
    mine = await listed(brand_token, **pending)
    assert (mine["total"], [r["id"] for r in mine["list"]]) == (3, asked[::-1])
    refused = await auth.http.get(f"{OPS}/requests", params={"sort": "sideways"}, headers=bearer(root_token))
    assert refused.status_code == 400
    viewer = await invited(auth, root_token, second_token, "page.viewer", ["viewer"], ["turkeyf2"])
    as_viewer = await auth.http.get(f"{OPS}/requests", headers=bearer(await viewer.token(auth)))
    assert code_of(as_viewer) == (403, "ops.role_required")
    assert (await auth.http.get(f"{OPS}/requests")).status_code == 401


async def test_two_approvals_at_once_carry_an_invitation_out_once_and_a_token_enrols_once(
    auth: AuthClient, root: Person, second: Person, auth_db: Database, auth_settings: AuthSettings
) -> None:
    root_token, second_token = await root.token(auth), await second.token(auth)
    third = await invited(auth, root_token, second_token, "third.admin", ["admin"], ["*"])
    third_token = await third.token(auth)
    asked = (await invite(auth, root_token, "racer", ["viewer"], ["turkeyf2"])).json()["value"]
    answers = await asyncio.gather(decide(auth, second_token, asked["id"]), decide(auth, third_token, asked["id"]))
    assert sorted(code_of(a)[0] for a in answers) == [200, 409]
    assert [code_of(a) for a in answers if a.status_code == 409] == [(409, "ops.request.decided")]
    token = await mailed_token(auth, "racer@ops.example")
    await asyncio.sleep(0.3)
    assert len(mails_to(auth, "racer@ops.example")) == 1

    started = await auth.http.post(f"{OPS}/enrolment", json={"token": token})
    racer = Person("racer", PASSWORD, started.json()["value"]["totpSecret"])
    codes = [racer.code(), racer.code()]
    tries = await asyncio.gather(*(
        auth.http.post(f"{OPS}/enrolment/confirm", json={"token": token, "password": PASSWORD, "totp": code})
        for code in codes
    ))  # fmt: skip
    assert sorted(t.status_code for t in tries) == [200, 400]
    assert [code_of(t) for t in tries if t.status_code == 400] == [(400, "ops.invitation.invalid")]
    assert (await racer.login(auth)).status_code == 200

    # A token expires: an old one is refused as a wrong one is; an admin sends a new link, the old stops.
    late = (await invite(auth, root_token, "late.comer", ["viewer"], ["turkeyf2"])).json()["value"]
    await decide(auth, second_token, late["id"])
    old = await mailed_token(auth, "late.comer@ops.example")
    async with auth_db.transaction() as session:
        await session.execute(text("UPDATE ops_person SET enrol_expires_at = now() - interval '1 second' "
                                   "WHERE username = 'late.comer'"))  # fmt: skip
    assert code_of(await auth.http.post(f"{OPS}/enrolment", json={"token": old})) == (400, "ops.invitation.invalid")
    people = (await auth.http.get(f"{OPS}/people", headers=bearer(root_token))).json()["value"]["list"]
    late_id = next(p["id"] for p in people if p["username"] == "late.comer")
    resent = await auth.http.post(f"{OPS}/people/{late_id}/invitation", headers=bearer(root_token))
    assert resent.status_code == 200 and "enrolToken" not in resent.text
    fresh = await mailed_token(auth, "late.comer@ops.example", after=1)
    assert fresh != old
    assert (await enrol(auth, fresh)).username == "late.comer"


async def test_token_guesses_are_counted_per_address_before_they_are_compared(auth: AuthClient, root: Person) -> None:
    guesses = await asyncio.gather(*(
        auth.http.post(f"{OPS}/enrolment", json={"token": f"guess-{n:020d}"}, headers={"X-Real-Ip": "10.9.7.7"})
        for n in range(24)
    ))  # fmt: skip
    outcomes = sorted(code_of(g) for g in guesses)
    assert outcomes == [(400, "ops.invitation.invalid")] * 20 + [(429, "TOO_MANY_REQUESTS")] * 4
    elsewhere = await auth.http.post(f"{OPS}/enrolment", json={"token": "x" * 43}, headers={"X-Real-Ip": "10.9.7.8"})
    assert code_of(elsewhere) == (400, "ops.invitation.invalid")


async def test_a_grant_waits_for_a_second_admin_and_ends_the_persons_sessions(
    auth: AuthClient, root: Person, second: Person
) -> None:
    root_token, second_token = await root.token(auth), await second.token(auth)
    viewer = await invited(auth, root_token, second_token, "desk.viewer", ["viewer"], ["turkeyf2"])
    viewer_token = await viewer.token(auth)
    grant = {"roles": ["finance-checker", "viewer"], "merchants": ["turkeyf2"]}
    asked = await auth.http.post(f"{OPS}/people/{viewer.id}/grant", json=grant, headers=bearer(root_token))
    assert asked.status_code == 201, asked.text
    request = asked.json()["value"]
    assert (request["before"], request["after"]) == (
        {"roles": ["viewer"], "merchants": ["turkeyf2"]}, {"roles": ["finance-checker", "viewer"], "merchants": ["turkeyf2"]}
    )  # fmt: skip
    me = (await auth.http.get(f"{OPS}/me", headers=bearer(viewer_token))).json()["value"]
    assert me["roles"] == ["viewer"]  # nothing changed yet
    assert code_of(await decide(auth, root_token, request["id"])) == (403, "ops.self_approval")
    own = await auth.http.post(f"{OPS}/people/{root.id}/grant", json=grant, headers=bearer(root_token))
    assert code_of(own) == (403, "ops.self_change")
    # A second request on the same grant goes stale once the first is carried out.
    twin = (await auth.http.post(f"{OPS}/people/{viewer.id}/grant", json={"roles": ["content"],
            "merchants": ["turkeyf2"]}, headers=bearer(second_token))).json()["value"]  # fmt: skip
    approved = await decide(auth, second_token, request["id"])
    assert approved.json()["value"]["status"] == "approved"
    assert (await auth.http.get(f"{OPS}/me", headers=bearer(viewer_token))).status_code == 401  # sessions ended
    assert (await viewer.login(auth)).json()["value"]["roles"] == ["finance-checker", "viewer"]
    assert code_of(await decide(auth, root_token, twin["id"])) == (409, "ops.request.stale")
    audit = (await auth.http.get(f"{OPS}/merchants/*/audit", headers=bearer(root_token))).json()["value"]["list"]
    change = next(a for a in audit if a["action"] == "ops.person.change")
    assert change["actor"] == "second.admin" and change["before"] == {"roles": ["viewer"], "merchants": ["turkeyf2"]}
    assert change["after"]["roles"] == ["finance-checker", "viewer"]


async def test_address_ranges_change_only_with_a_second_admin_and_then_hold_for_the_login(
    auth: AuthClient, root: Person, second: Person
) -> None:
    root_token, second_token = await root.token(auth), await second.token(auth)
    asked = await auth.http.post(f"{OPS}/ranges", json={"cidr": "10.20.0.7/16"}, headers=bearer(root_token))
    assert asked.status_code == 201, asked.text
    request = asked.json()["value"]
    assert (request["target"], request["before"], request["after"]) == (
        "10.20.0.0/16", {"ranges": []}, {"ranges": ["10.20.0.0/16"]}
    )  # fmt: skip
    wide = await auth.http.post(f"{OPS}/ranges", json={"cidr": "0.0.0.0/0"}, headers=bearer(root_token))
    assert code_of(wide) == (400, "validation.failed")
    assert code_of(await decide(auth, root_token, request["id"], **{"X-Real-Ip": "10.20.0.5"})) == (
        403, "ops.self_approval"
    )  # fmt: skip
    outside = await decide(auth, second_token, request["id"], **{"X-Real-Ip": "10.30.0.5"})
    assert code_of(outside) == (409, "ops.range.locks_out")  # would shut out the admin approving it
    approved = await decide(auth, second_token, request["id"], **{"X-Real-Ip": "10.20.0.5"})
    assert approved.status_code == 200, approved.text
    ranges = (await auth.http.get(f"{OPS}/ranges", headers=bearer(root_token))).json()["value"]
    assert [(r["cidr"], r["addedBy"], r["approvedBy"]) for r in ranges] == [
        ("10.20.0.0/16", "root.admin", "second.admin")
    ]

    refused = await root.login(auth, "10.30.0.1")
    assert code_of(refused) == (403, "ops.address.denied")
    assert (await root.login(auth, "10.20.9.9")).status_code == 200
    last = await auth.http.post(f"{OPS}/ranges/remove", json={"cidr": "10.20.0.0/16"}, headers=bearer(root_token))
    assert code_of(last) == (409, "ops.range.last")
    audit = (await auth.http.get(f"{OPS}/merchants/*/audit", headers=bearer(root_token))).json()["value"]["list"]
    assert next(a for a in audit if a["action"] == "ops.login.failed")["after"]["reason"] == "range"
    added = next(a for a in audit if a["action"] == "ops.range.add")
    assert (added["actor"], added["before"]["ranges"], added["after"]["ranges"]) == (
        "second.admin",
        [],
        ["10.20.0.0/16"],
    )
