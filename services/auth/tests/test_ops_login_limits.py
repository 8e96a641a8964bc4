"""The ops login behind a shared exit address (an office NAT), through the auth API: nobody sharing the address can
shut the others out by trying names, and guesses at one name spread over many addresses add up where ops see them
(the audit) and where an alert fires (the log), without locking the name for its owner."""

from __future__ import annotations

import asyncio
import logging

import httpx
import pytest
from auth_helpers import AuthClient
from ops_helpers import OPS, Person, bearer, code_of, founder, invited

from auth_service.ops import service
from auth_service.ops.service import NAME_ALERT_TRIES
from auth_service.settings import AuthSettings
from portal_kit.db import Database

OFFICE = "10.9.0.1"  # the office's one exit address, inside the ops ranges


@pytest.fixture
async def root(auth: AuthClient, auth_db: Database, auth_settings: AuthSettings) -> Person:
    return await founder(auth, auth_db, auth_settings, "root.admin")


@pytest.fixture
async def second(auth: AuthClient, auth_db: Database, auth_settings: AuthSettings, root: Person) -> Person:
    return await founder(auth, auth_db, auth_settings, "second.admin")


async def attempt(auth: AuthClient, username: str, n: int, ip: str = OFFICE) -> httpx.Response:
    body = {"username": username, "password": f"guess-{n}", "totp": "123456"}
    return await auth.http.post(f"{OPS}/login", json=body, headers={"X-Real-Ip": ip, "User-Agent": "insider/1.0"})


async def signs_in(auth: AuthClient, person: Person, ip: str = OFFICE) -> httpx.Response:
    return await person.login(auth, ip)


async def audit_of(auth: AuthClient, root: Person, token: str | None = None) -> list[dict[str, object]]:
    token = token or await root.token(auth)
    answer = await auth.http.get(f"{OPS}/merchants/*/audit", params={"pageSize": 200}, headers=bearer(token))
    assert answer.status_code == 200, answer.text
    entries: list[dict[str, object]] = answer.json()["value"]["list"]
    return entries


async def test_an_insider_trying_names_from_the_office_exit_shuts_nobody_else_out(
    auth: AuthClient, root: Person, second: Person
) -> None:
    """Forty tries of forty names at once from the office's exit (more than the thirty an address was allowed in
    five minutes), then as many of one name: each other person still signs in from the same exit at once."""
    colleague = await invited(auth, await root.token(auth), await second.token(auth), "desk.viewer", ["viewer"],
                              ["turkeyf2"])  # fmt: skip
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
    assert code_of(late) == (429, "TOO_MANY_REQUESTS")


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


async def test_an_address_spraying_names_is_capped_but_whoever_signed_in_from_it_still_gets_in(
    auth: AuthClient, root: Person, second: Person, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every name's tries from one address are capped too (``ADDRESS_LIMIT`` in the short window, here lowered to
    ten): past it a name never signed in from that address is refused before anything is compared (audited as
    ``address``), while a person who signed in from it before still gets in, so spraying names from the office
    exit shuts no owner out. Another address is not touched."""
    assert (await signs_in(auth, root)).status_code == 200  # root is known at the office exit
    monkeypatch.setattr(service, "ADDRESS_LIMIT", 10)
    sprayed = await asyncio.gather(*(attempt(auth, f"spray.{n}", n) for n in range(12)))
    outcomes = sorted(code_of(answer) for answer in sprayed)  # root's try and nine of these fit in ten
    assert outcomes == [(401, "ops.login.failed")] * 9 + [(429, "TOO_MANY_REQUESTS")] * 3
    refused = await attempt(auth, "spray.99", 99)
    assert code_of(refused) == (429, "TOO_MANY_REQUESTS")
    known = await signs_in(auth, root)  # known here: past the cap
    assert known.status_code == 200, known.text
    assert code_of(await signs_in(auth, second)) == (429, "TOO_MANY_REQUESTS")  # never signed in from here
    assert (await signs_in(auth, second, ip="10.9.3.1")).status_code == 200  # elsewhere, untouched
    audit = await audit_of(auth, root, known.json()["value"]["token"])
    capped = [e for e in audit if e["action"] == "ops.login.failed" and e["after"]["reason"] == "address"]
    assert len(capped) == 5 and all(e["ip"] == OFFICE for e in capped)
    assert {"spray.99", "second.admin"} <= {e["actor"] for e in capped}
