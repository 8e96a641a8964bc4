"""Numbers ops send the site are strict integers (issue #43 item 9): a banner's, an announcement's or a help
topic's ``sort`` and a registration rule's lengths and pattern given as ``"5"``, ``true`` or ``5.0`` are refused
with a 400 envelope and change nothing, through the real stack."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import func, select

from portal_kit.db import Database
from site_service.content.models import Banner

BASE = "/wps/ops/site/merchants/turkeyf2"
BANNER = {"groupName": "w_home", "url": "/demo/new.svg", "title": {"TR": "Yeni"}}
RULE = {"field": "qqNum", "enabled": True, "required": True, "patternId": 6, "minLength": 7, "maxLength": 11}


@pytest.mark.parametrize("loose", ["5", True, 5.0])
async def test_loose_numbers_are_refused_and_write_nothing(
    client: httpx.AsyncClient, ops_token: str, site_db: Database, loose: object
) -> None:
    headers = {"Authorization": ops_token, "Language": "EN"}
    async with site_db.reader() as session:
        before = await session.scalar(select(func.count()).select_from(Banner))
    banner = await client.post(f"{BASE}/banners", json={**BANNER, "sort": loose}, headers=headers)
    assert (banner.status_code, banner.json()["errorCode"]) == (400, "validation.failed")
    assert banner.json()["message"]
    async with site_db.reader() as session:
        assert await session.scalar(select(func.count()).select_from(Banner)) == before
    for field in ("patternId", "minLength", "maxLength"):
        rules = await client.put(f"{BASE}/register-rules", json={"rules": [{**RULE, field: loose}]}, headers=headers)
        assert (rules.status_code, rules.json()["errorCode"]) == (400, "validation.failed"), field
    qq = next(
        rule for rule in (await client.get("/wps/system/setting/register")).json()["value"] if rule["field"] == "qqNum"
    )
    assert (qq["minLength"], qq["maxLength"]) != (7, 11)  # the rule never changed
