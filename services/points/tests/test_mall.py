"""The points mall: ops stock items (content role), members redeem them with their payment password (points and
stock taken together, a repeated request answered by its first redemption), the last item sold once however many
ask at once, ops decide (a rejection refunds the points and the stock); bad input refused with nothing taken."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import nats
from points_helpers import MERCHANT, PAYMENT_PASSWORD, Points

from portal_events import PointRecordsReply, PointRecordsRequest
from portal_kit.messaging.rpc import ask
from portal_kit.sessions import OpsRole
from portal_kit.testing.sessions import ops_session

OPS = f"/wps/ops/points/merchants/{MERCHANT}/mall"
REDEEM = "/wps/relay/passwordCheck/MCS2_redeemPointReward"
ITEM = {"names": {"TR": "Kupa", "EN": "Mug"}, "picture": "https://img.example/mug.png", "points": 30,
        "stock": 2, "active": True, "sort": 1, "reason": "autumn mall"}  # fmt: skip


async def ops(points: Points, *roles: OpsRole, merchant: str = MERCHANT) -> dict[str, str]:
    token = await ops_session(points.servers.redis_url, "ayse", roles=roles or (OpsRole.ADMIN,), merchants=(merchant,))
    return {"Authorization": token}


async def new_item(points: Points, **changes: Any) -> int:
    made = await points.http.post(f"{OPS}/items", json={**ITEM, **changes}, headers=await ops(points, OpsRole.CONTENT))
    assert made.status_code == 200, made.text
    return int(made.json()["value"]["itemId"])


def redemption(item: int, quantity: int = 1, **changes: Any) -> dict[str, Any]:
    return {"itemId": item, "quantity": quantity, "paymentPassword": PAYMENT_PASSWORD, "mobileNum": "5321234567",
            "deliveryAddress": "Moda Cd. 1, Kadıköy, İstanbul", "requestId": f"r-{uuid.uuid4()}", **changes}  # fmt: skip


async def test_a_member_redeems_an_item_and_a_rejection_gives_the_points_and_the_stock_back(points: Points) -> None:
    item = await new_item(points)
    account, token = await points.member(100)
    listed = (await points.http.get("/wps/relay/MCS2_getPointReward", headers={"Authorization": token})).json()
    assert [(i["itemId"], i["name"], i["points"], i["stock"]) for i in listed["value"]] == [(item, "Mug", 30, 2)]

    body = redemption(item, 2)
    answer = await points.sealed(REDEEM, token, body)
    assert answer.status_code == 200, answer.text
    made = answer.json()["value"]
    assert (made["status"], made["points"], made["quantity"], made["itemName"]) == ("IN_PROCESS", 60, 2, "Mug")
    again = await points.sealed(REDEEM, token, body)  # the same request: the first redemption, nothing taken twice
    assert again.json()["value"]["transactionNo"] == made["transactionNo"]
    assert await points.balance(account) == 40
    sold_out = (await points.http.get(f"{OPS}/items", headers=await ops(points, OpsRole.VIEWER))).json()["value"][
        "list"
    ]
    assert sold_out[0]["stock"] == 0

    maker = await ops(points, OpsRole.FINANCE_MAKER)
    rejected = await points.http.post(
        f"{OPS}/redemptions/{made['transactionNo']}/reject", json={"reason": "address unreachable"}, headers=maker
    )
    assert rejected.json()["value"]["status"] == "REJECTED", rejected.text
    assert await points.balance(account) == 100
    assert [(e.kind, e.points, e.balance_after) for e in await points.entries(account)] == [
        ("EARN", 100, 100), ("REDEEM", -60, 40), ("REFUND", 60, 100)
    ]  # fmt: skip
    twice = await points.http.post(f"{OPS}/redemptions/{made['transactionNo']}/approve", json={}, headers=maker)
    assert (twice.status_code, twice.json()["errorCode"]) == (409, "mall.already_decided")
    mine = (await points.http.get("/wps/relay/MCS2_getRedeemPointList", headers={"Authorization": token})).json()
    assert [(r["status"], r["reason"]) for r in mine["value"]["list"]] == [("REJECTED", "address unreachable")]
    stocked = (await points.http.get(f"{OPS}/items", headers=maker)).json()["value"]["list"]
    assert stocked[0]["stock"] == 2
    audit = (await points.http.get(f"/wps/ops/points/merchants/{MERCHANT}/audit", headers=maker)).json()
    assert [row["action"] for row in audit["value"]["list"]] == ["mall.redemption.rejected", "mall.item.create"]


async def test_the_last_item_is_sold_once_however_many_ask_at_once(points: Points) -> None:
    item = await new_item(points, stock=1)
    buyers = [await points.member(100) for _ in range(8)]
    answers = await asyncio.gather(*(points.sealed(REDEEM, token, redemption(item)) for _, token in buyers))
    codes = sorted((a.status_code, a.json()["errorCode"]) for a in answers)
    assert codes == [(200, None)] + [(409, "mall.out_of_stock")] * 7, codes
    balances = sorted([await points.balance(account) for account, _ in buyers])
    assert balances == [70] + [100] * 7  # only the buyer paid


async def test_bad_redemptions_take_nothing(points: Points) -> None:
    item = await new_item(points)
    hidden = await new_item(points, active=False)
    account, token = await points.member(40)
    for body, status, code in (
        (redemption(item, 2), 409, "points.not_enough"),  # 60 points, 40 held
        (redemption(item, 3), 409, "mall.out_of_stock"),
        (redemption(hidden), 404, "mall.item_not_found"),
        (redemption(999_999), 404, "mall.item_not_found"),
        (redemption(item, paymentPassword="000000"), 400, "payment_password.invalid"),
        (redemption(item, quantity=0), 400, "validation.failed"),
        (redemption(item, quantity=-1), 400, "validation.failed"),
        (redemption(item, quantity="1"), 400, "validation.failed"),
        (redemption(item, mobileNum="call me"), 400, "validation.failed"),
        (redemption(item, deliveryAddress=""), 400, "validation.failed"),
    ):  # fmt: skip
        answer = await points.sealed(REDEEM, token, body)
        assert (answer.status_code, answer.json()["errorCode"]) == (status, code), (body, answer.text)
    assert await points.balance(account) == 40
    items = (await points.http.get(f"{OPS}/items", headers=await ops(points))).json()["value"]["list"]
    assert {i["itemId"]: i["stock"] for i in items} == {item: 2, hidden: 2}
    plain = await points.http.post(REDEEM, json=redemption(item), headers={"Authorization": token})  # not sealed
    assert plain.status_code == 400
    first = redemption(item)
    assert (await points.sealed(REDEEM, token, first)).status_code == 200
    other = await points.sealed(REDEEM, token, {**first, "quantity": 2})
    assert (other.status_code, other.json()["errorCode"]) == (409, "idempotency.mismatch")


async def test_who_may_do_what_in_the_mall(points: Points) -> None:
    item = await new_item(points)
    _, token = await points.member(100)
    made = (await points.sealed(REDEEM, token, redemption(item))).json()["value"]["transactionNo"]
    trial = await points.member_token(str(uuid.uuid4()), account_type=4)
    for path in ("/wps/relay/MCS2_getPointReward", "/wps/relay/MCS2_getRedeemPointList"):
        refused = await points.http.get(path, headers={"Authorization": trial})
        assert (refused.status_code, refused.json()["errorCode"]) == (403, "in_need_true_account")
        assert (await points.http.get(path)).status_code == 401
    for roles, status in (((OpsRole.FINANCE_MAKER,), 403), ((OpsRole.VIEWER,), 403)):
        refused = await points.http.post(f"{OPS}/items", json=ITEM, headers=await ops(points, *roles))
        assert refused.status_code == status
    editor = await ops(points, OpsRole.CONTENT)
    assert (await points.http.get(f"{OPS}/redemptions", headers=editor)).status_code == 403  # addresses, mobiles
    assert (await points.http.post(f"{OPS}/redemptions/{made}/approve", json={}, headers=editor)).status_code == 403
    elsewhere = await ops(points, merchant="otherbrand")
    assert (await points.http.post(f"{OPS}/redemptions/{made}/approve", json={}, headers=elsewhere)).status_code == 403
    assert (await points.http.get(f"{OPS}/items", headers=elsewhere)).status_code == 403
    approved = await points.http.post(f"{OPS}/redemptions/{made}/approve", json={}, headers=await ops(points))
    assert approved.json()["value"]["status"] == "APPROVED"
    page = (await points.http.get(f"{OPS}/redemptions?status=APPROVED", headers=await ops(points))).json()["value"]
    assert [(r["transactionNo"], r["deliveryAddress"]) for r in page["list"]] == [
        (made, "Moda Cd. 1, Kadıköy, İstanbul")
    ]
    other_member = (await points.member(0))[1]
    theirs = await points.http.get("/wps/relay/MCS2_getRedeemPointList", headers={"Authorization": other_member})
    assert theirs.json()["value"]["list"] == []


async def test_stock_moves_by_steps_and_items_are_checked(points: Points) -> None:
    item = await new_item(points)
    editor = await ops(points, OpsRole.CONTENT)
    added = await points.http.post(
        f"{OPS}/items/{item}/stock", json={"change": 5, "reason": "delivery"}, headers=editor
    )
    assert added.json()["value"]["stock"] == 7
    below = await points.http.post(f"{OPS}/items/{item}/stock", json={"change": -8, "reason": "x"}, headers=editor)
    assert (below.status_code, below.json()["errorCode"]) == (409, "mall.stock_negative")
    for changes in ({"names": {"EN": "Mug"}}, {"picture": "http://img.example/a.png"}, {"picture": "//evil.example/a.png"},
                    {"picture": "javascript:alert(1)"}, {"points": 0},
                    {"names": {"TR": "Kupa", "DE": "Becher"}}, {"stock": -1}, {"reason": ""}):  # fmt: skip
        refused = await points.http.post(f"{OPS}/items", json={**ITEM, **changes}, headers=editor)
        assert (refused.status_code, refused.json()["errorCode"]) == (400, "validation.failed"), changes
    write = {key: value for key, value in ITEM.items() if key != "stock"}
    renamed = await points.http.put(
        f"{OPS}/items/{item}", json={**write, "points": 45, "picture": "/images/mall/mug.webp"}, headers=editor
    )
    assert renamed.json()["value"]["picture"] == "/images/mall/mug.webp"
    assert (renamed.json()["value"]["points"], renamed.json()["value"]["stock"]) == (45, 7)
    missing = await points.http.put(f"{OPS}/items/424242", json=write, headers=editor)
    assert (missing.status_code, missing.json()["errorCode"]) == (404, "mall.item_not_found")


async def test_the_points_records_show_each_exchange_with_its_item_and_state(points: Points, worker: None) -> None:
    item = await new_item(points, names={"TR": "Kupa", "EN": "Mug"})
    account, token = await points.member(100)
    kept = (await points.sealed(REDEEM, token, redemption(item))).json()["value"]["transactionNo"]
    given_back = (await points.sealed(REDEEM, token, redemption(item))).json()["value"]["transactionNo"]
    maker = await ops(points, OpsRole.FINANCE_MAKER)
    await points.http.post(f"{OPS}/redemptions/{given_back}/reject", json={"reason": "no stock"}, headers=maker)
    nc = await nats.connect(points.servers.nats_url)
    try:
        request = PointRecordsRequest.model_validate(
            {"merchant": MERCHANT, "accountId": account, "pageNo": 1, "pageSize": 20, "language": "EN"}
        )
        reply = await ask(nc, "rpc.points.records", request, PointRecordsReply)
    finally:
        await nc.close()
    assert reply.value is not None, reply
    shown = [(r.kind, r.item, r.quantity, r.pointsRequired, r.status, r.points, r.balanceAfter, r.remark)
             for r in reply.value.list]  # fmt: skip
    assert shown == [
        ("REFUND", "Mug", 1, 30, "rejected", 30, 70, "no stock"),
        ("REDEEM", "Mug", 1, 30, "rejected", -30, 40, "no stock"),
        ("REDEEM", "Mug", 1, 30, "in_process", -30, 70, None),
        ("EARN", None, None, None, "approved", 100, 100, None),
    ]
    assert kept != given_back
