"""The points service's ops lists (issue 46, item 3) are paged, filtered and sorted on the server: mall items (once a
whole array), mall redemptions, promotions, missions, and the bonus and application queues' orders; a bad filter or
order is a 400 envelope, never a 500."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from points_helpers import MERCHANT, PAYMENT_PASSWORD, Points
from prize_helpers import window

from points_service.promotions.models import BonusGrant
from portal_kit.messaging.rpc import Responder
from portal_kit.sessions import OpsRole
from portal_kit.testing.sessions import ops_session

OPS = f"/wps/ops/points/merchants/{MERCHANT}"
NOW = datetime.now(UTC)


async def ops(points: Points, *roles: OpsRole) -> dict[str, str]:
    token = await ops_session(points.servers.redis_url, "ayse", roles=roles or (OpsRole.ADMIN,), merchants=(MERCHANT,))
    return {"Authorization": token}


async def listed(points: Points, path: str, key: str, **query: Any) -> tuple[list[int], int]:
    answer = await points.http.get(f"{OPS}/{path}", params=query, headers=await ops(points))
    assert answer.status_code == 200, answer.text
    page = answer.json()["value"]
    return [row[key] for row in page["list"]], page["total"]


async def made(points: Points, path: str, key: str, body: dict[str, Any]) -> int:
    answer = await points.http.post(f"{OPS}/{path}", json=body, headers=await ops(points, OpsRole.CONTENT))
    assert answer.status_code == 200, answer.text
    return int(answer.json()["value"][key])


def item(name: str, sort: int, active: bool = True) -> dict[str, Any]:
    return {"names": {"TR": name, "EN": name}, "picture": "https://img.example/x.png", "points": 10, "stock": 5,
            "active": active, "sort": sort, "reason": "ops lists"}  # fmt: skip


async def test_mall_items_are_paged_filtered_and_sorted(points: Points) -> None:
    mug = await made(points, "mall/items", "itemId", item("Kupa mavi", 3))
    cap = await made(points, "mall/items", "itemId", item("Şapka", 1, active=False))
    pen = await made(points, "mall/items", "itemId", item("Kupa kırmızı", 2))

    assert await listed(points, "mall/items", "itemId") == ([cap, pen, mug], 3)  # the members' order
    assert (await listed(points, "mall/items", "itemId", sort="newest"))[0] == [pen, cap, mug]
    assert (await listed(points, "mall/items", "itemId", sort="oldest"))[0] == [mug, cap, pen]
    assert (await listed(points, "mall/items", "itemId", active="true"))[0] == [pen, mug]
    assert await listed(points, "mall/items", "itemId", text="KUPA") == ([pen, mug], 2)
    assert await listed(points, "mall/items", "itemId", pageSize=2, pageNo=2) == ([mug], 3)


async def test_mall_redemptions_are_newest_or_oldest_first(points: Points) -> None:
    first = await made(points, "mall/items", "itemId", item("Kupa", 1))
    account, token = await points.member(100)
    numbers = []
    for _ in range(2):
        body = {"itemId": first, "quantity": 1, "paymentPassword": PAYMENT_PASSWORD, "mobileNum": "5321234567",
                "deliveryAddress": "Moda Cd. 1, Kadıköy", "requestId": f"r-{uuid.uuid4()}"}  # fmt: skip
        answer = await points.sealed("/wps/relay/passwordCheck/MCS2_redeemPointReward", token, body)
        assert answer.status_code == 200, answer.text
        numbers.append(answer.json()["value"]["transactionNo"])
    older, newer = numbers
    assert (await listed(points, "mall/redemptions", "transactionNo"))[0] == [newer, older]
    assert (await listed(points, "mall/redemptions", "transactionNo", sort="oldest"))[0] == [older, newer]
    assert (await listed(points, "mall/redemptions", "transactionNo", sort="oldest", accountId=account))[0] == [
        older,
        newer,
    ]
    assert (await listed(points, "mall/redemptions", "transactionNo", status="APPROVED"))[0] == []


async def test_promotions_and_missions_are_filtered_and_sorted(points: Points) -> None:
    promotion: dict[str, Any] = {
        "kind": "FIRST_DEPOSIT", "names": {"TR": "İlk yatırım"}, "details": {"TR": "Yüzde 100."},
        "picture": "/images/promotions/first-deposit.webp", "percentBp": 10_000, "maxBonus": 50_000,
        "minDeposit": 10_000, "wageringMultiple": 5, "gameTypes": ["RNG"], "maxBet": 5_000, "expiryDays": 7,
        "startsAt": (NOW - timedelta(hours=1)).isoformat(), "active": True, "sort": 5, "reason": "ops lists",
    }  # fmt: skip
    shown = await made(points, "promotions", "promotionId", promotion)
    hidden = await made(points, "promotions", "promotionId", {**promotion, "active": False, "sort": 1})
    assert (await listed(points, "promotions", "promotionId"))[0] == [hidden, shown]
    assert (await listed(points, "promotions", "promotionId", sort="newest"))[0] == [hidden, shown]
    assert (await listed(points, "promotions", "promotionId", sort="oldest", active="true"))[0] == [shown]
    assert (await listed(points, "promotions", "promotionId", kind="RELOAD"))[0] == []

    mission: dict[str, Any] = {
        "names": {"TR": "Slot ustası"}, "kind": "BET_TURNOVER", "gameTypes": [], "target": 10_000,
        "rewardPoints": 50, "startsAt": (NOW - timedelta(days=1)).isoformat(),
        "endsAt": (NOW + timedelta(days=5)).isoformat(), "active": True, "sort": 2, "reason": "ops lists",
    }  # fmt: skip
    bets = await made(points, "missions", "missionId", mission)
    deposits = await made(points, "missions", "missionId", {**mission, "kind": "DEPOSIT_TOTAL", "sort": 1})
    assert (await listed(points, "missions", "missionId"))[0] == [deposits, bets]
    assert (await listed(points, "missions", "missionId", sort="oldest"))[0] == [bets, deposits]
    assert (await listed(points, "missions", "missionId", kind="DEPOSIT_TOTAL"))[0] == [deposits]
    assert (await listed(points, "missions", "missionId", active="false"))[0] == []


async def test_the_bonus_and_application_queues_take_an_order(points: Points) -> None:
    for path in ("bonuses", "applications"):
        for sort in ("newest", "oldest"):
            assert await listed(points, path, "id", sort=sort) == ([], 0)


async def test_bonuses_are_ordered_by_when_they_were_granted_not_by_their_random_ids(points: Points) -> None:
    """A bonus's id is a random UUID: "newest" is the latest granted, whatever its id sorts as."""
    granted = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
    ids = ["ffffffff-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002",
           "88888888-0000-4000-8000-000000000003"]  # fmt: skip
    async with points.db.transaction() as session:
        for n, grant_id in enumerate(ids):
            session.add(BonusGrant(
                id=grant_id, merchant=MERCHANT, account_id=f"member-{n}", promotion_id=1, promotion_name={"TR": "x"},
                source=f"day:{n}", deposit_id=f"d{n}", deposit_amount=10_000, amount=1_000, turnover_required=5_000,
                game_types=["RNG"], max_bet=0, expiry_days=7, status="ACTIVE", created_at=granted + timedelta(hours=n),
                expires_at=granted + timedelta(days=7),
            ))  # fmt: skip
    assert (await listed(points, "bonuses", "grantId", sort="newest"))[0] == ids[::-1]
    assert (await listed(points, "bonuses", "grantId", sort="oldest"))[0] == ids
    assert (await listed(points, "bonuses", "grantId", sort="oldest", status="ACTIVE", pageSize=2))[0] == ids[:2]


