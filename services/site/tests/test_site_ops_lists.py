"""The site's ops lists (issue 46, item 3): banners, announcements, help topics and the feedback inbox are paged,
filtered and sorted on the server, and a bad filter or order is a 400 envelope, never a 500."""

from __future__ import annotations

import httpx
import pytest

from portal_kit.sessions import OpsRole
from portal_kit.testing.plugin import PortalServers
from portal_kit.testing.sessions import ops_session

BASE = "/wps/ops/site/merchants/turkeyf2"


def auth(token: str) -> dict[str, str]:
    return {"Authorization": token}


async def listed(client: httpx.AsyncClient, token: str, path: str, **query: str | int) -> dict[str, object]:
    response = await client.get(f"{BASE}/{path}", params=query, headers=auth(token))
    assert response.status_code == 200, response.text
    value: dict[str, object] = response.json()["value"]
    return value


def ids(page: dict[str, object]) -> list[int]:
    rows = page["list"]
    assert isinstance(rows, list)
    return [row["id"] for row in rows]


async def test_banners_are_paged_filtered_and_sorted(client: httpx.AsyncClient, ops_token: str) -> None:
    made = []
    for sort, group, active, title in [
        (30, "w_home", True, "Zeta yaz kampanyası"),
        (10, "w_login", False, "Zeta giriş"),
        (20, "w_home", False, "Zeta %50 bonus"),
    ]:
        body = {"groupName": group, "url": "/demo/z.svg", "title": {"TR": title}, "sort": sort, "active": active}
        answer = await client.post(f"{BASE}/banners", json=body, headers=auth(ops_token))
        assert answer.status_code == 201, answer.text
        made.append(answer.json()["value"]["id"])
    first, second, third = made

    display = await listed(client, ops_token, "banners", text="zeta")
    assert (ids(display), display["total"]) == ([second, third, first], 3)  # the members' order: sort, then id
    assert ids(await listed(client, ops_token, "banners", text="zeta", sort="newest")) == [third, second, first]
    assert ids(await listed(client, ops_token, "banners", text="zeta", sort="oldest")) == [first, second, third]
    assert ids(await listed(client, ops_token, "banners", text="zeta", group="w_home")) == [third, first]
    assert ids(await listed(client, ops_token, "banners", text="zeta", active="false")) == [second, third]
    assert ids(await listed(client, ops_token, "banners", text="%50")) == [third]  # a LIKE sign is a plain sign
    paged = await listed(client, ops_token, "banners", text="zeta", pageSize=2, pageNo=2)
    assert (ids(paged), paged["total"], paged["totalPages"], paged["pageNum"]) == ([first], 3, 2, 2)


async def test_announcements_and_help_topics_are_filtered_and_sorted(client: httpx.AsyncClient, ops_token: str) -> None:
    notices = []
    for kind, sort in [("B", 5), ("PL", 1)]:
        body = {"type": kind, "title": {"TR": f"Yılbaşı {kind}"}, "content": {"TR": "<p>x</p>"}, "sort": sort}
        answer = await client.post(f"{BASE}/announcements", json=body, headers=auth(ops_token))
        assert answer.status_code == 201, answer.text
        notices.append(answer.json()["value"]["id"])
    marquee, platform = notices
    assert ids(await listed(client, ops_token, "announcements", text="yılbaşı")) == [platform, marquee]
    assert ids(await listed(client, ops_token, "announcements", text="yılbaşı", sort="newest")) == [platform, marquee]
    assert ids(await listed(client, ops_token, "announcements", text="yılbaşı", type="B")) == [marquee]

    topics = []
    for key, sort in [("kyc-rules", 2), ("kyc-limits", 1)]:
        body = {"key": key, "title": {"TR": "Kimlik"}, "content": {"TR": "<p>x</p>"}, "sort": sort}
        answer = await client.post(f"{BASE}/help-topics", json=body, headers=auth(ops_token))
        assert answer.status_code == 201, answer.text
        topics.append(answer.json()["value"]["id"])
    rules, limits = topics
    assert ids(await listed(client, ops_token, "help-topics", text="kyc-")) == [limits, rules]
    assert ids(await listed(client, ops_token, "help-topics", text="kyc-", sort="oldest")) == [rules, limits]
    assert ids(await listed(client, ops_token, "help-topics", text="limits")) == [limits]


