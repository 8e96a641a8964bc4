"""The ops API: who may call it, what it changes, what it refuses, and what it publishes."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import func, select, update

from portal_kit.db import Database
from portal_kit.messaging.outbox import OutboxMessage
from portal_kit.sessions import OpsRole, Principal, Role
from portal_kit.testing.plugin import PortalServers, issue_session
from site_service.config.models import Merchant, OpsAudit

BASE = "/wps/ops/site/merchants/turkeyf2"


def auth(token: str) -> dict[str, str]:
    return {"Authorization": token, "Language": "EN"}


async def counts(db: Database) -> tuple[int, int]:
    async with db.reader() as session:
        audits = await session.scalar(select(func.count()).select_from(OpsAudit))
        events = await session.scalar(select(func.count()).select_from(OutboxMessage))
    return int(audits or 0), int(events or 0)


async def test_maintenance_switched_on_shows_at_once_and_is_recorded(
    client: httpx.AsyncClient, ops_token: str, site_db: Database
) -> None:
    assert (await client.get("/wps/system/status")).json()["value"]["systemStatus"] == 0  # now cached
    change = {"maintenance": True, "maintenanceEnd": "2099-01-01T06:00:00Z"}
    response = await client.patch(BASE, json=change, headers=auth(ops_token))
    assert response.status_code == 200
    assert response.json()["value"]["maintenance"] is True

    status = (await client.get("/wps/system/status", headers={"Language": "EN"})).json()["value"]
    assert status["systemStatus"] == 1
    assert status["maintenance"] == {
        "title": "We are under maintenance",
        "text": "We are doing a short maintenance to serve you better.",
        "endTime": "2099-01-01T06:00:00+00:00",
    }
    async with site_db.reader() as session:
        audit = (await session.scalars(select(OpsAudit))).one()
        event = (await session.scalars(select(OutboxMessage))).one()
    assert (audit.merchant, audit.actor, audit.action, audit.target) == ("turkeyf2", "ayse.ops", "merchant.updated", "")
    assert audit.before == {"maintenance": False, "maintenanceEnd": None}
    assert audit.after == {"maintenance": True, "maintenanceEnd": "2099-01-01T06:00:00+00:00"}
    assert event.subject == "site.config.changed.v1"
    assert event.body["data"] == {
        "merchant": "turkeyf2",
        "section": "merchant",
        "action": "updated",
        "changedBy": "ayse.ops",
    }


async def test_open_ended_maintenance_has_no_end_time(client: httpx.AsyncClient, ops_token: str) -> None:
    await client.patch(BASE, json={"maintenance": True}, headers=auth(ops_token))
    status = (await client.get("/wps/system/status")).json()["value"]
    assert status["systemStatus"] == 1
    assert status["maintenance"]["endTime"] is None


async def test_blocked_region_shows_the_visitor_ip(client: httpx.AsyncClient, ops_token: str) -> None:
    await client.patch(BASE, json={"blockedNetworks": ["203.0.113.0/24"]}, headers=auth(ops_token))
    blocked = (await client.get("/wps/system/status", headers={"X-Real-Ip": "203.0.113.7", "Language": "EN"})).json()
    elsewhere = (await client.get("/wps/system/status", headers={"X-Real-Ip": "198.51.100.7"})).json()
    assert blocked["value"]["systemStatus"] == 2
    assert blocked["value"]["location"] == {"ip": "203.0.113.7"}
    assert blocked["value"]["regionRestriction"]["text"] == "Our service is not available in your region."
    assert elsewhere["value"]["systemStatus"] == 0


async def test_flags_rules_resources_and_routes_change_the_public_view(
    client: httpx.AsyncClient, ops_token: str
) -> None:
    await client.get("/wps/system/config")  # warm the cache
    flags = await client.put(f"{BASE}/flags", json={"flags": {"FREEPLAY3": False}}, headers=auth(ops_token))
    rules = await client.put(
        f"{BASE}/register-rules",
        json={
            "rules": [
                {"field": "qqNum", "enabled": True, "required": True, "patternId": 6, "minLength": 5, "maxLength": 12}
            ]
        },
        headers=auth(ops_token),
    )
    resources = await client.put(
        f"{BASE}/resources",
        json={"resources": [{"type": "WHATSAPP", "labelNameEn": "WhatsApp", "url": "https://wa.me/905550000000"}]},
        headers=auth(ops_token),
    )
    routes = await client.put(
        f"{BASE}/domain-routes",
        json={"routes": [{"domain": "F2TR9.example", "label": "Hat 9"}]},
        headers=auth(ops_token),
    )
    assert [r.status_code for r in (flags, rules, resources, routes)] == [200, 200, 200, 200]

    value = (await client.get("/wps/system/config")).json()["value"]
    assert value["whitelabelVal"]["FREEPLAY3"] is False
    assert value["whitelabelVal"]["USERNAMEREG3"] is True
    qq = next(rule for rule in value["register"] if rule["field"] == "qqNum")
    assert (qq["enabled"], qq["required"], qq["patternId"]) == (True, True, 6)
    assert value["resources"] == {"WHATSAPP": [{"labelNameEn": "WhatsApp", "url": "https://wa.me/905550000000"}]}
    assert value["domainRoute"] == [{"domain": "f2tr9.example", "label": "Hat 9"}]


async def test_content_lifecycle_banner_announcement_help(client: httpx.AsyncClient, ops_token: str) -> None:
    created = await client.post(
        f"{BASE}/banners",
        json={
            "groupName": "w_home",
            "url": "/demo/new.svg",
            "title": {"TR": "Yeni", "EN": "New"},
            "linkageType": "URL",
            "linkage": "https://f2tr.example/new",
            "sort": 99,
        },
        headers=auth(ops_token),
    )
    assert created.status_code == 201
    banner_id = created.json()["value"]["id"]
    titles = [
        b["title"]
        for b in (await client.get("/wps/system/banners?group=w_home", headers={"Language": "EN"})).json()["value"]
    ]
    assert titles[-1] == "New"

    updated = await client.put(
        f"{BASE}/banners/{banner_id}",
        json={"groupName": "w_home", "url": "/demo/new.svg", "title": {"TR": "Yenilendi"}, "sort": 99, "active": False},
        headers=auth(ops_token),
    )
    assert updated.status_code == 200
    titles = [b["title"] for b in (await client.get("/wps/system/banners?group=w_home")).json()["value"]]
    assert "Yenilendi" not in titles and "Yeni" not in titles
    audit = (await client.get(f"{BASE}/audit", headers=auth(ops_token))).json()["value"]["list"]
    change = audit[0]["detail"]  # the update keeps the banner as it was and as it is
    assert (change["before"]["active"], change["after"]["active"]) == (True, False)
    assert (change["before"]["title"]["TR"], change["after"]["title"]["TR"]) == ("Yeni", "Yenilendi")

    help_topic = await client.post(
        f"{BASE}/help-topics",
        json={
            "key": "bonus-rules",
            "title": {"TR": "Bonus kuralları", "EN": "Bonus rules"},
            "content": {"TR": "<p>Kurallar</p>"},
            "sort": 99,
        },
        headers=auth(ops_token),
    )
    topic_id = help_topic.json()["value"]["id"]
    english = (await client.get("/wps/system/helpCenter?lang=EN")).json()["value"]
    assert english[-1]["title"] == "Bonus rules"
    assert english[-1]["content"] == "<p>Kurallar</p>"  # no English text: the Turkish one stands in
    assert (await client.delete(f"{BASE}/help-topics/{topic_id}", headers=auth(ops_token))).status_code == 200
    assert all(t["key"] != "bonus-rules" for t in (await client.get("/wps/system/helpCenter")).json()["value"])

    notice = await client.post(
        f"{BASE}/announcements",
        json={
            "type": "B",
            "title": {"TR": "Yeni duyuru"},
            "content": {"TR": "Yeni duyuru"},
            "startsAt": "2020-01-01T00:00:00Z",
        },
        headers=auth(ops_token),
    )
    assert notice.status_code == 201
    marquee = (await client.get("/wps/system/notices?types=B")).json()["value"]
    assert "Yeni duyuru" in [item["title"] for item in marquee]


async def test_future_and_expired_announcements_are_not_shown(client: httpx.AsyncClient, ops_token: str) -> None:
    for window in (
        {"startsAt": "2099-01-01T00:00:00Z"},
        {"startsAt": "2020-01-01T00:00:00Z", "endsAt": "2020-02-01T00:00:00Z"},
    ):
        response = await client.post(
            f"{BASE}/announcements",
            json={"type": "B", "title": {"TR": "Gizli"}, "content": {"TR": "Gizli"}, **window},
            headers=auth(ops_token),
        )
        assert response.status_code == 201
    assert "Gizli" not in [item["title"] for item in (await client.get("/wps/system/notices?types=B")).json()["value"]]


async def test_new_brand_serves_its_own_config(client: httpx.AsyncClient, ops_token: str) -> None:
    body = {"code": "brand2", "name": "Brand Two", "currency": "USD", "currencySymbol": "$", "languages": ["EN", "TR"]}
    created = await client.post("/wps/ops/site/merchants", json=body, headers=auth(ops_token))
    again = await client.post("/wps/ops/site/merchants", json=body, headers=auth(ops_token))
    assert created.status_code == 201
    assert (again.status_code, again.json()["errorCode"]) == (409, "merchant.exists")
    config = (await client.get("/wps/system/config", headers={"Merchant": "brand2"})).json()["value"]
    assert (config["name"], config["currencySymbol"], config["register"]) == ("Brand Two", "$", [])
    deactivated = await client.patch("/wps/ops/site/merchants/brand2", json={"active": False}, headers=auth(ops_token))
    assert deactivated.status_code == 200
    gone = await client.get("/wps/system/config", headers={"Merchant": "brand2"})
    assert (gone.status_code, gone.json()["errorCode"]) == (404, "merchant.not_found")


async def test_cache_serves_reads_until_a_change_invalidates_it(
    client: httpx.AsyncClient, ops_token: str, site_db: Database
) -> None:
    assert (await client.get("/wps/system/config")).json()["value"]["name"] == "F2 Türkiye"
    async with site_db.transaction() as session:  # behind the service's back: the cache does not see it
        await session.execute(update(Merchant).values(name="Changed directly"))
    assert (await client.get("/wps/system/config")).json()["value"]["name"] == "F2 Türkiye"
    await client.patch(BASE, json={"copyright": "© 2027"}, headers=auth(ops_token))
    value = (await client.get("/wps/system/config")).json()["value"]
    assert (value["name"], value["copyright"]) == ("Changed directly", "© 2027")


async def test_audit_lists_changes_newest_first(client: httpx.AsyncClient, ops_token: str) -> None:
    await client.put(f"{BASE}/flags", json={"flags": {"CHATROOM3": True}}, headers=auth(ops_token))
    await client.patch(BASE, json={"gtagId": "G-NEW"}, headers=auth(ops_token))
    audit = (await client.get(f"{BASE}/audit", headers=auth(ops_token))).json()["value"]["list"]
    assert [entry["action"] for entry in audit] == ["merchant.updated", "flags.changed"]
    assert audit[1]["detail"] == {"before": {"CHATROOM3": False}, "after": {"CHATROOM3": True}}


async def test_callers_that_are_not_ops_of_the_brand_are_refused(
    client: httpx.AsyncClient, member_token: str, portal_servers: PortalServers, site_db: Database
) -> None:
    other_brand_ops = await issue_session(
        portal_servers.redis_url,
        Principal(role=Role.OPS, merchant="brand2", username="other", ops_roles=frozenset({OpsRole.ADMIN})),
    )
    nobody = await client.patch(BASE, json={"maintenance": True})
    member = await client.patch(BASE, json={"maintenance": True}, headers=auth(member_token))
    stranger = await client.patch(
        BASE, json={"maintenance": True}, headers={**auth(other_brand_ops), "Merchant": "brand2"}
    )
    wrong_header = await client.patch(BASE, json={"maintenance": True}, headers=auth(other_brand_ops))
    assert (nobody.status_code, nobody.json()["errorCode"]) == (401, "login.not.session")
    assert (member.status_code, member.json()["errorCode"]) == (403, "access.denied")
    assert (stranger.status_code, stranger.json()["errorCode"]) == (403, "access.denied")
    assert (wrong_header.status_code, wrong_header.json()["errorCode"]) == (401, "user.or.token.invalid")
    assert await counts(site_db) == (0, 0)
    assert (await client.get("/wps/system/status")).json()["value"]["systemStatus"] == 0


async def test_content_people_write_content_and_nothing_else(
    client: httpx.AsyncClient, portal_servers: PortalServers, site_db: Database
) -> None:
    async def person(*roles: OpsRole) -> dict[str, str]:
        principal = Principal(
            role=Role.OPS,
            merchant="*",
            username="-".join(roles),
            ops_roles=frozenset(roles),
            ops_merchants=frozenset({"turkeyf2"}),
        )
        return auth(await issue_session(portal_servers.redis_url, principal))

    content, viewer, finance = (
        await person(OpsRole.CONTENT),
        await person(OpsRole.VIEWER),
        await person(OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER),
    )
    banner = {"groupName": "w_home", "url": "/demo/x.svg", "linkageType": "NONE", "sort": 1}
    assert (await client.post(f"{BASE}/banners", json=banner, headers=content)).status_code == 201
    for refused in (viewer, finance):
        answer = await client.post(f"{BASE}/banners", json=banner, headers=refused)
        assert (answer.status_code, answer.json()["errorCode"]) == (403, "ops.role_required")
    assert (await client.get(f"{BASE}/banners", headers=viewer)).status_code == 200  # every role reads
    for settings in (content, viewer, finance):  # brand settings are for admins
        answer = await client.patch(BASE, json={"maintenance": True}, headers=settings)
        assert (answer.status_code, answer.json()["errorCode"]) == (403, "ops.role_required")
    new_brand = await client.post("/wps/ops/site/merchants", json={"code": "brand9", "name": "Nine"}, headers=content)
    assert new_brand.status_code == 403
    assert (await client.get("/wps/system/status")).json()["value"]["systemStatus"] == 0


MALFORMED: list[tuple[str, str, Any, str]] = [
    ("PATCH", BASE, {"maintenance": "sometimes"}, "validation.failed"),
    ("PATCH", BASE, {"unknownSetting": 1}, "validation.failed"),
    ("PATCH", BASE, {}, "validation.failed"),
    ("PATCH", BASE, {"currency": "lira"}, "validation.failed"),
    ("PATCH", BASE, {"blockedNetworks": ["300.1.1.0/24"]}, "validation.failed"),
    ("PATCH", BASE, {"maintenanceEnd": "2099-01-01T06:00:00"}, "validation.failed"),
    ("PATCH", BASE, {"languages": ["TR", "DE"]}, "validation.failed"),
    ("PATCH", BASE, {"imageCDNs": ["not a url"]}, "validation.failed"),
    ("PUT", f"{BASE}/flags", {"flags": {"NOSUCHFLAG3": True}}, "flag.unknown"),
    ("PUT", f"{BASE}/flags", {"flags": {}}, "validation.failed"),
    ("PUT", f"{BASE}/flags", ["USERNAMEREG3"], "validation.failed"),
    (
        "PUT",
        f"{BASE}/register-rules",
        {
            "rules": [
                {
                    "field": "username",
                    "enabled": True,
                    "required": True,
                    "patternId": 16,
                    "minLength": 1,
                    "maxLength": 5,
                }
            ]
        },
        "validation.failed",
    ),
    (
        "PUT",
        f"{BASE}/register-rules",
        {
            "rules": [
                {"field": "shoeSize", "enabled": True, "required": True, "patternId": 1, "minLength": 1, "maxLength": 5}
            ]
        },
        "validation.failed",
    ),
    (
        "PUT",
        f"{BASE}/register-rules",
        {
            "rules": [
                {"field": "username", "enabled": True, "required": True, "patternId": 1, "minLength": 9, "maxLength": 5}
            ]
        },
        "register.length.invalid",
    ),
    (
        "PUT",
        f"{BASE}/resources",
        {"resources": [{"type": "MYSPACE", "labelNameEn": "x", "url": "https://x.example"}]},
        "validation.failed",
    ),
    ("PUT", f"{BASE}/domain-routes", {"routes": [{"domain": "not a domain"}]}, "validation.failed"),
    ("POST", f"{BASE}/banners", {"groupName": "w_home", "url": "/x.svg", "linkageType": "URL"}, "validation.failed"),
    ("POST", f"{BASE}/banners", {"groupName": "w_side", "url": "/x.svg"}, "validation.failed"),
    (
        "POST",
        f"{BASE}/announcements",
        {"type": "B", "title": {"EN": "Only English"}, "content": {"EN": "x"}},
        "validation.failed",
    ),
    (
        "POST",
        f"{BASE}/announcements",
        {"type": "ZZ", "title": {"TR": "x"}, "content": {"TR": "x"}},
        "validation.failed",
    ),
    (
        "POST",
        f"{BASE}/announcements",
        {"type": "PU", "popupExecution": "Q", "title": {"TR": "x"}, "content": {"TR": "x"}},
        "validation.failed",
    ),
    (
        "POST",
        f"{BASE}/announcements",
        {
            "type": "B",
            "title": {"TR": "x"},
            "content": {"TR": "x"},
            "startsAt": "2026-02-01T00:00:00Z",
            "endsAt": "2026-01-01T00:00:00Z",
        },
        "validation.failed",
    ),
    (
        "POST",
        f"{BASE}/help-topics",
        {"key": "Has Spaces", "title": {"TR": "x"}, "content": {"TR": "x"}},
        "validation.failed",
    ),
    ("PUT", f"{BASE}/banners/999999", {"groupName": "w_home", "url": "/x.svg"}, "content.not_found"),
    ("DELETE", f"{BASE}/help-topics/999999", None, "content.not_found"),
    ("PATCH", "/wps/ops/site/merchants/nosuchbrand", {"maintenance": True}, "merchant.not_found"),
    (
        "POST",
        "/wps/ops/site/merchants",
        {"code": "Bad Code", "name": "x", "currency": "TRY", "currencySymbol": "₺"},
        "validation.failed",
    ),
]


@pytest.mark.parametrize(("method", "path", "body", "code"), MALFORMED)
async def test_malformed_ops_payloads_are_refused_and_write_nothing(
    client: httpx.AsyncClient, ops_token: str, site_db: Database, method: str, path: str, body: Any, code: str
) -> None:
    before = (await client.get("/wps/system/config")).json()["value"]
    response = await client.request(method, path, json=body, headers=auth(ops_token))
    assert 400 <= response.status_code < 500
    assert response.json()["success"] is False
    assert response.json()["errorCode"] == code
    assert response.json()["message"]
    assert await counts(site_db) == (0, 0)
    assert (await client.get("/wps/system/config")).json()["value"] == before


async def test_content_of_another_brand_cannot_be_touched(client: httpx.AsyncClient, ops_token: str) -> None:
    await client.post(
        "/wps/ops/site/merchants",
        json={"code": "brand2", "name": "Brand Two", "currency": "USD", "currencySymbol": "$"},
        headers=auth(ops_token),
    )
    theirs = await client.post(
        "/wps/ops/site/merchants/brand2/banners",
        json={"groupName": "w_home", "url": "/b2.svg"},
        headers=auth(ops_token),
    )
    banner_id = theirs.json()["value"]["id"]
    response = await client.delete(f"{BASE}/banners/{banner_id}", headers=auth(ops_token))
    assert (response.status_code, response.json()["errorCode"]) == (404, "content.not_found")
    assert (
        len((await client.get("/wps/system/banners?group=w_home", headers={"Merchant": "brand2"})).json()["value"]) == 1
    )


async def test_announcement_and_help_html_is_sanitised_when_written(client: httpx.AsyncClient, ops_token: str) -> None:
    hostile = (
        '<p onclick="steal()">Bonus <b>100%</b></p><script>alert(1)</script>'
        '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a>'
    )
    created = await client.post(
        f"{BASE}/announcements",
        json={"type": "B", "title": {"TR": "Kampanya"}, "content": {"TR": hostile, "EN": hostile}},
        headers=auth(ops_token),
    )
    assert created.status_code == 201, created.text
    help_topic = await client.post(
        f"{BASE}/help-topics",
        json={"key": "safe-html", "title": {"TR": "Yardım"}, "content": {"TR": hostile}},
        headers=auth(ops_token),
    )
    assert help_topic.status_code == 201, help_topic.text
    shown = [
        *(
            item["content"]
            for item in (await client.get("/wps/system/notices?types=B", headers={"Language": "EN"})).json()["value"]
        ),
        *(
            topic["content"]
            for topic in (await client.get("/wps/system/helpCenter")).json()["value"]
            if topic["key"] == "safe-html"
        ),
        *created.json()["value"]["content"].values(),
    ]
    hostile_parts = ("<script", "onclick", "onerror", "javascript:")
    assert shown and all(not any(part in html for part in hostile_parts) for html in shown)
    assert any("<b>100%</b>" in html for html in shown)  # ordinary formatting stays


async def test_ops_read_the_rules_and_routes_they_edit_even_of_an_inactive_brand(
    client: httpx.AsyncClient, ops_token: str, member_token: str, site_db: Database
) -> None:
    routes = {"routes": [{"domain": "F2TR7.example", "label": "Hat 7"}]}
    assert (await client.put(f"{BASE}/domain-routes", json=routes, headers=auth(ops_token))).status_code == 200
    async with site_db.transaction() as session:  # the public calls answer nothing for an inactive brand
        await session.execute(update(Merchant).where(Merchant.code == "turkeyf2").values(active=False))
    read = await client.get(f"{BASE}/domain-routes", headers=auth(ops_token))
    assert read.json()["value"] == [{"domain": "f2tr7.example", "label": "Hat 7"}]
    rules = (await client.get(f"{BASE}/register-rules", headers=auth(ops_token))).json()["value"]
    assert {"username", "password"} <= {rule["field"] for rule in rules}
    for path in ("register-rules", "domain-routes"):
        member = await client.get(f"{BASE}/{path}", headers=auth(member_token))
        assert (member.status_code, member.json()["errorCode"]) == (403, "access.denied"), path
    unknown = await client.get("/wps/ops/site/merchants/nosuchbrand/domain-routes", headers=auth(ops_token))
    assert (unknown.status_code, unknown.json()["errorCode"]) == (404, "merchant.not_found")
