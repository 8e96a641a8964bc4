"""Username registration against the demo brand's rules, served by the real site service."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from auth_helpers import AuthClient
from jsonschema import Draft202012Validator, FormatChecker
from sqlalchemy import func, select

from auth_service.accounts.models import Account
from auth_service.accounts.schemas import MemberRead
from portal_kit.db import Database
from portal_kit.envelope import Envelope
from portal_kit.messaging.outbox import OutboxMessage

SCHEMA = Path(__file__).resolve().parents[3] / "proto" / "schemas" / "auth" / "member.registered.v1.json"


async def counts(db: Database) -> tuple[int, int]:
    async with db.reader() as session:
        accounts = await session.scalar(select(func.count()).select_from(Account))
        events = await session.scalar(select(func.count()).select_from(OutboxMessage))
    return int(accounts or 0), int(events or 0)


async def test_registration_logs_the_member_in_and_publishes_the_event(auth: AuthClient, auth_db: Database) -> None:
    response = await auth.register()
    assert response.status_code == 200, response.text
    value = response.json()["value"]
    assert value["firstTimeLogin"] is True
    assert value["passwordExpired"] is False
    answer = await auth.http.get("/wps/member/info", headers={"Authorization": value["token"]})
    info = answer.json()["value"]
    assert (info["account"], info["nickname"], info["type"]) == ("ayse1990", "Ayşe", 0)
    assert info["hasPaymentPassword"] is True
    assert Envelope[MemberRead].model_validate_json(answer.content).value.account == "ayse1990"  # its contract
    async with auth_db.reader() as session:
        event = (await session.scalars(select(OutboxMessage))).one()
        account = (await session.scalars(select(Account))).one()
    Draft202012Validator(json.loads(SCHEMA.read_text()), format_checker=FormatChecker()).validate(event.body)
    assert event.body["data"] == {
        "accountId": account.id,
        "username": "ayse1990",
        "accountType": 0,
        "uplineId": None,
        "registerMethod": "USERNAME",
        "referralCode": None,
    }
    assert account.password_hash is not None and account.password_hash.startswith("$argon2id$")
    assert "gizli123" not in account.password_hash


async def test_affiliate_code_brings_the_upline(auth: AuthClient, auth_db: Database) -> None:
    agent = await auth.create_agent(code="F2AGENT1")
    checked = await auth.http.get("/wps/agent/affiliate", params={"code": "f2agent1", "domain": "f2tr.example"})
    assert checked.json()["value"] == {"valid": True}  # open to visitors: it names no agent
    response = await auth.register(affiliateCode="F2AGENT1")
    assert response.status_code == 200
    async with auth_db.reader() as session:
        member = await session.scalar(select(Account).where(Account.username == "ayse1990"))
    assert member is not None and member.upline_id == agent["id"]


@pytest.mark.parametrize(
    ("typed", "carried"), [(" k7qx2mpa ", "K7QX2MPA"), ("K7QX-2MPA", None), ("", None), ("A" * 40, None)]
)
async def test_a_friends_invite_code_travels_in_the_event(
    auth: AuthClient, auth_db: Database, typed: str, carried: str | None
) -> None:
    """The invite code a friend's link filled in (``?ref=``) reaches points in ``auth.member.registered.v1``: upper
    case, letters and digits; anything else is no code, and the registration goes on without one."""
    response = await auth.register(referralCode=typed)
    assert response.status_code == 200, response.text
    async with auth_db.reader() as session:
        event = (await session.scalars(select(OutboxMessage))).one()
    Draft202012Validator(json.loads(SCHEMA.read_text()), format_checker=FormatChecker()).validate(event.body)
    assert event.body["data"]["referralCode"] == carried


@pytest.mark.parametrize(
    ("changes", "status", "code", "message"),
    [
        ({"username": None}, 400, "register.field.required", "Username is required."),
        (
            {"username": "1ayse"},
            400,
            "register.field.invalid",
            "Username: 6-16 characters, starts with a letter, letters and digits only",
        ),
        ({"paymentPassword": "65432"}, 400, "register.field.invalid", "Payment password: 6 characters, digits only"),
        ({"confirmPassword": "gizli124"}, 400, "register.password.mismatch", "The passwords do not match."),
        ({"birthday": "2012-01-01"}, 400, "register.age", "You must be 18 or over to register."),
        ({"acceptTerms": False}, 400, "register.terms", "Please accept the terms and conditions."),
        ({"captcha": "zzzz"}, 400, "captcha.invalid", "The captcha is wrong or has expired."),
        ({"botCheckNonce": "x"}, 400, "botcheck.failed", "Please complete the verification first."),
        ({"affiliateCode": "NOPE99"}, 400, "invitation.code.error", "Invitation code error."),
        ({"email": "not-an-email"}, 400, "register.field.invalid", "E-mail: 6-100 characters, a valid e-mail address"),
    ],
)
async def test_bad_registrations_are_refused_and_nothing_is_written(
    auth: AuthClient, auth_db: Database, changes: dict[str, object], status: int, code: str, message: str
) -> None:
    response = await auth.register(**changes)
    assert response.status_code == status, response.text
    assert response.json()["errorCode"] == code
    assert response.json()["message"] == message
    assert await counts(auth_db) == (0, 0)


async def test_messages_follow_the_request_language(auth: AuthClient) -> None:
    turkish = await auth.register(language="TR", username="1ayse")
    chinese = await auth.register(language="CN", username=None)
    assert turkish.json()["message"] == "Kullanıcı adı: 6-16 karakter, harfle başlar, yalnızca harf ve rakam"
    assert chinese.json()["message"] == "请填写用户名。"


async def test_a_taken_username_is_refused_whatever_its_case(auth: AuthClient, auth_db: Database) -> None:
    assert (await auth.register()).status_code == 200
    again = await auth.register(username="AYSE1990")
    assert (again.status_code, again.json()["errorCode"]) == (409, "username.exists")
    assert await counts(auth_db) == (1, 1)


async def test_concurrent_registrations_of_one_username_make_one_account(auth: AuthClient, auth_db: Database) -> None:
    answers = await asyncio.gather(*(auth.register() for _ in range(5)))
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [200, 409, 409, 409, 409]
    assert await counts(auth_db) == (1, 1)


async def test_registration_switched_off_by_the_brand(auth: AuthClient, auth_db: Database) -> None:
    await auth.site_flags(USERNAMEREG3=False)
    response = await auth.register()
    assert (response.status_code, response.json()["errorCode"]) == (403, "register.disabled")
    assert await counts(auth_db) == (0, 0)


async def test_without_direct_registration_an_invitation_code_is_needed(auth: AuthClient) -> None:
    await auth.site_flags(DIRECTREG3=False)
    response = await auth.register()
    assert (response.status_code, response.json()["errorCode"]) == (400, "affiliate.required")


async def test_plain_or_replayed_bodies_are_refused(auth: AuthClient) -> None:
    plain = await auth.http.put("/wps/member/register", json={"username": "ayse1990"})
    assert (plain.status_code, plain.json()["errorCode"]) == (400, "payload.invalid")
    key = (await auth.http.get("/wps/session/key/rsa")).json()["value"]
    from portal_kit.encryption import encrypt

    body, headers = encrypt(
        key["publicKey"], key["keyId"], {"username": "x"}, method="PUT", path="/wps/member/register"
    )
    await auth.http.put("/wps/member/register", json=body, headers=headers)
    replay = await auth.http.put("/wps/member/register", json=body, headers=headers)
    assert (replay.status_code, replay.json()["errorCode"]) == (400, "payload.replayed")
