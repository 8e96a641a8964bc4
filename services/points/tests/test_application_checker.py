"""An activity application's bonus above the brand's dual-control amount (issue 47 item 6: a second person above the
brand's threshold), against real PostgreSQL and NATS with the wallet's own answer of the amount: its maker's approval
grants nothing yet; the same person cannot confirm it, a finance maker without the checker role cannot, and nobody
outside the brand can; a second finance checker grants it once (three at once: one grant) or rejects it with a reason;
every step audited. Up to the amount, one maker's approval grants at once."""

from __future__ import annotations

import asyncio
import uuid

from points_helpers import MERCHANT, Points
from sqlalchemy import func, select
from test_cashback_and_applications import apply
from test_promotions import OPS, create

from points_service.promotions.models import BonusGrant
from portal_kit.messaging.rpc import Responder
from portal_kit.sessions import OpsRole
from portal_kit.testing.sessions import ops_session

ABOVE = 1_000_000  # the wallet's default dual-control amount: 10,000.00


async def person(points: Points, name: str, *roles: OpsRole, merchant: str = MERCHANT) -> dict[str, str]:
    token = await ops_session(points.servers.redis_url, name, roles=roles, merchants=(merchant,))
    return {"Authorization": token}


async def grants(points: Points) -> int:
    async with points.db.reader() as session:
        return int(await session.scalar(select(func.count()).select_from(BonusGrant)) or 0)


async def test_a_bonus_above_the_dual_control_amount_waits_for_a_second_person(
    points: Points, wallet_money: Responder
) -> None:
    promotion = await create(points, kind="ACTIVITY", maxBonus=5_000_000, names={"TR": "Büyük turnuva"})
    _, token = await points.member()
    made = (await apply(points, token, promotion)).json()["value"]
    path = f"{OPS}/applications/{made['applicationId']}"
    maker = await person(points, f"maker{uuid.uuid4().hex[:6]}", OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER)

    asked = await points.http.post(f"{path}/approve", json={"amount": ABOVE + 1, "reason": "first"}, headers=maker)
    assert asked.status_code == 200, asked.text
    waiting = asked.json()["value"]
    assert (waiting["status"], waiting["amount"], waiting["awaitingChecker"], waiting["grantId"]) == (
        "PENDING", ABOVE + 1, True, None,
    )  # fmt: skip
    assert await grants(points) == 0
    again = await points.http.post(f"{path}/approve", json={"amount": 100}, headers=maker)
    assert (again.status_code, again.json()["errorCode"]) == (409, "application.awaiting_checker")
    mine = await points.http.get("/wps/relay/MCSFE_getPromotionApplications", headers={"Authorization": token})
    assert [(a["status"], a["maker"], a["amount"]) for a in mine.json()["value"]["list"]] == [("PENDING", None, None)]

    own = await points.http.post(f"{path}/confirm", json={"approve": True}, headers=maker)
    assert (own.status_code, own.json()["errorCode"]) == (403, "ops.same_person")
    refused = (
        await person(points, "maker-only", OpsRole.FINANCE_MAKER),
        await person(points, "viewer", OpsRole.VIEWER),
        await person(points, "elsewhere", OpsRole.FINANCE_CHECKER, merchant="otherbrand"),
        {"Authorization": token},
    )
    for headers in refused:
        answer = await points.http.post(f"{path}/confirm", json={"approve": True}, headers=headers)
        assert answer.status_code in (401, 403), answer.text
    assert await grants(points) == 0

    checker = await person(points, f"checker{uuid.uuid4().hex[:6]}", OpsRole.FINANCE_CHECKER)
    confirms = await asyncio.gather(
        *(points.http.post(f"{path}/confirm", json={"approve": True}, headers=checker) for _ in range(3))
    )
    assert sorted(c.status_code for c in confirms) == [200, 409, 409]
    granted = next(c.json()["value"] for c in confirms if c.status_code == 200)
    assert (granted["status"], granted["amount"], granted["awaitingChecker"]) == ("APPROVED", ABOVE + 1, False)
    assert granted["grantId"] is not None
    assert await grants(points) == 1
    audit = (await points.http.get(f"/wps/ops/points/merchants/{MERCHANT}/audit", headers=checker)).json()
    actions = [row["action"] for row in audit["value"]["list"]]
    assert actions[:2] == ["application.confirm", "application.approve.request"]


