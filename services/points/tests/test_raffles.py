"""Raffles (issue #47 item 4): ops make one (content role, audited) and its seed's SHA-256 is shown at once; members
claim one ticket each (a repeated or parallel claim gets the same one); at the close the worker draws it once (two
workers at once included) with the portal's provably fair construction, and each prize is paid by the wallet once,
after an outage too; the draw is recomputed from the published seed; bad input and the wrong people change nothing."""

from __future__ import annotations

import asyncio
import hashlib
from datetime import timedelta
from typing import Any

import nats
import pytest
from points_helpers import MERCHANT, Points
from prize_helpers import cash, member, ops, request_id, window
from sqlalchemy import func, select, update

from points_service.raffles import service
from points_service.raffles.keys import SeedKeys
from points_service.raffles.models import Raffle, RafflePrize, RaffleTicket
from points_service.settings import PointsSettings
from portal_kit.db import Database
from portal_kit.fairness import FairStream
from portal_kit.messaging.rpc import Responder
from portal_kit.sessions import OpsRole
from portal_kit.testing.clients import answering
from wallet_service.money.rpc import money_answers

OPS = f"/wps/ops/points/merchants/{MERCHANT}/raffles"
CLAIM = "/wps/relay/MCS2_claimRafflePromotion"
LIST = "/wps/relay/MCSFE_getRaffles"
PRIZES = [100_000, 50_000, 10_000, 10_000]


@pytest.fixture
def keys(settings: PointsSettings) -> SeedKeys:
    return SeedKeys.of(settings)


def new(**changes: Any) -> dict[str, Any]:
    return {"names": {"TR": "Yılbaşı çekilişi", "EN": "New year raffle", "CN": "新年抽奖"}, **window(),
            "prizes": PRIZES, "reason": "new year", **changes}  # fmt: skip


async def made(points: Points, **changes: Any) -> dict[str, Any]:
    answer = await points.http.post(OPS, json=new(**changes), headers=await ops(points, OpsRole.CONTENT))
    assert answer.status_code == 200, answer.text
    value: dict[str, Any] = answer.json()["value"]
    return value


async def claim(points: Points, token: str, raffle_id: int, **changes: Any) -> Any:
    body = {"raffleId": raffle_id, "requestId": request_id(), **changes}
    return await points.http.post(CLAIM, json=body, headers={"Authorization": token})


async def listed(points: Points, token: str, language: str = "EN") -> dict[int, dict[str, Any]]:
    answer = await points.http.get(LIST, headers={"Authorization": token, "Language": language})
    assert answer.status_code == 200, answer.text
    return {r["raffleId"]: r for r in answer.json()["value"]}


async def close(db: Database, raffle_id: int) -> None:
    """The raffle's close moved to the past, as if its time had come."""
    async with db.transaction() as session:
        await session.execute(
            update(Raffle)
            .where(Raffle.id == raffle_id)
            .values(opens_at=func.now() - timedelta(hours=1), closes_at=func.now() - timedelta(seconds=1))
        )


async def prizes(db: Database, raffle_id: int) -> list[RafflePrize]:
    async with db.reader() as session:
        query = select(RafflePrize).where(RafflePrize.raffle_id == raffle_id).order_by(RafflePrize.place)
        return list((await session.scalars(query)).all())


async def ticket_count(db: Database) -> int:
    async with db.reader() as session:
        return int(await session.scalar(select(func.count()).select_from(RaffleTicket)) or 0)


async def test_a_member_gets_one_ticket_however_often_and_at_once_they_claim(
    points: Points, wallet_money: Responder
) -> None:
    raffle = await made(points)
    assert len(raffle["seedHash"]) == 64 and raffle["seed"] is None and raffle["state"] == "OPEN"
    _, token = await member(points)
    answers = await asyncio.gather(*(claim(points, token, raffle["raffleId"]) for _ in range(10)))
    assert {(a.status_code, a.json()["value"]["ticketNo"]) for a in answers} == {(200, 1)}
    again = await claim(points, token, raffle["raffleId"])
    assert (again.status_code, again.json()["value"]["ticketNo"]) == (200, 1)
    _, other = await member(points)
    assert (await claim(points, other, raffle["raffleId"])).json()["value"]["ticketNo"] == 2
    seen = (await listed(points, token))[raffle["raffleId"]]
    assert (seen["myTicket"], seen["tickets"], seen["seedHash"], seen["seed"], seen["winners"]) == (
        1, 2, raffle["seedHash"], None, []
    )  # fmt: skip
    assert seen["name"] == "New year raffle"
    assert (await listed(points, token, "CN"))[raffle["raffleId"]]["name"] == "新年抽奖"
    assert await ticket_count(points.db) == 2


