"""The auth service's ops lists (issue 46, item 3) sorted and filtered on the server: the member search takes an
order and an account status, a member's notes an author, words and an order; a bad value is a 400 envelope."""

from __future__ import annotations

from typing import Any

import pytest
from auth_helpers import AuthClient
from sqlalchemy import select, update

from auth_service.accounts.models import Account
from portal_kit.db import Database
from portal_kit.testing.sessions import ops_session

MEMBERS = "/wps/ops/auth/merchants/turkeyf2/members"


@pytest.fixture
async def members(auth: AuthClient, auth_db: Database) -> dict[str, str]:
    assert (await auth.register()).status_code == 200
    second = await auth.register(username="Aysel77", mobileNum="5329876543", email=None)
    assert second.status_code == 200, second.text
    async with auth_db.reader() as session:
        rows = (await session.execute(select(Account.username, Account.id))).all()
    return {username: account_id for username, account_id in rows}


async def found(auth: AuthClient, search: str, **query: Any) -> list[str]:
    headers = {"Authorization": await auth.ops_token(), "Language": "EN"}
    answer = await auth.http.post(f"{MEMBERS}/search", params=query, json={"search": search}, headers=headers)
    assert answer.status_code == 200, answer.text
    return [row["username"] for row in answer.json()["value"]["list"]]


async def test_the_member_search_sorts_and_filters_by_status(
    auth: AuthClient, members: dict[str, str], auth_db: Database
) -> None:
    assert await found(auth, "ays") == ["ayse1990", "aysel77"]  # a name: by username
    assert await found(auth, "ays", sort="newest") == ["aysel77", "ayse1990"]
    assert await found(auth, "ays", sort="oldest") == ["ayse1990", "aysel77"]
    assert await found(auth, "ays", sort="username") == ["ayse1990", "aysel77"]
    async with auth_db.transaction() as session:
        await session.execute(update(Account).where(Account.username == "aysel77").values(status="disabled"))
    assert await found(auth, "ays", status="disabled") == ["aysel77"]
    assert await found(auth, "ays", status="active") == ["ayse1990"]


async def test_a_members_notes_are_filtered_and_sorted(auth: AuthClient, members: dict[str, str]) -> None:
    notes = f"{MEMBERS}/{members['ayse1990']}/notes"
    writers = {name: {"Authorization": await ops_session(auth.redis_url, name)} for name in ("deniz", "mert")}
    for name, text in (("deniz", "Aradı, çekimi sordu"), ("mert", "Belge istendi"), ("deniz", "Belge geldi")):
        assert (await auth.http.post(notes, json={"text": text}, headers=writers[name])).status_code == 201

    async def texts(**query: Any) -> list[str]:
        answer = await auth.http.get(notes, params=query, headers=writers["deniz"])
        assert answer.status_code == 200, answer.text
        return [row["text"] for row in answer.json()["value"]["list"]]

    assert await texts() == ["Belge geldi", "Belge istendi", "Aradı, çekimi sordu"]
    assert await texts(sort="oldest") == ["Aradı, çekimi sordu", "Belge istendi", "Belge geldi"]
    assert await texts(author="deniz") == ["Belge geldi", "Aradı, çekimi sordu"]
    assert await texts(text="BELGE", sort="oldest") == ["Belge istendi", "Belge geldi"]


@pytest.mark.parametrize(
    ("method", "path", "query"),
    [
        ("POST", "search", {"sort": "richest"}),
        ("POST", "search", {"status": "locked"}),
        ("GET", "someone/notes", {"sort": "loudest"}),
        ("GET", "someone/notes", {"author": ""}),
    ],
)
async def test_a_bad_filter_or_order_is_a_400(auth: AuthClient, method: str, path: str, query: dict[str, str]) -> None:
    headers = {"Authorization": await auth.ops_token(), "Language": "EN"}
    body = {"search": "ays"} if method == "POST" else None
    answer = await auth.http.request(method, f"{MEMBERS}/{path}", params=query, json=body, headers=headers)
    assert (answer.status_code, answer.json()["errorCode"]) == (400, "validation.failed")