async def test_a_checker_may_reject_and_an_amount_up_to_the_limit_needs_one_person(
    points: Points, wallet_money: Responder
) -> None:
    promotion = await create(points, kind="ACTIVITY", maxBonus=5_000_000, names={"TR": "Turnuva"})
    _, first = await points.member()
    _, second = await points.member()
    maker = await person(points, "maker-a", OpsRole.FINANCE_MAKER)
    checker = await person(points, "checker-b", OpsRole.FINANCE_CHECKER)

    big = (await apply(points, first, promotion)).json()["value"]
    path = f"{OPS}/applications/{big['applicationId']}"
    await points.http.post(f"{path}/approve", json={"amount": 2_000_000}, headers=maker)
    no_reason = await points.http.post(f"{path}/confirm", json={"approve": False}, headers=checker)
    assert (no_reason.status_code, no_reason.json()["errorCode"]) == (400, "reason.required")
    rejected = await points.http.post(f"{path}/confirm", json={"approve": False, "reason": "no proof"}, headers=checker)
    assert (rejected.json()["value"]["status"], rejected.json()["value"]["reason"]) == ("REJECTED", "no proof")

    small = (await apply(points, second, promotion)).json()["value"]
    path = f"{OPS}/applications/{small['applicationId']}"
    at_limit = await points.http.post(f"{path}/approve", json={"amount": ABOVE}, headers=maker)
    assert (at_limit.json()["value"]["status"], at_limit.json()["value"]["awaitingChecker"]) == ("APPROVED", False)
    none_needed = await points.http.post(f"{path}/confirm", json={"approve": True}, headers=checker)
    assert (none_needed.status_code, none_needed.json()["errorCode"]) == (409, "application.already_decided")
    assert await grants(points) == 1


async def test_without_the_wallets_answer_nothing_is_approved(points: Points) -> None:
    promotion = await create(points, kind="ACTIVITY", maxBonus=5_000_000, names={"TR": "Turnuva"})
    _, token = await points.member()
    made = (await apply(points, token, promotion)).json()["value"]
    maker = await person(points, "maker-c", OpsRole.FINANCE_MAKER)
    answer = await points.http.post(
        f"{OPS}/applications/{made['applicationId']}/approve", json={"amount": 100}, headers=maker
    )
    assert (answer.status_code, answer.json()["errorCode"]) == (503, "service_unavailable")
    assert await grants(points) == 0


async def test_small_bonuses_for_one_member_add_up_to_the_amount_a_maker_may_grant_alone(
    points: Points, wallet_money: Responder
) -> None:
    promotion = await create(points, kind="ACTIVITY", maxBonus=5_000_000, names={"TR": "Turnuva"})
    _, token = await points.member()
    _, other = await points.member()
    maker = await person(points, "splitter", OpsRole.FINANCE_MAKER)

    async def approve(member_token: str, amount: int) -> dict[str, object]:
        made = (await apply(points, member_token, promotion)).json()["value"]
        answer = await points.http.post(
            f"{OPS}/applications/{made['applicationId']}/approve", json={"amount": amount}, headers=maker
        )
        value: dict[str, object] = answer.json()["value"]
        return value

    first = await approve(token, 600_000)
    assert (first["status"], first["awaitingChecker"]) == ("APPROVED", False)
    second = await approve(token, 400_001)  # 10,000.01 today for this member by this maker alone
    assert (second["status"], second["awaitingChecker"]) == ("PENDING", True)
    third = await approve(other, 400_001)  # another member: counted apart
    assert (third["status"], third["awaitingChecker"]) == ("APPROVED", False)
    assert await grants(points) == 2
