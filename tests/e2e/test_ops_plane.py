"""The ops plane through the whole stack: /wps/ops answered only from the ops address ranges; the two founding
admins made by ``./portal ops-admin`` enrolling themselves; ops people invited by one admin, approved by another,
enrolling from the link in their mail with their own password and TOTP; a withdrawal approved by one person and
paid by another."""

from __future__ import annotations

import json
import re
import time

import httpx
from portal_client import Browser, registered_member

from auth_service import totp
from portal_stack.harness import Stack

OUTSIDE = "127.200.0.1"  # outside the test stack's ops ranges (portal_stack.harness.OPS_RANGES)
INSIDE = "127.0.0.20"


def test_ops_calls_are_refused_outside_the_ops_address_ranges_whatever_the_headers_say(stack: Stack) -> None:
    token = stack.ops_token()
    spoofed = {"Authorization": token, "Language": "EN", "X-Real-Ip": "127.0.0.1", "X-Forwarded-For": "127.0.0.1"}
    paths = ("/wps/ops/auth/me", "/wps/ops/wallet/merchants/turkeyf2/withdrawals", "/wps/ops/site/merchants/turkeyf2")
    with httpx.Client(base_url=stack.url, transport=httpx.HTTPTransport(local_address=OUTSIDE)) as outside:
        for path in paths:
            refused = outside.get(path, headers=spoofed)
            assert (refused.status_code, refused.json()["errorCode"]) == (403, "access.denied"), path
            assert refused.json()["message"] == "You are not allowed to do this."
        assert outside.post("/wps/ops/auth/login", json={}).status_code == 403
        assert outside.get("/wps/system/status").status_code == 200  # members' calls are answered anywhere
    inside = Browser(stack, INSIDE).http
    for path in paths:
        assert inside.get(path, headers={"Authorization": token}).status_code == 200, path


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
    again = stack.command("portal_stack.ops_admin", "e2e.root3")
    assert again.returncode == 1 and "exist already" in again.stderr
    return people[0], people[1]


def test_an_ops_person_signs_in_with_totp_and_approves_a_withdrawal_that_another_pays(stack: Stack) -> None:
    ops = Browser(stack, INSIDE).http
    root, root2 = founders(stack, ops)
    # One person cannot do both steps, not even through a second account of their own: the invitation waits for
    # another admin, and the maker cannot approve it.
    own = root.approve(root.invite("e2e.alone", "finance-checker"))
    assert (own.status_code, own.json()["errorCode"]) == (403, "ops.self_approval")
    maker, checker = root.add("e2e.maker", "finance-maker", root2), root2.add("e2e.checker", "finance-checker", root)
    wrong = ops.post("/wps/ops/auth/login", json={"username": "e2e.maker", "password": "e2e-own-password",
                                                  "totp": "000000"})  # fmt: skip
    assert (wrong.status_code, wrong.json()["errorCode"]) == (401, "ops.login.failed")
    as_maker, as_checker = maker.sign_in(), checker.sign_in()

    member_address = "127.0.0.21"
    token = registered_member(stack, "opsflow1", member_address)
    admin = root.sign_in()
    deadline = time.monotonic() + 30
    while True:  # the wallet opens from auth's event
        funded = ops.post(f"/wps/ops/wallet/merchants/turkeyf2/accounts/{member_id(ops, token)}/adjustments",
                          headers=admin, json={"amount": 50_000, "reason": "e2e funding", "requestId": "opsflow-1"})  # fmt: skip
        if funded.status_code == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    assert funded.json()["value"]["balance"] == 50_000, funded.text
    member = Browser(stack, member_address)
    bank = member.send("POST", "/wps/v2/wallets/bank-accounts", {"bankName": "Akbank", "holderName": "Ops Flow",
                       "accountNumber": "TR120004600000000012345999", "paymentPassword": "864200"}, token=token)  # fmt: skip
    asked = member.send("POST", "/wps/v2/wallets/withdrawals", {"amount": 20_000, "paymentPassword": "864200",
                        "bankAccountId": bank.json()["value"]["bankAccountId"], "requestId": "opsflow-wd"}, token=token)  # fmt: skip
    assert asked.status_code == 200, asked.text
    base = f"/wps/ops/wallet/merchants/turkeyf2/withdrawals/{asked.json()['value']['withdrawalId']}"

    assert ops.post(f"{base}/approve", headers=as_checker).json()["errorCode"] == "ops.role_required"
    assert ops.post(f"{base}/approve", headers=as_maker).json()["value"]["status"] == "approved"
    assert ops.post(f"{base}/pay", headers=as_maker).json()["errorCode"] == "ops.role_required"
    assert ops.post(f"{base}/pay", headers=as_checker).json()["value"]["status"] == "paid"
    audit = ops.get("/wps/ops/wallet/merchants/turkeyf2/audit", headers=as_checker).json()["value"]
    assert [(a["actor"], a["action"]) for a in audit[:2]] == [("e2e.checker", "withdrawal.pay"),
                                                              ("e2e.maker", "withdrawal.approve")]  # fmt: skip


def member_id(http: httpx.Client, token: str) -> str:
    return str(http.get("/wps/member/info", headers={"Authorization": token}).json()["value"]["id"])
