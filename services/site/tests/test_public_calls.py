"""The public calls of spec §7 the site serves, per brand and language, through the real stack."""

from __future__ import annotations

import httpx
import pytest

from site_service.config.domain import PATTERNS, REGISTRATION_FIELDS, WHITELABEL_FLAGS

PUBLIC_CALLS = [
    "/wps/system/status",
    "/wps/system/config",
    "/wps/system/whitelabel",
    "/wps/system/setting/register",
    "/wps/system/domainRoute",
    "/wps/system/helpCenter",
    "/wps/system/banners?group=w_home",
    "/wps/system/notices?types=B",  # the marquee's broadcasts: the rest of the notices need a session
    "/wps/relay/MCSFE_getListAnnouncements",
]


async def test_status_is_normal_and_names_the_visitor_ip(client: httpx.AsyncClient) -> None:
    response = await client.get("/wps/system/status", headers={"X-Real-Ip": "198.51.100.20"})
    assert response.status_code == 200
    assert response.json() == {
        "success": True,
        "value": {
            "systemStatus": 0,
            "location": {"ip": "198.51.100.20"},
            "maintenance": None,
            "regionRestriction": None,
        },
        "errorCode": None,
        "message": None,
    }


async def test_site_config_carries_everything_a_page_needs(client: httpx.AsyncClient) -> None:
    value = (await client.get("/wps/system/config", headers={"Language": "EN"})).json()["value"]
    assert value["merchant"] == "turkeyf2"
    assert value["currencySymbol"] == "₺"
    assert value["languages"] == ["TR", "EN", "CN"]
    assert value["systemStatus"] == 0
    assert set(value["whitelabelVal"]) == set(WHITELABEL_FLAGS)
    assert value["whitelabelVal"]["USERNAMEREG3"] is True
    assert value["resources"]["TELEGRAM"] == [{"labelNameEn": "Telegram", "url": "https://t.me/f2turkiye"}]
    assert {"MOBILECONFIG", "Android", "FACEBOOK"} <= set(value["resources"])
    assert [rule["field"] for rule in value["register"]] == list(REGISTRATION_FIELDS)
    assert value["description"].startswith("F2 Türkiye: slots")
    assert value["analytics"] == {"gtagId": "G-F2TRDEMO01"}
    assert value["imageCDNs"] == ["https://img.f2tr.example"]


async def test_texts_follow_the_request_language(client: httpx.AsyncClient) -> None:
    descriptions = {
        language: (await client.get("/wps/system/config", headers={"Language": language})).json()["value"][
            "description"
        ]
        for language in ("TR", "EN", "CN")
    }
    assert descriptions["TR"].startswith("F2 Türkiye: slot, canlı casino")
    assert descriptions["EN"].startswith("F2 Türkiye: slots, live casino")
    assert descriptions["CN"].startswith("F2 Türkiye：老虎机")


async def test_register_rules_name_pattern_and_lengths(client: httpx.AsyncClient) -> None:
    rules = {rule["field"]: rule for rule in (await client.get("/wps/system/setting/register")).json()["value"]}
    assert rules["username"] == {
        "field": "username",
        "enabled": True,
        "required": True,
        "patternId": 1,
        "acceptedPattern": PATTERNS[1],
        "minLength": 6,
        "maxLength": 16,
    }
    assert rules["qqNum"]["enabled"] is False


async def test_whitelabel_domain_routes_and_banners(client: httpx.AsyncClient) -> None:
    flags = (await client.get("/wps/system/whitelabel")).json()["value"]
    routes = (await client.get("/wps/system/domainRoute")).json()["value"]
    home = (await client.get("/wps/system/banners", params={"group": "w_home"}, headers={"Language": "EN"})).json()
    video = (await client.get("/wps/system/banners", params={"group": "w_video"})).json()["value"]
    assert flags["FREEPLAY3"] is True
    assert routes[0] == {"domain": "f2tr.example", "label": "Ana adres"}
    assert [banner["title"] for banner in home["value"]] == [
        "100% welcome bonus",
        "Live casino tables",
        "Top sports odds",
    ]
    assert home["value"][0]["linkageType"] == "ROUTE"
    assert home["value"][0]["linkage"] == "/promotions"
    assert len(video) == 1


