"""Login, captcha after failures, lockout, forced password change, password change, logout, entries, free play."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from auth_helpers import HOME, AuthClient
from fastapi import FastAPI
from sqlalchemy import select, update

from auth_service.accounts.models import Account, LoginRecord
from auth_service.passwords import hash_password
from portal_kit.db import Database
from portal_kit.sessions import SessionStore
from portal_kit.testing.plugin import PortalServers
from portal_kit.valkey_link import ValkeyLink


@pytest.fixture
async def member(auth: AuthClient) -> str:
    response = await auth.register()
    assert response.status_code == 200
    return "ayse1990"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": token, "Language": "EN"}


async def test_login_answers_a_working_token_and_records_the_address(
    auth: AuthClient, member: str, auth_db: Database
) -> None:
    response = await auth.login("  AYSE1990 ", "gizli123")
    assert response.status_code == 200, response.text
    value = response.json()["value"]
    assert (value["firstTimeLogin"], value["passwordExpired"], value["captcha"]) == (False, False, False)
    info = await auth.http.get("/wps/member/info", headers=bearer(value["token"]))
    assert info.json()["value"]["lastLoginIp"] == "198.51.100.10"
    logins = (await auth.http.get("/wps/member/info/logins", headers=bearer(value["token"]))).json()["value"]
    assert logins[0]["ip"] == "198.51.100.10" and logins[0]["success"] is True


async def test_a_login_reads_its_brand_from_the_request_and_documents_the_header(
    app: FastAPI, auth: AuthClient
) -> None:
    """The brand is read inside ``caller``, not as a dependency of its own: the document still names the header and
    an unknown brand is refused with the app's envelope."""
    login = app.openapi()["paths"]["/wps/session/login"]["post"]
    assert "merchant" in {parameter["name"].lower() for parameter in login["parameters"]}
    unknown = await auth.http.post("/wps/session/login", json={"value": "x"}, headers={"Merchant": "No Such!"})
    assert (unknown.status_code, unknown.json()["errorCode"]) == (400, "merchant.invalid")


async def test_wrong_password_then_captcha_then_growing_waits_but_no_lock(auth: AuthClient, member: str) -> None:
    answers = [await auth.login(member, "wrong-one1") for _ in range(3)]
    assert [a.status_code for a in answers] == [401, 401, 401]
    assert answers[0].json()["errorCode"] == "login.password.incorrect"
    assert answers[0].json()["message"] == "Wrong account or password."
    assert [a.json()["value"]["captcha"] for a in answers] == [False, False, True]

    no_captcha = await auth.login(member, "gizli123")
    assert (no_captcha.status_code, no_captcha.json()["errorCode"]) == (400, "captcha.required")
    assert no_captcha.json()["value"] == {"captcha": True}
    wrong_captcha = await auth.login(member, "gizli123", captchaId="x", captcha="abcd")
    assert wrong_captcha.json()["errorCode"] == "captcha.invalid"

    # This address has used its three free tries of the name: each further try waits its turn.
    fourth = await auth.login(member, "wrong-one1", **(await auth.captcha()))
    assert fourth.json()["errorCode"] == "login.password.incorrect"
    too_soon = await auth.login(member, "gizli123", **(await auth.captcha()))
    assert (too_soon.status_code, too_soon.json()["errorCode"]) == (429, "login.wait")
    assert (
        too_soon.json()["message"] == f"Too many tries. Try again in {too_soon.json()['value']['waitSeconds']} seconds."
    )
    elsewhere = await auth.login(member, "gizli123", ip="198.51.100.11", **(await auth.captcha()))
    assert elsewhere.json()["errorCode"] == "login_verify_required"  # the member is not locked out by a guesser
    await asyncio.sleep(too_soon.json()["value"]["waitSeconds"] + 0.2)
    later = await auth.login(member, "gizli123", **(await auth.captcha()))
    assert later.status_code == 200, later.text


