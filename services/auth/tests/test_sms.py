"""SMS codes (development provider), login by code, mobile registration, forgot password by mobile."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from auth_helpers import HOME, AuthClient
from fastapi import FastAPI
from sqlalchemy import select, update

from auth_service.accounts.models import Account
from auth_service.codes import check_code, code_key
from portal_kit.db import Database
from portal_kit.messaging.outbox import OutboxMessage

PHONE = "+905321234567"


@pytest.fixture
async def member(auth: AuthClient) -> str:
    assert (await auth.register()).status_code == 200  # mobile 5321234567, country code 90
    return "ayse1990"


async def sms_login(auth: AuthClient, code: str, mobile: str = "5321234567") -> dict[str, object]:
    payload = {"username": mobile, "password": code, "type": "sms", "countryDialingCode": "90"}
    response = await auth.encrypted("POST", "/wps/session/login", payload, Language="EN")
    return {"status": response.status_code, **response.json()}


async def test_login_by_sms_code(auth: AuthClient, member: str) -> None:
    sent = await auth.send_sms("noLogin", "5321234567")
    assert sent.json()["value"] == {"expiredMinutes": 5}
    assert "is valid for 5 minutes" in auth.messages_to(PHONE)[-1]["text"]
    answer = await sms_login(auth, auth.last_code(PHONE))
    assert answer["status"] == 200
    value = answer["value"]
    assert isinstance(value, dict) and value["passwordExpired"] is False
    again = await sms_login(auth, auth.last_code(PHONE))
    assert (again["status"], again["errorCode"]) == (400, "sms.code.invalid")


async def test_resend_is_refused_during_the_countdown(auth: AuthClient, member: str) -> None:
    assert (await auth.send_sms("noLogin", "5321234567")).status_code == 200
    again = await auth.send_sms("noLogin", "5321234567")
    assert (again.status_code, again.json()["errorCode"]) == (429, "sms.countdown")
    assert 290 <= again.json()["value"]["waitSeconds"] <= 300
    assert len(auth.messages_to(PHONE)) == 1


async def test_unknown_numbers_get_the_same_answer_and_no_message(auth: AuthClient) -> None:
    sent = await auth.send_sms("noLogin", "5550000000")
    assert sent.json()["value"] == {"expiredMinutes": 5}
    assert auth.messages_to("+905550000000") == []


async def test_five_wrong_tries_spend_the_code(auth: AuthClient, member: str) -> None:
    await auth.send_sms("noLogin", "5321234567")
    code = auth.last_code(PHONE)
    wrong = "000000" if code != "000000" else "111111"
    for _ in range(5):
        assert (await sms_login(auth, wrong))["errorCode"] == "sms.code.invalid"
    assert (await sms_login(auth, code))["errorCode"] == "sms.code.invalid"


async def test_invalid_phone_numbers_are_refused(auth: AuthClient) -> None:
    for mobile in ("", "12ab", "1" * 16):
        response = await auth.send_sms("noLogin", mobile)
        assert (response.status_code, response.json()["errorCode"]) == (400, "phone.invalid")
    assert response.json()["message"] == "Invalid or missing phone number."


async def test_sms_login_follows_the_brand_flag(auth: AuthClient, member: str) -> None:
    await auth.site_flags(MOBILEVERCODELOGIN3=False)
    answer = await sms_login(auth, "123456")
    assert (answer["status"], answer["errorCode"]) == (400, "login.type.unsupported")


async def test_mobile_registration_with_its_code(auth: AuthClient, auth_db: Database) -> None:
    assert (await auth.send_sms("register", "5441112233")).status_code == 200
    code = auth.last_code("+905441112233")
    payload = {
        "mobileNum": "5441112233",
        "countryDialingCode": "90",
        "verificationCode": code,
        "password": "mobil123",
        "confirmPassword": "mobil123",
        "paymentPassword": "246810",
        "birthday": "1992-02-02",
        "acceptTerms": True,
        **(await auth.bot_check()),
        **(await auth.captcha()),
    }
    response = await auth.encrypted("PUT", "/wps/member/register/mobile", payload, Language="EN", **{"X-Real-Ip": HOME})
    assert response.status_code == 200, response.text
    async with auth_db.reader() as session:
        account = await session.scalar(select(Account))
        event = await session.scalar(select(OutboxMessage))
    assert account is not None and (account.username, account.mobile_num) == ("m905441112233", "5441112233")
    assert event is not None and event.body["data"]["registerMethod"] == "MOBILE"
    relogin = await auth.login("m905441112233", "mobil123")
    assert relogin.status_code == 200 and relogin.json()["value"]["token"]
    taken = await auth.send_sms("register", "5441112233")
    assert (taken.status_code, taken.json()["errorCode"]) == (409, "mobile.exists")


async def test_mobile_registration_with_a_wrong_code_writes_nothing(auth: AuthClient, auth_db: Database) -> None:
    await auth.send_sms("register", "5441112233")
    payload = {
        "mobileNum": "5441112233",
        "countryDialingCode": "90",
        "verificationCode": "999999" if auth.last_code("+905441112233") != "999999" else "888888",
        "password": "mobil123",
        "confirmPassword": "mobil123",
        "paymentPassword": "246810",
        "birthday": "1992-02-02",
        "acceptTerms": True,
        **(await auth.bot_check()),
        **(await auth.captcha()),
    }
    response = await auth.encrypted("PUT", "/wps/member/register/mobile", payload, Language="EN")
    assert (response.status_code, response.json()["errorCode"]) == (400, "sms.code.invalid")
    async with auth_db.reader() as session:
        assert (await session.scalars(select(Account))).all() == []


async def test_username_registration_refuses_a_taken_mobile_number(auth: AuthClient, member: str) -> None:
    again = await auth.register(username="another99")
    assert (again.status_code, again.json()["errorCode"]) == (409, "mobile.exists")


async def forgot_password_by_mobile(auth: AuthClient, new_password: str) -> httpx.Response:
    """The member's whole forgot-password-by-mobile flow: the code by SMS, then the reset with it."""
    await auth.send_sms("noLogin", "5321234567")
    reset = {
        "mobileNum": "5321234567",
        "countryDialingCode": "90",
        "verificationCode": auth.last_code(PHONE),
        "newPassword": new_password,
        "confirmNewPassword": new_password,
    }
    return await auth.encrypted("POST", "/wps/member/password/verification", reset, Language="EN")


