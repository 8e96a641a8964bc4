"""Auth's ops audit is a page of the brand's rows (``*``: of actions on ops people), filtered by actor, action and
UTC days and sorted on the server; the callers refused before are refused still."""

from __future__ import annotations

from collections.abc import Mapping

import httpx
from auth_helpers import AuthClient

from auth_service.ops.models import AuthAudit
from portal_kit.db import Database
from portal_kit.sessions import OpsRole
from portal_kit.testing.audit_lists import check_audit_list, seed_audit
from portal_kit.testing.sessions import ops_session

AUDIT = "/wps/ops/auth/merchants/{code}/audit"


async def test_the_audit_is_paged_filtered_and_sorted_on_the_server(auth: AuthClient, auth_db: Database) -> None:
    await seed_audit(auth_db, AuthAudit, "turkeyf2")
    viewer = {"Authorization": await ops_session(auth.redis_url, "v", roles=(OpsRole.VIEWER,), merchants=("turkeyf2",))}

    async def fetch(query: Mapping[str, str | int]) -> httpx.Response:
        return await auth.http.get(AUDIT.format(code="turkeyf2"), params=dict(query), headers=viewer)

    await check_audit_list(fetch)


async def test_the_log_of_every_brand_is_for_someone_of_every_brand(auth: AuthClient, auth_db: Database) -> None:
    await seed_audit(auth_db, AuthAudit, "*", other="turkeyf2")
    everywhere = {"Authorization": await ops_session(auth.redis_url, "root", roles=(OpsRole.VIEWER,))}

    async def fetch(query: Mapping[str, str | int]) -> httpx.Response:
        return await auth.http.get(AUDIT.format(code="*"), params=dict(query), headers=everywhere)

    await check_audit_list(fetch)
    brand = await ops_session(auth.redis_url, "v", roles=(OpsRole.VIEWER,), merchants=("turkeyf2",))
    refused = await auth.http.get(AUDIT.format(code="*"), headers={"Authorization": brand})
    assert refused.status_code == 403


async def test_callers_without_a_role_for_the_brand_are_refused(auth: AuthClient, auth_db: Database) -> None:
    await seed_audit(auth_db, AuthAudit, "turkeyf2")
    path = AUDIT.format(code="turkeyf2")
    assert (await auth.http.get(path)).status_code == 401
    elsewhere = await ops_session(auth.redis_url, "other", merchants=("otherbrand",))
    refused = await auth.http.get(path, params={"actor": "ana"}, headers={"Authorization": elsewhere})
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "access.denied")
    assert (await auth.register()).status_code == 200
    member = (await auth.login("ayse1990", "gizli123")).json()["value"]["token"]
    assert (await auth.http.get(path, headers={"Authorization": member})).status_code == 403