async def test_a_right_password_clears_the_failures_with_the_session_it_opens(auth: AuthClient, member: str) -> None:
    for _ in range(3):
        await auth.login(member, "wrong-one1")
    assert (await auth.login(member, "gizli123")).json()["errorCode"] == "captcha.required"
    assert (await auth.login(member, "gizli123", **(await auth.captcha()))).status_code == 200
    assert (await auth.login(member, "gizli123")).status_code == 200  # no captcha asked any more
    assert (await auth.login(member, "wrong-one1")).json()["value"] == {"captcha": False}  # counting from one


async def test_ops_unlock_a_locked_account(auth: AuthClient, member: str, auth_db: Database) -> None:
    for _ in range(3):
        await auth.login(member, "wrong-one1")
    assert (await auth.login(member, "gizli123")).json()["errorCode"] == "captcha.required"
    async with auth_db.transaction() as session:  # an account locked before failed logins stopped locking
        await session.execute(
            update(Account)
            .where(Account.username == member)
            .values(locked_until=datetime.now(UTC) + timedelta(hours=1))
        )
        account = await session.scalar(select(Account).where(Account.username == member))
    assert account is not None
    unlocked = await auth.http.post(
        f"/wps/ops/auth/merchants/turkeyf2/accounts/{account.id}/unlock",
        headers={"Authorization": await auth.ops_token()},
    )
    assert unlocked.status_code == 200
    assert (await auth.login(member, "gizli123")).status_code == 200


async def test_unknown_usernames_are_answered_like_wrong_passwords(auth: AuthClient) -> None:
    response = await auth.login("nobody123", "whatever1")
    assert (response.status_code, response.json()["errorCode"]) == (401, "login.password.incorrect")


# A login counts the address, the failures and the tries in one script; with the bot check on, the address is
# counted on its own before the bot check. Both ways keep the same limits.
BOT_CHECK_ON_AND_OFF = pytest.mark.parametrize("bot_check", [True, False], ids=["bot-check", "no-bot-check"])


@BOT_CHECK_ON_AND_OFF
async def test_brute_force_from_one_address_is_throttled(auth: AuthClient, member: str, bot_check: bool) -> None:
    await auth.site_flags(BOTCHECK3=bot_check)
    codes = []
    for attempt in range(32):
        response = await auth.login(f"guess{attempt}", "nope12345")
        codes.append(response.status_code)
    assert codes[:30] == [401] * 30
    assert codes[30:] == [429, 429]


async def test_logout_ends_the_token(auth: AuthClient, member: str) -> None:
    token = (await auth.login(member, "gizli123")).json()["value"]["token"]
    assert (await auth.http.delete("/wps/session/logout", headers=bearer(token))).status_code == 200
    stolen = await auth.http.get("/wps/member/info", headers=bearer(token))
    assert (stolen.status_code, stolen.json()["errorCode"]) == (401, "user.or.token.invalid")
    nobody = await auth.http.delete("/wps/session/logout")
    assert (nobody.status_code, nobody.json()["errorCode"]) == (401, "login.not.session")


async def test_a_token_is_good_only_for_its_own_brand(auth: AuthClient, member: str) -> None:
    token = (await auth.login(member, "gizli123")).json()["value"]["token"]
    other = await auth.http.get("/wps/member/info", headers={**bearer(token), "Merchant": "brand2"})
    assert (other.status_code, other.json()["errorCode"]) == (401, "user.or.token.invalid")


async def test_password_change_ends_the_other_sessions(auth: AuthClient, member: str) -> None:
    here = (await auth.login(member, "gizli123")).json()["value"]["token"]
    elsewhere = (await auth.login(member, "gizli123")).json()["value"]["token"]
    change = {"oldPassword": "gizli123", "newPassword": "yeni4567", "confirmNewPassword": "yeni4567"}
    response = await auth.encrypted("POST", "/wps/member/password", change, **bearer(here))
    assert response.status_code == 200, response.text
    assert response.json()["value"]["account"] == member
    assert (await auth.http.get("/wps/member/info", headers=bearer(here))).status_code == 200
    assert (await auth.http.get("/wps/member/info", headers=bearer(elsewhere))).status_code == 401
    assert (await auth.login(member, "gizli123")).status_code == 401
    assert (await auth.login(member, "yeni4567")).status_code == 200


