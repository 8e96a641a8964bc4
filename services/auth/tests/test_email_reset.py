"""Forgot password by e-mail: the link goes through SMTP (the development sink) and works once."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from auth_helpers import AuthClient
from sqlalchemy import update

from auth_service.accounts.models import Account
from portal_kit.db import Database


@pytest.fixture
async def member(auth: AuthClient) -> str:
    assert (await auth.register()).status_code == 200  # e-mail ayse@example.com
    return "ayse1990"


def reset_token(auth: AuthClient) -> str:
    mails = [message for message in auth.messages_to("ayse@example.com") if message["channel"] == "email"]
    assert mails, "the reset e-mail should have reached the sink"
    match = re.search(r"/#resetToken=([A-Za-z0-9_-]+)", mails[-1]["text"])
    assert match, "the token rides in the link's fragment, which no server or access log sees"
    assert "?resetToken" not in mails[-1]["text"]
    return match.group(1)


async def test_reset_link_by_email_works_once(auth: AuthClient, member: str) -> None:
    old = (await auth.login(member, "gizli123")).json()["value"]["token"]
    sent = await auth.http.post(
        "/wps/member/password/email",
        data={"username": "AYSE1990", "email": "Ayse@Example.com"},
        headers={"Language": "EN"},
    )
    assert sent.status_code == 200, sent.text
    assert sent.json()["value"] == {"sent": True}
    token = reset_token(auth)
    assert auth.messages_to("ayse@example.com")[-1]["subject"] == "Password reset"

    change = {"token": token, "newPassword": "mektup135", "confirmNewPassword": "mektup135"}
    reset = await auth.encrypted("POST", "/wps/member/password/reset", change, Language="EN")
    assert reset.status_code == 200, reset.text
    assert reset.json()["value"]["token"]
    assert (await auth.http.get("/wps/member/info", headers={"Authorization": old})).status_code == 401
    assert (await auth.login(member, "mektup135")).status_code == 200
    again = await auth.encrypted("POST", "/wps/member/password/reset", change, Language="EN")
    assert (again.status_code, again.json()["errorCode"]) == (400, "reset.token.invalid")


async def test_a_username_and_email_that_do_not_match_are_refused(auth: AuthClient, member: str) -> None:
    response = await auth.http.post(
        "/wps/member/password/email",
        json={"username": member, "email": "someone@example.com"},
        headers={"Language": "EN"},
    )
    assert (response.status_code, response.json()["errorCode"]) == (400, "account.email.not_found")
    assert response.json()["message"] == "The username or e-mail does not exist."
    assert auth.messages_to("someone@example.com") == []


async def test_a_reset_with_a_weak_password_keeps_the_link(auth: AuthClient, member: str) -> None:
    await auth.http.post("/wps/member/password/email", data={"username": member, "email": "ayse@example.com"})
    token = reset_token(auth)
    weak = await auth.encrypted(
        "POST",
        "/wps/member/password/reset",
        {"token": token, "newPassword": "abcdef", "confirmNewPassword": "abcdef"},
        Language="EN",
    )
    assert (weak.status_code, weak.json()["errorCode"]) == (400, "register.field.invalid")
    good = await auth.encrypted(
        "POST",
        "/wps/member/password/reset",
        {"token": token, "newPassword": "mektup135", "confirmNewPassword": "mektup135"},
        Language="EN",
    )
    assert good.status_code == 200


async def test_missing_fields_are_named(auth: AuthClient) -> None:
    response = await auth.http.post("/wps/member/password/email", data={"username": "x"}, headers={"Language": "EN"})
    assert (response.status_code, response.json()["errorCode"]) == (400, "validation.failed")
    assert "email" in response.json()["message"]


async def test_a_reset_link_cannot_open_a_disabled_or_locked_account(
    auth: AuthClient, member: str, auth_db: Database
) -> None:
    await auth.http.post("/wps/member/password/email", data={"username": member, "email": "ayse@example.com"})
    token = reset_token(auth)
    change = {"token": token, "newPassword": "mektup135", "confirmNewPassword": "mektup135"}
    for values, code in (
        ({"locked_until": datetime.now(UTC) + timedelta(minutes=30)}, "account.locked"),
        ({"locked_until": None, "status": "disabled"}, "account.disabled"),
    ):
        async with auth_db.transaction() as session:
            await session.execute(update(Account).where(Account.username == member).values(**values))
        refused = await auth.encrypted("POST", "/wps/member/password/reset", change, Language="EN")
        assert (refused.status_code, refused.json()["errorCode"], refused.json()["value"]) == (403, code, None)
    async with auth_db.transaction() as session:  # the lock over and the account enabled: the link still works
        await session.execute(update(Account).where(Account.username == member).values(status="active"))
    assert (await auth.encrypted("POST", "/wps/member/password/reset", change, Language="EN")).status_code == 200
    assert (await auth.login(member, "mektup135")).status_code == 200
