"""One mailbox, one ops person, held by the database: two invitations to one mailbox at once make one person, and a
disabled person is not let back in once someone else holds their mailbox."""

from __future__ import annotations

import asyncio

import pytest
from auth_helpers import AuthClient
from ops_helpers import OPS, Person, bearer, code_of, founder, invited

from auth_service.settings import AuthSettings
from portal_kit.db import Database


@pytest.fixture
async def root(auth: AuthClient, auth_db: Database, auth_settings: AuthSettings) -> Person:
    return await founder(auth, auth_db, auth_settings, "root.admin")


@pytest.fixture
async def second(auth: AuthClient, auth_db: Database, auth_settings: AuthSettings, root: Person) -> Person:
    return await founder(auth, auth_db, auth_settings, "second.admin")


async def test_two_invitations_to_one_mailbox_at_once_make_one_person(auth: AuthClient, root: Person) -> None:
    token = await root.token(auth)
    bodies = [
        {"username": f"desk.twin{n}", "email": "shared@ops.example", "roles": ["viewer"], "merchants": ["turkeyf2"]}
        for n in range(6)
    ]
    answers = await asyncio.gather(
        *(auth.http.post(f"{OPS}/people/invitations", json=body, headers=bearer(token)) for body in bodies)
    )
    assert sorted(answer.status_code for answer in answers) == [201] + [409] * 5, [a.text for a in answers]
    assert {code_of(a) for a in answers if a.status_code == 409} == {(409, "ops.email.exists")}


async def test_a_disabled_person_is_not_let_back_in_once_their_mailbox_is_taken(
    auth: AuthClient, root: Person, second: Person
) -> None:
    root_token, second_token = await root.token(auth), await second.token(auth)
    first = await invited(auth, root_token, second_token, "desk.first", ["viewer"], ["turkeyf2"])
    people = (await auth.http.get(f"{OPS}/people", headers=bearer(root_token))).json()["value"]["list"]
    first_id = next(p["id"] for p in people if p["username"] == "desk.first")
    disabled = await auth.http.patch(
        f"{OPS}/people/{first_id}", json={"status": "disabled"}, headers=bearer(root_token)
    )
    assert disabled.status_code == 200, disabled.text
    taken = await auth.http.post(f"{OPS}/people/invitations", headers=bearer(root_token), json={
        "username": "desk.next", "email": "desk.first@ops.example", "roles": ["viewer"], "merchants": ["turkeyf2"]})  # fmt: skip
    assert taken.status_code == 201, taken.text  # the disabled person's mailbox may go to someone new
    back = await auth.http.patch(f"{OPS}/people/{first_id}", json={"status": "active"}, headers=bearer(root_token))
    assert code_of(back) == (409, "ops.email.exists")
    people = (await auth.http.get(f"{OPS}/people", headers=bearer(root_token))).json()["value"]["list"]
    assert next(p["status"] for p in people if p["id"] == first_id) == "disabled"
    assert first.username == "desk.first"
