"""Points through the whole stack: a member registers and deposits 250.00 through the sandbox checkout, and the
points worker (from auth's and the wallet's events) credits the demo brand's 1 point a whole 100.00 deposited; the
balance and the rules answer through the gateway, to the member alone."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Page
from portal_client import registered_member
from test_games_journey import deposit

from portal_stack.harness import Stack

MEMBER_ADDRESS = "127.0.0.33"


def test_a_deposit_earns_its_points_by_the_brands_rule(stack: Stack, page: Page) -> None:
    token = registered_member(stack, "pointsearner1", MEMBER_ADDRESS)
    deposit(page, stack, token, 25_000)
    member = httpx.Client(base_url=stack.url, headers={"Authorization": token, "Language": "EN"})
    deadline = time.monotonic() + 30
    while (balance := member.get("/wps/relay/MCS2_getPointBalance").json()["value"])["balance"] != 2:
        assert time.monotonic() < deadline, f"no deposit points within 30 s: {balance}"
        time.sleep(0.3)
    assert balance == {"balance": 2, "earned": 2, "spent": 0}
    rules = member.get("/wps/relay/MCS2_getPointConfig").json()["value"]
    assert {"pointType": "DEPOSIT", "bettingUnit": 10_000, "ratio": 1, "enabled": True} in rules
    visitor = httpx.Client(base_url=stack.url).get("/wps/relay/MCS2_getPointBalance")
    assert visitor.status_code == 401
