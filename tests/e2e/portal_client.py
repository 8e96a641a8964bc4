"""What a browser does against the portal's API: captcha read as a person would, the bot check solved,
(E) bodies encrypted with the key the portal hands out."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from redis import Redis

from auth_service.challenges import solve
from portal_kit.encryption import encrypt
from portal_stack.harness import Stack


def last_sms_code(stack: Stack, to: str) -> str:
    """The code of the last SMS the development provider wrote for ``to``."""
    lines = (stack.data_dir / "dev-messages.jsonl").read_text(encoding="utf-8").splitlines()
    texts = [json.loads(line)["text"] for line in lines if json.loads(line)["to"] == to]
    match = re.search(r"\b(\d{6})\b", texts[-1])
    assert match
    return match.group(1)


def read_captcha(stack: Stack, captcha_id: str) -> str:
    """The captcha's text, as a person reads the picture (sync: a Playwright page may own the event loop)."""
    with Redis.from_url(stack.redis_url, decode_responses=True) as redis:
        return str(redis.get(f"captcha:{captcha_id}"))


class Browser:
    """What the web shell does for each (E) call: fetch the key, solve the bot check, encrypt."""

    def __init__(self, stack: Stack, address: str = "127.0.0.1") -> None:
        self.stack = stack
        transport = httpx.HTTPTransport(local_address=address)  # a visitor's own address (all of 127/8 is local)
        self.http = httpx.Client(base_url=stack.url, headers={"Language": "EN"}, transport=transport)

    def bot_check(self) -> dict[str, str]:
        challenge = self.http.get("/wps/botcheck/challenge").json()["value"]
        return {
            "botCheckId": challenge["challengeId"],
            "botCheckNonce": solve(challenge["prefix"], challenge["difficulty"]),
        }

    def send(self, method: str, path: str, payload: dict[str, Any], token: str | None = None) -> httpx.Response:
        key = self.http.get("/wps/session/key/rsa").json()["value"]
        body, headers = encrypt(key["publicKey"], key["keyId"], payload, method=method, path=path)
        if token:
            headers["Authorization"] = token
        return self.http.request(method, path, json=body, headers=headers)


def registered_member(stack: Stack, username: str, address: str, **fields: str) -> str:
    """A member registered and logged in through the API (as the shell would), from its own address; ``fields``
    adds registration fields (an e-mail, ...)."""
    browser = Browser(stack, address)
    captcha = browser.http.get("/wps/captcha").json()["value"]
    registration = {
        "username": username, "password": "uyeSifre1", "confirmPassword": "uyeSifre1", "paymentPassword": "864200",
        "mobileNum": f"53{abs(hash(username)) % 10**8:08d}", "countryDialingCode": "90", "birthday": "1990-01-01",
        "acceptTerms": True, "captchaId": captcha["captchaId"], "captcha": read_captcha(stack, captcha["captchaId"]),
        **browser.bot_check(), **fields,
    }  # fmt: skip
    answer = browser.send("PUT", "/wps/member/register", registration)
    assert answer.status_code == 200, answer.text
    return str(answer.json()["value"]["token"])
