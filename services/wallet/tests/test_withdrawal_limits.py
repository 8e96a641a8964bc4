"""The withdrawal page shows a member the brand's bounds of one request before they try, over HTTP against real
servers: what ops set is what the member reads, and what a request is then refused against."""

from __future__ import annotations

from wallet_http import MERCHANT, WalletClient

LIMITS = "/wps/v2/wallets/withdrawals/limits"
SETTINGS = f"/wps/ops/wallet/merchants/{MERCHANT}/settings"


async def test_a_member_reads_the_bounds_ops_set_before_asking(wallet: WalletClient) -> None:
    _, token = await wallet.member("ayse")
    first = await wallet.call("GET", LIMITS, token)
    assert first.status_code == 200, first.text
    assert first.json()["value"] == {"min": 5_000, "max": 5_000_000}  # the brand's defaults: 50.00 to 50,000.00
    changed = await wallet.call(
        "PUT", SETTINGS, await wallet.ops(), json={"withdrawalMin": 10_000, "withdrawalMax": 2_000_000}
    )
    assert changed.status_code == 200, changed.text
    assert (await wallet.call("GET", LIMITS, token)).json()["value"] == {"min": 10_000, "max": 2_000_000}


async def test_a_visitor_reads_no_limits(wallet: WalletClient) -> None:
    refused = await wallet.call("GET", LIMITS)
    assert refused.status_code == 401
    assert refused.json()["success"] is False
