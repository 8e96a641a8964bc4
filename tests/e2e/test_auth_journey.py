"""A newcomer through Traefik: register with the demo brand's rules, log in, read member info, change the
password, log out and find the old token refused."""

from __future__ import annotations

from portal_client import Browser, last_sms_code, read_captcha

from portal_stack.harness import Stack


def test_register_login_info_change_password_logout(stack: Stack) -> None:
    browser = Browser(stack)
    rules = {rule["field"]: rule for rule in browser.http.get("/wps/system/setting/register").json()["value"]}
    assert rules["username"]["minLength"] == 6

    captcha = browser.http.get("/wps/captcha").json()["value"]
    registration = {
        "username": "newcomer1",
        "password": "ilkSifre1",
        "confirmPassword": "ilkSifre1",
        "paymentPassword": "135790",
        "mobileNum": "5320001122",
        "countryDialingCode": "90",
        "birthday": "1995-03-03",
        "acceptTerms": True,
        "captchaId": captcha["captchaId"],
        "captcha": read_captcha(stack, captcha["captchaId"]),
        **browser.bot_check(),
    }
    registered = browser.send("PUT", "/wps/member/register", registration)
    assert registered.status_code == 200, registered.text
    assert registered.json()["value"]["firstTimeLogin"] is True

    login = browser.send(
        "POST", "/wps/session/login", {"username": "NewComer1", "password": "ilkSifre1", **browser.bot_check()}
    )
    assert login.status_code == 200, login.text
    token = login.json()["value"]["token"]
    info = browser.http.get("/wps/member/info", headers={"Authorization": token}).json()["value"]
    assert (info["account"], info["type"]) == ("newcomer1", 0)

    change = {"oldPassword": "ilkSifre1", "newPassword": "yeniSifre2", "confirmNewPassword": "yeniSifre2"}
    assert browser.send("POST", "/wps/member/password", change, token=token).status_code == 200
    wrong = browser.send(
        "POST", "/wps/session/login", {"username": "newcomer1", "password": "ilkSifre1", **browser.bot_check()}
    )
    assert (wrong.status_code, wrong.json()["errorCode"]) == (401, "login.password.incorrect")

    assert browser.http.delete("/wps/session/logout", headers={"Authorization": token}).status_code == 200
    refused = browser.http.get("/wps/member/info", headers={"Authorization": token})
    assert (refused.status_code, refused.json()["errorCode"]) == (401, "user.or.token.invalid")
    assert browser.http.get("/_svc/auth/readyz").json()["value"] == {"status": "ready"}


def test_a_login_from_a_new_address_asks_for_the_second_factor(stack: Stack) -> None:
    home = Browser(stack, "127.0.0.3")
    captcha = home.http.get("/wps/captcha").json()["value"]
    registration = {
        "username": "traveller1",
        "password": "yolcu2468",
        "confirmPassword": "yolcu2468",
        "paymentPassword": "112233",
        "mobileNum": "5329998877",
        "countryDialingCode": "90",
        "birthday": "1990-09-09",
        "payeeName": "Deniz Kaya",
        "acceptTerms": True,
        "captchaId": captcha["captchaId"],
        "captcha": read_captcha(stack, captcha["captchaId"]),
        **home.bot_check(),
    }
    assert home.send("PUT", "/wps/member/register", registration).status_code == 200

    away = Browser(stack, "127.0.0.4")
    asked = away.send(
        "POST", "/wps/session/login", {"username": "traveller1", "password": "yolcu2468", **away.bot_check()}
    )
    assert (asked.status_code, asked.json()["errorCode"]) == (403, "login_verify_required")
    value = asked.json()["value"]
    assert value["methods"] == ["sms"]  # the payee name is no secret: offered only to an account without a factor
    sent = away.http.post("/wps/session/login/verify/send", json={"ticket": value["ticket"], "method": "sms"})
    assert sent.status_code == 200, sent.text
    code = last_sms_code(stack, "+905329998877")
    done = away.send("POST", "/wps/session/login/verify", {"ticket": value["ticket"], "method": "sms", "answer": code})
    assert done.status_code == 200 and done.json()["value"]["token"]
