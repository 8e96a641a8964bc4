"""The agent contracts' ops audit is a page of the brand's rows, filtered by actor, action and UTC days and sorted
on the server (the kit's one audit list); any ops role of the brand reads it, nobody else."""

from __future__ import annotations

from collections.abc import Mapping

import httpx
from agent_contracts_helpers import MERCHANT, OTHER_MERCHANT, AgentContracts

from agent_contracts_service.ops.models import AgentContractsAudit
from portal_kit.sessions import OpsRole
from portal_kit.testing.audit_lists import check_audit_list, seed_audit
from portal_kit.testing.sessions import ops_session

AUDIT = f"/wps/ops/agent-contracts/merchants/{MERCHANT}/audit"


async def test_the_audit_is_paged_filtered_and_sorted_on_the_server(ac: AgentContracts) -> None:
    await seed_audit(ac.db, AgentContractsAudit, MERCHANT, other=OTHER_MERCHANT)
    viewer = await ops_session(ac.servers.redis_url, "v", roles=(OpsRole.VIEWER,), merchants=(MERCHANT,))

    async def fetch(query: Mapping[str, str | int]) -> httpx.Response:
        return await ac.http.get(AUDIT, params=dict(query), headers={"Authorization": viewer})

    await check_audit_list(fetch)


async def test_callers_without_a_role_for_the_brand_are_refused(ac: AgentContracts) -> None:
    assert (await ac.http.get(AUDIT)).status_code == 401
    elsewhere = await ops_session(ac.servers.redis_url, "o", merchants=(OTHER_MERCHANT,))
    refused = await ac.http.get(AUDIT, params={"sort": "oldest"}, headers={"Authorization": elsewhere})
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "access.denied")