async def test_forgot_password_by_mobile_logs_in_and_ends_old_sessions(auth: AuthClient, member: str) -> None:
    old = (await auth.login(member, "gizli123")).json()["value"]["token"]
    response = await forgot_password_by_mobile(auth, "taze2468")
    assert response.status_code == 200, response.text
    assert response.json()["value"]["token"]
    assert (await auth.http.get("/wps/member/info", headers={"Authorization": old})).status_code == 401
    assert (await auth.login(member, "taze2468")).status_code == 200
    assert (await auth.login(member, "gizli123")).status_code == 401


async def test_parallel_guesses_are_counted_before_they_are_compared(auth: AuthClient, app: FastAPI) -> None:
    ctx = app.state.auth
    await auth.send_sms("register", "5329990011")
    code = auth.last_code("+905329990011")
    wrong = [f"{(int(code) + n) % 1_000_000:06d}" for n in range(1, 40)]
    answers = await asyncio.gather(
        *(check_code(ctx, "turkeyf2", "register", "+905329990011", guess) for guess in [*wrong, code])
    )
    # Every try is counted before it is compared, so at most the first MAX_TRIES are compared: the right code
    # wins only if it reached Valkey among them (a success clears the count); otherwise all forty were counted.
    assert sum(answers) <= 1
    if not any(answers):
        tries = code_key(ctx, "turkeyf2", "register", "+905329990011") + ":tries"
        assert await ctx.valkey.get(tries) == "40"
    assert not await check_code(ctx, "turkeyf2", "register", "+905329990011", code)


async def test_the_right_code_sent_many_times_at_once_is_used_once(auth: AuthClient, app: FastAPI) -> None:
    ctx = app.state.auth
    await auth.send_sms("register", "5329990012")
    code = auth.last_code("+905329990012")
    answers = await asyncio.gather(*(check_code(ctx, "turkeyf2", "register", "+905329990012", code) for _ in range(4)))
    assert sorted(answers) == [False, False, False, True]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"status": "disabled"}, "account.disabled"),
        ({"locked_until": datetime.now(UTC) + timedelta(minutes=30)}, "account.locked"),
    ],
)
async def test_forgot_password_by_mobile_cannot_open_a_disabled_or_locked_account(
    auth: AuthClient, member: str, auth_db: Database, change: dict[str, object], code: str
) -> None:
    async with auth_db.transaction() as session:
        await session.execute(update(Account).where(Account.username == member).values(**change))
        before = await session.scalar(select(Account.password_hash).where(Account.username == member))
    response = await forgot_password_by_mobile(auth, "taze2468")
    assert (response.status_code, response.json()["errorCode"], response.json()["value"]) == (403, code, None)
    async with auth_db.reader() as session:
        assert await session.scalar(select(Account.password_hash).where(Account.username == member)) == before


async def test_known_and_unknown_numbers_meet_the_same_countdown(auth: AuthClient, member: str) -> None:
    for mobile in ("5321234567", "5550000000"):  # a member's number, then one nobody has
        assert (await auth.send_sms("noLogin", mobile)).status_code == 200
        again = await auth.send_sms("noLogin", mobile)
        assert (again.status_code, again.json()["errorCode"]) == (429, "sms.countdown")
    assert len(auth.messages_to(PHONE)) == 1 and auth.messages_to("+905550000000") == []


async def test_forgot_password_codes_have_a_limit_of_their_own_per_address(auth: AuthClient) -> None:
    answers = [(await auth.send_sms("noLogin", f"55500000{n:02d}")).status_code for n in range(12)]
    assert answers == [200] * 10 + [429, 429]  # unknown numbers all: probing them costs the same


async def test_parallel_requests_for_one_number_send_one_code(auth: AuthClient, member: str) -> None:
    answers = await asyncio.gather(*(auth.send_sms("noLogin", "5321234567") for _ in range(6)))
    assert sorted(answer.status_code for answer in answers) == [200] + [429] * 5
    assert len(auth.messages_to(PHONE)) == 1


async def test_sms_go_only_to_the_countries_the_brand_lists(auth: AuthClient) -> None:
    abroad = await auth.send_sms("register", "7911123456", countryDialingCode="44")
    assert (abroad.status_code, abroad.json()["errorCode"]) == (400, "sms.country_unsupported")
    assert abroad.json()["message"] == "We cannot send SMS to numbers of this country."
    assert auth.messages_to("+447911123456") == []
    assert (await auth.site_settings(smsDialingCodes=["90", "44"]))["smsDialingCodes"] == ["90", "44"]
    token = await auth.ops_token()
    async with httpx.AsyncClient(base_url=auth.site_url) as site:
        audit = (await site.get("/wps/ops/site/merchants/turkeyf2/audit", headers={"Authorization": token})).json()
        change = audit["value"]["list"][0]["detail"]
        assert (change["before"], change["after"]) == ({"smsDialingCodes": ["90"]}, {"smsDialingCodes": ["90", "44"]})
    assert (await auth.send_sms("register", "7911123456", countryDialingCode="44")).status_code == 200
    assert len(auth.messages_to("+447911123456")) == 1
