"""Red envelopes (issue #47 items 4 and 6): ops make one (content role, audited), its pool split at random into its
shares at once; members claim once while it is open — fifty members after ten shares get exactly ten paid and forty
told it is empty, a member asking twice (or ten times at once) gets the one share — each share paid by the wallet once,
after an outage too; a pool above the brand's dual-control amount hidden from members until a finance checker other
than its maker confirms it; bad input and the wrong people change nothing."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import nats
import pytest
from points_helpers import MERCHANT, Points
from prize_helpers import cash, member, ops, request_id, window
from sqlalchemy import func, select, update

from points_service.envelopes import service
from points_service.envelopes.models import RedEnvelope, RedEnvelopeShare
from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder
from portal_kit.sessions import OpsRole
from portal_kit.testing.clients import answering
from portal_kit.testing.sessions import ops_session
from wallet_service.money.rpc import money_answers

OPS = f"/wps/ops/points/merchants/{MERCHANT}/red-envelopes"
CLAIM = "/wps/relay/MCSFE_claimRedEnvelope"
LIST = "/wps/relay/MCSFE_getRedEnvelopes"


def new(**changes: Any) -> dict[str, Any]:
    return {"names": {"TR": "Bayram zarfı", "EN": "Holiday envelope", "CN": "节日红包"}, "pool": 100_000,
            "shares": 10, **window(), "reason": "holiday", **changes}  # fmt: skip


async def made(points: Points, **changes: Any) -> dict[str, Any]:
    answer = await points.http.post(OPS, json=new(**changes), headers=await ops(points, OpsRole.CONTENT))
    assert answer.status_code == 200, answer.text
    value: dict[str, Any] = answer.json()["value"]
    return value


async def claim(points: Points, token: str, envelope_id: int, **changes: Any) -> Any:
    body = {"envelopeId": envelope_id, "requestId": request_id(), **changes}
    return await points.http.post(CLAIM, json=body, headers={"Authorization": token})


async def shares(db: Database, envelope_id: int) -> list[RedEnvelopeShare]:
    async with db.reader() as session:
        query = select(RedEnvelopeShare).where(RedEnvelopeShare.envelope_id == envelope_id)
        return list((await session.scalars(query.order_by(RedEnvelopeShare.share_no))).all())


async def test_fifty_members_after_ten_shares_ten_are_paid(
    points: Points, wallet_db: Database, wallet_money: Responder
) -> None:
    envelope = await made(points)
    stored = await shares(points.db, envelope["envelopeId"])
    assert len(stored) == 10 and sum(s.amount for s in stored) == 100_000 and min(s.amount for s in stored) >= 1
    members = [await member(points, wallet_db) for _ in range(50)]
    answers = await asyncio.gather(*(claim(points, token, envelope["envelopeId"]) for _, token in members))
    outcomes = sorted((a.status_code, a.json()["errorCode"]) for a in answers)
    assert outcomes == [(200, None)] * 10 + [(409, "envelope.empty")] * 40, outcomes
    won = {account: a.json()["value"] for (account, _), a in zip(members, answers, strict=True) if a.status_code == 200}
    assert {v["status"] for v in won.values()} == {"PAID"}
    assert sorted(v["shareNo"] for v in won.values()) == list(range(1, 11))
    for account, _ in members:
        assert await cash(wallet_db, account) == (won[account]["amount"] if account in won else 0)
    assert sum(v["amount"] for v in won.values()) == 100_000
    account, token = next((a, t) for a, t in members if a in won)
    again = await claim(points, token, envelope["envelopeId"])
    assert (again.status_code, again.json()["value"]["shareNo"]) == (200, won[account]["shareNo"])
    assert await cash(wallet_db, account) == won[account]["amount"]
    seen = (await points.http.get(LIST, headers={"Authorization": token})).json()["value"]
    assert [(e["envelopeId"], e["sharesLeft"], e["mine"]["amount"], e["name"]) for e in seen] == [
        (envelope["envelopeId"], 0, won[account]["amount"], "Holiday envelope")
    ]
    page = (await points.http.get(OPS, headers=await ops(points, OpsRole.VIEWER))).json()["value"]
    [state] = page["list"]
    assert (state["claimed"], state["claimedAmount"], state["paid"], state["paidAmount"]) == (10, 100_000, 10, 100_000)


async def test_one_member_claiming_at_once_gets_one_share_paid_once(
    points: Points, wallet_db: Database, wallet_money: Responder
) -> None:
    envelope = await made(points, pool=5_000, shares=5)
    account, token = await member(points, wallet_db)
    answers = await asyncio.gather(*(claim(points, token, envelope["envelopeId"]) for _ in range(10)))
    assert {a.status_code for a in answers} == {200}
    assert len({a.json()["value"]["shareNo"] for a in answers}) == 1
    amount = answers[0].json()["value"]["amount"]
    assert await cash(wallet_db, account) == amount
    claimed = [s for s in await shares(points.db, envelope["envelopeId"]) if s.account_id]
    assert [(s.account_id, s.status) for s in claimed] == [(account, "PAID")]
    _, other_token = await member(points)  # no wallet: the wallet refuses, nothing moved
    failed = (await claim(points, other_token, envelope["envelopeId"])).json()["value"]
    assert failed["status"] == "FAILED"


async def test_a_share_the_wallet_did_not_answer_is_paid_by_the_sweep_once(
    points: Points, wallet_db: Database, wallet_clean: None
) -> None:
    async with answering(points.servers.nats_url, "wallet-dual-control", money_answers, wallet_db):
        envelope = await made(points, pool=3_000, shares=1)  # the brand's dual-control amount asked of the wallet
    account, token = await member(points, wallet_db)
    pending = (await claim(points, token, envelope["envelopeId"])).json()["value"]  # nobody answers for the wallet
    assert (pending["status"], pending["amount"]) == ("PENDING", 3_000)
    nc = await nats.connect(points.servers.nats_url)
    try:
        assert await service.sweep(points.db, nc, timedelta(0)) == 1  # still nobody: stays pending
        async with answering(points.servers.nats_url, "wallet-back", money_answers, wallet_db):
            assert await service.sweep(points.db, nc, timedelta(0)) == 1
            assert await service.sweep(points.db, nc, timedelta(0)) == 0
            again = (await claim(points, token, envelope["envelopeId"])).json()["value"]
    finally:
        await nc.close()
    assert (again["status"], await cash(wallet_db, account)) == ("PAID", 3_000)


async def test_claims_outside_the_window_or_off_their_contract_take_nothing(
    points: Points, wallet_money: Responder
) -> None:
    later = await made(points, **window(opens_in=3600, closes_in=7200))
    ended = await made(points)
    async with points.db.transaction() as session:
        await session.execute(
            update(RedEnvelope)
            .where(RedEnvelope.id == ended["envelopeId"])
            .values(opens_at=func.now() - timedelta(hours=2), closes_at=func.now() - timedelta(seconds=1))
        )
    _, token = await member(points)
    for envelope_id, change, status, code in (
        (later["envelopeId"], {}, 409, "envelope.not_open"),
        (ended["envelopeId"], {}, 409, "envelope.closed"),
        (999_999, {}, 404, "envelope.not_found"),
        (later["envelopeId"], {"envelopeId": "1"}, 400, "validation.failed"),
        (later["envelopeId"], {"requestId": "x"}, 400, "validation.failed"),
    ):  # fmt: skip
        answer = await claim(points, token, envelope_id, **change)
        assert (answer.status_code, answer.json()["errorCode"]) == (status, code), (envelope_id, change)
    trial = await points.member_token("trial-2", account_type=4)
    answer = await claim(points, trial, ended["envelopeId"])
    assert (answer.status_code, answer.json()["errorCode"]) == (403, "in_need_true_account")
    assert (await points.http.get(LIST)).status_code == 401
    for envelope in (later, ended):
        assert [s.account_id for s in await shares(points.db, envelope["envelopeId"])] == [None] * 10


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"pool": 9, "shares": 10}, "envelope.pool_too_small"),
        ({"pool": 0}, "validation.failed"),
        ({"pool": 100_000_000_001}, "validation.failed"),
        ({"shares": 0}, "validation.failed"),
        ({"shares": 10_001}, "validation.failed"),
        ({"pool": "1000"}, "validation.failed"),
        ({"names": {"CN": "红包"}}, "validation.failed"),
        (window(opens_in=60, closes_in=30), "envelope.window_invalid"),
        (window(opens_in=-120, closes_in=-60), "envelope.window_invalid"),
    ],
)
async def test_bad_envelopes_are_refused_with_nothing_written(
    points: Points, changes: dict[str, Any], code: str
) -> None:
    answer = await points.http.post(OPS, json=new(**changes), headers=await ops(points, OpsRole.CONTENT))
    assert (answer.status_code, answer.json()["errorCode"]) == (400, code)
    async with points.db.reader() as session:
        assert await session.scalar(select(func.count()).select_from(RedEnvelopeShare)) == 0


async def test_who_may_make_and_read_envelopes(points: Points, wallet_money: Responder) -> None:
    for roles in ((OpsRole.VIEWER,), (OpsRole.FINANCE_MAKER,)):
        refused = await points.http.post(OPS, json=new(), headers=await ops(points, *roles))
        assert (refused.status_code, refused.json()["errorCode"]) == (403, "ops.role_required"), roles
    elsewhere = await ops(points, OpsRole.CONTENT, merchant="otherbrand")
    assert (await points.http.post(OPS, json=new(), headers=elsewhere)).status_code == 403
    assert (await points.http.get(OPS, headers=elsewhere)).status_code == 403
    envelope = await made(points)
    assert (await points.http.post(OPS, json=new(), headers=await ops(points))).status_code == 200  # admin
    page = (await points.http.get(OPS, headers=await ops(points, OpsRole.FINANCE_MAKER))).json()["value"]
    assert page["total"] == 2 and page["list"][1]["envelopeId"] == envelope["envelopeId"]
    audit = (await points.http.get(f"/wps/ops/points/merchants/{MERCHANT}/audit", headers=await ops(points))).json()
    assert [r["action"] for r in audit["value"]["list"]].count("red_envelope.create") == 2


async def test_a_pool_above_the_dual_control_amount_waits_for_a_second_person(
    points: Points, wallet_db: Database, wallet_money: Responder
) -> None:
    big = await made(points, pool=1_000_001, shares=10)  # above the wallet's default 10,000.00
    small = await made(points, pool=1_000_000, shares=10)
    assert (big["review"], small["review"]) == ("AWAITING", "NONE")
    _, token = await member(points, wallet_db)
    listed = (await points.http.get(LIST, headers={"Authorization": token})).json()["value"]
    assert [e["envelopeId"] for e in listed] == [small["envelopeId"]]
    hidden = await claim(points, token, big["envelopeId"])
    assert (hidden.status_code, hidden.json()["errorCode"]) == (404, "envelope.not_found")

    confirm = f"{OPS}/{big['envelopeId']}/confirm"
    maker = await ops_session(points.servers.redis_url, "ayse", roles=(OpsRole.FINANCE_CHECKER,), merchants=(MERCHANT,))
    own = await points.http.post(confirm, json={"approve": True}, headers={"Authorization": maker})
    assert (own.status_code, own.json()["errorCode"]) == (403, "ops.same_person")  # "ayse" made it
    for roles in ((OpsRole.CONTENT,), (OpsRole.FINANCE_MAKER,), (OpsRole.VIEWER,)):
        refused = await points.http.post(confirm, json={"approve": True}, headers=await ops(points, *roles))
        assert refused.status_code == 403, roles
    checker = await ops_session(
        points.servers.redis_url, "mert", roles=(OpsRole.FINANCE_CHECKER,), merchants=(MERCHANT,)
    )
    answers = await asyncio.gather(
        *(points.http.post(confirm, json={"approve": True}, headers={"Authorization": checker}) for _ in range(3))
    )
    assert sorted((a.status_code, a.json()["errorCode"]) for a in answers) == [
        (200, None), (409, "envelope.no_checker_needed"), (409, "envelope.no_checker_needed"),
    ]  # fmt: skip
    confirmed = next(a.json()["value"] for a in answers if a.status_code == 200)
    assert (confirmed["review"], confirmed["checkedBy"]) == ("CONFIRMED", "mert")
    paid = await claim(points, token, big["envelopeId"])
    assert paid.json()["value"]["status"] == "PAID", paid.text

    rejected = await made(points, pool=2_000_000, shares=2)
    path = f"{OPS}/{rejected['envelopeId']}/confirm"
    no_reason = await points.http.post(path, json={"approve": False}, headers={"Authorization": checker})
    assert (no_reason.status_code, no_reason.json()["errorCode"]) == (400, "reason.required")
    answer = await points.http.post(
        path, json={"approve": False, "reason": "too big"}, headers={"Authorization": checker}
    )
    assert answer.json()["value"]["review"] == "REJECTED"
    listed = (await points.http.get(LIST, headers={"Authorization": token})).json()["value"]
    assert rejected["envelopeId"] not in [e["envelopeId"] for e in listed]
    audit = (await points.http.get(f"/wps/ops/points/merchants/{MERCHANT}/audit", headers=await ops(points))).json()
    actions = [r["action"] for r in audit["value"]["list"]]
    assert (actions.count("red_envelope.confirm"), actions.count("red_envelope.reject")) == (1, 1)


async def test_small_pools_one_editor_makes_in_a_day_add_up_to_the_amount(
    points: Points, wallet_money: Responder
) -> None:
    first = await made(points, pool=600_000, shares=10)
    answers = await asyncio.gather(*(made(points, pool=300_000, shares=10) for _ in range(2)))
    assert first["review"] == "NONE"
    assert sorted(a["review"] for a in answers) == ["AWAITING", "NONE"]  # 9,000.00 alone, then 12,000.00: a second
