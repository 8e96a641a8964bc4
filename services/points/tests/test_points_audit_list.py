"""The points' ops audit is a page of the brand's rows, filtered by actor, action and UTC days and sorted on the
server (the kit's one audit list); any ops role of the brand reads it, nobody else."""

from __future__ import annotations

from collections.abc import Mapping

import httpx
from points_helpers import MERCHANT, Points

from points_service.ops.models import PointsAudit
from portal_kit.sessions import OpsRole
from portal_kit.testing.audit_lists import check_audit_list, seed_audit
from portal_kit.testing.sessions import ops_session

AUDIT = f"/wps/ops/points/merchants/{MERCHANT}/audit"


async def test_the_audit_is_paged_filtered_and_sorted_on_the_server(points: Points) -> None:
    await seed_audit(points.db, PointsAudit, MERCHANT)
    viewer = await ops_session(points.servers.redis_url, "v", roles=(OpsRole.VIEWER,), merchants=(MERCHANT,))

    async def fetch(query: Mapping[str, str | int]) -> httpx.Response:
        return await points.http.get(AUDIT, params=dict(query), headers={"Authorization": viewer})

    await check_audit_list(fetch)


async def test_callers_without_a_role_for_the_brand_are_refused(points: Points) -> None:
    assert (await points.http.get(AUDIT)).status_code == 401
    elsewhere = await ops_session(points.servers.redis_url, "o", merchants=("otherbrand",))
    refused = await points.http.get(AUDIT, params={"sort": "oldest"}, headers={"Authorization": elsewhere})
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "access.denied")
