"""Ops people for the e2e tests: the two founding admins made by ``./portal ops-admin`` and enrolled from the
token it prints, and people invited by one admin, approved by another and enrolled from the link in their mail, each
with their own password and TOTP. Made once per stack (the bootstrap makes founders once): ``ops_team``."""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass

import httpx

from auth_service import totp
from portal_stack.harness import Stack


class Person:
    """An ops person who signs in once and keeps the session. Each code is of a step not used before (enrolling
    used one), and the previous step's only well inside the current one."""

    def __init__(self, stack: Stack, http: httpx.Client, username: str, password: str, secret: str) -> None:
        self.stack, self.http, self.username, self.password, self.secret = stack, http, username, password, secret
        self.session: dict[str, str] | None = None
        self.last = -1

    def code(self) -> str:
        while True:
            now = time.time()
            current = int(now // totp.STEP_SECONDS)
            step = max(current - 1 if now % totp.STEP_SECONDS < totp.STEP_SECONDS - 3 else current, self.last + 1)
            if step <= current + 1:
                self.last = step
                return totp.code_at(self.secret, step * totp.STEP_SECONDS)
            time.sleep(totp.STEP_SECONDS - now % totp.STEP_SECONDS + 0.05)

    def sign_in(self) -> dict[str, str]:
        if self.session is None:
            body = {"username": self.username, "password": self.password, "totp": self.code()}
            answer = self.http.post("/wps/ops/auth/login", json=body)
            assert answer.status_code == 200, answer.text
            self.session = {"Authorization": answer.json()["value"]["token"]}
        return self.session

    def invite(self, username: str, role: str) -> str:
        """The request of an invitation (nothing is sent until a second admin approves it)."""
        body = {"username": username, "email": f"{username}@ops.example", "roles": [role], "merchants": ["turkeyf2"]}
        asked = self.http.post("/wps/ops/auth/people/invitations", json=body, headers=self.sign_in())
        assert asked.status_code == 201, asked.text
        return str(asked.json()["value"]["id"])

    def approve(self, request_id: str) -> httpx.Response:
        return self.http.post(f"/wps/ops/auth/requests/{request_id}/approve", headers=self.sign_in())

    def add(self, username: str, role: str, checker: Person) -> Person:
        """Someone invited by this admin, approved by ``checker``, enrolled from the link in their mail."""
        approved = checker.approve(self.invite(username, role))
        assert approved.status_code == 200, approved.text
        assert "enrolToken" not in approved.text
        return enrol(self.stack, self.http, mailed_token(self.stack, f"{username}@ops.example"))


def mailed_token(stack: Stack, to: str) -> str:
    deadline = time.monotonic() + 10
    while True:
        lines = (stack.data_dir / "dev-messages.jsonl").read_text(encoding="utf-8").splitlines()
        mails = [json.loads(line) for line in lines if json.loads(line)["to"] == to]
        if mails or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    link = re.search(r"\S*/ops/#enrolToken=([A-Za-z0-9_-]+)", mails[-1]["text"])
    assert link and "?" not in link.group(0), mails[-1]["text"]
    return link.group(1)


def enrol(stack: Stack, http: httpx.Client, token: str) -> Person:
    """The invitee sets their own password and enrols their own TOTP: nobody else sees either."""
    started = http.post("/wps/ops/auth/enrolment", json={"token": token})
    assert started.status_code == 200, started.text
    value = started.json()["value"]
    person = Person(stack, http, value["username"], "e2e-own-password", value["totpSecret"])
    body = {"token": token, "password": person.password, "totp": person.code()}
    confirmed = http.post("/wps/ops/auth/enrolment/confirm", json=body)
    assert confirmed.status_code == 200, confirmed.text
    return person


def founders(stack: Stack, http: httpx.Client) -> tuple[Person, Person]:
    """The two founding admins (every brand): the bootstrap prints each an enrolment token, once, then refuses."""
    people = []
    for name in ("e2e.root", "e2e.root2"):
        made = stack.command("portal_stack.ops_admin", name)
        assert made.returncode == 0, made.stderr
        token = re.search(r"^enrolment token: (\S+)$", made.stdout, re.MULTILINE)
        assert token and "password" not in made.stdout.lower().split("enrolment token")[0]
        people.append(enrol(stack, http, token.group(1)))
    return people[0], people[1]


@dataclass(frozen=True)
class OpsTeam:
    """The founders (admins of every brand), a finance maker and checker and a content editor of ``turkeyf2``, each
    invited by one founder and approved by the other."""

    root: Person
    root2: Person
    maker: Person
    checker: Person
    editor: Person


def make_team(stack: Stack, http: httpx.Client) -> OpsTeam:
    root, root2 = founders(stack, http)
    maker, checker = root.add("e2e.maker", "finance-maker", root2), root2.add("e2e.checker", "finance-checker", root)
    return OpsTeam(root, root2, maker, checker, root.add("e2e.editor", "content", root2))
