"""The ops login behind a shared exit address (an office NAT), through the auth API: nobody sharing the address can
shut the others out by trying names, and guesses at one name spread over many addresses add up where ops see them
(the audit) and where an alert fires (the log), without locking the name for its owner."""

from __future__ import annotations

import asyncio
import logging

import httpx
import pytest
from auth_helpers import AuthClient
from test_ops_people import OPS, Person, add, bearer, person_from

from auth_service.ops.bootstrap import create_first_admin
from auth_service.ops.service import NAME_ALERT_TRIES
from auth_service.settings import AuthSettings
from portal_kit.db import Database

OFFICE = "10.9.0.1"  # the office's one exit address, inside the ops ranges


@pytest.fixture
async def root(auth: AuthClient, auth_db: Database, auth_settings: AuthSettings) -> Person:
    admin = await create_first_admin(auth_db, auth_settings.secret_key, "root.admin")
    return Person(admin.username, admin.password, admin.totp_secret)


async def attempt(auth: AuthClient, username: str, n: int, ip: str = OFFICE) -> httpx.Response:
    body = {"username": username, "password": f"guess-{n}", "totp": "123456"}
    return await auth.http.post(f"{OPS}/login", json=body, headers={"X-Real-Ip": ip, "User-Agent": "insider/1.0"})


async def signs_in(auth: AuthClient, person: Person, ip: str = OFFICE) -> httpx.Response:
    body = {"username": person.username, "password": person.password, "totp": person.code()}
    return await auth.http.post(f"{OPS}/login", json=body, headers={"X-Real-Ip": ip})


async def audit_of(auth: AuthClient, root: Person) -> list[dict[str, object]]:
    token = await root.token(auth)
    answer = await auth.http.get(f"{OPS}/merchants/*/audit", params={"pageSize": 200}, headers=bearer(token))
    assert answer.status_code == 200, answer.text
    entries: list[dict[str, object]] = answer.json()["value"]
    return entries


async def test_an_insider_trying_names_from_the_office_exit_shuts_nobody_else_out(
    auth: AuthClient, root: Person
) -> None:
    """Forty tries of forty names at once from the office's exit (more than the thirty an address was allowed in
    five minutes), then as many of one name: each other person still signs in from the same exit at once."""
    colleague = person_from((await add(auth, await root.token(auth), "desk.viewer", ["viewer"], ["turkeyf2"])).json()[
        "value"
    ])  # fmt: skip
    names = await asyncio.gather(*(attempt(auth, f"name.{n}", n) for n in range(40)))
    assert {answer.json()["errorCode"] for answer in names} == {"ops.login.failed"}  # each name's first try
    one_name = await asyncio.gather(*(attempt(auth, "ghost.admin", n) for n in range(40)))
    refused = {(answer.status_code, answer.json()["errorCode"]) for answer in one_name}
    assert refused <= {(401, "ops.login.failed"), (429, "login.wait"), (429, "TOO_MANY_REQUESTS")}
    assert (429, "login.wait") in refused  # that name, from that address, slows down
    for person in (root, colleague):
        signed_in = await signs_in(auth, person)
        assert signed_in.status_code == 200, signed_in.text
    # Past thirty tries the insider's name from this address is refused outright: the limit holds per name.
    late = await attempt(auth, "ghost.admin", 99)
    assert (late.status_code, late.json()["errorCode"]) == (429, "TOO_MANY_REQUESTS")
    assert (await signs_in(auth, root)).status_code == 200


async def test_guesses_at_one_name_from_many_addresses_are_audited_and_alerted_without_a_lock(
    auth: AuthClient, root: Person, caplog: pytest.LogCaptureFixture
) -> None:
    """Each address's first try of a name is free, so guesses spread over addresses are not slowed by the delay:
    they are counted per name across addresses. Crossing the alert level is written in the audit once (however
    many cross it at once) and logged at alert level; the owner still signs in."""
    spread = NAME_ALERT_TRIES + 5
    with caplog.at_level(logging.WARNING, logger="auth.ops"):
        guesses = await asyncio.gather(*(attempt(auth, "Root.Admin", n, ip=f"10.9.1.{n + 1}") for n in range(spread)))
    assert {answer.json()["errorCode"] for answer in guesses} == {"ops.login.failed"}  # none slowed, none locked
    alerts = [record for record in caplog.records if record.levelno == logging.CRITICAL]
    assert len(alerts) == 1
    assert "root.admin" in alerts[0].getMessage()
    assert (await signs_in(auth, root, ip="10.9.2.1")).status_code == 200
    audit = await audit_of(auth, root)
    alerted = [entry for entry in audit if entry["action"] == "ops.login.alert"]
    assert len(alerted) == 1
    expected = {"tries": NAME_ALERT_TRIES, "windowSeconds": 1800, "userAgent": "insider/1.0"}
    assert (alerted[0]["actor"], alerted[0]["after"]) == ("root.admin", expected)
    failed = [entry for entry in audit if entry["action"] == "ops.login.failed"]
    assert len(failed) == spread
    assert len({entry["ip"] for entry in failed}) == spread
