"""Ops broadcasts to one member or to a list of members: in those members' inboxes only (the list, the unread count,
the socket, a resume), taken back from them all on withdrawal, refused whole with a code when the list breaks the
rule, written by the brand's content role only and audited."""

from __future__ import annotations

import uuid

import pytest
from notifications_helpers import Member, Notifications
from notifications_service.broadcasts.domain import MOST_MEMBERS, BroadcastAudience, audience_of

from portal_kit.errors import DomainError
from portal_kit.sessions import OpsRole

OPS = "/wps/ops/notifications/merchants/turkeyf2"
MESSAGES = "/wps/notifications/messages"


def to(audience: str, *members: Member, title: str = "VIP turnuvası") -> dict[str, object]:
    return {
        "title": title,
        "body": "Cumartesi 21:00.",
        "audience": audience,
        "accountIds": [m.account_id for m in members],
    }


async def test_a_message_for_one_member_reaches_that_member_only(notifications: Notifications) -> None:
    chosen, other = await notifications.member(), await notifications.member()
    chosen_socket, _ = await notifications.opened(chosen, replica=0)
    other_socket, _ = await notifications.opened(other, replica=1)
    content = await notifications.ops(OpsRole.CONTENT, merchants=("turkeyf2",))
    written = await notifications.call("POST", f"{OPS}/broadcasts", content, json=to("member", chosen), replica=1)
    assert written.status_code == 200, written.text
    sent = written.json()["value"]
    assert (sent["audience"], sent["audienceCount"], sent["accountId"]) == ("member", 1, chosen.account_id)

    pushed = (await chosen_socket.frame())["message"]
    assert (pushed["id"], pushed["title"], pushed["broadcast"]) == (sent["id"], "VIP turnuvası", True)
    assert [(m["id"], m["broadcast"]) for m in await notifications.inbox(chosen)] == [(sent["id"], True)]
    assert await notifications.unread(chosen) == 1
    assert await notifications.inbox(other) == [] and await notifications.unread(other) == 0
    # not theirs: neither marked read nor deleted by them
    marked = await notifications.call("POST", f"{MESSAGES}/read", other.token, json={"ids": [sent["id"]]})
    assert marked.json()["value"] == {"marked": 0}
    deleted = await notifications.call("DELETE", f"{MESSAGES}/{sent['id']}", other.token)
    assert (deleted.status_code, deleted.json()["errorCode"]) == (404, "message.not_found")
    assert (await notifications.call("POST", f"{MESSAGES}/read", other.token, json={"all": True})).json()["value"] == {
        "marked": 0
    }
    # a socket opened now names no id of it, and a resume from before it brings nothing
    again, last_id = await notifications.opened(other, replica=0)
    assert last_id < sent["id"]
    await again.send({"type": "resume", "after": 0})
    # the next message the other member's sockets get is one for everyone: the targeted one never went to them
    everyone = await notifications.call("POST", f"{OPS}/broadcasts", content, json=to("all", title="Herkese"))
    for socket in (other_socket, again, chosen_socket):
        assert (await socket.frame())["message"]["id"] == everyone.json()["value"]["id"]
    assert [m["title"] for m in await notifications.inbox(other)] == ["Herkese"]
    assert [m["title"] for m in await notifications.inbox(chosen)] == ["Herkese", "VIP turnuvası"]

    viewer = await notifications.ops(OpsRole.VIEWER, merchants=("turkeyf2",))
    listed = (await notifications.call("GET", f"{OPS}/broadcasts", viewer)).json()["value"]["list"]
    assert [(b["title"], b["audience"], b["audienceCount"], b["accountId"]) for b in listed] == [
        ("Herkese", "all", None, None),
        ("VIP turnuvası", "member", 1, chosen.account_id),
    ]