async def test_a_brand_that_verifies_password_changes_asks_for_a_code_to_the_bound_mobile(
    auth: AuthClient, member: str, auth_db: Database
) -> None:
    await auth.site_flags(CHNGPASSVERIF3=True)
    token = (await auth.login(member, "gizli123")).json()["value"]["token"]
    change = {"oldPassword": "gizli123", "newPassword": "yeni4567", "confirmNewPassword": "yeni4567"}
    no_code = await auth.encrypted("POST", "/wps/member/password", change, **bearer(token))
    assert (no_code.status_code, no_code.json()["errorCode"]) == (400, "sms.code.invalid")
    sent = await auth.http.post("/wps/verification/sms/password", headers=bearer(token))
    assert sent.json()["value"] == {"expiredMinutes": 5}
    code = auth.last_code("+905321234567")  # the bound mobile, not one the caller names
    done = await auth.encrypted("POST", "/wps/member/password", {**change, "verificationCode": code}, **bearer(token))
    assert done.status_code == 200, done.text
    assert (await auth.login(member, "yeni4567")).status_code == 200

    async with auth_db.transaction() as session:
        await session.execute(update(Account).where(Account.username == member).values(mobile_num=None))
    unbound = await auth.http.post("/wps/verification/sms/password", headers=bearer(token))
    assert (unbound.status_code, unbound.json()["errorCode"]) == (400, "mobile.not_bound")
    assert (await auth.http.post("/wps/verification/sms/password")).status_code == 401


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (
            {"oldPassword": "wrong123", "newPassword": "yeni4567", "confirmNewPassword": "yeni4567"},
            "password.old.incorrect",
        ),
        (
            {"oldPassword": "gizli123", "newPassword": "yenisifre", "confirmNewPassword": "yenisifre"},
            "register.field.invalid",
        ),
        (
            {"oldPassword": "gizli123", "newPassword": "yeni4567", "confirmNewPassword": "yeni4568"},
            "register.password.mismatch",
        ),
        ({"oldPassword": "gizli123", "newPassword": "gizli123", "confirmNewPassword": "gizli123"}, "password.same"),
    ],
)
async def test_bad_password_changes_are_refused(
    auth: AuthClient, member: str, change: dict[str, str], code: str
) -> None:
    token = (await auth.login(member, "gizli123")).json()["value"]["token"]
    response = await auth.encrypted("POST", "/wps/member/password", change, **bearer(token))
    assert (response.status_code, response.json()["errorCode"]) == (400, code)
    assert (await auth.login(member, "gizli123")).status_code == 200


async def test_the_weak_default_password_forces_a_change_first(
    auth: AuthClient, auth_db: Database, portal_servers: PortalServers
) -> None:
    async with auth_db.transaction() as session:
        session.add(Account(id=str(uuid.uuid4()), merchant="turkeyf2", username="oldtimer1", account_type=0, status="active",
                            password_hash=await hash_password("123456"), contacts={}))  # fmt: skip
    login = await auth.login("oldtimer1", "123456")
    assert login.json()["value"]["passwordExpired"] is True
    token = login.json()["value"]["token"]
    valkey = ValkeyLink(portal_servers.redis_url)
    try:
        principal = await SessionStore(valkey).load(token)
        assert principal is not None and principal.must_change_password
        change = {"oldPassword": "123456", "newPassword": "guclu7890", "confirmNewPassword": "guclu7890"}
        weak = {"oldPassword": "123456", "newPassword": "123456", "confirmNewPassword": "123456"}
        refused = await auth.encrypted("POST", "/wps/member/password", weak, **bearer(token))
        assert refused.json()["errorCode"] in {"register.field.invalid", "password.weak"}
        assert (await auth.encrypted("POST", "/wps/member/password", change, **bearer(token))).status_code == 200
        principal = await SessionStore(valkey).load(token)
        assert principal is not None and not principal.must_change_password
    finally:
        await valkey.aclose()


