"""Ops read a member's balances (issue 46, risk and support): every wallet, the funds held for a withdrawal not yet
paid, what waits and what moved in total; viewer, finance and admin of the brand, nobody else."""

from __future__ import annotations

from test_withdrawals import ask, funded_member
from wallet_http import MERCHANT, WalletClient

from portal_kit.sessions import OpsRole

BALANCES = f"/wps/ops/wallet/merchants/{MERCHANT}/accounts/{{account}}/balances"


async def test_ops_see_a_members_wallets_with_the_funds_held_for_a_pending_withdrawal(wallet: WalletClient) -> None:
    account, token, bank = await funded_member(wallet, "ayse", 100_000)
    assert (await ask(wallet, token, bank, 30_000)).status_code == 200
    viewer = await wallet.ops("vera", MERCHANT, OpsRole.VIEWER)
    answer = await wallet.call("GET", BALANCES.format(account=account), viewer)
    assert answer.status_code == 200, answer.text
    value = answer.json()["value"]
    assert value == {
        "accountId": account, "currency": value["currency"], "scale": 2, "balance": 100_000, "available": 70_000,
        "held": 30_000, "wallets": [{"wallet": "main", "balance": 100_000, "available": 70_000, "held": 30_000}],
        "pendingDeposits": 0, "pendingWithdrawals": 30_000, "totalDeposited": 0, "totalWithdrawn": 0,
    }  # fmt: skip
    unknown = await wallet.call("GET", BALANCES.format(account="nobody"), viewer, headers={"Language": "EN"})
    assert (unknown.status_code, unknown.json()["errorCode"]) == (404, "account.not_found")


async def test_a_members_balances_are_refused_to_other_brands_content_editors_members_and_visitors(
    wallet: WalletClient,
) -> None:
    account, token = await wallet.member("ayse")
    path = BALANCES.format(account=account)
    for role in (OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER, OpsRole.ADMIN):
        assert (await wallet.call("GET", path, await wallet.ops("fin", MERCHANT, role))).status_code == 200
    editor = await wallet.ops("cem", MERCHANT, OpsRole.CONTENT)
    elsewhere = await wallet.ops("osman", "otherbrand", OpsRole.ADMIN)
    for caller, status, code in (
        (editor, 403, "ops.role_required"), (elsewhere, 403, "access.denied"), (token, 403, None), (None, 401, None)
    ):  # fmt: skip
        refused = await wallet.call("GET", path, caller)
        assert refused.status_code == status, refused.text
        if code:
            assert refused.json()["errorCode"] == code
