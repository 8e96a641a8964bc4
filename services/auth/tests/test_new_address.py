"""A login from a new address asks for a second factor (NEWIPVERIFY3, on for the demo brand)."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import pytest
from auth_helpers import HOME, AuthClient
from sqlalchemy import delete, select, update

from auth_service import totp
from auth_service.accounts.models import Account, LoginRecord
from auth_service.accounts.payment_password import check
from auth_service.accounts.payment_password_guesses import PaymentPasswordGuesses
from auth_service.accounts.repository import account_and_address
from auth_service.settings import AuthSettings
from portal_kit.db import Database
from portal_kit.valkey_link import ValkeyLink

ELSEWHERE = "203.0.113.77"


@pytest.fixture
async def member(auth: AuthClient) -> str:
    assert (await auth.register(payeeName="Ayse Yilmaz")).status_code == 200
    return "ayse1990"


async def ticket(auth: AuthClient, member: str, ip: str = ELSEWHERE) -> dict[str, Any]:
    response = await auth.login(member, "gizli123", ip=ip)
    assert (response.status_code, response.json()["errorCode"]) == (403, "login_verify_required"), response.text
    assert response.json()["message"] == "Login from a new place: please complete the verification first."
    value: dict[str, Any] = response.json()["value"]
    return value


async def answer(auth: AuthClient, ticket_id: str, method: str, text: str) -> dict[str, Any]:
    response = await auth.encrypted(
        "POST",
        "/wps/session/login/verify",
        {"ticket": ticket_id, "method": method, "answer": text},
        Language="EN",
        **{"X-Real-Ip": ELSEWHERE},
    )
    return {"status": response.status_code, **response.json()}


async def test_a_new_address_gets_a_ticket_not_a_token(auth: AuthClient, member: str) -> None:
    value = await ticket(auth, member)
    assert "token" not in value
    assert value["methods"] == ["sms", "email"]  # a name is no secret: not offered beside real factors
    assert (await auth.login(member, "gizli123")).json()["value"]["token"]  # the usual address needs nothing
    refused = await answer(auth, value["ticket"], "payeeName", "Ayse Yilmaz")
    assert (refused["status"], refused["errorCode"]) == (400, "verification.failed")


async def test_sms_code_completes_the_login_and_the_address_becomes_known(auth: AuthClient, member: str) -> None:
    value = await ticket(auth, member)
    sent = await auth.http.post("/wps/session/login/verify/send", json={"ticket": value["ticket"], "method": "sms"})
    assert sent.json()["value"] == {"expiredMinutes": 5}
    done = await answer(auth, value["ticket"], "sms", auth.last_code("+905321234567"))
    assert done["status"] == 200 and done["value"]["token"]
    assert (await auth.login(member, "gizli123", ip=ELSEWHERE)).json()["value"]["token"]


async def test_email_code_completes_the_login(auth: AuthClient, member: str) -> None:
    value = await ticket(auth, member)
    await auth.http.post(
        "/wps/session/login/verify/send",
        json={"ticket": value["ticket"], "method": "email"},
        headers={"Language": "EN"},
    )
    mail = auth.messages_to("ayse@example.com")[-1]
    assert mail["channel"] == "email" and mail["subject"] == "Verification code"
    code = re.search(r"\b(\d{6})\b", mail["text"])
    assert code
    assert (await answer(auth, value["ticket"], "email", code.group(1)))["status"] == 200


async def test_payee_name_completes_the_login_only_without_another_factor(
    auth: AuthClient, member: str, auth_db: Database
) -> None:
    async with auth_db.transaction() as session:  # an account with none of the secret factors bound
        await session.execute(
            update(Account)
            .where(Account.username == member)
            .values(mobile_num=None, country_dialing_code=None, email=None)
        )
    value = await ticket(auth, member)
    assert value["methods"] == ["payeeName"]
    wrong = await answer(auth, value["ticket"], "payeeName", "Someone Else")
    assert (wrong["status"], wrong["errorCode"]) == (400, "verification.failed")
    right = await answer(auth, value["ticket"], "payeeName", "  ayse yilmaz ")
    assert right["status"] == 200 and right["value"]["token"]
    spent = await answer(auth, value["ticket"], "payeeName", "Ayse Yilmaz")
    assert spent["errorCode"] == "verification.failed"


async def test_an_account_has_five_tries_whatever_the_number_of_tickets(auth: AuthClient, member: str) -> None:
    value = await ticket(auth, member)
    await auth.http.post("/wps/session/login/verify/send", json={"ticket": value["ticket"], "method": "sms"})
    code = auth.last_code("+905321234567")
    wrong = str((int(code) + 1) % 1_000_000).zfill(6)
    tries = await asyncio.gather(*(answer(auth, value["ticket"], "sms", wrong) for _ in range(5)))
    assert {t["errorCode"] for t in tries} == {"verification.failed"}
    assert (await answer(auth, value["ticket"], "sms", code))["errorCode"] == "verification.failed"
    fresh = await ticket(auth, member)  # the right password again: a new ticket, but no new tries
    assert (await answer(auth, fresh["ticket"], "sms", code))["errorCode"] == "verification.failed"


async def test_no_second_factor_when_the_brand_turns_it_off(auth: AuthClient, member: str) -> None:
    await auth.site_flags(NEWIPVERIFY3=False)
    assert (await auth.login(member, "gizli123", ip=ELSEWHERE)).json()["value"]["token"]


async def test_a_bound_authenticator_is_a_second_factor(auth: AuthClient, member: str) -> None:
    token = (await auth.login(member, "gizli123")).json()["value"]["token"]
    headers = {"Authorization": token, "Language": "EN"}
    started = (await auth.http.post("/wps/member/totp", headers=headers)).json()["value"]
    assert started["uri"].startswith("otpauth://totp/F2%20T%C3%BCrkiye:ayse1990?secret=")
    wrong = await auth.http.post(
        "/wps/member/totp/confirm", json={"code": "000000", "password": "gizli123"}, headers=headers
    )
    if totp.matching_step(started["secret"], "000000", time.time()) is not None:
        pytest.skip("the random secret happens to give 000000 now")
    assert (wrong.status_code, wrong.json()["errorCode"]) == (400, "totp.invalid")
    bound = await auth.http.post(  # each code is accepted once: the three steps below use three codes
        "/wps/member/totp/confirm",
        json={"code": totp.code_at(started["secret"], time.time() - 30), "password": "gizli123"},
        headers=headers,
    )
    assert bound.json()["value"] == {"totpBound": True}
    assert (await auth.http.get("/wps/member/info", headers=headers)).json()["value"]["totpBound"] is True

    value = await ticket(auth, member)
    assert value["methods"] == ["sms", "totp", "email"]
    now = totp.code_at(started["secret"], time.time())
    done = await answer(auth, value["ticket"], "totp", now)
    assert done["status"] == 200 and done["value"]["token"]
    replayed = await answer(auth, (await ticket(auth, member, "203.0.113.78"))["ticket"], "totp", now)
    assert replayed["errorCode"] == "verification.failed"
    swap = await auth.http.post("/wps/member/totp", headers=headers)  # a stolen session cannot swap in its own
    assert (swap.status_code, swap.json()["errorCode"]) == (400, "totp.bound")

    removed = await auth.http.request(
        "DELETE", "/wps/member/totp", json={"code": totp.code_at(started["secret"], time.time() + 30)}, headers=headers
    )
    assert removed.json()["value"] == {"totpBound": False}


async def test_a_stolen_session_alone_binds_no_first_authenticator(auth: AuthClient, member: str) -> None:
    """Binding the first authenticator asks the login password, as binding a mobile does: a thief holding only the
    session cannot make their own app the account's second factor."""
    headers = {"Authorization": (await auth.login(member, "gizli123")).json()["value"]["token"], "Language": "EN"}
    secret = (await auth.http.post("/wps/member/totp", headers=headers)).json()["value"]["secret"]
    session_only = await auth.http.post(
        "/wps/member/totp/confirm", json={"code": totp.code_at(secret, time.time() - 30)}, headers=headers
    )
    assert (session_only.status_code, session_only.json()["errorCode"]) == (400, "validation.failed")
    guessed = await auth.http.post(
        "/wps/member/totp/confirm",
        json={"code": totp.code_at(secret, time.time()), "password": "not-the-password"},
        headers=headers,
    )
    assert (guessed.status_code, guessed.json()["errorCode"]) == (400, "password.old.incorrect")
    assert (await auth.http.get("/wps/member/info", headers=headers)).json()["value"]["totpBound"] is False
    bound = await auth.http.post(
        "/wps/member/totp/confirm",
        json={"code": totp.code_at(secret, time.time() + 30), "password": "gizli123"},
        headers=headers,
    )
    assert bound.json()["value"] == {"totpBound": True}
    assert (await auth.http.get("/wps/member/info", headers=headers)).json()["value"]["totpBound"] is True