async def test_agent_entry_admits_only_agents_and_the_site_admits_agents_too(auth: AuthClient, member: str) -> None:
    await auth.create_agent(username="agentone")
    member_at_agent_entry = await auth.login(member, "gizli123", path="/wps/session/login/agent")
    assert (member_at_agent_entry.status_code, member_at_agent_entry.json()["errorCode"]) == (403, "login.not_agent")
    assert member_at_agent_entry.json()["message"] == "Only agents can log in here."
    agent = await auth.login("agentone", "Agent-pass-1", path="/wps/session/login/agent")
    assert agent.status_code == 200 and agent.json()["value"]["type"] == 1
    assert (await auth.login("agentone", "Agent-pass-1")).status_code == 200


async def test_free_play_makes_a_trial_account_that_cannot_act(auth: AuthClient, auth_db: Database) -> None:
    response = await auth.http.post("/wps/session/login/freeplay", json={"os": "Linux", "platform": "W"})
    assert response.status_code == 200, response.text
    token = response.json()["value"]["token"]
    info = (await auth.http.get("/wps/member/info", headers=bearer(token))).json()["value"]
    assert info["type"] == 4 and info["account"].startswith("trial")
    change = {"oldPassword": "x", "newPassword": "abc12345", "confirmNewPassword": "abc12345"}
    refused = await auth.encrypted("POST", "/wps/member/password", change, **bearer(token))
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "in_need_true_account")
    async with auth_db.reader() as session:
        records = (await session.scalars(select(LoginRecord))).all()
    assert len(records) == 1


async def test_free_play_follows_the_brand_flag(auth: AuthClient) -> None:
    await auth.site_flags(FREEPLAY3=False)
    response = await auth.http.post("/wps/session/login/freeplay", json={}, headers={"Language": "EN"})
    assert (response.status_code, response.json()["errorCode"]) == (403, "freeplay.disabled")


async def test_captcha_refresh_is_throttled_to_once_a_second(auth: AuthClient) -> None:
    first = await auth.http.get("/wps/captcha", headers={"X-Real-Ip": "203.0.113.9"})
    second = await auth.http.get("/wps/captcha", headers={"X-Real-Ip": "203.0.113.9"})
    assert first.status_code == 200
    assert (second.status_code, second.json()["errorCode"]) == (429, "TOO_MANY_REQUESTS")


async def test_login_needs_the_bot_check_when_the_brand_asks(auth: AuthClient, member: str) -> None:
    response = await auth.encrypted(
        "POST", "/wps/session/login", {"username": member, "password": "gizli123"}, Language="EN"
    )
    assert (response.status_code, response.json()["errorCode"]) == (400, "botcheck.failed")
    await auth.site_flags(BOTCHECK3=False)
    plain = await auth.encrypted(
        "POST", "/wps/session/login", {"username": member, "password": "gizli123"}, Language="EN", **{"X-Real-Ip": HOME}
    )
    assert plain.status_code == 200
    assert plain.json()["value"]["token"]


async def test_unknown_brand_is_refused(auth: AuthClient) -> None:
    response = await auth.login("ayse1990", "gizli123")
    assert response.status_code == 401  # no such member yet: answered like a wrong password
    key = (await auth.http.get("/wps/session/key/rsa")).json()["value"]
    from portal_kit.encryption import encrypt

    body, headers = encrypt(
        key["publicKey"], key["keyId"], {"username": "a", "password": "b"}, method="POST", path="/wps/session/login"
    )
    ghost = await auth.http.post("/wps/session/login", json=body, headers={**headers, "Merchant": "ghost"})
    assert (ghost.status_code, ghost.json()["errorCode"]) == (404, "merchant.not_found")


async def test_a_blocked_region_cannot_log_in_register_or_play(auth: AuthClient, member: str) -> None:
    await auth.site_settings(blockedNetworks=["198.51.100.0/24"])
    login = await auth.login(member, "gizli123")
    assert (login.status_code, login.json()["errorCode"]) == (403, "region.blocked")
    assert login.json()["message"] == "The service is not available from your region or IP address (198.51.100.10)."
    register = await auth.register(username="another11", mobileNum="5320009988")
    assert register.json()["errorCode"] == "region.blocked"
    play = await auth.http.post("/wps/session/login/freeplay", json={}, headers={"X-Real-Ip": "198.51.100.99"})
    assert (play.status_code, play.json()["errorCode"]) == (403, "region.blocked")
    elsewhere = await auth.login(
        member, "gizli123", ip="192.0.2.10"
    )  # not blocked: only the new address is asked about
    assert (elsewhere.status_code, elsewhere.json()["errorCode"]) == (403, "login_verify_required")


