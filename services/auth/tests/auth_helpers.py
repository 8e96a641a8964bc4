"""A client of the auth service as the web would be: encrypted bodies, bot check, captcha read by a person."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx

from auth_service.challenges import solve
from portal_kit.encryption import encrypt
from portal_kit.sessions import token_key
from portal_kit.testing.clients import valkey_client
from portal_kit.testing.sessions import ops_session

HOME = "198.51.100.10"  # where the test visitor registers and usually logs in from
GOOD_REGISTRATION: dict[str, Any] = {
    "username": "Ayse1990",
    "password": "gizli123",
    "confirmPassword": "gizli123",
    "paymentPassword": "654321",
    "mobileNum": "5321234567",
    "countryDialingCode": "90",
    "birthday": "1990-05-17",
    "nickname": "Ayşe",
    "email": "ayse@example.com",
    "acceptTerms": True,
    "login": True,
    "registerMethod": "WEB",
}


class AuthClient:
    def __init__(self, http: httpx.AsyncClient, redis_url: str, site_url: str, messages_file: str) -> None:
        self.http = http
        self.messages_file = Path(messages_file)
        self.redis_url = redis_url
        self.site_url = site_url
        self.visitors = 0

    async def redis_get(self, key: str) -> str | None:
        async with valkey_client(self.redis_url) as valkey:
            value = await valkey.get(key)
            return None if value is None else str(value)

    async def redis_ttl_of(self, token: str) -> int:
        """How many seconds the session of ``token`` has left."""
        async with valkey_client(self.redis_url) as valkey:
            return int(await valkey.ttl(token_key(token)))

    async def encrypted(self, method: str, path: str, payload: dict[str, Any], **headers: str) -> httpx.Response:
        key = (await self.http.get("/wps/session/key/rsa")).json()["value"]
        body, crypto = encrypt(key["publicKey"], key["keyId"], payload, method=method, path=path)
        return await self.http.request(method, path, json=body, headers={**crypto, **headers})

    async def bot_check(self) -> dict[str, str]:
        challenge = (await self.http.get("/wps/botcheck/challenge")).json()["value"]
        return {
            "botCheckId": challenge["challengeId"],
            "botCheckNonce": solve(challenge["prefix"], challenge["difficulty"]),
        }

    async def captcha(self, ip: str | None = None) -> dict[str, str]:
        """A fresh captcha, answered as a person reading the image would (each from its own address, since
        one address may refresh only once a second)."""
        self.visitors += 1
        address = ip or f"198.51.{self.visitors // 250}.{self.visitors % 250 + 1}"
        value = (await self.http.get("/wps/captcha", headers={"X-Real-Ip": address})).json()["value"]
        assert value["image"].startswith("data:image/png;base64,")
        answer = await self.redis_get(f"captcha:{value['captchaId']}")
        assert answer is not None
        return {"captchaId": value["captchaId"], "captcha": answer.lower()}

    async def register(self, language: str = "EN", **changes: Any) -> httpx.Response:
        """A registration that passes every rule of the demo brand, with ``changes`` (None drops a field)."""
        payload = {**GOOD_REGISTRATION, **(await self.bot_check()), **(await self.captcha()), **changes}
        payload = {key: value for key, value in payload.items() if value is not None}
        return await self.encrypted("PUT", "/wps/member/register", payload, Language=language, **{"X-Real-Ip": HOME})

    async def login(
        self, username: str, password: str, path: str = "/wps/session/login", ip: str = HOME, **extra: Any
    ) -> httpx.Response:
        payload = {"username": username, "password": password, "type": "username", **(await self.bot_check()), **extra}
        return await self.encrypted("POST", path, payload, Language="EN", **{"X-Real-Ip": ip})

    async def ops_token(self) -> str:
        return await ops_session(self.redis_url, "ops.test")

    async def site_settings(self, **settings: object) -> dict[str, Any]:
        """Change the demo brand's settings as ops do; the brand as ops then read it."""
        token = await self.ops_token()
        async with httpx.AsyncClient(base_url=self.site_url) as site:
            response = await site.patch(
                "/wps/ops/site/merchants/turkeyf2", json=settings, headers={"Authorization": token}
            )
            assert response.status_code == 200, response.text
            value: dict[str, Any] = response.json()["value"]
            return value

    async def site_flags(self, **flags: bool) -> None:
        token = await self.ops_token()
        async with httpx.AsyncClient(base_url=self.site_url) as site:
            response = await site.put(
                "/wps/ops/site/merchants/turkeyf2/flags", json={"flags": flags}, headers={"Authorization": token}
            )
            assert response.status_code == 200, response.text

    async def create_agent(
        self, username: str = "agentone", code: str = "F2AGENT1", account_type: int = 1
    ) -> dict[str, Any]:
        response = await self.http.post(
            "/wps/ops/auth/merchants/turkeyf2/agents",
            json={"username": username, "password": "Agent-pass-1", "accountType": account_type, "affiliateCode": code},
            headers={"Authorization": await self.ops_token()},
        )
        assert response.status_code == 201, response.text
        value: dict[str, Any] = response.json()["value"]
        return value

    def messages_to(self, to: str) -> list[dict[str, str]]:
        """What the development SMS provider wrote for ``to``, oldest first."""
        if not self.messages_file.exists():
            return []
        lines = self.messages_file.read_text(encoding="utf-8").splitlines()
        return [message for message in map(json.loads, lines) if message["to"] == to]

    def last_code(self, to: str) -> str:
        match = re.search(r"\b(\d{6})\b", self.messages_to(to)[-1]["text"])
        assert match
        return match.group(1)

    async def send_sms(self, purpose: str, mobile: str, **extra: str) -> httpx.Response:
        field = "mobileNo" if purpose == "register" else "mobileNum"
        body = {field: mobile, "countryDialingCode": "90", **(await self.bot_check()), **extra}
        return await self.http.post(f"/wps/verification/sms/{purpose}", json=body, headers={"Language": "EN"})