@pytest.mark.parametrize(
    ("path", "key", "body"),
    [
        ("red-envelopes", "envelopeId", {"names": {"TR": "Zarf"}, "pool": 10_000, "shares": 5, "reason": "lists"}),
        ("raffles", "raffleId", {"names": {"TR": "Çekiliş"}, "prizes": [1_000], "reason": "lists"}),
    ],
)
async def test_raffles_and_envelopes_by_phase_and_order(
    points: Points, wallet_money: Responder, path: str, key: str, body: dict[str, Any]
) -> None:
    now_open = await made(points, path, key, {**body, **window(-60, 3600)})
    upcoming = await made(points, path, key, {**body, **window(3600, 7200)})
    closing = await made(points, path, key, {**body, **window(-60, 600)})
    assert (await listed(points, path, key))[0] == [closing, upcoming, now_open]
    assert (await listed(points, path, key, sort="oldest"))[0] == [now_open, upcoming, closing]
    assert (await listed(points, path, key, sort="closing"))[0] == [closing, now_open, upcoming]
    assert (await listed(points, path, key, phase="upcoming"))[0] == [upcoming]
    assert (await listed(points, path, key, phase="open", sort="closing"))[0] == [closing, now_open]
    assert (await listed(points, path, key, phase="closed"))[0] == []
    assert (await listed(points, path, key, review="REJECTED"))[0] == []


@pytest.mark.parametrize(
    ("path", "query"),
    [
        ("mall/items", {"sort": "cheapest"}),
        ("mall/items", {"active": "maybe"}),
        ("mall/items", {"text": ""}),
        ("mall/redemptions", {"sort": "largest"}),
        ("bonuses", {"sort": "largest"}),
        ("applications", {"sort": "pending"}),
        ("promotions", {"kind": "FREEBIE"}),
        ("promotions", {"sort": "cheapest"}),
        ("missions", {"kind": "WIN_STREAK"}),
        ("missions", {"sort": "hardest"}),
        ("raffles", {"phase": "later"}),
        ("raffles", {"sort": "biggest"}),
        ("red-envelopes", {"review": "MAYBE"}),
        ("red-envelopes", {"sort": "biggest"}),
    ],
)
async def test_a_bad_filter_or_order_is_a_400(points: Points, path: str, query: dict[str, Any]) -> None:
    answer = await points.http.get(f"{OPS}/{path}", params=query, headers=await ops(points))
    assert (answer.status_code, answer.json()["errorCode"]) == (400, "validation.failed")