async def test_the_draw_happens_once_and_anyone_can_recompute_it(
    points: Points, wallet_db: Database, wallet_money: Responder, keys: SeedKeys
) -> None:
    raffle = await made(points)
    raffle_id = raffle["raffleId"]
    members = [await member(points, wallet_db, name=f"player{n:02d}") for n in range(6)]
    for _, token in members:
        assert (await claim(points, token, raffle_id)).status_code == 200
    await close(points.db, raffle_id)
    late = await claim(points, (await member(points))[1], raffle_id)
    assert (late.status_code, late.json()["errorCode"]) == (409, "raffle.closed")
    nc = await nats.connect(points.servers.nats_url)
    try:  # two workers at once: one draws
        drawn = await asyncio.gather(service.draw_due(points.db, nc, keys), service.draw_due(points.db, nc, keys))
        assert sorted(drawn) == [0, 1]
        assert await service.draw_due(points.db, nc, keys) == 0
    finally:
        await nc.close()
    won = await prizes(points.db, raffle_id)
    assert [(p.place, p.amount, p.status) for p in won] == [(n + 1, a, "PAID") for n, a in enumerate(PRIZES)]
    shown = (await listed(points, members[0][1]))[raffle_id]
    assert shown["state"] == "DRAWN" and shown["howToVerify"]
    seed = bytes.fromhex(shown["seed"])
    assert hashlib.sha256(seed).hexdigest() == raffle["seedHash"]  # the commitment published at creation
    # The README's recipe, from what is published alone: tickets 1..n in order, drawn without replacement.
    stream, left = FairStream(seed, shown["context"]), list(range(1, shown["tickets"] + 1))
    expected = [stream.take(left) for _ in PRIZES]
    assert [w["ticketNo"] for w in shown["winners"]] == expected
    assert all(w["username"].startswith("pl***") for w in shown["winners"])
    by_ticket = {n + 1: account for n, (account, _) in enumerate(members)}
    for prize in shown["winners"]:
        assert await cash(wallet_db, by_ticket[prize["ticketNo"]]) == prize["amount"]
    losers = set(by_ticket) - set(expected)
    assert [await cash(wallet_db, by_ticket[n]) for n in losers] == [0] * len(losers)
    mine = [w["me"] for w in shown["winners"]]
    assert mine.count(True) == (1 if 1 in expected else 0)


async def test_a_prize_the_wallet_did_not_answer_is_paid_by_the_sweep_once(
    points: Points, wallet_db: Database, wallet_clean: None, keys: SeedKeys
) -> None:
    async with answering(points.servers.nats_url, "wallet-dual-control", money_answers, wallet_db):
        raffle = await made(points, prizes=[70_000])  # the brand's dual-control amount asked of the wallet
    account, token = await member(points, wallet_db)
    await claim(points, token, raffle["raffleId"])
    await close(points.db, raffle["raffleId"])
    nc = await nats.connect(points.servers.nats_url)
    try:
        assert await service.draw_due(points.db, nc, keys) == 1  # nobody answers for the wallet
        assert [p.status for p in await prizes(points.db, raffle["raffleId"])] == ["PENDING"]
        assert await service.sweep(points.db, nc, timedelta(0)) == 1  # still nobody: stays pending
        async with answering(points.servers.nats_url, "wallet-back", money_answers, wallet_db):
            assert await service.sweep(points.db, nc, timedelta(0)) == 1
            assert await service.sweep(points.db, nc, timedelta(0)) == 0  # paid: nothing left to ask
    finally:
        await nc.close()
    [prize] = await prizes(points.db, raffle["raffleId"])
    assert (prize.status, prize.paid_at is not None, await cash(wallet_db, account)) == ("PAID", True, 70_000)


async def test_a_raffle_without_enough_tickets_awards_what_it_can(
    points: Points, wallet_db: Database, wallet_money: Responder, keys: SeedKeys
) -> None:
    empty = await made(points)
    one = await made(points)
    account, token = await member(points, wallet_db)
    await claim(points, token, one["raffleId"])
    for raffle in (empty, one):
        await close(points.db, raffle["raffleId"])
    nc = await nats.connect(points.servers.nats_url)
    try:
        assert await service.draw_due(points.db, nc, keys) == 2
    finally:
        await nc.close()
    assert await prizes(points.db, empty["raffleId"]) == []
    assert [(p.place, p.ticket_no) for p in await prizes(points.db, one["raffleId"])] == [(1, 1)]
    assert await cash(wallet_db, account) == PRIZES[0]