async def test_member_icon_is_read_and_chosen(auth: AuthClient, member: str) -> None:
    headers = {"Authorization": (await auth.login(member, "gizli123")).json()["value"]["token"], "Language": "EN"}
    assert (await auth.http.get("/wps/member/info/icon", headers=headers)).json()["value"] == {"icon": 1}
    assert (await auth.http.put("/wps/member/info/icon", json={"icon": 7}, headers=headers)).status_code == 200
    assert (await auth.http.get("/wps/member/info/icon", headers=headers)).json()["value"] == {"icon": 7}
    refused = await auth.http.put("/wps/member/info/icon", json={"icon": 13}, headers=headers)
    assert (refused.status_code, refused.json()["errorCode"]) == (400, "validation.failed")
    for loose in ("3", True, 3.0):  # a number is a number: never guessed from a text, a boolean or a float
        sloppy = await auth.http.put("/wps/member/info/icon", json={"icon": loose}, headers=headers)
        assert (sloppy.status_code, sloppy.json()["errorCode"]) == (400, "validation.failed")
    assert (await auth.http.get("/wps/member/info/icon", headers=headers)).json()["value"] == {"icon": 7}


async def test_without_any_factor_a_new_address_pauses_money_leaving(
    auth: AuthClient, member: str, auth_db: Database, auth_settings: AuthSettings
) -> None:
    async with auth_db.transaction() as session:  # nothing bound at all: no mobile, e-mail, authenticator or name
        await session.execute(
            update(Account)
            .where(Account.username == member)
            .values(mobile_num=None, country_dialing_code=None, email=None, payee_name=None)
        )
    assert (await auth.login(member, "gizli123")).status_code == 200  # the usual address
    valkey = ValkeyLink(auth_settings.redis_url)
    try:
        async with auth_db.reader() as session:
            account_id = str(await session.scalar(select(Account.id).where(Account.username == member)))
        guesses = PaymentPasswordGuesses(valkey)
        assert (await check(auth_db, guesses, "turkeyf2", account_id, "654321", 86400)).success is True
        elsewhere = await auth.login(member, "gizli123", ip=ELSEWHERE)
        assert elsewhere.status_code == 200  # nothing to verify with, so the login goes ahead ...
        paused = await check(auth_db, guesses, "turkeyf2", account_id, "654321", 86400)
        assert paused.errorCode == "security.cooling_off"  # ... but no money leaves for a day
    finally:
        await valkey.aclose()


async def test_the_account_is_read_with_whether_the_address_is_new_to_it(
    auth: AuthClient, member: str, auth_db: Database
) -> None:
    """The login's one statement: the account, and "signed in before, never from here" (an unknown address is
    compared with the logins whose address was unknown)."""
    account, new = await account_and_address(auth_db, "turkeyf2", member, HOME)  # registered (and signed in) from home
    assert account is not None and account.username == member and new is False
    assert (await account_and_address(auth_db, "turkeyf2", member, ELSEWHERE))[1] is True
    assert (await account_and_address(auth_db, "turkeyf2", member, None))[1] is True
    assert await account_and_address(auth_db, "turkeyf2", "nobody", ELSEWHERE) == (None, False)
    async with auth_db.transaction() as session:  # an account that never signed in has no address to be new to
        await session.execute(delete(LoginRecord))
    assert (await account_and_address(auth_db, "turkeyf2", member, ELSEWHERE))[1] is False
