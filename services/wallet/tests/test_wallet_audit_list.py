"""The money audit is a page of the brand's rows, filtered by actor, action and UTC days and sorted on the server;
any ops role of the brand reads it, nobody else."""

from __future__ import annotations

from collections.abc import Mapping

import httpx
from wallet_http import MERCHANT, WalletClient

from portal_kit.sessions import OpsRole
from portal_kit.testing.audit_lists import check_audit_list, seed_audit
from wallet_service.oversight.models import OpsAudit

AUDIT = f"/wps/ops/wallet/merchants/{MERCHANT}/audit"


async def test_the_audit_is_paged_filtered_and_sorted_on_the_server(wallet: WalletClient) -> None:
    await seed_audit(wallet.db, OpsAudit, MERCHANT)
    viewer = await wallet.ops("auditor", MERCHANT, OpsRole.VIEWER)

    async def fetch(query: Mapping[str, str | int]) -> httpx.Response:
        return await wallet.call("GET", AUDIT, viewer, params=dict(query))

    await check_audit_list(fetch)


async def test_callers_without_a_role_for_the_brand_are_refused(wallet: WalletClient) -> None:
    await seed_audit(wallet.db, OpsAudit, MERCHANT)
    assert (await wallet.call("GET", AUDIT)).status_code == 401
    elsewhere = await wallet.ops("other", "otherbrand", OpsRole.ADMIN)
    refused = await wallet.call("GET", AUDIT, elsewhere, params={"actor": "ana"})
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "access.denied")
    _, member = await wallet.member("ayse1990")
    assert (await wallet.call("GET", AUDIT, member)).status_code == 403