async def test_no_login_during_maintenance(auth: AuthClient, member: str) -> None:
    await auth.site_settings(maintenance=True)
    login = await auth.login(member, "gizli123")
    assert (login.status_code, login.json()["errorCode"]) == (503, "maintenance")


async def test_each_token_reads_only_its_own_account(auth: AuthClient, member: str) -> None:
    other = await auth.register(username="second22", mobileNum="5320001111", email="second@example.com")
    mine = (await auth.login(member, "gizli123")).json()["value"]["token"]
    theirs = other.json()["value"]["token"]
    assert (await auth.http.get("/wps/member/info", headers=bearer(mine))).json()["value"]["account"] == member
    assert (await auth.http.get("/wps/member/info", headers=bearer(theirs))).json()["value"]["account"] == "second22"


async def failed_logins_recorded(auth_db: Database) -> int:
    async with auth_db.reader() as session:
        rows = await session.scalars(select(LoginRecord).where(LoginRecord.success.is_(False)))
        return len(rows.all())


@BOT_CHECK_ON_AND_OFF
async def test_parallel_guesses_cannot_outrun_the_captcha(
    auth: AuthClient, member: str, auth_db: Database, bot_check: bool
) -> None:
    await auth.site_flags(BOTCHECK3=bot_check)
    answers = await asyncio.gather(*(auth.login(member, f"wrong-{n}-x1") for n in range(20)))
    codes = sorted(answer.json()["errorCode"] for answer in answers)
    assert codes == ["captcha.required"] * 17 + ["login.password.incorrect"] * 3
    assert await failed_logins_recorded(auth_db) == 3  # only the first three guesses were ever compared


@BOT_CHECK_ON_AND_OFF
async def test_parallel_guesses_cannot_outrun_the_wait(
    auth: AuthClient, member: str, auth_db: Database, bot_check: bool
) -> None:
    await auth.site_flags(BOTCHECK3=bot_check)
    for _ in range(3):
        await auth.login(member, "wrong-one1")
    captchas = [await auth.captcha() for _ in range(20)]
    answers = await asyncio.gather(*(auth.login(member, f"wrong-{n}-x1", **c) for n, c in enumerate(captchas)))
    codes = sorted(answer.json()["errorCode"] for answer in answers)
    assert codes == ["login.password.incorrect"] + ["login.wait"] * 19  # one claimed the turn, the rest wait
    assert await failed_logins_recorded(auth_db) == 4  # three before, one in the race
    waits = [a.json()["value"]["waitSeconds"] for a in answers if a.json()["errorCode"] == "login.wait"]
    assert all(1 <= wait <= 900 for wait in waits)


async def test_parallel_guesses_of_the_old_password_are_counted_before_compared(auth: AuthClient, member: str) -> None:
    token = (await auth.login(member, "gizli123")).json()["value"]["token"]
    guesses = [
        {"oldPassword": f"wrong{n}23", "newPassword": "yeni4567", "confirmNewPassword": "yeni4567"} for n in range(8)
    ]
    answers = await asyncio.gather(
        *(auth.encrypted("POST", "/wps/member/password", guess, **bearer(token)) for guess in guesses)
    )
    codes = sorted(answer.json()["errorCode"] for answer in answers)
    assert codes == ["TOO_MANY_REQUESTS"] * 3 + ["password.old.incorrect"] * 5
    right = {"oldPassword": "gizli123", "newPassword": "yeni4567", "confirmNewPassword": "yeni4567"}
    held = await auth.encrypted("POST", "/wps/member/password", right, **bearer(token))
    assert (held.status_code, held.json()["errorCode"]) == (429, "TOO_MANY_REQUESTS")  # for the rest of the window
