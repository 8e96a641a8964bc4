"""The inbox over HTTP: reading, marking read, deleting, the unread count; ops broadcasts and customer-service
channels with their roles; every refusal an envelope with its code."""

from __future__ import annotations

import asyncio
import uuid

from notifications_helpers import Notifications

from portal_events import (
    PointsBonusReleasedV1,
    PointsConversionPaidV1,
    PointsMissionClaimedV1,
    PointsMissionCompletedV1,
)
from portal_kit.messaging.events import new_event
from portal_kit.sessions import OpsRole

OPS = "/wps/ops/notifications/merchants/turkeyf2"
MESSAGES = "/wps/notifications/messages"


async def test_messages_are_read_marked_and_deleted_by_their_member(notifications: Notifications) -> None:
    member = await notifications.member()
    for amount in (1_000, 2_000, 3_000):
        await notifications.publish(notifications.deposit_credited(member, amount))
    items = await notifications.wait_for_inbox(member, 3)
    # newest first (the worker may store events of one batch in any order: each is its own message)
    assert [m["id"] for m in items] == sorted((m["id"] for m in items), reverse=True)
    assert sorted(m["amount"] for m in items) == [1_000, 2_000, 3_000]
    assert await notifications.unread(member) == 3
    marked = await notifications.call("POST", f"{MESSAGES}/read", member.token, json={"ids": [items[0]["id"]]})
    assert marked.json()["value"] == {"marked": 1}
    assert await notifications.unread(member) == 2
    paged = await notifications.call("GET", MESSAGES, member.token, params={"pageNo": 2, "pageSize": 2})
    assert paged.json()["value"] | {"list": None} == {"pageNum": 2, "totalPages": 2, "total": 3, "list": None}
    assert [m["amount"] for m in paged.json()["value"]["list"]] == [items[2]["amount"]]
    deleted = await notifications.call("DELETE", f"{MESSAGES}/{items[1]['id']}", member.token)
    assert deleted.json() == {"success": True, "value": {"done": True}, "errorCode": None, "message": None}
    assert [m["amount"] for m in await notifications.inbox(member)] == [items[0]["amount"], items[2]["amount"]]
    everything = await notifications.call("POST", f"{MESSAGES}/read", member.token, json={"all": True})
    assert everything.json()["value"] == {"marked": 1}
    assert await notifications.unread(member) == 0
    assert all(m["read"] for m in await notifications.inbox(member))


async def test_bad_input_and_callers_without_an_inbox_are_refused(notifications: Notifications) -> None:
    member = await notifications.member()
    trial = await notifications.member(account_type=4)
    nothing = await notifications.call("POST", f"{MESSAGES}/read", member.token, json={}, language="TR")
    assert (nothing.status_code, nothing.json()["errorCode"]) == (400, "messages.none_chosen")
    assert nothing.json()["message"].startswith("Okundu olarak")
    for body in ({"ids": ["1"]}, {"ids": [0]}, {"all": "yes"}, {"ids": [1], "accountId": "x"}):
        wrong = await notifications.call("POST", f"{MESSAGES}/read", member.token, json=body)
        assert (wrong.status_code, wrong.json()["errorCode"]) == (400, "validation.failed")
    unknown = await notifications.call("DELETE", f"{MESSAGES}/999", member.token, language="CN")
    assert (unknown.status_code, unknown.json()["message"]) == (404, "未找到该消息。")
    assert (await notifications.call("DELETE", f"{MESSAGES}/abc", member.token)).status_code == 400
    visitor = await notifications.call("GET", "/wps/relay/CSP_unreadCount")
    assert visitor.status_code == 401
    free_play = await notifications.call("GET", "/wps/relay/CSP_unreadCount", trial.token)
    assert (free_play.status_code, free_play.json()["errorCode"]) == (403, "in_need_true_account")
    other_brand = await notifications.call("GET", MESSAGES, member.token, merchant="otherbrand")
    assert other_brand.status_code == 401