async def test_help_centre_by_lang_parameter(client: httpx.AsyncClient) -> None:
    english = (await client.get("/wps/system/helpCenter", params={"lang": "EN", "device": "WEB"})).json()["value"]
    chinese = (await client.get("/wps/system/helpCenter", params={"lang": "CN"})).json()["value"]
    assert [topic["key"] for topic in english][:3] == ["about-us", "deposit-guide", "withdrawal-guide"]
    assert english[0]["title"] == "About us"
    assert chinese[0]["title"] == "关于我们"


async def test_notices_show_popups_only_to_their_audience(client: httpx.AsyncClient, member_token: str) -> None:
    visitor = (await client.get("/wps/system/notices", params={"types": "PU"}, headers={"Language": "EN"})).json()
    member = (
        await client.get("/wps/system/notices", params={"types": "PU"}, headers={"Authorization": member_token})
    ).json()
    first = (
        await client.get(
            "/wps/system/notices",
            params={"types": "PU", "firstLogin": "true"},
            headers={"Authorization": member_token},
        )
    ).json()
    marquee = (await client.get("/wps/system/notices", params={"types": "B"})).json()["value"]
    assert [item["popupExecution"] for item in visitor["value"]] == ["B"]
    assert visitor["value"][0]["title"] == "Welcome to F2 Türkiye"
    assert [item["popupExecution"] for item in member["value"]] == ["A"]
    assert sorted(item["popupExecution"] for item in first["value"]) == ["A", "F"]
    assert len(marquee) == 3
    assert all(item["type"] == "B" for item in marquee)


async def test_announcement_list_is_paged(client: httpx.AsyncClient, member_token: str) -> None:
    member = {"Authorization": member_token}
    first = (await client.get("/wps/relay/MCSFE_getListAnnouncements", params={"pageSize": 4}, headers=member)).json()[
        "value"
    ]
    last = (
        await client.get("/wps/relay/MCSFE_getListAnnouncements", params={"pageSize": 4, "pageNo": 2}, headers=member)
    ).json()["value"]
    # The member sees 3 marquee notices, 1 signed-in popup, 2 platform notices and 1 promotion: 7 in all (a visitor
    # sees only the 4 public ones: test_notices.py).
    assert (first["total"], first["totalPages"], len(first["list"]), len(last["list"])) == (7, 2, 4, 3)
    assert {item["id"] for item in first["list"]}.isdisjoint({item["id"] for item in last["list"]})
    assert first["list"][0]["startDateStr"]


@pytest.mark.parametrize("path", PUBLIC_CALLS)
async def test_unknown_brand_is_refused_on_every_call(client: httpx.AsyncClient, path: str) -> None:
    response = await client.get(path, headers={"Merchant": "nosuchbrand", "Language": "EN"})
    assert response.status_code == 404
    assert response.json()["errorCode"] == "merchant.not_found"
    assert response.json()["message"] == "Unknown brand: nosuchbrand."


@pytest.mark.parametrize("path", PUBLIC_CALLS)
async def test_unsupported_language_is_refused_on_every_call(client: httpx.AsyncClient, path: str) -> None:
    response = await client.get(path, headers={"Language": "JA"})
    assert response.status_code == 400
    assert response.json()["errorCode"] == "language.unsupported"


@pytest.mark.parametrize(
    ("path", "params"),
    [
        ("/wps/system/banners", {"group": "w_nowhere"}),
        ("/wps/system/banners", {}),
        ("/wps/system/notices", {"types": "B,ZZ"}),
        ("/wps/system/notices", {"platform": "X"}),
        ("/wps/system/helpCenter", {"lang": "XX"}),
        ("/wps/system/helpCenter", {"device": "TV"}),
        ("/wps/relay/MCSFE_getListAnnouncements", {"pageSize": 0}),
        ("/wps/relay/MCSFE_getListAnnouncements", {"pageNo": "two"}),
    ],
)
async def test_bad_query_parameters_answer_400_envelopes(
    client: httpx.AsyncClient, path: str, params: dict[str, object]
) -> None:
    response = await client.get(path, params=params)
    assert response.status_code == 400
    body = response.json()
    assert body["success"] is False
    assert body["errorCode"] in {"validation.failed", "language.unsupported"}