async def test_a_list_audience_reaches_the_listed_members_and_is_withdrawn_from_them(
    notifications: Notifications,
) -> None:
    listed = [await notifications.member() for _ in range(3)]
    outside = await notifications.member()
    sockets = [(await notifications.opened(member, replica=n % 2))[0] for n, member in enumerate(listed)]
    content = await notifications.ops(OpsRole.CONTENT, merchants=("turkeyf2",))
    body = to("list", *listed)
    body["accountIds"] = [f"  {listed[0].account_id.upper()} ", *body["accountIds"][1:]]  # type: ignore[index]
    written = await notifications.call("POST", f"{OPS}/broadcasts", content, json=body)
    assert written.status_code == 200, written.text
    sent = written.json()["value"]
    assert (sent["audience"], sent["audienceCount"], sent["accountId"]) == ("list", 3, None)
    for member, socket in zip(listed, sockets, strict=True):
        assert (await socket.frame())["message"]["id"] == sent["id"]
        assert [m["id"] for m in await notifications.inbox(member)] == [sent["id"]]
        assert await notifications.unread(member) == 1
    assert await notifications.inbox(outside) == [] and await notifications.unread(outside) == 0
    read = await notifications.call("POST", f"{MESSAGES}/read", listed[1].token, json={"ids": [sent["id"]]})
    assert read.json()["value"] == {"marked": 1}
    assert await notifications.unread(listed[1]) == 0 and await notifications.unread(listed[0]) == 1

    withdrawn = await notifications.call("DELETE", f"{OPS}/broadcasts/{sent['id']}", content)
    assert withdrawn.status_code == 200, withdrawn.text
    for member in listed:
        assert await notifications.inbox(member) == [] and await notifications.unread(member) == 0
    viewer = await notifications.ops(OpsRole.VIEWER, merchants=("turkeyf2",))
    assert (await notifications.call("GET", f"{OPS}/broadcasts", viewer)).json()["value"]["list"] == []
    audit = (await notifications.call("GET", f"{OPS}/audit", viewer)).json()["value"]["list"]
    state = {"title": "VIP turnuvası", "body": "Cumartesi 21:00.", "audience": "list",
             "accountIds": sorted(m.account_id for m in listed)}  # fmt: skip
    assert [(a["action"], a["target"], a["before"], a["after"]) for a in audit] == [
        ("broadcast.withdraw", str(sent["id"]), state, {}),
        ("broadcast.write", str(sent["id"]), {}, state),
    ]


async def test_a_list_breaking_the_rule_is_refused_whole_in_the_callers_language(
    notifications: Notifications,
) -> None:
    member = await notifications.member()
    content = await notifications.ops(OpsRole.CONTENT, merchants=("turkeyf2",))
    many = [str(uuid.uuid4()) for _ in range(MOST_MEMBERS + 1)]
    cases: list[tuple[dict[str, object], str]] = [
        ({"audience": "list", "accountIds": []}, "broadcast.audience_empty"),
        ({"audience": "member"}, "broadcast.audience_empty"),
        ({"audience": "member", "accountIds": [member.account_id, str(uuid.uuid4())]}, "broadcast.audience_one_member"),
        ({"audience": "all", "accountIds": [member.account_id]}, "broadcast.audience_not_listed"),
        ({"audience": "list", "accountIds": many}, "broadcast.audience_too_many"),
        ({"audience": "list", "accountIds": [member.account_id, "ayse"]}, "broadcast.audience_unknown"),
        ({"audience": "list", "accountIds": [member.account_id, member.account_id.upper()]},
         "broadcast.audience_repeated"),
        ({"audience": "everyone"}, "validation.failed"),
        ({"audience": "list", "accountIds": [7]}, "validation.failed"),
        ({"audience": "list", "accountIds": [str(uuid.uuid4()) for _ in range(10_001)]}, "validation.failed"),
    ]  # fmt: skip
    for extra, code in cases:
        answer = await notifications.call(
            "POST", f"{OPS}/broadcasts", content, json={"title": "t", "body": "b"} | extra
        )
        assert (answer.status_code, answer.json()["errorCode"]) == (400, code), (extra.get("audience"), answer.text)
        assert answer.json()["success"] is False
    unknown = await notifications.call(
        "POST", f"{OPS}/broadcasts", content, json=to("list", member) | {"accountIds": ["ayse", member.account_id]}
    )
    assert unknown.json()["value"] == {"accountIds": ["ayse"]}
    texts = {}
    for language in ("TR", "EN", "CN"):
        answer = await notifications.call(
            "POST", f"{OPS}/broadcasts", content, json=to("list") | {"accountIds": many}, language=language
        )
        texts[language] = answer.json()["message"]
    assert texts == {
        "TR": "Bir mesaj en çok 1.000 üyeye gönderilebilir.",
        "EN": "A message can go to at most 1,000 members.",
        "CN": "一条消息最多可发给1,000名会员。",
    }
    viewer = await notifications.ops(OpsRole.VIEWER, merchants=("turkeyf2",))
    assert (await notifications.call("GET", f"{OPS}/broadcasts", viewer)).json()["value"]["list"] == []
    assert (await notifications.call("GET", f"{OPS}/audit", viewer)).json()["value"]["list"] == []
    assert await notifications.inbox(member) == []


