"""The games' ops audit is a page of the brand's rows, filtered by actor, action and UTC days and sorted on the
server (the kit's one audit list); any ops role of the brand reads it, nobody else."""

from __future__ import annotations

from collections.abc import Mapping

import httpx
from games_helpers import MERCHANT, Games

from games_service.ops.models import GamesAudit
from portal_kit.sessions import OpsRole
from portal_kit.testing.audit_lists import check_audit_list, seed_audit
from portal_kit.testing.sessions import ops_session

AUDIT = f"/wps/ops/games/merchants/{MERCHANT}/audit"


async def test_the_audit_is_paged_filtered_and_sorted_on_the_server(games: Games) -> None:
    await seed_audit(games.db, GamesAudit, MERCHANT)
    viewer = await ops_session(games.redis_url, "v", roles=(OpsRole.VIEWER,), merchants=(MERCHANT,))

    async def fetch(query: Mapping[str, str | int]) -> httpx.Response:
        return await games.http.get(AUDIT, params=dict(query), headers={"Authorization": viewer})

    await check_audit_list(fetch)


async def test_callers_without_a_role_for_the_brand_are_refused(games: Games) -> None:
    assert (await games.http.get(AUDIT)).status_code == 401
    elsewhere = await ops_session(games.redis_url, "o", merchants=("otherbrand",))
    refused = await games.http.get(AUDIT, params={"sort": "oldest"}, headers={"Authorization": elsewhere})
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "access.denied")