async def test_broadcasts_need_the_content_role_of_the_brand_and_are_audited(notifications: Notifications) -> None:
    member = await notifications.member()
    socket, _ = await notifications.opened(member)
    viewer = await notifications.ops(OpsRole.VIEWER)
    elsewhere = await notifications.ops(OpsRole.CONTENT, merchants=("otherbrand",))
    content = await notifications.ops(OpsRole.CONTENT, merchants=("turkeyf2",))
    body = {"title": "Bayram bonusu", "body": "Hafta sonu tüm yatırımlara %10."}
    refused = await notifications.call("POST", f"{OPS}/broadcasts", viewer, json=body)
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "ops.role_required")
    assert (await notifications.call("POST", f"{OPS}/broadcasts", elsewhere, json=body)).status_code == 403
    assert (await notifications.call("POST", f"{OPS}/broadcasts", member.token, json=body)).status_code == 403
    blank = await notifications.call("POST", f"{OPS}/broadcasts", content, json={"title": " ", "body": "x"})
    assert blank.json()["errorCode"] == "validation.failed"
    written = await notifications.call("POST", f"{OPS}/broadcasts", content, json=body, replica=1)
    assert written.json()["value"]["writtenBy"] == "ops.tester"
    pushed = await socket.frame()
    assert (pushed["message"]["title"], pushed["message"]["broadcast"]) == ("Bayram bonusu", True)
    listed = await notifications.call("GET", f"{OPS}/broadcasts", viewer)
    assert [(b["title"], b["audience"], b["audienceCount"]) for b in listed.json()["value"]["list"]] == [
        ("Bayram bonusu", "all", None)
    ]
    withdrawn = await notifications.call("DELETE", f"{OPS}/broadcasts/{written.json()['value']['id']}", content)
    assert withdrawn.status_code == 200
    assert await notifications.inbox(member) == []
    again = await notifications.call("DELETE", f"{OPS}/broadcasts/{written.json()['value']['id']}", content)
    assert (again.status_code, again.json()["errorCode"]) == (404, "broadcast.not_found")
    audit = (await notifications.call("GET", f"{OPS}/audit", viewer)).json()["value"]["list"]
    state = body | {"audience": "all"}
    assert [(a["action"], a["before"], a["after"]) for a in audit] == [
        ("broadcast.withdraw", state, {}),
        ("broadcast.write", {}, state),
    ]


async def test_customer_service_channels_are_set_by_ops_and_opened_by_anyone(notifications: Notifications) -> None:
    content = await notifications.ops(OpsRole.CONTENT, merchants=("turkeyf2",))
    assert (await notifications.call("GET", "/wps/relay/CBS_modelList")).json()["value"] == []
    channels = {"channels": [
        {"modelId": "LIVE_CHAT", "name": "Canlı destek", "url": "https://chat.example.com/turkeyf2"},
        {"modelId": "TELEGRAM", "name": "Telegram", "url": "https://t.me/turkeyf2_support"},
    ]}  # fmt: skip
    for bad in (
        {"channels": [{"modelId": "X1", "name": "n", "url": "http://chat.example.com/"}]},
        {"channels": [{"modelId": "X1", "name": "n", "url": "javascript:alert(1)"}]},
        {"channels": [{"modelId": "X1", "name": "n", "url": "https://user:pw@chat.example.com/"}]},
        {"channels": [{"modelId": "x", "name": "n", "url": "https://chat.example.com/"}]},
    ):
        refused = await notifications.call("PUT", f"{OPS}/support", content, json=bad)
        assert (refused.status_code, refused.json()["errorCode"]) == (400, "validation.failed"), bad
    twice = {"channels": [channels["channels"][0], channels["channels"][0]]}
    assert (await notifications.call("PUT", f"{OPS}/support", content, json=twice)).json()["errorCode"] == (
        "support.model_repeated"
    )
    viewer = await notifications.ops(OpsRole.VIEWER)
    assert (await notifications.call("PUT", f"{OPS}/support", viewer, json=channels)).status_code == 403
    assert (await notifications.call("PUT", f"{OPS}/support", content, json=channels)).status_code == 200
    models = await notifications.call("GET", "/wps/relay/CBS_modelList")  # a visitor
    assert models.json()["value"] == [
        {"modelId": "LIVE_CHAT", "name": "Canlı destek"}, {"modelId": "TELEGRAM", "name": "Telegram"},
    ]  # fmt: skip
    launched = await notifications.call("GET", "/wps/relay/CBS_launchChat", params={"modelId": "TELEGRAM"})
    assert launched.json()["value"] == {"modelId": "TELEGRAM", "url": "https://t.me/turkeyf2_support"}
    unknown = await notifications.call("GET", "/wps/relay/CBS_launchChat", params={"modelId": "NOPE"})
    assert (unknown.status_code, unknown.json()["errorCode"]) == (404, "support.model_unknown")
    assert (await notifications.call("GET", "/wps/relay/CBS_modelList", merchant="otherbrand")).json()["value"] == []