async def test_only_the_brands_content_role_writes_a_targeted_message_and_any_of_its_roles_reads(
    notifications: Notifications,
) -> None:
    member = await notifications.member()
    body = to("member", member)
    path = f"{OPS}/broadcasts"
    finance = await notifications.ops(OpsRole.FINANCE_MAKER, merchants=("turkeyf2",))
    elsewhere = await notifications.ops(OpsRole.CONTENT, merchants=("otherbrand",))
    content = await notifications.ops(OpsRole.CONTENT, merchants=("turkeyf2",))
    refused = await notifications.call("POST", path, finance, json=body)
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "ops.role_required")
    assert (await notifications.call("POST", path, elsewhere, json=body)).status_code == 403
    assert (await notifications.call("GET", path, elsewhere)).status_code == 403
    assert (await notifications.call("POST", path, member.token, json=body)).status_code == 403
    assert (await notifications.call("POST", path, None, json=body)).status_code == 401
    assert (await notifications.call("GET", path, None)).status_code == 401
    assert await notifications.inbox(member) == []
    written = (await notifications.call("POST", path, content, json=body)).json()["value"]
    listed = (await notifications.call("GET", path, finance)).json()["value"]["list"]
    assert [b["id"] for b in listed] == [written["id"]]
    for token in (finance, elsewhere, None):
        withdrawn = await notifications.call("DELETE", f"{path}/{written['id']}", token)
        assert withdrawn.status_code in (401, 403)
    assert [m["id"] for m in await notifications.inbox(member)] == [written["id"]]


def test_the_audience_rule_without_io() -> None:
    one = str(uuid.uuid4())
    assert audience_of(BroadcastAudience.ALL, []) == []
    assert audience_of(BroadcastAudience.MEMBER, [f" {one.upper()} "]) == [one]
    ids = [str(uuid.uuid4()) for _ in range(MOST_MEMBERS)]
    assert audience_of(BroadcastAudience.LIST, ids) == ids
    for audience, given, code in [
        (BroadcastAudience.LIST, [], "broadcast.audience_empty"),
        (BroadcastAudience.LIST, [*ids, one], "broadcast.audience_too_many"),
        (BroadcastAudience.LIST, [one, one.replace("-", "")], "broadcast.audience_unknown"),  # not as auth writes it
        (BroadcastAudience.LIST, [one, "{" + one + "}"], "broadcast.audience_unknown"),
        (BroadcastAudience.MEMBER, [one, ids[0]], "broadcast.audience_one_member"),
        (BroadcastAudience.ALL, [one], "broadcast.audience_not_listed"),
    ]:
        with pytest.raises(DomainError) as refused:
            audience_of(audience, given)
        assert refused.value.code == code
