"""Valkey key names carry no personal data: a phone number, an e-mail address, a username or a client's address
appears in a key name only as a keyed hash (HMAC under the service's secret), so whoever sees the key names (a
backup, an administrator's listing) can neither read them nor find them by hashing every phone number."""

from __future__ import annotations

import hashlib
import re

from auth_helpers import HOME, AuthClient
from hypothesis import given
from hypothesis import strategies as st
from redis.asyncio import Redis

from auth_service.key_names import hidden

ELSEWHERE = "203.0.113.77"
OPS_DESK = "10.9.0.66"  # inside the ops ranges
ADDRESS = re.compile(r"\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}")


async def key_names(redis_url: str) -> list[str]:
    redis = Redis.from_url(redis_url, decode_responses=True)
    try:
        return [name async for name in redis.scan_iter(count=1000)]
    finally:
        await redis.aclose()


async def test_no_key_name_carries_a_phone_number_an_email_a_username_or_an_address(auth: AuthClient) -> None:
    assert (await auth.register()).status_code == 200  # ayse1990, +90 5321234567, ayse@example.com
    assert (await auth.send_sms("noLogin", "5321234567")).status_code == 200  # a code, its countdown, the day's count
    wrong = {"username": "5321234567", "password": "000000", "type": "sms", "countryDialingCode": "90"}
    await auth.encrypted("POST", "/wps/session/login", wrong, Language="EN")  # the code's tries
    ticket = (await auth.login("ayse1990", "gizli123", ip=ELSEWHERE)).json()["value"]["ticket"]
    sent = await auth.http.post("/wps/session/login/verify/send", json={"ticket": ticket, "method": "email"})
    assert sent.status_code == 200, sent.text  # a code under the e-mail address
    assert (await auth.login("ayse1990", "wrong-password")).status_code == 401  # the name's failures and tries
    guess = {"username": "root.admin", "password": "guess", "totp": "123456"}
    tried = await auth.http.post("/wps/ops/auth/login", json=guess, headers={"X-Real-Ip": OPS_DESK})
    assert tried.json()["errorCode"] == "ops.login.failed"  # an ops name's tries from the address, the address's
    names = await key_names(auth.redis_url)
    assert sum(name.startswith("auth:sms:") for name in names) >= 4  # two codes, a countdown, the tries
    assert any(name.startswith("auth:login-fail:") for name in names)
    personal = ("5321234567", "ayse@example.com", "ayse1990", HOME, ELSEWHERE, "root.admin", OPS_DESK)
    assert [name for name in names if any(part in name.lower() for part in personal) or ADDRESS.search(name)] == []
    plain = hashlib.sha256(f"root.admin\n{OPS_DESK}".encode()).hexdigest()[:32]  # found by trying every address
    assert [name for name in names if plain in name] == []


@given(st.text(min_size=1, max_size=40))
def test_a_hidden_part_is_keyed_and_cannot_be_found_by_hashing_the_value(value: str) -> None:
    name = hidden("the service's secret", value)
    assert re.fullmatch(r"[0-9a-f]{32}", name)
    assert name == hidden("the service's secret", value)  # the same counter each time
    assert name != hidden("another secret", value)
    assert name not in hashlib.sha256(value.encode()).hexdigest()
