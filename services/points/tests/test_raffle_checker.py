"""A raffle whose prizes together are above the brand's dual-control amount (issue 47 item 6), against real
PostgreSQL and NATS with the wallet's own answer of the amount: members neither see it nor take a ticket and the
worker never draws it until a finance checker other than its maker confirms it (three confirmations at once: one);
a rejected one is never shown nor drawn; up to the amount, a raffle is live as made."""

from __future__ import annotations

import asyncio

import nats
import pytest
from points_helpers import MERCHANT, Points
from prize_helpers import member, ops
from test_raffles import OPS, claim, close, listed, made, prizes

from points_service.raffles import service
from points_service.raffles.keys import SeedKeys
from points_service.settings import PointsSettings
from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder
from portal_kit.sessions import OpsRole
from portal_kit.testing.sessions import ops_session


@pytest.fixture
def keys(settings: PointsSettings) -> SeedKeys:
    return SeedKeys.of(settings)


async def checker(points: Points, name: str) -> dict[str, str]:
    token = await ops_session(points.servers.redis_url, name, roles=(OpsRole.FINANCE_CHECKER,), merchants=(MERCHANT,))
    return {"Authorization": token}


async def test_prizes_above_the_dual_control_amount_wait_for_a_second_person(
    points: Points, wallet_db: Database, wallet_money: Responder, keys: SeedKeys
) -> None:
    big = await made(points, prizes=[600_000, 400_001])  # 10,000.01 together: above the wallet's default 10,000.00
    small = await made(points, prizes=[600_000, 400_000])
    assert (big["review"], small["review"]) == ("AWAITING", "NONE")
    _, token = await member(points, wallet_db)
    assert set(await listed(points, token)) == {small["raffleId"]}
    hidden = await claim(points, token, big["raffleId"])
    assert (hidden.status_code, hidden.json()["errorCode"]) == (404, "raffle.not_found")

    confirm = f"{OPS}/{big['raffleId']}/confirm"
    own = await points.http.post(confirm, json={"approve": True}, headers=await checker(points, "ayse"))
    assert (own.status_code, own.json()["errorCode"]) == (403, "ops.same_person")  # "ayse" made it
    for roles in ((OpsRole.CONTENT,), (OpsRole.FINANCE_MAKER,), (OpsRole.VIEWER,)):
        refused = await points.http.post(confirm, json={"approve": True}, headers=await ops(points, *roles))
        assert refused.status_code == 403, roles
    second = await checker(points, "mert")
    answers = await asyncio.gather(
        *(points.http.post(confirm, json={"approve": True}, headers=second) for _ in range(3))
    )
    assert sorted((a.status_code, a.json()["errorCode"]) for a in answers) == [
        (200, None), (409, "raffle.no_checker_needed"), (409, "raffle.no_checker_needed"),
    ]  # fmt: skip
    confirmed = next(a.json()["value"] for a in answers if a.status_code == 200)
    assert (confirmed["review"], confirmed["checkedBy"]) == ("CONFIRMED", "mert")
    assert (await claim(points, token, big["raffleId"])).status_code == 200

    rejected = await made(points, prizes=[2_000_000])
    path = f"{OPS}/{rejected['raffleId']}/confirm"
    no_reason = await points.http.post(path, json={"approve": False}, headers=second)
    assert (no_reason.status_code, no_reason.json()["errorCode"]) == (400, "reason.required")
    answer = await points.http.post(path, json={"approve": False, "reason": "too big"}, headers=second)
    assert answer.json()["value"]["review"] == "REJECTED"
    assert rejected["raffleId"] not in await listed(points, token)
    for raffle in (big, small, rejected):
        await close(points.db, raffle["raffleId"])
    nc = await nats.connect(points.servers.nats_url)
    try:
        assert await service.draw_due(points.db, nc, keys) == 2  # the confirmed and the small one, never the rejected
    finally:
        await nc.close()
    assert await prizes(points.db, rejected["raffleId"]) == []
    audit = (await points.http.get(f"/wps/ops/points/merchants/{MERCHANT}/audit", headers=await ops(points))).json()
    actions = [r["action"] for r in audit["value"]["list"]]
    assert (actions.count("raffle.confirm"), actions.count("raffle.reject")) == (1, 1)


async def test_small_raffles_one_editor_makes_in_a_day_add_up_to_the_amount(
    points: Points, wallet_money: Responder
) -> None:
    first = await made(points, prizes=[500_000, 100_000])
    answers = await asyncio.gather(*(made(points, prizes=[300_000]) for _ in range(2)))
    assert first["review"] == "NONE"
    assert sorted(a["review"] for a in answers) == ["AWAITING", "NONE"]
