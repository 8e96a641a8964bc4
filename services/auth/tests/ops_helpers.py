"""Ops people in tests, through the auth API as a person would be: founders from the bootstrap who enrol with their
token, invitations approved by a second admin, the link read from the development mail, and an authenticator whose
codes never straddle a step boundary (each code is taken well inside the window the server accepts)."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import httpx
from auth_helpers import AuthClient

from auth_service import totp
from auth_service.ops.bootstrap import create_first_admin
from auth_service.settings import AuthSettings
from portal_kit.db import Database

OPS = "/wps/ops/auth"
PASSWORD = "a-long-own-password"
MARGIN = 3  # seconds: a code of the previous step is not used this close to the next boundary


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": token}


class Person:
    """An ops person with their authenticator. The server accepts the codes of the previous, the current and the
    next 30-second step, each once: every code taken here is of a step not used before, and the previous step's
    only when the clock is not about to leave the current one (so the code is still accepted when it arrives)."""

    def __init__(self, username: str, password: str, secret: str, *, last_step: int | None = None) -> None:
        self.username, self.password, self.secret = username, password, secret
        self.last = last_step if last_step is not None else -1
        self.id = ""

    def code(self) -> str:
        while True:
            now = time.time()
            current = int(now // totp.STEP_SECONDS)
            earliest = current - 1 if now % totp.STEP_SECONDS < totp.STEP_SECONDS - MARGIN else current
            step = max(earliest, self.last + 1)
            if step <= current + 1:
                self.last = step
                return totp.code_at(self.secret, step * totp.STEP_SECONDS)
            time.sleep(totp.STEP_SECONDS - now % totp.STEP_SECONDS + 0.05)  # every step in reach is used

    async def login(self, auth: AuthClient, ip: str | None = None, **changes: str) -> httpx.Response:
        """A sign-in with the next code. One refused for its address (``ops.address.denied``, decided before the code
        counts) leaves the code unused, so the next sign-in takes it again rather than wait for a step: were it
        spent, that sign-in would fail."""
        last = self.last
        body = {"username": self.username, "password": self.password, "totp": self.code(), **changes}
        headers = {"X-Real-Ip": ip} if ip else {}
        answer = await auth.http.post(f"{OPS}/login", json=body, headers=headers)
        if answer.status_code == 403 and answer.json().get("errorCode") == "ops.address.denied":
            self.last = last
        return answer

    async def token(self, auth: AuthClient, ip: str | None = None) -> str:
        response = await self.login(auth, ip)
        assert response.status_code == 200, response.text
        return str(response.json()["value"]["token"])


async def enrol(auth: AuthClient, token: str, password: str = PASSWORD, ip: str | None = None) -> Person:
    """The invitee's two calls: a TOTP secret for their app, then their own password and a code from the app."""
    headers = {"X-Real-Ip": ip} if ip else {}
    started = await auth.http.post(f"{OPS}/enrolment", json={"token": token}, headers=headers)
    assert started.status_code == 200, started.text
    value = started.json()["value"]
    assert value["totpUri"].startswith("otpauth://totp/")
    person = Person(value["username"], password, value["totpSecret"])
    body = {"token": token, "password": password, "totp": person.code()}
    confirmed = await auth.http.post(f"{OPS}/enrolment/confirm", json=body, headers=headers)
    assert confirmed.status_code == 200, confirmed.text
    assert confirmed.json()["value"]["status"] == "active"
    person.id = confirmed.json()["value"]["id"]
    return person


async def founder(auth: AuthClient, auth_db: Database, settings: AuthSettings, username: str) -> Person:
    """A founding admin (every brand) from the bootstrap, enrolled with the token it printed."""
    made = await create_first_admin(auth_db, settings.public_url, username, f"{username}@ops.example")
    return await enrol(auth, made.token)


async def mailed_token(auth: AuthClient, email: str, after: int = 0) -> str:
    """The enrolment token of the newest invitation mail to ``email`` (the ``after``-th or later)."""
    for _ in range(50):
        mails = [m for m in auth.messages_to(email) if m["channel"] == "email"]
        if len(mails) > after:
            text = mails[-1]["text"]
            assert "?enrolToken" not in text and "&enrolToken" not in text  # never in a query string
            match = re.search(r"/ops/#enrolToken=([A-Za-z0-9_-]+)", text)
            assert match, text
            return match.group(1)
        await asyncio.sleep(0.1)
    raise AssertionError(f"no invitation mail to {email}")


def mails_to(auth: AuthClient, email: str) -> list[dict[str, str]]:
    return [m for m in auth.messages_to(email) if m["channel"] == "email"]


async def invite(
    auth: AuthClient, maker: str, username: str, roles: list[str], merchants: list[str], **headers: str
) -> httpx.Response:
    body = {"username": username, "email": f"{username}@ops.example", "roles": roles, "merchants": merchants}
    return await auth.http.post(f"{OPS}/people/invitations", json=body, headers=bearer(maker) | headers)


async def decide(
    auth: AuthClient, token: str, request_id: str, verdict: str = "approve", **headers: str
) -> httpx.Response:
    return await auth.http.post(f"{OPS}/requests/{request_id}/{verdict}", headers=bearer(token) | headers)


async def invited(
    auth: AuthClient, maker: str, checker: str, username: str, roles: list[str], merchants: list[str]
) -> Person:
    """Someone invited by one admin, approved by another, enrolled with the link from their mail."""
    asked = await invite(auth, maker, username, roles, merchants)
    assert asked.status_code == 201, asked.text
    approved = await decide(auth, checker, asked.json()["value"]["id"])
    assert approved.status_code == 200, approved.text
    return await enrol(auth, await mailed_token(auth, f"{username}@ops.example"))


def code_of(answer: httpx.Response) -> tuple[int, Any]:
    return answer.status_code, answer.json()["errorCode"]
