"""The site's ops audit is a page of the brand's rows, filtered by actor, action and UTC days and sorted on the
server (the kit's one audit list); any ops role of the brand reads it, nobody else."""

from __future__ import annotations

from collections.abc import Mapping

import httpx

from portal_kit.db import Database
from portal_kit.sessions import OpsRole
from portal_kit.testing.audit_lists import check_audit_list, seed_audit
from portal_kit.testing.plugin import PortalServers
from portal_kit.testing.sessions import ops_session
from site_service.config.models import OpsAudit

AUDIT = "/wps/ops/site/merchants/turkeyf2/audit"


async def test_the_audit_is_paged_filtered_and_sorted_on_the_server(
    client: httpx.AsyncClient, site_db: Database, portal_servers: PortalServers
) -> None:
    await seed_audit(site_db, OpsAudit, "turkeyf2")
    viewer = await ops_session(portal_servers.redis_url, "v", roles=(OpsRole.VIEWER,), merchants=("turkeyf2",))

    async def fetch(query: Mapping[str, str | int]) -> httpx.Response:
        return await client.get(AUDIT, params=dict(query), headers={"Authorization": viewer})

    await check_audit_list(fetch)


async def test_callers_without_a_role_for_the_brand_are_refused(
    client: httpx.AsyncClient, portal_servers: PortalServers, member_token: str
) -> None:
    assert (await client.get(AUDIT)).status_code == 401
    elsewhere = await ops_session(portal_servers.redis_url, "o", merchants=("otherbrand",))
    refused = await client.get(AUDIT, params={"sort": "oldest"}, headers={"Authorization": elsewhere})
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "access.denied")
    assert (await client.get(AUDIT, headers={"Authorization": member_token})).status_code == 403