async def test_claims_outside_the_window_or_off_their_contract_write_nothing(
    points: Points, wallet_money: Responder
) -> None:
    later = await made(points, **window(opens_in=3600, closes_in=7200))
    _, token = await member(points)
    refused = await claim(points, token, later["raffleId"])
    assert (refused.status_code, refused.json()["errorCode"]) == (409, "raffle.not_open")
    assert (await listed(points, token))[later["raffleId"]]["state"] == "UPCOMING"
    for body_change, status, code in (
        ({"raffleId": 999_999}, 404, "raffle.not_found"),
        ({"raffleId": "1"}, 400, "validation.failed"),
        ({"raffleId": 0}, 400, "validation.failed"),
        ({"requestId": "short"}, 400, "validation.failed"),
        ({"extra": 1}, 400, "validation.failed"),
    ):  # fmt: skip
        answer = await claim(points, token, later["raffleId"], **body_change)
        assert (answer.status_code, answer.json()["errorCode"]) == (status, code), body_change
    trial = await points.member_token("trial-1", account_type=4)
    answer = await claim(points, trial, later["raffleId"])
    assert (answer.status_code, answer.json()["errorCode"]) == (403, "in_need_true_account")
    assert (
        await points.http.post(CLAIM, json={"raffleId": later["raffleId"], "requestId": request_id()})
    ).status_code == 401
    assert (await points.http.get(LIST)).status_code == 401
    assert await ticket_count(points.db) == 0


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"names": {"EN": "No Turkish"}}, "validation.failed"),
        ({"prizes": []}, "validation.failed"),
        ({"prizes": [0]}, "validation.failed"),
        ({"prizes": [100_000_000_001]}, "validation.failed"),
        ({"prizes": ["100"]}, "validation.failed"),
        ({"opensAt": "2026-01-01T00:00:00"}, "validation.failed"),  # no time zone
        (window(opens_in=60, closes_in=30), "raffle.window_invalid"),
        (window(opens_in=-120, closes_in=-60), "raffle.window_invalid"),
        ({"reason": ""}, "validation.failed"),
        ({"minTurnover": -1}, "validation.failed"),
        ({"minTurnover": "1000"}, "validation.failed"),
        ({"minTurnover": 10.5}, "validation.failed"),
        ({"minTurnover": 100_000_000_001}, "validation.failed"),
    ],
)
async def test_bad_raffles_are_refused_with_nothing_written(points: Points, changes: dict[str, Any], code: str) -> None:
    answer = await points.http.post(OPS, json=new(**changes), headers=await ops(points, OpsRole.CONTENT))
    assert (answer.status_code, answer.json()["errorCode"]) == (400, code)
    page = (await points.http.get(OPS, headers=await ops(points, OpsRole.VIEWER))).json()["value"]
    assert page["total"] == 0


async def test_who_may_make_and_read_raffles(points: Points, wallet_money: Responder) -> None:
    for roles in ((OpsRole.VIEWER,), (OpsRole.FINANCE_MAKER,), (OpsRole.FINANCE_CHECKER,)):
        refused = await points.http.post(OPS, json=new(), headers=await ops(points, *roles))
        assert (refused.status_code, refused.json()["errorCode"]) == (403, "ops.role_required"), roles
    elsewhere = await ops(points, OpsRole.CONTENT, merchant="otherbrand")
    assert (await points.http.post(OPS, json=new(), headers=elsewhere)).status_code == 403
    assert (await points.http.get(OPS, headers=elsewhere)).status_code == 403
    assert (await points.http.post(OPS, json=new())).status_code == 401
    made_by_admin = await points.http.post(OPS, json=new(), headers=await ops(points, OpsRole.ADMIN))
    assert made_by_admin.status_code == 200
    raffle = await made(points)
    for roles in ((OpsRole.VIEWER,), (OpsRole.FINANCE_MAKER,)):
        page = (await points.http.get(OPS, headers=await ops(points, *roles))).json()["value"]
        assert [r["raffleId"] for r in page["list"]] == [raffle["raffleId"], made_by_admin.json()["value"]["raffleId"]]
    audit = (await points.http.get(f"/wps/ops/points/merchants/{MERCHANT}/audit", headers=await ops(points))).json()
    rows = [r for r in audit["value"]["list"] if r["action"] == "raffle.create"]
    assert len(rows) == 2 and rows[0]["after"]["seedHash"] == raffle["seedHash"]
