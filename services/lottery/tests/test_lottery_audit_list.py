"""The lottery's ops audit is one log shared by every brand: a page of its rows (every brand's), filtered by actor,
action and UTC days and sorted on the server; only someone with a role for every brand reads it."""

from __future__ import annotations

from collections.abc import Mapping

import httpx
from lottery_helpers import Lottery

from lottery_service.audit.models import LotteryAudit
from portal_kit.audit import ALL_BRANDS
from portal_kit.sessions import OpsRole
from portal_kit.testing.audit_lists import check_audit_list, seed_audit
from portal_kit.testing.sessions import ops_session

AUDIT = "/wps/ops/lottery/audit"


async def test_the_audit_is_paged_filtered_and_sorted_on_the_server(lottery: Lottery) -> None:
    await seed_audit(lottery.db, LotteryAudit, ALL_BRANDS, other="turkeyf2")
    viewer = {"Authorization": await ops_session(lottery.redis_url, "ops.viewer", roles=(OpsRole.VIEWER,))}

    async def fetch(query: Mapping[str, str | int]) -> httpx.Response:
        return await lottery.http.get(AUDIT, params=dict(query), headers=viewer)

    await check_audit_list(fetch, brand_scoped=False)  # a brand's own rows (a game's settings) are in it too


async def test_only_someone_of_every_brand_reads_it(lottery: Lottery) -> None:
    await seed_audit(lottery.db, LotteryAudit, ALL_BRANDS, other="turkeyf2")
    assert (await lottery.http.get(AUDIT)).status_code == 401
    brand = await ops_session(lottery.redis_url, "ops.brand", roles=(OpsRole.ADMIN,), merchants=("turkeyf2",))
    refused = await lottery.http.get(AUDIT, params={"actor": "ana"}, headers={"Authorization": brand})
    assert refused.status_code == 403
    _, member = await lottery.member()
    assert (await lottery.http.get(AUDIT, headers={"Authorization": member})).status_code == 403