async def test_rewards_paid_by_the_points_service_reach_the_inbox_and_the_reward_badge(
    notifications: Notifications,
) -> None:
    member = await notifications.member()
    socket, _ = await notifications.opened(member)
    released = {"grantId": str(uuid.uuid4()), "accountId": member.account_id,
                "promotionName": {"TR": "İlk yatırım bonusu"}, "amount": 30_000, "currency": "TRY",
                "releasedAt": "2026-11-27T16:00:00Z"}  # fmt: skip
    converted = {"conversionId": 17, "accountId": member.account_id, "points": 300, "amount": 3_000,
                 "currency": "TRY", "paidAt": "2026-11-27T16:01:00Z"}  # fmt: skip
    bonus = new_event(PointsBonusReleasedV1, member.merchant, released)
    await notifications.publish(bonus)
    await notifications.publish(bonus, message_id=str(uuid.uuid4()))  # redelivered: still one message
    await notifications.publish(new_event(PointsConversionPaidV1, member.merchant, converted))
    await notifications.publish(notifications.deposit_credited(member, 1_000))
    items = await notifications.wait_for_inbox(member, 3)
    await asyncio.sleep(0.5)  # the redelivered bonus, had it made a second message, is stored by now
    items = await notifications.inbox(member)
    assert len(items) == 3
    assert sorted((m["kind"], m["amount"], m["reference"]) for m in items if m["kind"] != "deposit.credited") == [
        ("bonus.released", 30_000, released["grantId"]),
        ("points.converted", 3_000, "17"),
    ]
    frames = [await socket.frame() for _ in range(3)]
    assert {frame["message"]["kind"] for frame in frames} == {"bonus.released", "points.converted", "deposit.credited"}
    badge = await notifications.call("GET", "/wps/relay/CSP_unreadCount", member.token)
    assert badge.json()["value"] == {"count": 3, "rewards": 2, "missions": 0}
    bonus_message = next(m["id"] for m in items if m["kind"] == "bonus.released")
    await notifications.call("POST", f"{MESSAGES}/read", member.token, json={"ids": [bonus_message]})
    badge = await notifications.call("GET", "/wps/relay/CSP_unreadCount", member.token)
    assert badge.json()["value"] == {"count": 2, "rewards": 1, "missions": 0}


async def test_a_completed_mission_tells_the_member_and_counts_on_the_missions_badge_until_claimed(
    notifications: Notifications,
) -> None:
    member = await notifications.member()
    socket, _ = await notifications.opened(member)
    names = {"TR": "Haftanın slot görevi"}

    def completed(mission: int) -> PointsMissionCompletedV1:
        data = {"missionId": mission, "accountId": member.account_id, "missionName": names, "rewardPoints": 50,
                "completedAt": "2026-11-27T16:00:00Z"}  # fmt: skip
        return new_event(PointsMissionCompletedV1, member.merchant, data)

    first = completed(3)
    await notifications.publish(first)
    await notifications.publish(first, message_id=str(uuid.uuid4()))  # redelivered: counted once
    await notifications.publish(completed(4))
    frames = [await socket.frame() for _ in range(2)]
    assert sorted(frame["message"]["reference"] for frame in frames) == ["3", "4"]
    assert {frame["message"]["kind"] for frame in frames} == {"mission.completed"}

    async def badges() -> dict[str, int]:
        answer = await notifications.call("GET", "/wps/relay/CSP_unreadCount", member.token)
        value: dict[str, int] = answer.json()["value"]
        return value

    await asyncio.sleep(0.5)
    assert await badges() == {"count": 2, "rewards": 0, "missions": 2}
    claimed = {"missionId": 3, "accountId": member.account_id, "rewardPoints": 50, "claimedAt": "2026-11-27T16:05:00Z"}
    await notifications.publish(new_event(PointsMissionClaimedV1, member.merchant, claimed))
    async with asyncio.timeout(10):
        while (await badges())["missions"] != 1:
            await asyncio.sleep(0.05)
    # told out of order (the claim's consumer first): the mission is claimed, it never counts
    late = {"missionId": 9, "accountId": member.account_id, "rewardPoints": 50, "claimedAt": "2026-11-27T16:06:00Z"}
    await notifications.publish(new_event(PointsMissionClaimedV1, member.merchant, late))
    await asyncio.sleep(0.5)
    await notifications.publish(completed(9))
    await socket.frame()  # its message still tells the member
    await asyncio.sleep(0.5)
    assert (await badges())["missions"] == 1
    other = await notifications.member()
    assert (await notifications.call("GET", "/wps/relay/CSP_unreadCount", other.token)).json()["value"]["missions"] == 0