async def test_the_feedback_inbox_is_filtered_sorted_and_worked(
    client: httpx.AsyncClient, ops_token: str, member_token: str
) -> None:
    for text, headers in [
        ("para çekme yavaş", {"Authorization": member_token}),
        ("site güzel", {"X-Real-Ip": "192.0.2.7"}),
        ("para yatırma hızlı", {"X-Real-Ip": "192.0.2.8"}),
    ]:
        assert (await client.put("/wps/feedback", json={"content": text}, headers=headers)).status_code == 200
    newest = await listed(client, ops_token, "feedback")
    rows = newest["list"]
    assert isinstance(rows, list)
    assert [row["content"] for row in rows] == ["para yatırma hızlı", "site güzel", "para çekme yavaş"]
    assert {row["status"] for row in rows} == {"new"}
    deposit, site, withdrawal = (row["id"] for row in rows)
    assert ids(await listed(client, ops_token, "feedback", sort="oldest")) == [withdrawal, site, deposit]
    assert ids(await listed(client, ops_token, "feedback", text="PARA")) == [deposit, withdrawal]
    assert ids(await listed(client, ops_token, "feedback", accountId="m-1")) == [withdrawal]

    marked = await client.put(f"{BASE}/feedback/{site}/status", json={"status": "handled"}, headers=auth(ops_token))
    assert (marked.status_code, marked.json()["value"]["status"]) == (200, "handled")
    assert ids(await listed(client, ops_token, "feedback", status="handled")) == [site]
    assert ids(await listed(client, ops_token, "feedback", status="new")) == [deposit, withdrawal]
    audit = (await client.get(f"{BASE}/audit", headers=auth(ops_token))).json()["value"]["list"]
    marks = [row["detail"] for row in audit if row["action"] == "feedback.marked"]
    assert [(mark["before"], mark["after"]) for mark in marks] == [({"status": "new"}, {"status": "handled"})]
    missing = await client.put(f"{BASE}/feedback/999999/status", json={"status": "handled"}, headers=auth(ops_token))
    assert (missing.status_code, missing.json()["errorCode"]) == (404, "feedback.not_found")


@pytest.mark.parametrize(
    ("path", "query"),
    [
        ("banners", {"sort": "price"}),
        ("banners", {"group": "w_side"}),
        ("banners", {"active": "maybe"}),
        ("announcements", {"type": "XX"}),
        ("help-topics", {"text": ""}),
        ("feedback", {"status": "lost"}),
        ("feedback", {"sort": "loudest"}),
        ("feedback", {"pageSize": 1000}),
    ],
)
async def test_a_bad_filter_or_order_is_a_400(
    client: httpx.AsyncClient, ops_token: str, path: str, query: dict[str, str | int]
) -> None:
    response = await client.get(f"{BASE}/{path}", params=query, headers=auth(ops_token))
    assert (response.status_code, response.json()["errorCode"]) == (400, "validation.failed")


async def test_a_member_cannot_read_or_work_the_inbox(client: httpx.AsyncClient, member_token: str) -> None:
    for answer in [
        await client.get(f"{BASE}/feedback", headers=auth(member_token)),
        await client.put(f"{BASE}/feedback/1/status", json={"status": "handled"}, headers=auth(member_token)),
        await client.get(f"{BASE}/banners", headers=auth(member_token)),
    ]:
        assert answer.status_code in (401, 403)


async def test_a_viewer_reads_the_inbox_but_only_finance_makers_work_it(
    client: httpx.AsyncClient, portal_servers: PortalServers
) -> None:
    viewer = await ops_session(
        portal_servers.redis_url, "vera.viewer", roles=(OpsRole.VIEWER,), merchants=("turkeyf2",)
    )
    editor = await ops_session(
        portal_servers.redis_url, "ece.editor", roles=(OpsRole.CONTENT,), merchants=("turkeyf2",)
    )
    elsewhere = await ops_session(
        portal_servers.redis_url, "osman.other", roles=(OpsRole.FINANCE_MAKER,), merchants=("x",)
    )
    assert (await client.get(f"{BASE}/feedback", headers=auth(viewer))).status_code == 200
    for token, code in ((viewer, "ops.role_required"), (editor, "ops.role_required"), (elsewhere, "access.denied")):
        refused = await client.put(f"{BASE}/feedback/1/status", json={"status": "handled"}, headers=auth(token))
        assert (refused.status_code, refused.json()["errorCode"]) == (403, code), refused.text
