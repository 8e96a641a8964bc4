"""Binding a mobile number to a signed-in account by an SMS code to that number and the login password."""

from __future__ import annotations

from auth_helpers import GOOD_REGISTRATION, AuthClient


async def signed_in(auth: AuthClient, **changes: str) -> str:
    assert (await auth.register(**changes)).status_code == 200
    login = await auth.login(changes.get("username", GOOD_REGISTRATION["username"]), GOOD_REGISTRATION["password"])
    return str(login.json()["value"]["token"])


async def test_a_member_binds_a_new_number_with_the_code_it_received(auth: AuthClient) -> None:
    token = await signed_in(auth)
    headers = {"Authorization": token, "Language": "EN"}
    sent = await auth.http.post(
        "/wps/verification/sms/bind", json={"mobileNum": "5559876543", "countryDialingCode": "90"}, headers=headers
    )
    assert sent.status_code == 200, sent.text
    wrong = await auth.http.put(
        "/wps/member/mobile",
        json={"mobileNum": "5559876543", "countryDialingCode": "90", "verificationCode": "000000", "password": "x"},
        headers=headers,
    )
    assert (wrong.status_code, wrong.json()["errorCode"]) == (400, "password.old.incorrect")
    code = auth.last_code("+905559876543")
    body = {"mobileNum": "5559876543", "countryDialingCode": "90", "verificationCode": code}
    session_only = await auth.http.put(
        "/wps/member/mobile", json={**body, "password": "not-the-password"}, headers=headers
    )
    assert (session_only.status_code, session_only.json()["errorCode"]) == (400, "password.old.incorrect")
    bad_code = await auth.http.put(
        "/wps/member/mobile", json={**body, "verificationCode": "000000", "password": GOOD_REGISTRATION["password"]},
        headers=headers,
    )  # fmt: skip
    assert (bad_code.status_code, bad_code.json()["errorCode"]) == (400, "sms.code.invalid")
    bound = await auth.http.put(
        "/wps/member/mobile", json={**body, "password": GOOD_REGISTRATION["password"]}, headers=headers
    )
    assert bound.json()["value"] == {"mobileNum": "5559876543", "countryDialingCode": "90"}
    info = (await auth.http.get("/wps/member/info", headers=headers)).json()["value"]
    assert (info["mobileNum"], info["countryDialingCode"]) == ("5559876543", "90")
    spent = await auth.http.put(
        "/wps/member/mobile", json={**body, "password": GOOD_REGISTRATION["password"]}, headers=headers
    )
    assert spent.json()["errorCode"] == "sms.code.invalid"  # a code works once


async def test_a_number_another_account_holds_is_refused_and_visitors_cannot_bind(auth: AuthClient) -> None:
    await auth.register()  # holds +90 5321234567
    token = await signed_in(auth, username="Mehmet1990", mobileNum="5337654321", email="mehmet@example.com")
    taken = await auth.http.post(
        "/wps/verification/sms/bind",
        json={"mobileNum": GOOD_REGISTRATION["mobileNum"], "countryDialingCode": "90"},
        headers={"Authorization": token},
    )
    assert (taken.status_code, taken.json()["errorCode"]) == (409, "mobile.exists")
    visitor = await auth.http.post("/wps/verification/sms/bind", json={"mobileNum": "5550001111"})
    assert visitor.status_code == 401
